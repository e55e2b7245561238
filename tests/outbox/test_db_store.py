"""SqlDurableStore over bot.db's outbox table, on a SQLite file migrated to head."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from aiogram.types import InlineKeyboardButton, InlineKeyboardMarkup
from sqlalchemy import event, select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from bot.db import outbox as repo
from bot.db.migrate import create_migration_engine, upgrade
from bot.db.models import OutboxMessage, SlotMessage
from bot.db.session import create_engine, create_sessionmaker
from bot.outbox import Limits, Outbox
from bot.outbox.db_store import SqlDurableStore, enqueue_durable, store_slot

from .stub import Sleeps, StubBot, wait_until

GROUP = -100


@pytest.fixture
async def sessions(tmp_path: Path) -> AsyncIterator[async_sessionmaker[AsyncSession]]:
    url = f"sqlite+aiosqlite:///{tmp_path / 'outbox.sqlite3'}"
    migration = create_migration_engine(url)
    try:
        async with migration.begin() as connection:
            await upgrade(connection, "head")
    finally:
        await migration.dispose()
    engine = create_engine(url)
    try:
        yield create_sessionmaker(engine)
    finally:
        await engine.dispose()


async def test_rows_enqueued_by_the_service_are_sent_once_across_a_restart(
    sessions: async_sessionmaker[AsyncSession],
) -> None:
    keyboard = InlineKeyboardMarkup(
        inline_keyboard=[[InlineKeyboardButton(text="Again", callback_data="g:1:again")]]
    )
    async with sessions.begin() as session:
        first = await enqueue_durable(session, GROUP, "hand result", kind="hand_result")
        second = await enqueue_durable(
            session, GROUP, "game over", keyboard, kind="game_over", dedupe_key="g1:over"
        )
        assert await enqueue_durable(session, GROUP, "dup", dedupe_key="g1:over") is None
    assert first is not None
    assert second is not None

    stub = StubBot()
    store = SqlDurableStore(sessions)
    pending = await store.pending()
    assert [(m.id, m.text, m.markup) for m in pending] == [
        (first, "hand result", None),
        (second, "game over", keyboard),
    ]

    outbox = Outbox(
        stub, store=store, limits=Limits.unlimited(), sleep=Sleeps(), poll_interval=None
    )
    await outbox.start()
    await outbox.join()
    await outbox.stop()
    assert [c.text for c in stub.ok_calls()] == ["hand result", "game over"]
    assert stub.messages[GROUP][2][1] == keyboard.model_dump_json(exclude_none=True)
    assert await store.pending() == []

    again = Outbox(stub, store=store, limits=Limits.unlimited(), sleep=Sleeps(), poll_interval=None)
    await again.start()
    await again.join()
    await again.stop()
    assert len(stub.calls) == 2


async def test_a_picture_stored_before_a_crash_is_drawn_and_sent_as_a_photo_after_it(
    sessions: async_sessionmaker[AsyncSession],
) -> None:
    """The game's chart is stored as the data to draw it, in the move's transaction; a
    bot that died before sending it draws it once restarted, and sends it once."""
    chart = {"points": [1, 2, 3]}
    async with sessions.begin() as session:
        row = await enqueue_durable(session, GROUP, "the chart", kind="chart", picture=chart)
    assert row is not None
    drawn: list[object] = []

    def draw(data: object) -> bytes:
        drawn.append(data)
        return b"\x89PNG drawn"

    stub = StubBot()
    store = SqlDurableStore(sessions)
    [pending] = await store.pending()
    assert pending.picture == chart
    outbox = Outbox(
        stub, store=store, limits=Limits.unlimited(), sleep=Sleeps(), poll_interval=None, draw=draw
    )
    await outbox.start()
    await outbox.join()
    await outbox.stop()
    assert [(c.method, c.text) for c in stub.ok_calls()] == [("sendPhoto", "the chart")]
    assert stub.photos == {(GROUP, 1): b"\x89PNG drawn"}
    assert drawn == [chart]
    assert await store.pending() == []


async def test_failures_and_unreadable_payloads_are_recorded(
    sessions: async_sessionmaker[AsyncSession],
) -> None:
    async with sessions.begin() as session:
        broken = await repo.enqueue(session, GROUP, "message", {"no": "text"})
        good = await enqueue_durable(session, GROUP, "fine")
    assert broken is not None
    assert good is not None
    store = SqlDurableStore(sessions)
    assert [m.id for m in await store.pending()] == [good]
    await store.mark_failed(good, "TelegramForbiddenError: Forbidden: bot was kicked")
    assert await store.pending() == []
    async with sessions() as session:
        rows = {r.id: r for r in await session.scalars(select(OutboxMessage))}
    assert rows[broken].failed_at is not None
    assert rows[broken].last_error == "payload has no text"
    assert rows[good].last_error is not None
    assert rows[good].sent_at is None


async def test_marks_made_together_share_a_transaction_and_all_are_stored(
    sessions: async_sessionmaker[AsyncSession],
) -> None:
    """A press edits the table and several hands, each chat's worker marks its edit: one
    transaction per mark was a good part of the bot's CPU per press (issue 9)."""
    async with sessions.begin() as session:
        for chat in range(1, 6):
            await store_slot(session, chat, "hand:1", f"cards {chat}")
    store = SqlDurableStore(sessions)
    unsent = await store.unsent_slots()
    assert len(unsent) == 5
    begins: list[object] = []

    def begun(connection: object) -> None:
        begins.append(connection)

    engine = sessions.kw["bind"].sync_engine
    event.listen(engine, "begin", begun)
    try:
        await asyncio.gather(
            *(store.mark_slot_sent(s.chat_id, s.key, s.rev, 100 + s.chat_id) for s in unsent)
        )
        # A later state already marked wins over an earlier one arriving late.
        await store.mark_slot_sent(1, "hand:1", 0, 999)
    finally:
        event.remove(engine, "begin", begun)
    # The five marks made together are written together; the late one on its own.
    assert len(begins) == 2
    assert await store.unsent_slots() == []
    async with sessions() as session:
        stored = await session.execute(select(SlotMessage.chat_id, SlotMessage.message_id))
        assert sorted(stored) == [(chat, 100 + chat) for chat in range(1, 6)]


