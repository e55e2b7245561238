"""Fixtures of the operations tests: a fake Telegram, and bot processes that are killed
at the end whatever happened."""

from __future__ import annotations

import time
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from pathlib import Path

import pytest
from pydantic import SecretStr

from bot.app import BotApp, build_app
from bot.config import Settings
from tests.e2e.harness import UNLIMITED
from tests.e2e.process import Zygote
from tests.fakeapi import FakeTelegram
from tests.ops.process import BotProcess, ForkedProcess, Process

Spawn = Callable[..., Awaitable[Process]]


@pytest.fixture
async def fake() -> AsyncIterator[FakeTelegram]:
    async with FakeTelegram(clock=time.time) as server:
        yield server


@pytest.fixture
async def spawn(tmp_path: Path, request: pytest.FixtureRequest) -> AsyncIterator[Spawn]:
    """``spawn(env)``: ``python -m bot`` forked by the zygote; ``spawn(env, argv)``: that
    command in a new interpreter."""
    started: list[Process] = []

    async def start(
        env: dict[str, str], argv: Sequence[str] | None = None, *, cwd: Path | None = None
    ) -> Process:
        process: Process
        if argv is None:
            zygote: Zygote = request.getfixturevalue("zygote")
            process = await ForkedProcess.start(zygote, tmp_path, env, cwd=cwd)
        else:
            process = await BotProcess.start(tmp_path, env, argv, cwd=cwd)
        started.append(process)
        return process

    yield start
    for process in started:
        await process.kill()


@pytest.fixture
async def app(fake: FakeTelegram, tmp_path: Path) -> BotApp:
    """The bot built in this process, polling mode, not started."""
    settings = Settings(
        bot_token=SecretStr(fake.token),
        telegram_api_base=fake.base_url,
        database_url=f"sqlite+aiosqlite:///{tmp_path / 'bot.sqlite3'}",
        webhook_url=None,
    )
    return await build_app(settings, computer_pause=0.0, ai_processes=0, outbox_limits=UNLIMITED)
