"""The outbox's behaviour against a stub Bot: coalescing, order, slots, errors, pacing."""

from __future__ import annotations

import asyncio
import logging

import pytest
from aiogram.exceptions import TelegramForbiddenError, TelegramNetworkError
from aiogram.methods import SendMessage
from aiogram.types import InlineKeyboardButton, InlineKeyboardMarkup

from bot.outbox import Limits, OutboxStopped, Rate
from bot.outbox.errors import describe

from .conftest import OutboxFactory, Recorder
from .stub import (
    MemoryStore,
    Sleeps,
    StubBot,
    bad_request,
    network_error,
    retry_after,
    server_error,
    wait_until,
)

GROUP = -100
USER = 7
TABLE = "table:1"


def _keyboard(label: str) -> InlineKeyboardMarkup:
    return InlineKeyboardMarkup(
        inline_keyboard=[[InlineKeyboardButton(text=label, callback_data=label)]]
    )


# -- coalescing and slots ------------------------------------------------------------------


async def test_quick_puts_to_a_slot_coalesce_into_one_call(
    make_outbox: OutboxFactory, stub: StubBot
) -> None:
    outbox = make_outbox()
    await outbox.start()
    for i in range(10):
        outbox.put_slot(GROUP, TABLE, f"state {i}", _keyboard(f"k{i}"))
    await outbox.join()
    assert [c.text for c in stub.calls] == ["state 9"]
    assert outbox.metrics.events["coalesced"] == 9


async def test_puts_during_a_call_coalesce_into_one_more_edit(
    make_outbox: OutboxFactory, stub: StubBot
) -> None:
    outbox = make_outbox()
    await outbox.start()
    outbox.put_slot(GROUP, TABLE, "state 0")
    await outbox.join()
    stub.hold = asyncio.Event()
    stub.entered.clear()
    outbox.put_slot(GROUP, TABLE, "state 1")
    await wait_until(stub.entered.is_set)
    for i in range(2, 11):
        outbox.put_slot(GROUP, TABLE, f"state {i}")
    stub.hold.set()
    await outbox.join()
    edits = [c.text for c in stub.ok_calls(GROUP, "editMessageText")]
    assert edits == ["state 1", "state 10"]
    assert stub.texts(GROUP) == ["state 10"]
    assert outbox.metrics.calls_to(GROUP, "editMessageText") == 2


async def test_new_message_repoints_the_slot_after_pending_edits_of_the_old_one(
    make_outbox: OutboxFactory, stub: StubBot, recorder: Recorder
) -> None:
    outbox = make_outbox(**recorder.callbacks())
    await outbox.start()
    outbox.put_slot(GROUP, TABLE, "hand 1, trick 1")
    await outbox.join()
    outbox.put_slot(GROUP, TABLE, "hand 1, trick 2")
    outbox.put_slot(GROUP, TABLE, "hand 1, final")
    outbox.put_slot(GROUP, TABLE, "hand 2, bidding", new=True)
    outbox.put_slot(GROUP, TABLE, "hand 2, trick 1")
    await outbox.join()
    assert [(c.method, c.message_id, c.text) for c in stub.calls[1:]] == [
        ("editMessageText", 1, "hand 1, final"),
        ("sendMessage", 2, "hand 2, trick 1"),
    ]
    assert recorder.slot_messages == [(GROUP, TABLE, 1), (GROUP, TABLE, 2)]
    assert outbox.message_id(GROUP, TABLE) == 2
    outbox.put_slot(GROUP, TABLE, "hand 2, trick 2")
    await outbox.join()
    assert (stub.calls[-1].method, stub.calls[-1].message_id) == ("editMessageText", 2)
    assert stub.texts(GROUP) == ["hand 1, final", "hand 2, trick 2"]


