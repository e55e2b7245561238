"""Games: the lobby, the versioned saves of the engine state, the action log, the end.

One user action is one transaction of the caller::

    async with sessionmaker.begin() as session:
        active = await load_for_update(session, chat_id)   # None: no game; .game None: lobby
        events = active.game.apply(action, seat)
        await save(session, active.row, active.game, active.row.version)
        await append_action(session, active.row, active.game.move_number, seat, action.code)

The functions here never commit. ``save`` refuses to overwrite a state it did not load
(:class:`VersionConflict`): with two presses at the same moment exactly one is stored.

Moves are optimistic; the lobby is not. A seat change, the start and a cancel lock the
game's row first (``lock_game``) and read after, so what they decide from (the seats, the
status) still holds when they write. Seat changes also bump the version, so a start
built from seats read before them fails its version check.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any, NamedTuple, cast

from sqlalchemy import (
    Table,
    TextClause,
    Update,
    bindparam,
    delete,
    func,
    insert,
    select,
    text,
    update,
)
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm.attributes import set_committed_value

from bot.db.base import utcnow
from bot.db.dialect import affected_rows, dialect_name
from bot.db.errors import (
    ActiveGameExists,
    GameNotFound,
    LobbyClosed,
    VersionConflict,
    violates,
)
from bot.db.models import (
    ACTIVE_STATUSES,
    ONE_ACTIVE_GAME_INDEX,
    ActionRecord,
    Chat,
    GameRecord,
    GameStatus,
    Seat,
    Timer,
    User,
)
from engine import Game, Phase, Rules

__all__ = [
    "ActiveGame",
    "GameWithSeats",
    "action_seat",
    "append_action",
    "cancel_game",
    "create_lobby",
    "finish_game",
    "game_history",
    "get_active_game",
    "list_actions",
    "load_for_update",
    "load_game",
    "load_game_with_seats",
    "lock_game",
    "lock_lobby",
    "save",
    "seats_changed",
    "start_game",
]

_games = cast(Table, GameRecord.__table__)
_actions = cast(Table, ActionRecord.__table__)
_timers = cast(Table, Timer.__table__)
_APPEND_ACTION = insert(_actions)
_SEED_MIN, _SEED_MAX = -(2**63), 2**63 - 1


class ActiveGame(NamedTuple):
    """A game row and its decoded engine state (None while in the lobby)."""

    row: GameRecord
    game: Game | None


def _status_condition(statuses: Sequence[GameStatus]) -> TextClause:
    # Literal values, not bound ones: an expanding IN parameter is re-rendered at every
    # execution, and SQLite can only use the partial index when it sees the constants.
    return text("status IN (" + ", ".join(f"'{status.value}'" for status in statuses) + ")")


# The condition repeats the partial unique index's so that both databases use that index.
_LOAD_ACTIVE = (
    select(GameRecord)
    .where(GameRecord.chat_id == bindparam("chat_id"), _status_condition(ACTIVE_STATUSES))
    .execution_options(populate_existing=True)
)
_LOAD_BY_ID = (
    select(GameRecord)
    .where(GameRecord.id == bindparam("game_id"))
    .execution_options(populate_existing=True)
)
# SQLite renders no FOR UPDATE; there the write below has taken the lock already.
_LOCK_BY_ID = _LOAD_BY_ID.with_for_update()
_TAKE_SQLITE_WRITE_LOCK = (
    update(_games)
    .where(_games.c.id == bindparam("game_id", type_=_games.c.id.type))
    .values(version=_games.c.version)
)
_SEAT_NUMBERS = select(Seat.seat).where(Seat.game_id == bindparam("game_id")).order_by(Seat.seat)


def _decode(row: GameRecord) -> ActiveGame:
    return ActiveGame(row, None if row.state is None else Game.from_json(row.state))


async def get_active_game(session: AsyncSession, chat_id: int) -> GameRecord | None:
    """The chat's game in the lobby or being played, without decoding its state."""
    result = await session.scalars(_LOAD_ACTIVE, {"chat_id": chat_id})
    return result.one_or_none()


async def load_for_update(session: AsyncSession, chat_id: int) -> ActiveGame | None:
    """The chat's active game with its engine state, to apply an action and ``save``.

    No row lock is taken: concurrency is optimistic, and ``save`` detects a state that
    changed since this load.
    """
    row = await get_active_game(session, chat_id)
    return None if row is None else _decode(row)


