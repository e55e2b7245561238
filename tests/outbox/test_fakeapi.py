"""End to end: a real aiogram Bot talking HTTP to the fake Bot API server."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from aiogram import Bot

from bot.outbox import Limits, Outbox, Rate
from tests.fakeapi import FakeTelegram, FloodLimits

from .conftest import Recorder

COUNTED = frozenset({"sendMessage", "editMessageText"})


@pytest.fixture
async def fake() -> AsyncIterator[FakeTelegram]:
    async with FakeTelegram() as server:
        yield server


@pytest.fixture
async def bot(fake: FakeTelegram) -> AsyncIterator[Bot]:
    bot = fake.create_bot()
    yield bot
    await bot.session.close()


async def test_paced_outbox_stays_under_the_group_flood_limit(fake: FakeTelegram, bot: Bot) -> None:
    fake.limits = FloodLimits(group_messages=5, group_window=0.5, counted_methods=COUNTED)
    group = fake.add_group("Table", members=[fake.add_user("Alice")])
    # One under the server's limit, as the defaults are under Telegram's.
    limits = Limits(per_chat=None, per_group=Rate.window(4, 0.5, burst=2), overall=None)
    outbox = Outbox(bot, limits=limits)
    await outbox.start()
    outbox.put_slot(group.id, "table:1", "trick 0")
    await outbox.join()
    for i in range(1, 5):
        outbox.send(group.id, f"notice {i}")
        outbox.put_slot(group.id, "table:1", f"trick {i}")
        await outbox.join()
    await outbox.stop()
    calls = fake.calls(chat_id=group.id)
    assert len(calls) == 9
    assert all(call.ok for call in calls), calls
    assert [m.text for m in fake.messages(group)] == [
        "trick 4",
        "notice 1",
        "notice 2",
        "notice 3",
        "notice 4",
    ]


async def test_unpaced_outbox_waits_out_the_servers_429(fake: FakeTelegram, bot: Bot) -> None:
    fake.limits = FloodLimits(group_messages=3, group_window=1.0, counted_methods=COUNTED)
    group = fake.add_group("Table", members=[fake.add_user("Alice")])
    outbox = Outbox(bot, limits=Limits.unlimited())
    await outbox.start()
    for i in range(5):
        outbox.send(group.id, f"m{i}")
    await outbox.join()
    await outbox.stop()
    assert [m.text for m in fake.messages(group)] == [f"m{i}" for i in range(5)]
    assert any(c.error is not None and c.error.error_code == 429 for c in fake.calls())
    assert outbox.metrics.events["retry_after"] >= 1


async def test_unreachable_user_and_upgraded_group(
    fake: FakeTelegram, bot: Bot, recorder: Recorder
) -> None:
    alice = fake.add_user("Alice")
    stranger = fake.add_user("Stranger", started=False)
    basic = fake.add_group("Table", members=[alice, stranger])
    outbox = Outbox(bot, limits=Limits.unlimited(), **recorder.callbacks())
    await outbox.start()
    outbox.put_slot(basic.id, "table:1", "lobby")
    outbox.put_slot(stranger.id, "hand:1", "your cards")
    outbox.send(stranger.id, "your turn")
    outbox.put_slot(alice.id, "hand:1", "your cards")
    await outbox.join()
    assert recorder.forbidden == [stranger.id]
    assert len(fake.calls(chat_id=stranger.id)) == 1
    assert [m.text for m in alice.private_messages()] == ["your cards"]

    upgraded = basic.migrate_to_supergroup()
    outbox.put_slot(basic.id, "table:1", "game started")
    outbox.send(basic.id, "first hand dealt")
    await outbox.join()
    await outbox.stop()
    assert recorder.migrated == [(basic.id, upgraded.id)]
    bot_texts = [m.text for m in fake.messages(upgraded) if m.from_bot]
    assert bot_texts == ["game started", "first hand dealt"]
    table_id = outbox.message_id(upgraded.id, "table:1")
    assert recorder.slot_messages[-1] == (upgraded.id, "table:1", table_id)
    assert fake.message(upgraded, table_id or 0).text == "game started"