async def test_unchanged_content_is_not_sent_again(
    make_outbox: OutboxFactory, stub: StubBot
) -> None:
    outbox = make_outbox()
    await outbox.start()
    outbox.put_slot(USER, "hand:1", "cards", _keyboard("7♠"))
    await outbox.join()
    outbox.put_slot(USER, "hand:1", "cards", _keyboard("7♠"))
    await outbox.join()
    assert len(stub.calls) == 1
    assert outbox.metrics.events["skipped_unchanged"] == 1
    # A different keyboard is a change.
    outbox.put_slot(USER, "hand:1", "cards", _keyboard("8♠"))
    await outbox.join()
    assert len(stub.calls) == 2


async def test_not_modified_after_a_restart_counts_as_delivered(
    make_outbox: OutboxFactory, stub: StubBot
) -> None:
    stub.messages[GROUP] = {5: ("table", None)}
    outbox = make_outbox()
    outbox.remember(GROUP, TABLE, 5)
    await outbox.start()
    outbox.put_slot(GROUP, TABLE, "table")
    await outbox.join()
    assert [c.outcome for c in stub.calls] == ["not modified"]
    assert outbox.metrics.events["not_modified"] == 1
    outbox.put_slot(GROUP, TABLE, "table")
    await outbox.join()
    assert len(stub.calls) == 1  # now known to be delivered: skipped
    assert stub.texts(GROUP) == ["table"]


async def test_edit_of_a_vanished_message_sends_a_new_one(
    make_outbox: OutboxFactory, stub: StubBot, recorder: Recorder
) -> None:
    outbox = make_outbox(**recorder.callbacks())
    outbox.remember(GROUP, TABLE, 99)
    await outbox.start()
    outbox.put_slot(GROUP, TABLE, "table")
    await outbox.join()
    assert [(c.method, c.outcome) for c in stub.calls] == [
        ("editMessageText", "not found"),
        ("sendMessage", "ok"),
    ]
    assert recorder.slot_messages == [(GROUP, TABLE, 1)]
    assert outbox.message_id(GROUP, TABLE) == 1


# -- order and independence ------------------------------------------------------------


async def test_a_chat_gets_its_operations_in_the_order_they_were_queued(
    make_outbox: OutboxFactory, stub: StubBot
) -> None:
    store = MemoryStore()
    outbox = make_outbox(store=store)
    await outbox.start()
    outbox.put_slot(GROUP, TABLE, "table v1")
    outbox.send(GROUP, "reminder")
    row = store.add(GROUP, "hand result")
    outbox.put_durable(row, GROUP, "hand result")
    outbox.send(GROUP, "notice")
    outbox.put_slot(GROUP, TABLE, "table v2")  # coalesced: keeps the first place
    message = await outbox.send_now(GROUP, "checked")
    await outbox.join()
    assert [c.text for c in stub.calls] == [
        "table v2",
        "reminder",
        "hand result",
        "notice",
        "checked",
    ]
    assert message.message_id == 5
    assert store.rows[row].sent == 1


async def test_a_chat_waiting_out_a_429_does_not_hold_up_other_chats(
    make_outbox: OutboxFactory, stub: StubBot, sleeps: Sleeps
) -> None:
    sleeps.gate = asyncio.Event()
    stub.fail(retry_after(30), chat_id=GROUP)
    outbox = make_outbox()
    await outbox.start()
    outbox.send(GROUP, "group 1")
    outbox.send(GROUP, "group 2")
    for i in range(3):
        outbox.send(USER + i, "private")
    await wait_until(lambda: len(stub.ok_calls()) == 3)
    assert sleeps.waited == [30]
    assert stub.ok_calls(GROUP) == []
    sleeps.gate.set()
    await outbox.join()
    assert [c.text for c in stub.ok_calls(GROUP)] == ["group 1", "group 2"]


# -- Telegram's errors -----------------------------------------------------------------


