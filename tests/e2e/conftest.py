"""Fixtures of the end-to-end tests: a fake Telegram, a database file, bot processes."""

from __future__ import annotations

import time
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.harness import RunningBot, sqlite_url
from tests.fakeapi import FakeTelegram

Launch = Callable[..., Awaitable[RunningBot]]


@pytest.fixture
async def fake() -> AsyncIterator[FakeTelegram]:
    # Wall-clock timestamps, so that message times compare with the database's.
    async with FakeTelegram(clock=time.time) as server:
        yield server


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    return sqlite_url(tmp_path)


@pytest.fixture
async def launch(fake: FakeTelegram, db_url: str) -> AsyncIterator[Launch]:
    """Start a bot process on the test's database; every one is stopped at the end, and
    the test fails if any of them logged an error."""
    bots: list[RunningBot] = []

    async def start(**options: Any) -> RunningBot:
        running = RunningBot(fake, db_url, **options)
        bots.append(running)
        await running.start()
        return running

    yield start
    for running in bots:
        await running.stop()
    errors = [line for running in bots for line in running.errors]
    assert not errors, "the bot logged errors:\n" + "\n\n".join(errors)
