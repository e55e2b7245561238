"""The lobby: opening a game, joining, leaving, computer players, starting, cancelling."""

from __future__ import annotations

import logging
from dataclasses import dataclass

from aiogram.exceptions import TelegramBadRequest, TelegramForbiddenError
from sqlalchemy.ext.asyncio import AsyncSession

from bot import db
from bot.db import GameStatus, User
from bot.db.rematch import lobby_rules
from bot.db.slots import slot_message_id
from bot.i18n import pick_language
from bot.outbox.db_store import enqueue_durable
from bot.render import messages
from bot.render.messages import Alert, alert
from bot.services.answers import Answer
from bot.services.autoplay import COMPUTER_KINDS, LEGACY_KINDS
from bot.services.context import AppContext
from bot.services.links import deep_link, join_payload, message_link
from bot.services.play import schedule_next_decision
from bot.services.presenter import (
    clear_pings,
    lobby_slot,
    show_hands,
    show_lobby,
    show_table,
)
from bot.services.tables import Table, load_table
from engine import PLAYER_COUNTS, Game

__all__ = [
    "Person",
    "add_computer",
    "cancel",
    "join",
    "join_from_private",
    "leave",
    "new_game",
    "remember_person",
    "start",
]

log = logging.getLogger(__name__)

MIN_PLAYERS = min(PLAYER_COUNTS)
MAX_PLAYERS = max(PLAYER_COUNTS)


@dataclass(frozen=True, slots=True)
class Person:
    """Who pressed or typed, as Telegram reported them."""

    id: int
    first_name: str
    username: str | None
    language: str | None


async def remember_person(
    session: AsyncSession, person: Person, *, reachable: bool | None = None
) -> User:
    """The person's stored user, brought up to date with what Telegram just said."""
    return await db.upsert_user(
        session,
        person.id,
        person.first_name,
        person.username,
        language=person.language,
        reachable=reachable,
    )


async def new_game(
    ctx: AppContext, chat_id: int, chat_title: str, person: Person, *, solo: bool = False
) -> Answer:
    """Open a lobby in the chat (one per chat); the opener tries to sit down at once."""
    async with ctx.chat_lock(chat_id), ctx.sessionmaker() as session, session.begin():
        chat = await db.get_or_create_chat(session, chat_id, language=ctx.settings.default_language)
        lang = chat.language
        await remember_person(session, person, reachable=True if solo else None)
        existing = await db.get_active_game(session, chat_id)
        if existing is not None:
            return Answer(await _already_open(session, existing, lang))
        try:
            row = await db.create_lobby(
                session,
                chat_id,
                rules=db.chat_rules(chat),
                seed=ctx.new_seed(),
                player_count=MIN_PLAYERS,
                opened_by=person.id,
            )
        except db.ActiveGameExists:
            existing = await db.get_active_game(session, chat_id)
            if existing is None:
                raise
            return Answer(await _already_open(session, existing, lang))
        if solo:
            await db.add_seat(session, row.id, user_id=person.id)
            await show_lobby(session, await load_table(session, row, None))
        game_id = row.id
    if not solo:
        # The lobby is first shown by the opener's join, so that its first version has
        # them seated (or, when the bot cannot write to them, names them as the opener).
        await join(ctx, game_id, chat_title, person, chat_id=chat_id, opening=True)
    return Answer()


async def _already_open(session: AsyncSession, existing: db.GameRecord, lang: str) -> str:
    """/newgame while the chat has a game: point to its lobby, or say it is being played."""
    if existing.status is GameStatus.PLAYING:
        return messages.notice(messages.Notice.GAME_RUNNING, lang)
    link = None
    message_id = await slot_message_id(session, existing.chat_id, lobby_slot(existing.id))
    if message_id is not None:
        link = message_link(existing.chat_id, message_id)
    return messages.lobby_exists(lang, link)


async def join(
    ctx: AppContext,
    game_id: int,
    chat_title: str,
    person: Person,
    *,
    chat_id: int,
    opening: bool = False,
) -> Answer:
    """Seat a person, after checking that the bot can write to them privately.
    ``chat_id`` is where the button was pressed: only the game's own chat counts.
    ``opening``: the opener of a lobby not shown yet, which this join shows."""
    async with ctx.sessionmaker() as session:
        # Nothing is written before the private message is tried: the update is done by
        # the one transaction that seats the person or records that they cannot be reached.
        table = await _lobby_table(session, game_id, chat_id, asker=_lang_of(ctx, person))
        known = await db.get_user(session, person.id)
        await session.commit()
        if isinstance(table, Answer):
            return table
        lang = table.language
        if table.seat_of(person.id) is not None:
            return Answer.refuse(alert(Alert.ALREADY_JOINED, lang))
        if len(table.seats) >= MAX_PLAYERS:
            return Answer.refuse(alert(Alert.TABLE_FULL, lang))
        private_lang = table.user_language(person.id)
        welcome = messages.private_joined(chat_title or "", private_lang)
        if known is not None and known.reachable:
            # Their private chat is known to be open: the welcome is stored with the seat
            # and goes out with the other messages (a 403 then tells the group as usual).
            return await _seat(ctx, session, game_id, person, welcome=welcome)
        # Unknown so far: only a message sent now tells whether the bot can write to them.
        try:
            await ctx.outbox.send_now(person.id, welcome)
        except (TelegramForbiddenError, TelegramBadRequest):
            payload = join_payload(game_id)
            async with session.begin():
                await remember_person(session, person)
                await db.set_user_reachable(session, person.id, False)
                if opening:
                    await show_lobby(session, await load_table(session, table.row, None))
                text, markup = messages.need_private(
                    person.first_name, ctx.bot_username, payload, lang
                )
                # One invitation per person and game, however often they press Join.
                await enqueue_durable(
                    session,
                    table.chat_id,
                    text,
                    markup,
                    kind="need_private",
                    dedupe_key=f"need_private:{game_id}:{person.id}",
                )
            url = deep_link(ctx.bot_username, payload)
            return Answer.refuse(alert(Alert.NEED_PRIVATE, lang), url=url)
        return await _seat(ctx, session, game_id, person)


