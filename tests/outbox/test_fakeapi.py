"""End to end: a real aiogram Bot talking HTTP to the fake Bot API server."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from aiogram import Bot
from aiogram.client.default import DefaultBotProperties
from aiogram.enums import ParseMode
from aiogram.exceptions import TelegramBadRequest
from aiogram.types import InlineKeyboardButton, InlineKeyboardMarkup

from bot.outbox import Limits, Outbox, Rate
from bot.outbox.lean import LeanCalls, MessageRef
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


def _keyboard(label: str) -> InlineKeyboardMarkup:
    return InlineKeyboardMarkup(
        inline_keyboard=[[InlineKeyboardButton(text=label, callback_data=f"x:{label}")]]
    )


async def test_lean_calls_answer_with_the_message_id_and_keep_aiograms_errors(
    fake: FakeTelegram,
) -> None:
    """bot.outbox.lean: aiogram's requests and errors, answered with the message id alone."""
    alice = fake.add_user("Alice")
    # The bot's own default: the lean methods must keep taking it from there.
    bot = fake.create_bot(default=DefaultBotProperties(parse_mode=ParseMode.HTML))
    calls = LeanCalls(bot)
    sent = await calls.send_message(alice.id, "<b>cards</b>", reply_markup=_keyboard("7♠"))
    assert type(sent) is MessageRef  # no Message, nor a model per button, was built
    shown = fake.message(alice, sent.message_id)
    # Sent as HTML: the fake shows the text without its tags.
    assert shown.text == "cards"
    assert shown.callback_data() == ["x:7♠"]

    edited = await calls.edit_message_text(
        "trick", chat_id=alice.id, message_id=sent.message_id, reply_markup=_keyboard("8♠")
    )
    assert edited == MessageRef(message_id=sent.message_id)
    assert fake.message(alice, sent.message_id).callback_data() == ["x:8♠"]
    with pytest.raises(TelegramBadRequest, match="not modified"):
        await calls.edit_message_text(
            "trick", chat_id=alice.id, message_id=sent.message_id, reply_markup=_keyboard("8♠")
        )

    assert await calls.delete_message(alice.id, sent.message_id) is True
    with pytest.raises(TelegramBadRequest):
        await calls.delete_message(alice.id, sent.message_id)
    await bot.session.close()


async def test_the_outbox_delivers_a_slot_through_lean_calls(fake: FakeTelegram, bot: Bot) -> None:
    alice = fake.add_user("Alice")
    outbox = Outbox(LeanCalls(bot), limits=Limits.unlimited())
    await outbox.start()
    outbox.put_slot(alice.id, "hand:1", "first", _keyboard("A"))
    await outbox.join()
    outbox.put_slot(alice.id, "hand:1", "second", _keyboard("B"))
    await outbox.join()
    await outbox.stop()
    (message,) = fake.messages(alice)
    assert (message.text, message.callback_data()) == ("second", ["x:B"])
    assert [call.method for call in fake.calls(chat_id=alice.id)] == [
        "sendMessage",
        "editMessageText",
    ]
