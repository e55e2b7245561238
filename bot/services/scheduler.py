"""The turn clock: deadlines live in the database, this loop acts when they pass.

A human player's decision gets a deadline at half the turn time; when it passes the
group is reminded and the deadline moves to the full time; when that passes, the
heuristic player acts for them. A computer player's decision gets a deadline of a short
pause. Because the deadlines are rows, a restarted bot picks up where it stood.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from datetime import timedelta

from bot import db
from bot.services.context import AppContext
from bot.services.play import auto_act, remind

__all__ = ["TimerLoop"]

log = logging.getLogger(__name__)


class TimerLoop:
    def __init__(
        self, ctx: AppContext, *, tick: float = 0.25, lease: timedelta = timedelta(seconds=30)
    ) -> None:
        self._ctx = ctx
        self._tick = tick
        self._lease = lease
        self._wake = asyncio.Event()
        self._running: dict[int, asyncio.Task[None]] = {}
        self._task: asyncio.Task[None] | None = None
        ctx.wake_timers = self._wake.set

    def start(self) -> None:
        self._task = asyncio.create_task(self._run(), name="turn-timers")

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None
        tasks = list(self._running.values())
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self._running.clear()

    async def _run(self) -> None:
        while True:
            try:
                await self._fire_due()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("turn timers: checking deadlines failed; trying again")
            self._wake.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), self._tick)

    async def _fire_due(self) -> None:
        async with self._ctx.sessionmaker() as session:
            due = await db.due_timers(session)
        for timer in due:
            if timer.game_id in self._running:
                continue  # that game's previous deadline is still being handled
            async with self._ctx.sessionmaker.begin() as session:
                # With several processes, each deadline is acted on by one of them.
                if not await db.claim_timer(
                    session, timer.game_id, timer.decision_key, self._lease
                ):
                    continue
            log.info("game %s: deadline of move %s: acting", timer.game_id, timer.decision_key)
            task = asyncio.create_task(
                self._handle(timer.game_id, timer.decision_key, timer.reminder_sent),
                name=f"timer-{timer.game_id}",
            )
            self._running[timer.game_id] = task

    async def _handle(self, game_id: int, decision_key: int, reminded: bool) -> None:
        try:
            if reminded:
                await auto_act(self._ctx, game_id, decision_key)
            else:
                await remind(self._ctx, game_id, decision_key)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception(
                "game %s: acting on the deadline of move %s failed", game_id, decision_key
            )
        finally:
            self._running.pop(game_id, None)
            self._wake.set()
