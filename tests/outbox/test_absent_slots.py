"""Slots whose wanted state is "no message" (the "your turn" ping once its player acted):
the outbox deletes the message, once, and a message already gone is no error."""

from __future__ import annotations

import asyncio

from .conftest import OutboxFactory
from .stub import MemoryStore, StubBot, wait_until

USER = 7
PING = "ping:1"


async def _ping_shown(make_outbox: OutboxFactory, stub: StubBot, store: MemoryStore) -> int:
    outbox = make_outbox(store=store, poll_interval=None)
    await outbox.start()
    outbox.accept([store.put_slot(USER, PING, "your turn", new=True)])
    await outbox.join()
    message_id = store.slots[(USER, PING)].message_id
    assert message_id is not None
    assert stub.texts(USER) == ["your turn"]
    outbox.accept([store.put_slot(USER, PING, "", absent=True)])
    await outbox.join()
    return message_id


async def test_an_absent_state_deletes_the_message(
    make_outbox: OutboxFactory, stub: StubBot
) -> None:
    store = MemoryStore()
    await _ping_shown(make_outbox, stub, store)
    assert stub.texts(USER) == []
    assert [c.method for c in stub.ok_calls(USER)] == ["sendMessage", "deleteMessage"]
    slot = store.slots[(USER, PING)]
    assert (slot.sent_rev, slot.message_id) == (2, None), "recorded as gone"


async def test_a_message_already_deleted_is_fine(make_outbox: OutboxFactory, stub: StubBot) -> None:
    store = MemoryStore()
    outbox = make_outbox(store=store, poll_interval=None)
    await outbox.start()
    outbox.accept([store.put_slot(USER, PING, "your turn", new=True)])
    await outbox.join()
    stub.messages[USER].clear()  # the player deleted it
    outbox.accept([store.put_slot(USER, PING, "", absent=True)])
    await outbox.join()
    assert [c.outcome for c in stub.calls if c.method == "deleteMessage"] == ["not found"]
    assert store.slots[(USER, PING)].sent_rev == 2
    # The next ping is a new message again.
    outbox.accept([store.put_slot(USER, PING, "your turn again", new=True)])
    await outbox.join()
    assert stub.texts(USER) == ["your turn again"]


async def test_a_ping_gone_before_it_was_sent_costs_no_call(
    make_outbox: OutboxFactory, stub: StubBot
) -> None:
    store = MemoryStore()
    outbox = make_outbox(store=store, poll_interval=None)
    await outbox.start()
    stub.hold = asyncio.Event()
    outbox.accept([store.put_slot(USER, "hand:1", "cards", new=True)])
    await wait_until(lambda: stub.calls)
    # While the hand is on its way, the ping is wanted and then not wanted any more.
    outbox.accept([store.put_slot(USER, PING, "your turn", new=True)])
    outbox.accept([store.put_slot(USER, PING, "", absent=True)])
    stub.hold.set()
    await outbox.join()
    assert [c.text for c in stub.calls] == ["cards"]
    assert store.slots[(USER, PING)].sent_rev == 2


async def test_a_restart_deletes_what_the_last_run_did_not(
    make_outbox: OutboxFactory, stub: StubBot
) -> None:
    store = MemoryStore()
    first = make_outbox(store=store, poll_interval=None)
    await first.start()
    first.accept([store.put_slot(USER, PING, "your turn", new=True)])
    await first.join()
    await first.stop()
    # Stored after that run stopped: the next run finds it and deletes the message once.
    store.put_slot(USER, PING, "", absent=True)
    second = make_outbox(store=store, poll_interval=None)
    await second.start()
    await second.join()
    assert stub.texts(USER) == []
    assert len(stub.ok_calls(USER, "deleteMessage")) == 1
    assert await second.load_durable() == 0
    await second.join()
    assert len(stub.ok_calls(USER, "deleteMessage")) == 1