async def load_game(session: AsyncSession, game_id: int) -> ActiveGame:
    """A game by id (callbacks and timers name the game), whatever its status."""
    row = (await session.scalars(_LOAD_BY_ID, {"game_id": game_id})).one_or_none()
    if row is None:
        raise GameNotFound(game_id)
    return _decode(row)


class GameWithSeats(NamedTuple):
    """A game with what showing it needs: its chat (None if that row is gone), its seats
    in seat order, the people on them by user id, and when each seat last acted (seat
    number to the action log's time; a seat that never acted is not in it)."""

    active: ActiveGame
    chat: Chat | None
    seats: list[Seat]
    users: dict[int, User]
    last_acted: dict[int, datetime]


# When a seat last acted: after a move, whether the next player is looking decides their
# "your turn" ping. Asked here, with the game, rather than in a statement of its own.
_SEAT_LAST_ACTED = (
    select(func.max(ActionRecord.created_at))
    .where(ActionRecord.game_id == GameRecord.id, ActionRecord.seat == Seat.seat)
    .correlate(GameRecord, Seat)
    .scalar_subquery()
)

# A press loads the game, its chat and its seats with their people in one statement (it
# was four, and a fifth for the times the seats last acted): each statement costs its
# trip through SQLAlchemy's asyncio layer.
_LOAD_WITH_SEATS = (
    select(GameRecord, Chat, Seat, User, _SEAT_LAST_ACTED)
    .select_from(GameRecord)
    .outerjoin(Chat, Chat.id == GameRecord.chat_id)
    .outerjoin(Seat, Seat.game_id == GameRecord.id)
    .outerjoin(User, User.id == Seat.user_id)
    .where(GameRecord.id == bindparam("game_id"))
    .order_by(Seat.seat)
    .execution_options(populate_existing=True)
)


async def load_game_with_seats(session: AsyncSession, game_id: int) -> GameWithSeats:
    """``load_game`` with the game's chat, seats and people."""
    rows = (await session.execute(_LOAD_WITH_SEATS, {"game_id": game_id})).all()
    if not rows:
        raise GameNotFound(game_id)
    seats: list[Seat] = []
    users: dict[int, User] = {}
    last_acted: dict[int, datetime] = {}
    for _row, _chat, seat, user, acted_at in rows:
        if seat is not None:
            seats.append(seat)
            if acted_at is not None:
                last_acted[seat.seat] = acted_at
        if user is not None:
            users[user.id] = user
    row, chat = rows[0][0], rows[0][1]
    return GameWithSeats(_decode(row), chat, seats, users, last_acted)


async def lock_game(session: AsyncSession, game_id: int) -> GameRecord:
    """The game's row, which no other transaction changes until this one ends. The state
    is not decoded: a game whose state no longer loads can still be cancelled.

    Lock before reading what the change depends on. PostgreSQL locks the row (a second
    locker waits, then reads what the first committed). SQLite has one write lock for the
    whole file and the driver only opens the transaction at its first write, so reads
    before it could be stale by the time of that write: a write that changes nothing
    comes first and waits for the lock.
    """
    if dialect_name(session) == "sqlite":
        await session.execute(_TAKE_SQLITE_WRITE_LOCK, {"game_id": game_id})
    row = (await session.scalars(_LOCK_BY_ID, {"game_id": game_id})).one_or_none()
    if row is None:
        raise GameNotFound(game_id)
    return row


async def lock_lobby(session: AsyncSession, game_id: int) -> GameRecord:
    """``lock_game`` for changing the seats: :class:`LobbyClosed` once the game has left
    the lobby (a start that committed first)."""
    row = await lock_game(session, game_id)
    if row.status is not GameStatus.LOBBY:
        raise LobbyClosed(game_id, row.status)
    return row


async def seats_changed(session: AsyncSession, row: GameRecord) -> int:
    """Bump the version of a lobby whose seats changed under ``lock_lobby``: a start
    dealt from the seats read before this change then fails its version check."""
    return await _versioned_update(session, row, row.version, {}, statuses=(GameStatus.LOBBY,))


