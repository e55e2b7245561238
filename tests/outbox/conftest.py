from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from typing import Any

import pytest

from bot.outbox import Limits, Outbox

from .stub import Sleeps, StubBot

OutboxFactory = Callable[..., Outbox]


@pytest.fixture
def stub() -> StubBot:
    return StubBot()


@pytest.fixture
def sleeps() -> Sleeps:
    return Sleeps()


@pytest.fixture
async def make_outbox(stub: StubBot, sleeps: Sleeps) -> AsyncIterator[OutboxFactory]:
    """Outboxes over the stub, unlimited and with the recording sleep unless told; all are
    stopped afterwards, and no task may be left behind."""
    made: list[Outbox] = []

    def make(**kwargs: Any) -> Outbox:
        kwargs.setdefault("limits", Limits.unlimited())
        kwargs.setdefault("sleep", sleeps)
        kwargs.setdefault("stop_grace", 1.0)
        outbox = Outbox(kwargs.pop("bot", stub), **kwargs)
        made.append(outbox)
        return outbox

    yield make
    if stub.hold is not None:
        stub.hold.set()
    if sleeps.gate is not None:
        sleeps.gate.set()
    for outbox in made:
        await outbox.stop(drain=False)
    current = asyncio.current_task()
    assert {t for t in asyncio.all_tasks() if t is not current} == set()


class Recorder:
    """Collects callback invocations."""

    def __init__(self) -> None:
        self.forbidden: list[int] = []
        self.migrated: list[tuple[int, int]] = []
        self.slot_messages: list[tuple[int, str, int]] = []

    async def on_forbidden(self, chat_id: int) -> None:
        self.forbidden.append(chat_id)

    async def on_migrated(self, old: int, new: int) -> None:
        self.migrated.append((old, new))

    async def on_slot_message(self, chat_id: int, slot: str, message_id: int) -> None:
        self.slot_messages.append((chat_id, slot, message_id))

    def callbacks(self) -> dict[str, Any]:
        return {
            "on_forbidden": self.on_forbidden,
            "on_migrated": self.on_migrated,
            "on_slot_message": self.on_slot_message,
        }


@pytest.fixture
def recorder() -> Recorder:
    return Recorder()
