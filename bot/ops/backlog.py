"""The outbox figures of /metrics: everything still to deliver is in the database."""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from bot.db.backlog import pending_backlog
from bot.db.base import utcnow
from bot.ops.telemetry import OutboxBacklog, OutboxStats

__all__ = ["outbox_stats"]


def outbox_stats(sessions: async_sessionmaker[AsyncSession]) -> OutboxStats:
    async def read() -> OutboxBacklog:
        async with sessions() as session:
            depth, oldest = await pending_backlog(session)
        age = 0.0 if oldest is None else max(0.0, (utcnow() - oldest).total_seconds())
        return OutboxBacklog(depth, age)

    return read
