"""Turn deadlines, stored so that a restarted bot still plays for a player who ran out of time."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, cast

from sqlalchemy import Select, Table, bindparam, case, delete, func, or_, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from bot.db.base import utcnow
from bot.db.dialect import affected_rows, dialect_insert, dialect_name
from bot.db.models import GameRecord, GameStatus, Timer

__all__ = [
    "DueTimer",
    "claim_timer",
    "clear_timer",
    "due_timers",
    "get_timer",
    "mark_reminder_sent",
    "next_deadline",
    "set_timer",
    "timers_needing_reminder",
]


@dataclass(frozen=True, slots=True)
class DueTimer:
    """A deadline that has passed (or is near), with the chat the game belongs to."""

    game_id: int
    chat_id: int
    decision_key: int
    deadline: datetime
    reminder_sent: bool


_timers = cast(Table, Timer.__table__)


# Built once per dialect with bind parameters: a move sets the next deadline, and a
# statement built per call costs its construction and cache key every time.
@functools.cache
def _set_timer_statement(dialect: str) -> Any:
    insert = dialect_insert(dialect, _timers).values(
        game_id=bindparam("b_game_id", type_=_timers.c.game_id.type),
        decision_key=bindparam("b_decision_key", type_=_timers.c.decision_key.type),
        deadline=bindparam("b_deadline", type_=_timers.c.deadline.type),
        reminder_sent=False,
        lease_until=None,
    )
    return insert.on_conflict_do_update(
        index_elements=[_timers.c.game_id],
        set_={
            "decision_key": insert.excluded.decision_key,
            "deadline": insert.excluded.deadline,
            "reminder_sent": False,
            "lease_until": None,
        },
    )


async def set_timer(
    session: AsyncSession, game_id: int, decision_key: int, deadline: datetime
) -> None:
    """Start the clock for the game's next decision, replacing the previous deadline."""
    await session.execute(
        _set_timer_statement(dialect_name(session)),
        {"b_game_id": game_id, "b_decision_key": decision_key, "b_deadline": deadline},
    )


async def get_timer(session: AsyncSession, game_id: int) -> Timer | None:
    return await session.get(Timer, game_id, populate_existing=True)


async def clear_timer(session: AsyncSession, game_id: int, decision_key: int | None = None) -> bool:
    """Stop the game's clock; with ``decision_key``, only if it still times that decision."""
    statement = delete(Timer).where(Timer.game_id == game_id)
    if decision_key is not None:
        statement = statement.where(Timer.decision_key == decision_key)
    result = await session.execute(statement.execution_options(synchronize_session=False))
    return affected_rows(result) > 0


def _timers_of_playing_games(limit: int) -> Select[int, int, int, datetime, bool]:
    return (
        select(
            Timer.game_id,
            GameRecord.chat_id,
            Timer.decision_key,
            Timer.deadline,
            Timer.reminder_sent,
        )
        .join(GameRecord, GameRecord.id == Timer.game_id)
        .where(GameRecord.status == GameStatus.PLAYING)
        .order_by(Timer.deadline)
        .limit(limit)
    )


async def due_timers(
    session: AsyncSession, now: datetime | None = None, *, limit: int = 100
) -> list[DueTimer]:
    """Deadlines at or before ``now``, earliest first, of games still being played."""
    now = now or utcnow()
    rows = await session.execute(
        _timers_of_playing_games(limit).where(
            Timer.deadline <= now, or_(Timer.lease_until.is_(None), Timer.lease_until < now)
        )
    )
    return [DueTimer(*row) for row in rows]


async def next_deadline(session: AsyncSession, now: datetime | None = None) -> datetime | None:
    """When a deadline of a game being played is next due to be acted on: its deadline,
    or for one held by a process (``claim_timer``), when that lease runs out."""
    now = now or utcnow()
    due_at = case((Timer.lease_until > now, Timer.lease_until), else_=Timer.deadline)
    statement = (
        select(func.min(due_at))
        .join(GameRecord, GameRecord.id == Timer.game_id)
        .where(GameRecord.status == GameStatus.PLAYING)
    )
    earliest: datetime | None = await session.scalar(statement)
    return earliest


async def claim_timer(
    session: AsyncSession,
    game_id: int,
    decision_key: int,
    lease: timedelta,
    now: datetime | None = None,
) -> bool:
    """Take a due deadline to act on it, for ``lease``; False when another process holds
    it (or the decision was made meanwhile). The move's transaction sets the next
    deadline, which frees it; a process that dies holding it frees it when the lease ends."""
    now = now or utcnow()
    result = await session.execute(
        update(Timer)
        .where(
            Timer.game_id == game_id,
            Timer.decision_key == decision_key,
            Timer.deadline <= now,
            or_(Timer.lease_until.is_(None), Timer.lease_until < now),
        )
        .values(lease_until=now + lease)
        .execution_options(synchronize_session=False)
    )
    return affected_rows(result) > 0


async def timers_needing_reminder(
    session: AsyncSession, lead: timedelta, now: datetime | None = None, *, limit: int = 100
) -> list[DueTimer]:
    """Deadlines less than ``lead`` away whose reminder has not been sent, earliest first."""
    now = now or utcnow()
    rows = await session.execute(
        _timers_of_playing_games(limit).where(
            Timer.deadline <= now + lead, Timer.deadline > now, Timer.reminder_sent.is_(False)
        )
    )
    return [DueTimer(*row) for row in rows]


async def mark_reminder_sent(session: AsyncSession, game_id: int, decision_key: int) -> bool:
    """Record the reminder; False if the decision was made meanwhile (no reminder owed)."""
    result = await session.execute(
        update(Timer)
        .where(Timer.game_id == game_id, Timer.decision_key == decision_key)
        .values(reminder_sent=True)
        .execution_options(synchronize_session="evaluate")
    )
    return affected_rows(result) > 0
