"""The outbox figures of /metrics: how many messages wait, and since when the oldest."""

from __future__ import annotations

from datetime import timedelta

from sqlalchemy import update

from bot import db
from bot.db.backlog import pending_backlog
from bot.db.models import OutboxMessage
from bot.db.slots import mark_slot_sent
from bot.ops.backlog import outbox_stats
from bot.outbox.db_store import store_slot
from tests.db.conftest import Storage


async def enqueue(storage: Storage, chat_id: int, age_s: float) -> int:
    async with storage.sessions.begin() as session:
        row_id = await db.enqueue(session, chat_id, "hand_result", {"text": "result"})
        assert row_id is not None
        await session.execute(
            update(OutboxMessage)
            .where(OutboxMessage.id == row_id)
            .values(created_at=db.utcnow() - timedelta(seconds=age_s))
        )
    return row_id


async def test_pending_rows_count_and_the_oldest_sets_the_age(storage: Storage) -> None:
    async with storage.sessions() as session:
        assert await pending_backlog(session) == (0, None)
    sent = await enqueue(storage, -1, age_s=300)
    failed = await enqueue(storage, -1, age_s=200)
    await enqueue(storage, -1, age_s=30)
    await enqueue(storage, -2, age_s=5)
    async with storage.sessions.begin() as session:
        await db.mark_sent(session, [sent])
        await db.mark_failed(session, failed, "403")

    backlog = await outbox_stats(storage.sessions)()
    assert backlog.depth == 2
    assert 29 < backlog.oldest_age_s < 60


async def test_slots_not_delivered_count_too(storage: Storage) -> None:
    async with storage.sessions.begin() as session:
        await store_slot(session, -2, "table:1", "c")
        await store_slot(session, -2, "lobby:1", "d")
        await mark_slot_sent(session, -2, "lobby:1", 1, 10)
    backlog = await outbox_stats(storage.sessions)()
    assert backlog.depth == 1
    assert backlog.oldest_age_s < 30
