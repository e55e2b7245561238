"""How much is still to deliver, for the /metrics gauges: messages of the outbox table
not sent yet, and slot messages whose wanted state Telegram has not accepted yet."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from bot.db.models import OutboxMessage, SlotMessage

__all__ = ["pending_backlog"]


async def pending_backlog(session: AsyncSession) -> tuple[int, datetime | None]:
    """(messages and slots still to deliver, when the oldest of them was stored)."""
    messages, oldest_message = (
        await session.execute(
            select(func.count(), func.min(OutboxMessage.created_at))
            # Repeats the partial index's condition so that it is used.
            .where(OutboxMessage.sent_at.is_(None), OutboxMessage.failed_at.is_(None))
        )
    ).one()
    slots, oldest_slot = (
        await session.execute(
            select(func.count(), func.min(SlotMessage.updated_at)).where(
                SlotMessage.rev > SlotMessage.sent_rev
            )
        )
    ).one()
    times = [t for t in (oldest_message, oldest_slot) if t is not None]
    return int(messages) + int(slots), min(times) if times else None
