"""Fixtures of the operations tests: a fake Telegram, and bot processes that are killed
at the end whatever happened."""

from __future__ import annotations

import time
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from pathlib import Path

import pytest

from tests.fakeapi import FakeTelegram
from tests.ops.process import BotProcess

Spawn = Callable[..., Awaitable[BotProcess]]


@pytest.fixture
async def fake() -> AsyncIterator[FakeTelegram]:
    async with FakeTelegram(clock=time.time) as server:
        yield server


@pytest.fixture
async def spawn(tmp_path: Path) -> AsyncIterator[Spawn]:
    started: list[BotProcess] = []

    async def start(
        env: dict[str, str], argv: Sequence[str] | None = None, *, cwd: Path | None = None
    ) -> BotProcess:
        if argv is None:
            process = await BotProcess.start(tmp_path, env, cwd=cwd)
        else:
            process = await BotProcess.start(tmp_path, env, argv, cwd=cwd)
        started.append(process)
        return process

    yield start
    for process in started:
        await process.kill()
