"""Play again: the game-over message's button opens a lobby with the same players in the
same seats and the same rules; the game starts once every person at it has pressed too.

Whoever presses first opens the lobby (and so has confirmed); each other person confirms
by pressing the same button. Someone who does not confirm leaves the lobby an ordinary
one: the opener (or an admin) can start it with whoever sits there, anyone can join,
leave or add a computer, as in any lobby. Confirmations are kept as the group messages
that announce them (bot.db.rematch).
"""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncSession

from bot import db
from bot.db import GameStatus
from bot.db.rematch import confirmation_key, confirmed, is_rematch
from bot.i18n import pick_language
from bot.outbox.db_store import enqueue_durable
from bot.render.messages import Alert, alert, rematch_confirmed, rematch_opened
from bot.services import lobby
from bot.services.answers import Answer
from bot.services.context import AppContext
from bot.services.lobby import Person, remember_person
from bot.services.presenter import show_lobby
from bot.services.tables import Table, load_table
from engine import Rules

__all__ = ["play_again"]


async def play_again(ctx: AppContext, game_id: int, person: Person, *, chat_id: int) -> Answer:
    """A press of "Play again" under finished game ``game_id``, in ``chat_id``."""
    asker = pick_language(person.language, ctx.settings.default_language)
    async with ctx.chat_lock(chat_id), ctx.sessionmaker() as session, session.begin():
        try:
            old = await db.load_game(session, game_id)
        except db.GameNotFound:
            return Answer.refuse(alert(Alert.STALE, asker))
        if old.row.chat_id != chat_id or old.row.status is not GameStatus.FINISHED:
            return Answer.refuse(alert(Alert.STALE, asker))
        played = await load_table(session, old.row, None)
        lang = played.language
        if played.seat_of(person.id) is None:
            return Answer.refuse(alert(Alert.REMATCH_ONLY_PLAYERS, lang))
        await remember_person(session, person)
        active = await db.get_active_game(session, chat_id)
        if active is None:
            table = await _open(session, played, person, seed=ctx.new_seed())
        elif active.status is GameStatus.LOBBY and await is_rematch(session, active):
            current = await load_table(session, active, None)
            refusal = await _confirm(session, current, person)
            if refusal is not None:
                return refusal
            table = await load_table(session, active, None)
        else:
            return Answer.refuse(alert(Alert.REMATCH_BUSY, lang))
        people = [seat.user_id for seat in table.human_seats() if seat.user_id is not None]
        ready = await confirmed(session, table.game_id, people) == set(people)
        opener = table.row.opened_by
    if ready and len(table.seats) >= lobby.MIN_PLAYERS:
        # Everyone is in: the game starts as if its opener pressed Start.
        starter = person if opener == person.id else _stand_in(person, opener)
        return await lobby.start(ctx, table.game_id, starter, is_admin=True, chat_id=chat_id)
    return Answer(alert(Alert.REMATCH_CONFIRMED, lang))


def _stand_in(person: Person, user_id: int | None) -> Person:
    return Person(user_id or person.id, person.first_name, person.username, person.language)


async def _open(session: AsyncSession, played: Table, person: Person, *, seed: int) -> Table:
    """The lobby of the rematch: the finished game's seats and rules; the opener has
    confirmed by opening it."""
    row = await db.create_lobby(
        session,
        played.chat_id,
        rules=Rules.from_json(played.row.rules),
        seed=seed,
        player_count=len(played.seats),
        opened_by=person.id,
    )
    for seat in played.seats:
        await db.add_seat(
            session, row.id, user_id=seat.user_id, bot_kind=seat.bot_kind, seat=seat.seat
        )
    table = await load_table(session, row, None)
    lang = table.language
    total = len(table.human_seats())
    text = rematch_opened(person.first_name, 1, total, lang)
    key = confirmation_key(row.id, person.id)
    # First: the opener's confirmation makes the lobby a rematch, shown with its rules.
    await enqueue_durable(session, table.chat_id, text, kind="rematch", dedupe_key=key)
    await show_lobby(session, table)
    return table


async def _confirm(session: AsyncSession, table: Table, person: Person) -> Answer | None:
    """Record ``person``'s confirmation (seating them again if they left); the refusal
    to give instead, if any."""
    lang = table.language
    if table.seat_of(person.id) is None:
        try:
            await db.add_seat(
                session, table.game_id, user_id=person.id, max_seats=lobby.MAX_PLAYERS
            )
        except (db.TableFull, db.SeatTaken):
            return Answer.refuse(alert(Alert.TABLE_FULL, lang))
        table = await load_table(session, table.row, None)
        await show_lobby(session, table)
    people = [seat.user_id for seat in table.human_seats() if seat.user_id is not None]
    count = len(await confirmed(session, table.game_id, people)) + 1
    text = rematch_confirmed(person.first_name, count, len(people), lang)
    key = confirmation_key(table.game_id, person.id)
    if await enqueue_durable(session, table.chat_id, text, kind="rematch", dedupe_key=key) is None:
        return Answer.refuse(alert(Alert.REMATCH_ALREADY, lang))
    return None
