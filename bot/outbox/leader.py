"""Which process delivers the outbox.

Telegram's limits are per bot, so with several processes one of them sends everything:
on PostgreSQL the one holding an advisory lock, on a connection of its own that also
LISTENs for the commits of the other processes (their transactions notify). When that
connection breaks, the lock goes with it and another process takes over. With SQLite
there is one process, which always delivers.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any

from sqlalchemy.ext.asyncio import AsyncEngine

from bot.db.unit import NOTIFY_CHANNEL, notify_sender
from bot.outbox.outbox import Outbox

__all__ = ["LEADER_LOCK_KEY", "Leadership"]

log = logging.getLogger("bot.outbox")

# Any fixed 64-bit number that no other advisory lock of the database uses ("DEBERTZ1").
LEADER_LOCK_KEY = 0x4445424552545A31


class Leadership:
    def __init__(self, engine: AsyncEngine, outbox: Outbox, *, retry: float = 2.0) -> None:
        self._engine = engine
        self._outbox = outbox
        self._retry = retry
        self._task: asyncio.Task[None] | None = None
        self.leading = asyncio.Event()

    @property
    def shared(self) -> bool:
        """Whether several processes can share the database (PostgreSQL)."""
        return self._engine.dialect.name == "postgresql"

    async def start(self) -> None:
        if not self.shared:
            await self._outbox.set_feeding(True)
            self.leading.set()
            return
        self._task = asyncio.create_task(self._run(), name="outbox-leadership")

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None

    async def _run(self) -> None:
        while True:
            try:
                await self._lead()
            except asyncio.CancelledError:
                raise
            except Exception as error:
                log.warning("outbox leadership lost or not reachable: %s", error)
            finally:
                self.leading.clear()
                await self._outbox.set_feeding(False)
            await asyncio.sleep(self._retry)

    async def _lead(self) -> None:
        async with self._engine.connect() as connection:
            raw = await connection.get_raw_connection()
            driver: Any = raw.driver_connection
            try:
                while True:
                    if await driver.fetchval("SELECT pg_try_advisory_lock($1)", _signed()):
                        break
                    await asyncio.sleep(self._retry)
                await driver.add_listener(NOTIFY_CHANNEL, self._notified)
                log.info("this process delivers the outbox")
                await self._outbox.set_feeding(True)
                self.leading.set()
                while True:
                    await asyncio.sleep(self._retry)
                    # A broken connection has lost the lock: find out and step down.
                    await driver.fetchval("SELECT 1")
            finally:
                # The lock lives as long as the connection: never hand it back to the pool.
                await connection.invalidate()

    def _notified(self, _connection: object, _pid: int, _channel: str, sender: str) -> None:
        if sender != notify_sender():
            self._outbox.kick()


def _signed() -> int:
    return LEADER_LOCK_KEY - (1 << 64) if LEADER_LOCK_KEY >= 1 << 63 else LEADER_LOCK_KEY
