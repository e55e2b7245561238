"""Queries the bot's services need beyond one game: a user's games, every running game,
moving a deadline."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import bindparam, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from bot.db.dialect import affected_rows
from bot.db.models import ACTIVE_STATUSES, Chat, GameRecord, GameStatus, Seat, Timer, User

__all__ = [
    "active_games_of_user",
    "chat_of_game",
    "chat_seats_users",
    "get_users",
    "playing_in_private",
    "postpone_timer",
]


async def chat_of_game(session: AsyncSession, game_id: int) -> int | None:
    """The chat a game belongs to, without loading its state; None for an unknown game."""
    result = await session.execute(select(GameRecord.chat_id).where(GameRecord.id == game_id))
    return result.scalar_one_or_none()


async def playing_in_private(session: AsyncSession, limit: int) -> list[int]:
    """The newest ``limit`` running games of private chats (solo games), by id."""
    result = await session.scalars(
        select(GameRecord.id)
        .where(GameRecord.status == GameStatus.PLAYING, GameRecord.chat_id > 0)
        .order_by(GameRecord.id.desc())
        .limit(limit)
    )
    return list(result)


async def active_games_of_user(session: AsyncSession, user_id: int) -> list[GameRecord]:
    """The lobbies and running games where the user has a seat."""
    result = await session.scalars(
        select(GameRecord)
        .join(Seat, Seat.game_id == GameRecord.id)
        .where(Seat.user_id == user_id, GameRecord.status.in_(ACTIVE_STATUSES))
        .order_by(GameRecord.id)
    )
    return list(result)


# One statement for what every press loads besides the game (it was three): the chat,
# and the game's seats in order with their people.
_CHAT_SEATS_USERS = (
    select(Chat, Seat, User)
    .select_from(Chat)
    .outerjoin(Seat, Seat.game_id == bindparam("game_id"))
    .outerjoin(User, User.id == Seat.user_id)
    .where(Chat.id == bindparam("chat_id"))
    .order_by(Seat.seat)
)


async def chat_seats_users(
    session: AsyncSession, chat_id: int, game_id: int
) -> tuple[Chat | None, list[Seat], dict[int, User]]:
    """A chat, a game's seats in seat order and the people on them (by user id)."""
    rows = await session.execute(_CHAT_SEATS_USERS, {"chat_id": chat_id, "game_id": game_id})
    chat: Chat | None = None
    seats: list[Seat] = []
    users: dict[int, User] = {}
    for row_chat, seat, user in rows:
        chat = row_chat
        if seat is not None:
            seats.append(seat)
        if user is not None:
            users[user.id] = user
    return chat, seats, users


async def get_users(session: AsyncSession, user_ids: list[int]) -> dict[int, User]:
    if not user_ids:
        return {}
    result = await session.scalars(select(User).where(User.id.in_(user_ids)))
    return {user.id: user for user in result}


async def postpone_timer(
    session: AsyncSession, game_id: int, decision_key: int, deadline: datetime
) -> bool:
    """The reminder went out: move the deadline on and record the reminder, if the timer
    still times that decision. False when another process got there first."""
    result = await session.execute(
        update(Timer)
        .where(
            Timer.game_id == game_id,
            Timer.decision_key == decision_key,
            Timer.reminder_sent.is_(False),
        )
        .values(deadline=deadline, reminder_sent=True, lease_until=None)
        .execution_options(synchronize_session=False)
    )
    return affected_rows(result) > 0
