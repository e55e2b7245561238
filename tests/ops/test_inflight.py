"""A stop takes no more updates but lets the handlers already running finish (for a
bounded time) before the outbox, the bot's session and the database close under them."""

from __future__ import annotations

import asyncio
import logging

import pytest
from aiogram.filters import Command
from aiogram.types import Message

from bot.app import BotApp
from bot.services.context import AppContext
from tests.fakeapi import FakeTelegram
from tests.ops.process import sends


class SlowCommand:
    """/slow: a handler that waits for the test before it answers."""

    def __init__(self) -> None:
        self.entered = asyncio.Event()
        self.release = asyncio.Event()
        self.finished = False

    async def handle(self, message: Message, app: AppContext) -> None:
        self.entered.set()
        await self.release.wait()
        app.outbox.send(message.chat.id, "finished")
        self.finished = True


async def test_stop_waits_for_a_running_handler_and_takes_no_new_update(
    fake: FakeTelegram, app: BotApp
) -> None:
    slow = SlowCommand()
    app.dispatcher.message.register(slow.handle, Command("slow"))
    carol = fake.add_user("Carol")
    lounge = fake.add_group("Lounge", members=[carol])
    running = asyncio.create_task(app.run_polling())
    carol.send(lounge, "/slow")
    await asyncio.wait_for(slow.entered.wait(), 10)

    app.request_stop()
    # Nothing closes while the handler runs: the stop is still waiting a while later.
    done, _ = await asyncio.wait({running}, timeout=0.3)
    assert not done
    late = carol.send(lounge, "/help")
    slow.release.set()
    await asyncio.wait_for(running, 10)

    assert slow.finished
    assert len(sends(fake, lounge, "finished", ok=True)) == 1
    # The update that came after the stop was not taken: Telegram keeps it for the next run.
    assert [u["message"]["message_id"] for u in fake.pending_updates()] == [late["message_id"]]
    assert len(fake.calls("sendMessage", lounge)) == 1


async def test_a_handler_that_does_not_finish_holds_the_stop_only_so_long(
    fake: FakeTelegram, app: BotApp, caplog: pytest.LogCaptureFixture
) -> None:
    slow = SlowCommand()
    app.dispatcher.message.register(slow.handle, Command("slow"))
    app.handlers_grace = 0.2
    carol = fake.add_user("Carol")
    lounge = fake.add_group("Lounge", members=[carol])
    running = asyncio.create_task(app.run_polling())
    carol.send(lounge, "/slow")
    await asyncio.wait_for(slow.entered.wait(), 10)
    with caplog.at_level(logging.WARNING, logger="bot.intake.inbox"):
        app.request_stop()
        await asyncio.wait_for(running, 5)
    assert "stopping with 1 updates still being handled" in caplog.text
    slow.release.set()  # let aiogram's task end; its message comes too late to be sent
    await asyncio.sleep(0)
    assert fake.calls("sendMessage", lounge) == []
