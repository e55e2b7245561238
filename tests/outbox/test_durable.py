"""Durable messages: sent once, never dropped for a passing error, and a restart loses none."""

from __future__ import annotations

import asyncio

from bot.outbox import DurableMessage, Outbox

from .conftest import OutboxFactory, Recorder
from .stub import MemoryStore, Sleeps, StubBot, network_error, retry_after, wait_until

GROUP = -100
USER = 7


async def test_a_restart_delivers_what_was_not_sent_exactly_once(
    make_outbox: OutboxFactory, stub: StubBot
) -> None:
    store = MemoryStore()
    first = store.add(GROUP, "hand 1 result")
    second = store.add(GROUP, "hand 2 result")
    private = store.add(USER, "game over")
    before = make_outbox(store=store)
    stub.hold = asyncio.Event()
    await before.start()
    # Two calls under way (one per chat) when the bot shuts down without draining.
    await wait_until(lambda: len(stub.calls) == 2)
    stopping = asyncio.create_task(before.stop(drain=False))
    await asyncio.sleep(0.01)
    stub.hold.set()
    await stopping
    # The calls under way finished and were recorded; the rest waits in the store.
    assert [store.rows[i].sent for i in (first, second, private)] == [1, 0, 1]

    stub.hold = None
    after = make_outbox(store=store)
    await after.start()
    await after.join()
    assert [store.rows[i].sent for i in (first, second, private)] == [1, 1, 1]
    sent = [c.text for c in stub.ok_calls()]
    assert sorted(sent) == ["game over", "hand 1 result", "hand 2 result"]
    assert [c.text for c in stub.ok_calls(GROUP)] == ["hand 1 result", "hand 2 result"]


async def test_rows_found_by_kick_and_put_durable_are_sent_once(
    make_outbox: OutboxFactory, stub: StubBot
) -> None:
    store = MemoryStore()
    outbox = make_outbox(store=store, poll_interval=None)
    await outbox.start()
    rows = [store.add(GROUP, f"result {i}") for i in range(3)]
    for i, row in enumerate(rows):
        outbox.put_durable(row, GROUP, f"result {i}")
        outbox.kick()
    await wait_until(lambda: all(store.rows[r].sent for r in rows))
    outbox.kick()
    await asyncio.sleep(0.02)
    assert await outbox.load_durable() == 0
    await outbox.join()
    assert len(stub.calls) == 3
    assert all(store.rows[r].sent == 1 for r in rows)


async def test_rows_are_polled_without_a_kick(make_outbox: OutboxFactory, stub: StubBot) -> None:
    store = MemoryStore()
    outbox = make_outbox(store=store, poll_interval=0.01)
    await outbox.start()
    row = store.add(USER, "written by another process")
    await wait_until(lambda: store.rows[row].sent)
    assert [c.text for c in stub.calls] == ["written by another process"]


async def test_passing_errors_never_drop_a_durable_message(
    make_outbox: OutboxFactory, stub: StubBot, sleeps: Sleeps
) -> None:
    store = MemoryStore()
    row = store.add(GROUP, "game over")
    stub.fail(network_error(), times=8)
    stub.fail(retry_after(5))
    outbox = make_outbox(store=store)
    await outbox.start()
    await outbox.join()
    assert sleeps.waited == [0.5, 1.0, 2.0, 4.0, 8.0, 16.0, 30.0, 30.0, 5]
    assert store.rows[row].sent == 1
    assert store.rows[row].error is None


async def test_a_permanent_error_marks_the_row_failed(
    make_outbox: OutboxFactory, stub: StubBot, recorder: Recorder
) -> None:
    store = MemoryStore()
    row = store.add(USER, "game over")
    other = store.add(USER, "final score")
    stub.forbidden.add(USER)
    outbox = make_outbox(store=store, **recorder.callbacks())
    await outbox.start()
    await outbox.join()
    for r in (row, other):
        assert store.rows[r].sent == 0
        assert "TelegramForbiddenError" in (store.rows[r].error or "")
    assert recorder.forbidden == [USER]


class FlakyStore(MemoryStore):
    """Fails to record the first send, as a database that is briefly unavailable."""

    def __init__(self) -> None:
        super().__init__()
        self.failures = 1

    async def mark_sent(self, message_id: int) -> None:
        if self.failures:
            self.failures -= 1
            raise ConnectionError("database is down")
        await super().mark_sent(message_id)


async def test_a_send_that_could_not_be_recorded_is_recorded_later_not_resent(
    make_outbox: OutboxFactory, stub: StubBot
) -> None:
    store = FlakyStore()
    row = store.add(GROUP, "result")
    outbox = make_outbox(store=store)
    await outbox.start()
    await outbox.join()
    assert store.rows[row].sent == 0
    assert await outbox.load_durable() == 0
    assert store.rows[row].sent == 1
    await outbox.join()
    assert len(stub.calls) == 1


async def test_stop_with_drain_sends_rows_committed_just_before(
    stub: StubBot, sleeps: Sleeps
) -> None:
    store = MemoryStore()
    outbox = Outbox(stub, store=store, sleep=sleeps, poll_interval=None)
    await outbox.start()
    row = store.add(GROUP, "last words")
    await outbox.stop(drain=True)
    assert store.rows[row].sent == 1


class SlowReadStore(MemoryStore):
    """A read that takes a while: rows it saw pending may be sent before it returns."""

    def __init__(self) -> None:
        super().__init__()
        self.reading = asyncio.Event()
        self.release = asyncio.Event()

    async def pending(self) -> list[DurableMessage]:
        snapshot = await super().pending()
        if snapshot:
            self.reading.set()
            await self.release.wait()
        return snapshot


async def test_a_stale_read_does_not_send_a_row_again(
    make_outbox: OutboxFactory, stub: StubBot
) -> None:
    store = SlowReadStore()
    outbox = make_outbox(store=store, poll_interval=None)
    await outbox.start()
    row = store.add(GROUP, "result")
    outbox.kick()
    await wait_until(store.reading.is_set)
    outbox.put_durable(row, GROUP, "result")
    await wait_until(lambda: store.rows[row].sent)
    store.release.set()
    await asyncio.sleep(0.01)
    await outbox.join()
    assert len(stub.calls) == 1
    assert store.rows[row].sent == 1
