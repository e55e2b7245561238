"""The outbox figures of /metrics for today's outbox: queued work is in memory, durable
messages are rows. Best effort until the outbox keeps everything in the database, where
one query gives both figures."""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from bot.db.backlog import pending_backlog
from bot.db.base import utcnow
from bot.ops.telemetry import OutboxBacklog, OutboxStats
from bot.outbox import Outbox

__all__ = ["outbox_stats"]


def outbox_stats(outbox: Outbox, sessions: async_sessionmaker[AsyncSession]) -> OutboxStats:
    async def read() -> OutboxBacklog:
        async with sessions() as session:
            rows, oldest = await pending_backlog(session)
        # A pending row is usually also queued in memory: the larger figure never counts
        # one message twice. Only rows carry a time, so the age is theirs.
        depth = max(outbox.queued(), rows)
        age = 0.0 if oldest is None else max(0.0, (utcnow() - oldest).total_seconds())
        return OutboxBacklog(depth, age)

    return read
