"""The outbox: messages written in the same transaction as the move that caused them, sent
after the commit, and marked sent only when Telegram accepted them."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from datetime import datetime
from typing import Any

from sqlalchemy import or_, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from bot.db.base import utcnow
from bot.db.dialect import affected_rows, upsert_insert
from bot.db.models import OutboxMessage

__all__ = ["enqueue", "is_enqueued", "mark_failed", "mark_retry", "mark_sent", "pending"]


async def enqueue(
    session: AsyncSession,
    chat_id: int,
    kind: str,
    payload: Mapping[str, Any],
    *,
    dedupe_key: str | None = None,
    not_before: datetime | None = None,
) -> int | None:
    """Store a message to send; returns its id, or None when ``dedupe_key`` was already
    enqueued (the first one stands, sent or not)."""
    result = await session.execute(
        upsert_insert(session, OutboxMessage)
        .values(
            chat_id=chat_id,
            kind=kind,
            payload=dict(payload),
            dedupe_key=dedupe_key,
            not_before=not_before,
            created_at=utcnow(),
            attempts=0,
        )
        .on_conflict_do_nothing(index_elements=[OutboxMessage.dedupe_key])
        .returning(OutboxMessage.id)
    )
    return result.scalar_one_or_none()


async def is_enqueued(session: AsyncSession, dedupe_key: str) -> bool:
    """Whether a message with ``dedupe_key`` was ever enqueued (sent or not)."""
    result = await session.execute(
        select(OutboxMessage.id).where(OutboxMessage.dedupe_key == dedupe_key).limit(1)
    )
    return result.first() is not None


async def pending(
    session: AsyncSession, now: datetime | None = None, *, limit: int = 100
) -> list[OutboxMessage]:
    """Messages still to send whose time has come, oldest first (the order they were
    enqueued in, which is the order a chat must see them in)."""
    now = now or utcnow()
    result = await session.scalars(
        select(OutboxMessage)
        # Repeats the partial index's condition so that it is used.
        .where(OutboxMessage.sent_at.is_(None), OutboxMessage.failed_at.is_(None))
        .where(or_(OutboxMessage.not_before.is_(None), OutboxMessage.not_before <= now))
        .order_by(OutboxMessage.id)
        .limit(limit)
        .execution_options(populate_existing=True)
    )
    return list(result)


async def mark_sent(
    session: AsyncSession, message_ids: Iterable[int], now: datetime | None = None
) -> int:
    """Record messages as sent; returns how many were still pending."""
    ids = list(message_ids)
    if not ids:
        return 0
    now = now or utcnow()
    result = await session.execute(
        update(OutboxMessage)
        .where(OutboxMessage.id.in_(ids), OutboxMessage.sent_at.is_(None))
        .values(sent_at=now, attempts=OutboxMessage.attempts + 1)
        .execution_options(synchronize_session="fetch")
    )
    return affected_rows(result)


async def mark_retry(
    session: AsyncSession, message_id: int, error: str, retry_at: datetime
) -> None:
    """A failed attempt to try again at ``retry_at`` (a 429's retry_after, a network error)."""
    await session.execute(
        update(OutboxMessage)
        .where(OutboxMessage.id == message_id)
        .values(attempts=OutboxMessage.attempts + 1, last_error=error, not_before=retry_at)
        .execution_options(synchronize_session="fetch")
    )


async def mark_failed(
    session: AsyncSession, message_id: int, error: str, now: datetime | None = None
) -> None:
    """Give up on a message (a 403: the user blocked the bot); it stays for the record."""
    await session.execute(
        update(OutboxMessage)
        .where(OutboxMessage.id == message_id)
        .values(attempts=OutboxMessage.attempts + 1, last_error=error, failed_at=now or utcnow())
        .execution_options(synchronize_session="fetch")
    )