async def test_429_waits_retry_after_and_retries_the_same_call(
    make_outbox: OutboxFactory, stub: StubBot, sleeps: Sleeps
) -> None:
    stub.fail(retry_after(3), method="sendMessage", chat_id=GROUP)
    outbox = make_outbox()
    await outbox.start()
    outbox.send(GROUP, "a")
    outbox.send(GROUP, "b")
    await outbox.join()
    assert sleeps.waited == [3]
    assert [(c.text, c.outcome) for c in stub.calls] == [
        ("a", "TelegramRetryAfter"),
        ("a", "ok"),
        ("b", "ok"),
    ]


async def test_an_edit_waiting_to_be_retried_takes_the_latest_content(
    make_outbox: OutboxFactory, stub: StubBot, sleeps: Sleeps
) -> None:
    outbox = make_outbox()
    await outbox.start()
    outbox.put_slot(GROUP, TABLE, "v0")
    await outbox.join()
    sleeps.gate = asyncio.Event()
    stub.fail(retry_after(2), method="editMessageText")
    outbox.put_slot(GROUP, TABLE, "v1")
    await wait_until(lambda: sleeps.waited)
    outbox.put_slot(GROUP, TABLE, "v2")
    outbox.put_slot(GROUP, TABLE, "v3")
    sleeps.gate.set()
    await outbox.join()
    assert [(c.text, c.outcome) for c in stub.calls[1:]] == [
        ("v1", "TelegramRetryAfter"),
        ("v3", "ok"),
    ]


async def test_403_calls_on_forbidden_once_and_drops_the_chats_queue(
    make_outbox: OutboxFactory, stub: StubBot, recorder: Recorder
) -> None:
    stub.forbidden.add(USER)
    outbox = make_outbox(**recorder.callbacks())
    await outbox.start()
    outbox.send(USER, "welcome")
    outbox.put_slot(USER, "hand:1", "cards")
    outbox.send(USER, "your turn")
    outbox.send(USER + 1, "other player")
    await outbox.join()
    assert recorder.forbidden == [USER]
    assert [c.text for c in stub.calls if c.chat_id == USER] == ["welcome"]
    assert [c.text for c in stub.ok_calls(USER + 1)] == ["other player"]
    # Still blocked: tried again, but the bot was already told.
    outbox.send(USER, "again")
    await outbox.join()
    assert recorder.forbidden == [USER]
    # Unblocked, then blocked again: a new episode.
    stub.forbidden.clear()
    outbox.send(USER, "back")
    await outbox.join()
    stub.forbidden.add(USER)
    outbox.send(USER, "gone again")
    await outbox.join()
    assert recorder.forbidden == [USER, USER]


async def test_a_group_that_kicked_the_bot_is_not_reported_as_a_user(
    make_outbox: OutboxFactory, stub: StubBot, recorder: Recorder
) -> None:
    stub.forbidden.add(GROUP)
    outbox = make_outbox(**recorder.callbacks())
    await outbox.start()
    outbox.send(GROUP, "a")
    outbox.send(GROUP, "b")
    await outbox.join()
    assert recorder.forbidden == []
    assert len(stub.calls) == 1


async def test_a_rejected_message_is_dropped_alone(
    make_outbox: OutboxFactory, stub: StubBot
) -> None:
    stub.fail(bad_request("can't parse entities: unclosed tag"), chat_id=GROUP)
    outbox = make_outbox()
    await outbox.start()
    outbox.send(GROUP, "<b>broken")
    outbox.send(GROUP, "fine")
    await outbox.join()
    assert [(c.text, c.outcome) for c in stub.calls] == [
        ("<b>broken", "TelegramBadRequest"),
        ("fine", "ok"),
    ]


async def test_network_errors_back_off_and_plain_sends_give_up(
    make_outbox: OutboxFactory, stub: StubBot, sleeps: Sleeps
) -> None:
    stub.fail(server_error(), chat_id=USER, times=5)
    outbox = make_outbox()
    await outbox.start()
    outbox.send(USER, "lost")
    outbox.send(USER, "next")
    await outbox.join()
    assert sleeps.waited == [0.5, 1.0, 2.0, 4.0]
    assert [c.text for c in stub.ok_calls()] == ["next"]