async def players_changed(session: AsyncSession, row: GameRecord) -> int:
    """Bump the version of a running game whose seats changed under ``lock_game`` (a
    player gave their seat to a computer): a move decided for the seats read before then
    fails its version check."""
    return await _versioned_update(session, row, row.version, {}, statuses=(GameStatus.PLAYING,))


async def create_lobby(
    session: AsyncSession,
    chat_id: int,
    *,
    rules: Rules,
    seed: int,
    player_count: int,
    opened_by: int | None = None,
) -> GameRecord:
    """Open a lobby; :class:`ActiveGameExists` if the chat has a lobby or a game running.

    The chat and the opening user must be stored already. When the error comes from the
    database (a concurrent /newgame won), the transaction is spoilt and must be rolled back.
    """
    if not _SEED_MIN <= seed <= _SEED_MAX:
        raise ValueError(f"seed {seed} does not fit the database's 64-bit column")
    if await get_active_game(session, chat_id) is not None:
        raise ActiveGameExists(chat_id)
    now = utcnow()
    row = GameRecord(
        chat_id=chat_id,
        status=GameStatus.LOBBY,
        rules=rules.to_json(),
        seed=seed,
        player_count=player_count,
        opened_by=opened_by,
        version=1,
        created_at=now,
        updated_at=now,
    )
    session.add(row)
    try:
        await session.flush()
    except IntegrityError as error:
        if violates(error, ONE_ACTIVE_GAME_INDEX, "games.chat_id"):
            raise ActiveGameExists(chat_id) from error
        raise
    return row


_update_statements: dict[tuple[tuple[str, ...], tuple[GameStatus, ...]], Update] = {}


def _versioned_update_statement(keys: tuple[str, ...], statuses: tuple[GameStatus, ...]) -> Update:
    """``UPDATE games SET <keys> WHERE id = :id AND version = :expected [AND status IN ...]``
    built once per shape: building and cache-keying a statement costs more than running it
    on SQLite, and a move is one of these."""
    key = (keys, statuses)
    statement = _update_statements.get(key)
    if statement is None:
        statement = (
            update(_games)
            .where(
                _games.c.id == bindparam("w_id", type_=_games.c.id.type),
                _games.c.version == bindparam("w_expected", type_=_games.c.version.type),
            )
            .values({name: bindparam(f"v_{name}", type_=_games.c[name].type) for name in keys})
        )
        if statuses:
            statement = statement.where(_status_condition(statuses))
        _update_statements[key] = statement
    return statement


async def _versioned_update(
    session: AsyncSession,
    row: GameRecord,
    expected_version: int,
    values: dict[str, Any],
    *,
    statuses: Sequence[GameStatus] = (),
) -> int:
    """UPDATE the game only if it is still at ``expected_version``; returns the new one.

    A Core statement on purpose: one round trip, no ORM unit of work on the hot path. The
    loaded row is then brought up to date without being marked as changed.
    """
    new_version = expected_version + 1
    values = {**values, "version": new_version}
    values.setdefault("updated_at", utcnow())
    keys = tuple(sorted(values))
    statement = _versioned_update_statement(keys, tuple(statuses))
    parameters = {f"v_{name}": values[name] for name in keys}
    parameters.update(w_id=row.id, w_expected=expected_version)
    result = await session.execute(statement, parameters)
    if affected_rows(result) != 1:
        raise VersionConflict(row.id, expected_version)
    for name, value in values.items():
        set_committed_value(row, name, value)
    return new_version


async def start_game(
    session: AsyncSession, row: GameRecord, game: Game, expected_version: int
) -> int:
    """Lobby to playing with the engine's first state. The rules, seed and player count
    are taken from ``game`` so that the stored ones always rebuild it.

    Under the game's lock: :class:`VersionConflict` if the lobby changed since
    ``expected_version`` (a seat change, another start), and ``ValueError`` unless the
    seats are numbered 0, 1, ... for exactly the players of ``game`` (``compact_seats``
    first): every deadline and screen of a game finds its players by seat number.
    """
    locked = await lock_game(session, row.id)
    if locked.version != expected_version or locked.status is not GameStatus.LOBBY:
        raise VersionConflict(row.id, expected_version)
    seats = list(await session.scalars(_SEAT_NUMBERS, {"game_id": row.id}))
    if seats != list(range(game.players)):
        raise ValueError(f"game {row.id} has seats {seats}, not one per player of {game!r}")
    return await _versioned_update(
        session,
        row,
        expected_version,
        {
            "status": GameStatus.PLAYING,
            "state": game.to_json(),
            "rules": game.rules.to_json(),
            "seed": game.seed,
            "player_count": game.players,
        },
        statuses=(GameStatus.LOBBY,),
    )


