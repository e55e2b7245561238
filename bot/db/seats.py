"""Seats at a game's table: who plays, in which order, and their private hand message.

Every change of the seats locks the game's row first and checks it is still in the lobby
(``games.lock_lobby``), so that the seats read are the seats written over, and concurrent
changes and the start take turns.
"""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from bot.db.base import utcnow
from bot.db.errors import AlreadySeated, SeatTaken, TableFull, violates
from bot.db.games import lock_game, lock_lobby, players_changed, seats_changed
from bot.db.models import GameStatus, Seat

__all__ = [
    "MAX_SEATS",
    "add_seat",
    "compact_seats",
    "give_seat_to_computer",
    "list_seats",
    "remove_seat",
]

MAX_SEATS = 4
_PARKING = 1000


async def list_seats(session: AsyncSession, game_id: int) -> list[Seat]:
    """The game's seats in seat order."""
    result = await session.scalars(select(Seat).where(Seat.game_id == game_id).order_by(Seat.seat))
    return list(result)


async def add_seat(
    session: AsyncSession,
    game_id: int,
    *,
    user_id: int | None = None,
    bot_kind: str | None = None,
    seat: int | None = None,
    max_seats: int = MAX_SEATS,
) -> Seat:
    """Seat a user (stored already) or a computer player of ``bot_kind``, at ``seat`` or
    at the lowest free one.

    Raises :class:`AlreadySeated`, :class:`SeatTaken`, :class:`TableFull`, or
    :class:`LobbyClosed` once the game has started. The free seat is chosen under the
    game's lock, so a concurrent join waits and then takes the next one. Should the
    database still refuse the row (a writer that skipped the lock), that comes out as
    :class:`AlreadySeated` or :class:`SeatTaken` too, and the transaction must be rolled
    back.
    """
    if (user_id is None) == (bot_kind is None):
        raise ValueError("a seat is either a user's or a computer player's")
    game = await lock_lobby(session, game_id)
    seats = await list_seats(session, game_id)
    if user_id is not None and any(s.user_id == user_id for s in seats):
        raise AlreadySeated(game_id, user_id)
    taken = {s.seat for s in seats}
    if seat is None:
        if len(seats) >= max_seats:
            raise TableFull(game_id, len(seats))
        seat = min(set(range(max_seats)) - taken)
    elif not 0 <= seat < max_seats:
        raise ValueError(f"seat must be between 0 and {max_seats - 1}, not {seat}")
    elif seat in taken:
        raise SeatTaken(game_id, seat)
    row = Seat(game_id=game_id, seat=seat, user_id=user_id, bot_kind=bot_kind, joined_at=utcnow())
    session.add(row)
    try:
        await session.flush()
    except IntegrityError as error:
        if user_id is not None and violates(
            error, "uq_seats_game_id_user_id", "seats.game_id, seats.user_id"
        ):
            raise AlreadySeated(game_id, user_id) from error
        if violates(error, "uq_seats_game_id_seat", "seats.game_id, seats.seat"):
            raise SeatTaken(game_id, seat) from error
        raise
    await seats_changed(session, game)
    return row


async def remove_seat(
    session: AsyncSession, game_id: int, *, user_id: int | None = None, seat: int | None = None
) -> Seat | None:
    """Free a user's seat or a seat by number; returns the removed seat, None if none.

    Other seats keep their numbers (the lobby message shows them); ``compact_seats`` closes
    the gaps before the game starts. :class:`LobbyClosed` once the game has started.
    """
    if (user_id is None) == (seat is None):
        raise ValueError("name either the user or the seat number")
    game = await lock_lobby(session, game_id)
    query = select(Seat).where(Seat.game_id == game_id)
    query = (
        query.where(Seat.user_id == user_id)
        if user_id is not None
        else query.where(Seat.seat == seat)
    )
    row = (await session.scalars(query)).one_or_none()
    if row is None:
        return None
    await session.delete(row)
    await session.flush()
    await seats_changed(session, game)
    return row


async def compact_seats(session: AsyncSession, game_id: int) -> list[Seat]:
    """Renumber the seats 0, 1, 2... keeping their order, as the engine numbers players.

    Part of the start, which follows in the same transaction: the version is left alone
    for the start's own check. :class:`LobbyClosed` once the game has started.
    """
    await lock_lobby(session, game_id)
    seats = await list_seats(session, game_id)
    if all(s.seat == number for number, s in enumerate(seats)):
        return seats
    # Through numbers no seat has first: the unique (game, seat) pair is checked row by
    # row, and moving 2 -> 1 before 1 -> 0 has been written would otherwise collide.
    for number, s in enumerate(seats):
        s.seat = _PARKING + number
    await session.flush()
    for number, s in enumerate(seats):
        s.seat = number
    await session.flush()
    return seats


async def give_seat_to_computer(
    session: AsyncSession, game_id: int, user_id: int, bot_kind: str
) -> Seat | None:
    """In a running game, the user's seat is played by a computer of ``bot_kind`` from
    now on; returns the seat, None when the user has none or the game is not running.
    The game is locked and its version bumped, so a move racing this one is refused."""
    game = await lock_game(session, game_id)
    if game.status is not GameStatus.PLAYING:
        return None
    query = select(Seat).where(Seat.game_id == game_id, Seat.user_id == user_id)
    row = (await session.scalars(query)).one_or_none()
    if row is None:
        return None
    row.user_id = None
    row.bot_kind = bot_kind
    await session.flush()
    await players_changed(session, game)
    return row
