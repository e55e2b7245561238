"""Knowing when no update is being handled, so that a stop lets handlers finish before
the outbox and the database close under them."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Iterator
from typing import Any

from aiogram import Bot, Dispatcher
from aiogram.types import Update

__all__ = ["InFlight", "TrackingDispatcher"]


class InFlight:
    def __init__(self) -> None:
        self._count = 0
        self._idle = asyncio.Event()
        self._idle.set()

    @property
    def count(self) -> int:
        return self._count

    @contextlib.contextmanager
    def track(self) -> Iterator[None]:
        self._count += 1
        self._idle.clear()
        try:
            yield
        finally:
            self._count -= 1
            if self._count == 0:
                self._idle.set()

    async def wait_idle(self) -> None:
        # Intakes hand an update to a task of its own: one created just before the stop
        # has not run yet, so let it enter ``track`` before looking.
        await asyncio.sleep(0)
        await self._idle.wait()


class TrackingDispatcher(Dispatcher):
    """A Dispatcher that counts the updates it is handling. ``feed_update`` is where every
    intake meets (aiogram's polling and webhook handlers, or a polling loop of our own), and
    it is outside aiogram's error handler, so an update that failed counts until the user
    has been answered."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.in_flight = InFlight()

    async def feed_update(self, bot: Bot, update: Update, **kwargs: Any) -> Any:
        with self.in_flight.track():
            return await super().feed_update(bot, update, **kwargs)
