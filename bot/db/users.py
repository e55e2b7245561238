"""Telegram users: names for rendering, language, and whether the bot can write to them."""

from __future__ import annotations

from typing import Any, cast

from sqlalchemy import update
from sqlalchemy.ext.asyncio import AsyncSession

from bot.db.base import utcnow
from bot.db.dialect import affected_rows, upsert_insert
from bot.db.models import User

__all__ = ["get_user", "set_user_reachable", "toggle_turn_pings", "upsert_user"]


async def upsert_user(
    session: AsyncSession,
    user_id: int,
    first_name: str,
    username: str | None = None,
    *,
    language: str | None = None,
    reachable: bool | None = None,
) -> User:
    """Insert or refresh a user from an update. ``language`` and ``reachable`` are only
    written when given, so that an ordinary update does not reset what is known."""
    now = utcnow()
    values: dict[str, Any] = {
        "id": user_id,
        "first_name": first_name,
        "username": username,
        "updated_at": now,
    }
    changes: dict[str, Any] = {"first_name": first_name, "username": username, "updated_at": now}
    if language is not None:
        values["language"] = changes["language"] = language
    if reachable is not None:
        values["reachable"] = changes["reachable"] = reachable
    statement = (
        upsert_insert(session, User)
        .values(**values)
        .on_conflict_do_update(index_elements=[User.id], set_=changes)
        .returning(User)
    )
    result = await session.scalars(statement, execution_options={"populate_existing": True})
    return cast(User, result.one())


async def get_user(session: AsyncSession, user_id: int) -> User | None:
    return await session.get(User, user_id)


async def set_user_reachable(session: AsyncSession, user_id: int, reachable: bool) -> bool:
    """Record whether a private message can reach the user; False if the user is unknown."""
    result = await session.execute(
        update(User)
        .where(User.id == user_id)
        .values(reachable=reachable, updated_at=utcnow())
        .execution_options(synchronize_session="evaluate")
    )
    return affected_rows(result) > 0


async def toggle_turn_pings(session: AsyncSession, user_id: int) -> bool | None:
    """Switch the user's "your turn" pings; returns the new state (None: unknown user)."""
    result = await session.execute(
        update(User)
        .where(User.id == user_id)
        .values(turn_pings=~User.turn_pings, updated_at=utcnow())
        .returning(User.turn_pings)
        .execution_options(synchronize_session=False)
    )
    return result.scalar_one_or_none()