async def test_migrated_group_moves_queue_and_slots_to_the_supergroup(
    make_outbox: OutboxFactory, stub: StubBot, recorder: Recorder
) -> None:
    supergroup = -1001
    outbox = make_outbox(**recorder.callbacks())
    await outbox.start()
    outbox.put_slot(GROUP, TABLE, "table v1")
    await outbox.join()
    stub.migrated[GROUP] = supergroup
    outbox.put_slot(GROUP, TABLE, "table v2")
    outbox.send(GROUP, "notice")
    await outbox.join()
    assert recorder.migrated == [(GROUP, supergroup)]
    # Message ids do not carry over to the supergroup: the edit falls back to a new message.
    assert [(c.chat_id, c.method, c.outcome) for c in stub.calls[1:]] == [
        (GROUP, "editMessageText", "TelegramMigrateToChat"),
        (supergroup, "editMessageText", "not found"),
        (supergroup, "sendMessage", "ok"),
        (supergroup, "sendMessage", "ok"),
    ]
    assert stub.texts(supergroup) == ["table v2", "notice"]
    assert recorder.slot_messages[-1] == (supergroup, TABLE, 1)
    # The bot may go on using the old id for a while.
    outbox.send(GROUP, "later")
    await outbox.join()
    assert stub.calls[-1].chat_id == supergroup
    assert outbox.message_id(GROUP, TABLE) == outbox.message_id(supergroup, TABLE) == 1


# -- send_now --------------------------------------------------------------------------


async def test_send_now_returns_the_message_or_raises_the_error(
    make_outbox: OutboxFactory, stub: StubBot, recorder: Recorder
) -> None:
    outbox = make_outbox(**recorder.callbacks())
    with pytest.raises(OutboxStopped):
        await outbox.send_now(USER, "too early")
    await outbox.start()
    message = await outbox.send_now(USER, "hello")
    assert message.message_id == 1
    assert stub.texts(USER) == ["hello"]
    stub.forbidden.add(USER + 1)
    with pytest.raises(TelegramForbiddenError):
        await outbox.send_now(USER + 1, "can I write to you?")
    # The caller handles it: no on_forbidden.
    assert recorder.forbidden == []
    stub.fail(network_error(), chat_id=USER)
    with pytest.raises(TelegramNetworkError):
        await outbox.send_now(USER, "flaky")


# -- pacing ----------------------------------------------------------------------------


async def test_each_chat_is_paced_on_its_own(make_outbox: OutboxFactory, stub: StubBot) -> None:
    outbox = make_outbox(limits=Limits(per_chat=Rate(1, 0.05), per_group=None, overall=None))
    await outbox.start()
    for i in range(5):
        outbox.send(1, f"a{i}")
        outbox.send(2, f"b{i}")
    await outbox.join()
    for chat in (1, 2):
        calls = stub.ok_calls(chat)
        assert [c.text[1:] for c in calls] == ["0", "1", "2", "3", "4"]
        times = [c.at for c in calls]
        # One per 50 ms: five take 200 ms at least, and no burst (two in a window is one
        # call on time after one that a busy machine recorded late).
        assert times[-1] - times[0] >= 0.9 * 4 * 0.05
        assert max(sum(1 for t in times if s <= t < s + 0.05) for s in times) <= 2
    # The two chats went in parallel, not one after the other.
    assert stub.ok_calls(2)[0].at < stub.ok_calls(1)[-1].at