async def save(session: AsyncSession, row: GameRecord, game: Game, expected_version: int) -> int:
    """Store the state after an action, if nobody saved since it was loaded.

    Returns the new version; raises :class:`VersionConflict` otherwise. A game the engine
    reports finished is marked finished here, and its timer removed, in the same
    transaction.
    """
    values: dict[str, Any] = {"state": game.to_json()}
    finished = game.phase is Phase.FINISHED
    if finished:
        now = utcnow()
        values.update(status=GameStatus.FINISHED, finished_at=now, updated_at=now)
    version = await _versioned_update(
        session, row, expected_version, values, statuses=(GameStatus.PLAYING,)
    )
    if finished:
        await session.execute(delete(_timers).where(_timers.c.game_id == row.id))
    return version


async def append_action(
    session: AsyncSession, row: GameRecord, seq: int, seat: int | None, action_code: str
) -> None:
    """Log an applied action. ``seq`` is the engine's move number after it (1, 2, ...).

    Call it after ``save``: then a late action fails the version check before it gets
    here. Should it still collide with a stored ``seq``, that is the same lost race and
    raises :class:`VersionConflict`.
    """
    try:
        await session.execute(
            _APPEND_ACTION,
            {
                "game_id": row.id,
                "seq": seq,
                "seat": seat,
                "code": action_code,
                "created_at": utcnow(),
            },
        )
    except IntegrityError as error:
        if violates(error, "pk_actions", "actions.game_id, actions.seq"):
            raise VersionConflict(row.id, row.version) from error
        raise


async def list_actions(session: AsyncSession, game_id: int) -> list[ActionRecord]:
    result = await session.scalars(
        select(ActionRecord).where(ActionRecord.game_id == game_id).order_by(ActionRecord.seq)
    )
    return list(result)


async def _end(
    session: AsyncSession,
    row: GameRecord,
    status: GameStatus,
    expected_version: int | None,
    now: datetime | None,
) -> int:
    now = now or utcnow()
    if expected_version is None:
        # Whatever happened since the caller loaded the row: a move committed meanwhile
        # is kept (and then ended with the game), not a reason to refuse.
        expected_version = (await lock_game(session, row.id)).version
    version = await _versioned_update(
        session,
        row,
        expected_version,
        {"status": status, "finished_at": now, "updated_at": now},
        statuses=ACTIVE_STATUSES,
    )
    await session.execute(delete(_timers).where(_timers.c.game_id == row.id))
    return version


async def finish_game(
    session: AsyncSession,
    row: GameRecord,
    expected_version: int | None = None,
    *,
    now: datetime | None = None,
) -> int:
    """Mark an active game finished (``save`` does it by itself when the engine says so).
    Without ``expected_version`` the game is locked and finished at whatever version it
    has reached; :class:`VersionConflict` only if it is no longer active."""
    return await _end(session, row, GameStatus.FINISHED, expected_version, now)


async def cancel_game(
    session: AsyncSession,
    row: GameRecord,
    expected_version: int | None = None,
    *,
    now: datetime | None = None,
) -> int:
    """Cancel a lobby or a running game; it stays in the table as history. Without
    ``expected_version`` as ``finish_game``: a move racing the cancel either commits
    first and is kept, or fails its own version check."""
    return await _end(session, row, GameStatus.CANCELLED, expected_version, now)


async def game_history(session: AsyncSession, chat_id: int, limit: int = 20) -> list[GameRecord]:
    """The chat's games, newest first, finished and cancelled ones included."""
    result = await session.scalars(
        select(GameRecord)
        .where(GameRecord.chat_id == chat_id)
        .order_by(GameRecord.id.desc())
        .limit(limit)
    )
    return list(result)


async def action_seat(session: AsyncSession, game_id: int, seq: int) -> int | None:
    """Who made move ``seq`` of the game (None: not made, or by nobody's seat)."""
    result = await session.execute(
        select(ActionRecord.seat).where(ActionRecord.game_id == game_id, ActionRecord.seq == seq)
    )
    return result.scalar_one_or_none()