async def join_from_private(ctx: AppContext, game_id: int, person: Person) -> Answer:
    """/start join-<game> in private: the person opened the chat, so seat them now. A
    player of the running game coming back (after blocking the bot) is told nothing:
    their hand is shown again."""
    async with ctx.sessionmaker() as session:
        async with session.begin():
            await remember_person(session, person, reachable=True)
            try:
                active = await db.load_game(session, game_id)
            except db.GameNotFound:
                active = None
            if active is not None and active.row.status is GameStatus.PLAYING:
                seats = await db.list_seats(session, game_id)
                if any(seat.user_id == person.id for seat in seats):
                    return Answer()
        answer = await _seat(ctx, session, game_id, person, private=True)
    return answer


async def _seat(
    ctx: AppContext,
    session: AsyncSession,
    game_id: int,
    person: Person,
    *,
    private: bool = False,
    welcome: str | None = None,
) -> Answer:
    async with session.begin():
        await remember_person(session, person)
        table = await _lobby_table(session, game_id, asker=_lang_of(ctx, person))
        if isinstance(table, Answer):
            return table
        lang = table.user_language(person.id) if private else table.language
        await db.set_user_reachable(session, person.id, True)
        try:
            await db.add_seat(session, game_id, user_id=person.id, max_seats=MAX_PLAYERS)
        except db.AlreadySeated:
            return Answer.refuse(alert(Alert.ALREADY_JOINED, lang))
        except (db.TableFull, db.SeatTaken):
            return Answer.refuse(alert(Alert.TABLE_FULL, lang))
        except db.LobbyClosed as closed:
            return _closed(closed.status, lang)
        table = await load_table(session, table.row, None)
        await show_lobby(session, table)
        if welcome is not None:
            await enqueue_durable(session, person.id, welcome, kind="welcome")
    if private:
        title = await _chat_title(ctx, table.chat_id)
        return Answer(messages.private_joined(title, lang))
    return Answer(alert(Alert.JOINED, lang))


async def leave(ctx: AppContext, game_id: int, person: Person, *, chat_id: int) -> Answer:
    async with ctx.sessionmaker() as session, session.begin():
        table = await _lobby_table(session, game_id, chat_id, asker=_lang_of(ctx, person))
        if isinstance(table, Answer):
            return table
        lang = table.language
        try:
            removed = await db.remove_seat(session, game_id, user_id=person.id)
        except db.LobbyClosed as closed:
            return _closed(closed.status, lang)
        if removed is None:
            return Answer.refuse(alert(Alert.NOT_IN_GAME, lang))
        table = await load_table(session, table.row, None)
        await show_lobby(session, table)
    return Answer(alert(Alert.LEFT, lang))


async def add_computer(
    ctx: AppContext, game_id: int, person: Person, kind: str, *, chat_id: int
) -> Answer:
    async with ctx.sessionmaker() as session, session.begin():
        table = await _lobby_table(session, game_id, chat_id, asker=_lang_of(ctx, person))
        if isinstance(table, Answer):
            return table
        lang = table.language
        if kind not in COMPUTER_KINDS and kind not in LEGACY_KINDS:
            return Answer.refuse(alert(Alert.STALE, lang))
        try:
            await db.add_seat(session, game_id, bot_kind=kind, max_seats=MAX_PLAYERS)
        except (db.TableFull, db.SeatTaken):
            return Answer.refuse(alert(Alert.TABLE_FULL, lang))
        except db.LobbyClosed as closed:
            return _closed(closed.status, lang)
        table = await load_table(session, table.row, None)
        await show_lobby(session, table)
    return Answer(alert(Alert.COMPUTER_ADDED, lang))