async def test_group_limit_counts_edits_and_holds_in_any_window(
    make_outbox: OutboxFactory, stub: StubBot
) -> None:
    limits = Limits(per_chat=None, per_group=Rate.window(3, 0.3, burst=1), overall=None)
    outbox = make_outbox(limits=limits)
    # Four slots with a message each, so that their edits do not coalesce.
    stub.messages[GROUP] = {i: ("old", None) for i in range(1, 5)}
    for i in range(1, 5):
        outbox.remember(GROUP, f"table:{i}", i)
    await outbox.start()
    for i in range(1, 5):
        outbox.send(GROUP, f"n{i}")
        outbox.put_slot(GROUP, f"table:{i}", f"t{i}")
    await outbox.join()
    times = [c.at for c in stub.calls]
    assert len(times) == 8
    assert {c.method for c in stub.calls} == {"sendMessage", "editMessageText"}
    assert max(sum(1 for t in times if s <= t < s + 0.27) for s in times) <= 3


async def test_overall_limit_spans_chats(make_outbox: OutboxFactory, stub: StubBot) -> None:
    outbox = make_outbox(limits=Limits(per_chat=None, per_group=None, overall=Rate(1, 0.03)))
    await outbox.start()
    for chat in (1, 2, 3):
        for i in range(3):
            outbox.send(chat, f"{chat}.{i}")
    await outbox.join()
    assert len(stub.calls) == 9
    times = [c.at for c in stub.calls]
    # One call per 30 ms over all chats: nine take 240 ms at least. (Gaps between single
    # calls jitter when the machine is busy; the total and the bursts do not.)
    assert times[-1] - times[0] >= 0.9 * 8 * 0.03
    assert max(sum(1 for t in times if s <= t < s + 0.03) for s in times) <= 2


# -- stopping, logging -----------------------------------------------------------------


async def test_stop_with_drain_delivers_everything_then_refuses(
    make_outbox: OutboxFactory, stub: StubBot
) -> None:
    outbox = make_outbox(limits=Limits(per_chat=Rate(1, 0.01), per_group=None, overall=None))
    await outbox.start()
    for i in range(5):
        outbox.send(GROUP, f"m{i}")
    await outbox.stop(drain=True)
    assert len(stub.ok_calls()) == 5
    outbox.send(GROUP, "after stop")
    await asyncio.sleep(0.01)
    assert len(stub.calls) == 5
    assert outbox.metrics.events["dropped"] == 1


async def test_stop_without_drain_interrupts_waits_and_fails_waiting_callers(
    make_outbox: OutboxFactory, stub: StubBot, sleeps: Sleeps
) -> None:
    sleeps.gate = asyncio.Event()
    stub.fail(retry_after(60), chat_id=USER)
    outbox = make_outbox()
    await outbox.start()
    outbox.send(USER, "stuck")
    caller = asyncio.create_task(outbox.send_now(USER, "waiting"))
    await wait_until(lambda: sleeps.waited)
    async with asyncio.timeout(2):
        await outbox.stop(drain=False)
    with pytest.raises(OutboxStopped):
        await caller


async def test_one_log_line_per_call_without_the_token(
    make_outbox: OutboxFactory, stub: StubBot, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="bot.outbox")
    stub.forbidden.add(USER)
    outbox = make_outbox()
    await outbox.start()
    outbox.put_slot(GROUP, TABLE, "t")
    outbox.send(USER, "x")
    await outbox.join()
    lines = [r.getMessage() for r in caplog.records if r.name == "bot.outbox"]
    call_lines = [line for line in lines if line.startswith(("sendMessage", "editMessageText"))]
    assert len(call_lines) == len(stub.calls) == 2
    assert any(f"chat={GROUP} slot={TABLE}" in line and "ok" in line for line in call_lines)
    assert any("TelegramForbiddenError" in line for line in call_lines)
    token = "123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw"
    error = TelegramNetworkError(
        method=SendMessage(chat_id=1, text="x"),
        message=f"ClientResponseError: https://api.telegram.org/bot{token}/sendMessage",
    )
    assert token not in describe(error)
    assert "<token>" in describe(error)
