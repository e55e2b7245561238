"""An update taken over by another process while this one still handles it: whichever
commits second finds it done, and gives way without an error (its press was answered by
the process that applied it)."""

from __future__ import annotations

import asyncio
import contextvars
import logging

import pytest
from aiogram.filters import Command
from aiogram.types import Message, Update
from sqlalchemy import false, update

from bot.app import BotApp
from bot.db import utcnow
from bot.db.models import InboxUpdate
from tests.fakeapi import FakeTelegram


async def test_a_handling_that_another_process_finished_first_gives_way_quietly(
    fake: FakeTelegram, app: BotApp, caplog: pytest.LogCaptureFixture
) -> None:
    outcome: list[str] = []

    async def overtaken(message: Message, event_update: Update) -> None:
        async def other_process_applies_it() -> None:
            async with app.context.sessionmaker.begin() as other:
                await other.execute(
                    update(InboxUpdate)
                    .where(InboxUpdate.update_id == event_update.update_id)
                    .values(done_at=utcnow())
                )
            outcome.append("marked")

        # Not part of this handling: a task of its own, in a context of its own.
        await asyncio.create_task(other_process_applies_it(), context=contextvars.Context())
        # This process's own write comes second.
        async with app.context.sessionmaker.begin() as session:
            await session.execute(update(InboxUpdate).where(false()).values(attempts=0))
        outcome.append("committed")

    app.dispatcher.message.register(overtaken, Command("race"))
    carol = fake.add_user("Carol")
    lounge = fake.add_group("Lounge", members=[carol])
    running = asyncio.create_task(app.run_polling())
    with caplog.at_level(logging.INFO):
        carol.send(lounge, "/race")
        await fake.wait_for(lambda: outcome or None, timeout=10)
        await fake.wait_idle(quiet=0.3)
        app.request_stop()
        await asyncio.wait_for(running, 10)

    assert outcome == ["marked"], "the second commit went through"
    assert "was applied before; not again" in caplog.text
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR] == []
