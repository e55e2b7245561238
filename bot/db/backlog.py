"""How much of the outbox table is still to send, for the /metrics gauges."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from bot.db.models import OutboxMessage

__all__ = ["pending_backlog"]


async def pending_backlog(session: AsyncSession) -> tuple[int, datetime | None]:
    """(rows neither sent nor failed, when the oldest of them was stored)."""
    row = (
        await session.execute(
            select(func.count(), func.min(OutboxMessage.created_at))
            # Repeats the partial index's condition so that it is used.
            .where(OutboxMessage.sent_at.is_(None), OutboxMessage.failed_at.is_(None))
        )
    ).one()
    count, oldest = row
    return int(count), oldest
