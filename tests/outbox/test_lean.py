"""The outbox's calls through aiogram with lean answers (bot.outbox.lean), over HTTP to
the fake Bot API: the same requests and errors as aiogram's own methods, answered with
the message id alone."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from aiogram import Bot
from aiogram.client.default import DefaultBotProperties
from aiogram.enums import ParseMode
from aiogram.exceptions import TelegramBadRequest
from aiogram.types import InlineKeyboardButton, InlineKeyboardMarkup

from bot.outbox import Limits, Outbox
from bot.outbox.lean import LeanCalls, MessageRef
from tests.fakeapi import FakeTelegram


@pytest.fixture
async def fake() -> AsyncIterator[FakeTelegram]:
    async with FakeTelegram() as server:
        yield server


@pytest.fixture
async def bot(fake: FakeTelegram) -> AsyncIterator[Bot]:
    # The bot's own default: the lean methods must keep taking it from there.
    bot = fake.create_bot(default=DefaultBotProperties(parse_mode=ParseMode.HTML))
    yield bot
    await bot.session.close()


def _keyboard(label: str) -> InlineKeyboardMarkup:
    return InlineKeyboardMarkup(
        inline_keyboard=[[InlineKeyboardButton(text=label, callback_data=f"x:{label}")]]
    )


async def test_calls_answer_with_the_message_id_and_keep_aiograms_errors(
    fake: FakeTelegram, bot: Bot
) -> None:
    alice = fake.add_user("Alice")
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


async def test_the_outbox_delivers_a_slot_through_them(fake: FakeTelegram, bot: Bot) -> None:
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
