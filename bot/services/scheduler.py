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
from datetime import datetime, timedelta

from bot import db
from bot.services.context import AppContext
from bot.services.play import auto_act, remind

__all__ = ["TimerLoop"]

log = logging.getLogger(__name__)

DUE_BATCH = 100
"""Deadlines taken per look (``due_timers``' limit)."""
SKIPPED_AGAIN = 0.25
"""Seconds before looking again at a due deadline that could not be taken."""
STOP_GRACE_SECONDS = 10.0
"""How long a stop waits for the deadlines being acted on (a search decision, a move)."""


class TimerLoop:
    """Sleeps until the next deadline, not polling: a commit that sets a deadline hands
    it over (``AppContext.wake_timers``), and the loop wakes early only when that one
    comes first. ``look_around``: how often at most it looks at the database while
    nothing is due, for deadlines other processes set and left (several processes on
    PostgreSQL); a single process knows every deadline it sets and needs no such look."""

    def __init__(
        self,
        ctx: AppContext,
        *,
        lease: timedelta = timedelta(seconds=30),
        look_around: float = 60.0,
        retry: float = 1.0,
    ) -> None:
        self._ctx = ctx
        self._lease = lease
        self._look_around = look_around
        self._retry = retry
        self._wake = asyncio.Event()
        # When the loop plans to look next, and the earliest deadline handed over since
        # it last looked (which its query may have missed: not committed yet).
        self._target: datetime | None = None
        self._handed: datetime | None = None
        self._running: dict[int, asyncio.Task[None]] = {}
        self._task: asyncio.Task[None] | None = None
        self._stopping = False
        self.looks = 0
        ctx.wake_timers = self.expect

    def start(self) -> None:
        self._task = asyncio.create_task(self._run(), name="turn-timers")

    async def stop(self, *, grace: float = STOP_GRACE_SECONDS) -> None:
        """Stop looking, between two looks: a look cancelled in the middle of a query
        leaves its SQLite connection behind, holding the write lock, and every other
        transaction of the process (the outbox recording what it sent while it drains)
        then waits for a lock nobody will release. Deadlines being acted on get
        ``grace`` seconds to finish before they are cancelled."""
        if self._task is not None:
            self._stopping = True
            self._wake.set()
            try:
                await asyncio.wait_for(asyncio.shield(self._task), grace)
            except TimeoutError:
                self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None
        tasks = list(self._running.values())
        if tasks:
            _, late = await asyncio.wait(tasks, timeout=grace)
            for task in late:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
        self._running.clear()

    def expect(self, deadline: datetime | None) -> None:
        """A committed transaction set ``deadline`` (None: look again now)."""
        if deadline is None:
            self._wake.set()
            return
        if self._handed is None or deadline < self._handed:
            self._handed = deadline
        if self._target is None or deadline < self._target:
            self._wake.set()

    async def _run(self) -> None:
        while not self._stopping:
            # Cleared before looking: a deadline handed over while the loop looks is
            # kept in ``_handed`` and shortens the sleep that follows.
            self._wake.clear()
            self._handed = None
            now = self._ctx.clock()
            try:
                nearest = await self._fire_due(now)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("turn timers: checking deadlines failed; trying again")
                nearest = now + timedelta(seconds=self._retry)
            candidates = [now + timedelta(seconds=self._look_around)]
            candidates += [when for when in (nearest, self._handed) if when is not None]
            self._target = min(candidates)
            delay = (self._target - self._ctx.clock()).total_seconds()
            if delay > 0:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._wake.wait(), delay)

    async def _fire_due(self, now: datetime) -> datetime | None:
        """Act on what is due; returns when the next deadline falls."""
        self.looks += 1
        async with self._ctx.sessionmaker() as session:
            due = await db.due_timers(session, now)
            # with nothing due, what comes next is read in the same session; otherwise
            # after taking what is due, which then falls due when its lease runs out
            nearest = None if due else await db.next_deadline(session, now)
        for timer in due:
            if timer.game_id in self._running:
                continue  # that game's previous deadline is still being handled
            async with self._ctx.sessionmaker.begin() as session:
                # With several processes, each deadline is acted on by one of them.
                if not await db.claim_timer(
                    session, timer.game_id, timer.decision_key, self._lease, now
                ):
                    continue
            log.info("game %s: deadline of move %s: acting", timer.game_id, timer.decision_key)
            task = asyncio.create_task(
                self._handle(timer.game_id, timer.decision_key, timer.reminder_sent),
                name=f"timer-{timer.game_id}",
            )
            self._running[timer.game_id] = task
        if len(due) >= DUE_BATCH:
            return now  # more are due than one look takes
        if due:
            async with self._ctx.sessionmaker() as session:
                nearest = await db.next_deadline(session, now)
        if nearest is not None and nearest <= now:
            # Due but not taken: its game's previous deadline is still being handled
            # (that handling wakes the loop when it ends), or another process took it
            # (then it is leased by the next look).
            return now + timedelta(seconds=SKIPPED_AGAIN)
        return nearest

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
            # A deadline of this game that came due meanwhile was skipped above.
            self._wake.set()
