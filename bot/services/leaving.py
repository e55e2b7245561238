"""Leaving a running game: the seat goes to a computer player and the game goes on.

A player asks with /leave and confirms with a button; a group admin can do it for a
player who vanished (replying to their message, or choosing them from buttons). The last
person at a table cannot leave it to computers alone: /cancel ends such a game.
"""

from __future__ import annotations

from aiogram.types import InlineKeyboardMarkup

from bot import db
from bot.db import GameStatus
from bot.i18n import escape
from bot.outbox.db_store import clear_slot, enqueue_durable, store_slot
from bot.render.messages import (
    Alert,
    Notice,
    alert,
    leave_choice,
    leave_question,
    leave_refused,
    left_game,
    left_private,
    notice,
)
from bot.services import lobby
from bot.services.answers import Answer
from bot.services.autoplay import TIMEOUT_STAND_IN
from bot.services.context import AppContext
from bot.services.lobby import Person
from bot.services.play import schedule_next_decision
from bot.services.presenter import hand_slot, ping_slot, show_table
from bot.services.tables import Table, load_game_table, load_table

__all__ = ["LEAVER_KIND", "ask_to_leave", "give_seat_away"]

LEAVER_KIND = TIMEOUT_STAND_IN
"""The computer that takes over a seat: the one that plays for a player out of time."""


async def ask_to_leave(
    ctx: AppContext, chat_id: int, asker: Person, *, target: Person | None, is_admin: bool
) -> tuple[str, InlineKeyboardMarkup | None] | None:
    """What /leave posts: the question to confirm, or why there is none; None when there
    is nothing to post (in a lobby it is the Leave button, whose effect the lobby shows).
    ``target``: the player named by replying to their message (an admin's way), else the
    asker."""
    async with ctx.sessionmaker() as session:
        row = await db.get_active_game(session, chat_id)
        if row is not None and row.status is GameStatus.LOBBY and target is None:
            answer = await lobby.leave(ctx, row.id, asker, chat_id=chat_id)
            return (escape(answer.text), None) if answer.alert and answer.text else None
        if row is None or row.status is not GameStatus.PLAYING:
            chat = await db.get_or_create_chat(
                session, chat_id, language=ctx.settings.default_language
            )
            await session.commit()
            return notice(Notice.NO_GAME, chat.language), None
        _, table = await load_game_table(session, row.id)
    lang = table.language
    names = table.names(lang)
    if target is not None and target.id != asker.id:
        if not is_admin:
            return leave_refused("only-admin", target.first_name, lang), None
        return _question(table, target.id, target.first_name, lang)
    if table.seat_of(asker.id) is not None:
        return _question(table, asker.id, asker.first_name, lang)
    if not is_admin:
        return leave_refused("not-playing", asker.first_name, lang), None
    people = [(seat.user_id, names[seat.seat]) for seat in table.human_seats() if seat.user_id]
    return leave_choice(table.game_id, people, lang)


def _question(
    table: Table, user_id: int, name: str, lang: str
) -> tuple[str, InlineKeyboardMarkup | None]:
    seat = table.seat_of(user_id)
    if seat is None:
        return leave_refused("not-playing", name, lang), None
    if len(table.human_seats()) == 1:
        return leave_refused("last", table.names(lang)[seat], lang), None
    return leave_question(table.game_id, user_id, table.names(lang)[seat], lang)


async def give_seat_away(
    ctx: AppContext, game_id: int, user_id: int, by: Person, *, is_admin: bool, chat_id: int
) -> Answer:
    """The confirmation: ``user_id``'s seat is played by a computer from now on. Pressed
    by that player, or by an admin of ``chat_id``."""
    async with ctx.chat_lock(chat_id), ctx.sessionmaker() as session:
        async with session.begin():
            try:
                active, table = await load_game_table(session, game_id)
            except db.GameNotFound:
                return Answer.refuse(alert(Alert.STALE, ctx.settings.default_language))
            lang = table.language
            if table.chat_id != chat_id:
                return Answer.refuse(alert(Alert.STALE, lang))
            if by.id != user_id and not is_admin:
                return Answer.refuse(alert(Alert.LEAVE_ONLY_SELF, lang))
            seat = table.seat_of(user_id)
            if active.row.status is not GameStatus.PLAYING or active.game is None:
                return Answer.refuse(alert(Alert.GAME_OVER, lang))
            if seat is None:
                return Answer.refuse(alert(Alert.NOT_IN_GAME, lang))
            if len(table.human_seats()) == 1:
                return Answer.refuse(alert(Alert.LEAVE_LAST, lang))
            name = table.names(lang)[seat]
            private_lang = table.user_language(user_id)
            if await db.give_seat_to_computer(session, game_id, user_id, LEAVER_KIND) is None:
                return Answer.refuse(alert(Alert.TOO_LATE, lang))
            table = await load_table(session, active.row, active.game)
            await clear_slot(session, user_id, ping_slot(game_id))
            await store_slot(session, user_id, hand_slot(game_id), left_private(private_lang))
            computer = table.names(lang)[seat]
            await enqueue_durable(session, chat_id, left_game(name, computer, lang))
            await show_table(session, table)
            deadline = None
            if active.game.to_act == seat:
                # Their turn: the computer's pause, not what was left of their time.
                deadline = await schedule_next_decision(ctx, session, table)
        ctx.wake_timers(deadline)
    return Answer(alert(Alert.LEAVE_DONE, lang))