async def start(
    ctx: AppContext, game_id: int, person: Person, *, is_admin: bool, chat_id: int
) -> Answer:
    """Deal the first hand: by whoever opened the lobby (or an admin of ``chat_id``, the
    chat the button was pressed in), with 2-4 seats."""
    async with ctx.sessionmaker() as session:
        async with session.begin():
            # Locked before the seats are read: they are the seats dealt to.
            table = await _lobby_table(
                session, game_id, chat_id, asker=_lang_of(ctx, person), lock=True
            )
            if isinstance(table, Answer):
                return table
            lang = table.language
            if person.id != table.row.opened_by and not is_admin:
                return Answer.refuse(alert(Alert.ONLY_OPENER, lang))
            if len(table.seats) not in PLAYER_COUNTS:
                return Answer.refuse(alert(Alert.NEED_PLAYERS, lang))
            if all(seat.user_id is None for seat in table.seats):
                return Answer.refuse(alert(Alert.NEED_PLAYERS, lang))
            seats = await db.compact_seats(session, game_id)
            rules = await lobby_rules(session, table.row, table.chat)
            game = Game.new(len(seats), rules, table.row.seed)
            try:
                await db.start_game(session, table.row, game, table.row.version)
            except db.VersionConflict:
                return Answer.refuse(alert(Alert.TOO_LATE, lang))
            table = await load_table(session, table.row, game)
            deadline = await schedule_next_decision(ctx, session, table)
            # The group's calls are paced (a few at once, then one every few seconds)
            # while the hands reach the private chats at once: the opening line and the
            # table go first, the lobby losing its buttons can wait.
            await enqueue_durable(
                session,
                table.chat_id,
                messages.game_started(table.names(lang), lang, solo=rules.solo(len(seats))),
            )
            await show_table(session, table, new=True)
            await show_hands(session, table)
            await show_lobby(session, table)
        ctx.wake_timers(deadline)
    return Answer(alert(Alert.STARTED, lang))


async def cancel(
    ctx: AppContext, game_id: int, person: Person, *, is_admin: bool, chat_id: int
) -> Answer:
    """Cancel by the opener or an admin of ``chat_id``, the chat the button was pressed
    in (which must be the game's)."""
    async with ctx.sessionmaker() as session, session.begin():
        try:
            active = await db.load_game(session, game_id)
        except db.GameNotFound:
            return Answer.refuse(alert(Alert.STALE, _lang_of(ctx, person)))
        table = await load_table(session, active.row, active.game)
        lang = table.language
        if table.chat_id != chat_id:
            return Answer.refuse(alert(Alert.STALE, lang))
        if not active.row.is_active:
            return Answer.refuse(alert(Alert.GAME_OVER, lang))
        if person.id != active.row.opened_by and not is_admin:
            return Answer.refuse(alert(Alert.ONLY_OPENER, lang))
        try:
            await db.cancel_game(session, active.row)
        except db.VersionConflict:
            return Answer.refuse(alert(Alert.TOO_LATE, lang))
        await show_lobby(session, table)  # its buttons go
        await clear_pings(session, table)
        await enqueue_durable(
            session, table.chat_id, messages.notice(messages.Notice.CANCELLED, lang)
        )
    return Answer(alert(Alert.CANCELLED, lang))


def _lang_of(ctx: AppContext, person: Person) -> str:
    """The person's own language, for a refusal that no chat's language applies to."""
    return pick_language(person.language, ctx.settings.default_language)


async def _lobby_table(
    session: AsyncSession,
    game_id: int,
    chat_id: int | None = None,
    *,
    asker: str,
    lock: bool = False,
) -> Table | Answer:
    """The game's table if it is still in the lobby, or the refusal to give. With
    ``chat_id`` (where a button was pressed), a game of another chat is refused: a
    forged button must not seat, start or change anything from elsewhere. ``asker``:
    the language to refuse in when the game does not exist (so has no chat language).
    With ``lock`` the game stays locked until the transaction ends."""
    try:
        if lock:
            await db.lock_game(session, game_id)
        active = await db.load_game(session, game_id)
    except db.GameNotFound:
        return Answer.refuse(alert(Alert.STALE, asker))
    table = await load_table(session, active.row, active.game)
    if chat_id is not None and table.chat_id != chat_id:
        return Answer.refuse(alert(Alert.STALE, table.language))
    if active.row.status is not GameStatus.LOBBY:
        started = active.row.status is GameStatus.PLAYING
        return Answer.refuse(
            alert(Alert.GAME_STARTED if started else Alert.GAME_OVER, table.language)
        )
    return table


def _closed(status: GameStatus, lang: str) -> Answer:
    """The refusal for a seat change that found, under the lock, the game started or
    ended since the lobby was read (as ``_lobby_table`` refuses it before)."""
    started = status is GameStatus.PLAYING
    return Answer.refuse(alert(Alert.GAME_STARTED if started else Alert.GAME_OVER, lang))


async def _chat_title(ctx: AppContext, chat_id: int) -> str:
    """The group's title, for the private confirmation of a join finished by deep link."""
    try:
        chat = await ctx.bot.get_chat(chat_id)
    except (TelegramBadRequest, TelegramForbiddenError):
        return ""
    return chat.title or ""
