"""Fixtures of the end-to-end tests: a fake Telegram, a database file, bot processes."""

from __future__ import annotations

import os
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

from tests.db.conftest import BACKENDS, PG_URL_VARIABLE
from tests.e2e.harness import RunningBot, fresh_database, sqlite_url
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


@pytest.fixture(params=BACKENDS)
async def process_db_url(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[str]:
    """A database for bot processes: a SQLite file, or a fresh PostgreSQL database."""
    server = None if request.param == "sqlite" else os.environ[PG_URL_VARIABLE]
    async with fresh_database(server, tmp_path, prefix="e2e") as url:
        yield url