async def test_a_mark_made_while_a_batch_is_written_goes_in_the_next(
    sessions: async_sessionmaker[AsyncSession],
) -> None:
    async with sessions.begin() as session:
        for chat in (1, 2):
            await store_slot(session, chat, "hand:1", f"cards {chat}")
    store = SqlDurableStore(sessions)
    first = asyncio.create_task(store.mark_slot_sent(1, "hand:1", 1, 101))
    # Past its gathering turns: it is writing (or waiting for the connection) now.
    for _ in range(10):
        await asyncio.sleep(0)
    await asyncio.gather(first, store.mark_slot_sent(2, "hand:1", 1, 102))
    assert await store.unsent_slots() == []


async def test_a_failed_mark_is_raised_to_every_caller_of_its_batch(
    sessions: async_sessionmaker[AsyncSession],
) -> None:
    store = SqlDurableStore(sessions)
    engine = sessions.kw["bind"].sync_engine

    def refuse(*_: object) -> None:
        raise RuntimeError("disk full")

    event.listen(engine, "before_cursor_execute", refuse)
    try:
        results = await asyncio.gather(
            *(store.mark_slot_sent(chat, "hand:1", 1, 7) for chat in range(1, 4)),
            return_exceptions=True,
        )
    finally:
        event.remove(engine, "before_cursor_execute", refuse)
    assert all(isinstance(result, Exception) for result in results), results
    # The store recovers: the next mark is written.
    async with sessions.begin() as session:
        await store_slot(session, 1, "hand:1", "cards")
    await store.mark_slot_sent(1, "hand:1", 1, 7)
    assert await store.unsent_slots() == []


async def test_edits_made_one_after_another_are_marked_in_one_transaction(
    sessions: async_sessionmaker[AsyncSession], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A card edits the table and two hands, each in its chat's worker and at its own
    moment: their marks wait for each other (EDIT_MARK_DELAY) and take one statement in
    one transaction, not one each."""
    stub = StubBot()
    store = SqlDurableStore(sessions)
    outbox = Outbox(
        stub, store=store, limits=Limits.unlimited(), sleep=Sleeps(), poll_interval=None
    )
    await outbox.start()
    chats = (1, 2, 3)

    async def show(chat: int, text: str) -> None:
        async with sessions.begin() as session:
            await store_slot(session, chat, "hand:1", text)
        outbox.accept(await store.unsent_slots())
        await wait_until(lambda: stub.texts(chat) == [text])

    for chat in chats:
        await show(chat, "cards")
    await outbox.join()  # the messages exist and are marked: what follows are edits
    marks: list[int] = []

    def executed(_c: object, _cur: object, statement: str, params: object, *_: object) -> None:
        if statement.startswith("UPDATE slots SET message_id"):
            marks.append(len(params) if isinstance(params, list) else 1)

    engine = sessions.kw["bind"].sync_engine
    event.listen(engine, "before_cursor_execute", executed)
    try:
        # However slow this machine: the three edits are all made before any mark.
        monkeypatch.setattr("bot.outbox.outbox.EDIT_MARK_DELAY", 60.0)
        for chat in chats:
            await show(chat, "trick")  # each stored and edited after the one before
        assert len(await store.unsent_slots()) == 3
        await outbox.join()
        assert marks == [3]

        # And without anyone waiting for them, the marks are stored a moment later.
        monkeypatch.setattr("bot.outbox.outbox.EDIT_MARK_DELAY", 0.05)
        await show(1, "next trick")
        await wait_until(lambda: len(marks) == 2)
    finally:
        event.remove(engine, "before_cursor_execute", executed)
    await outbox.stop()
    assert await store.unsent_slots() == []
