"""The inbox: store, then handle; take over what a dead process left undone."""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import json
import logging
from collections.abc import Awaitable, Callable
from datetime import timedelta
from typing import Any

from aiogram import Bot, Dispatcher
from aiogram.exceptions import TelegramAPIError
from aiogram.types import Update
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from bot.db import inbox as repo
from bot.db.base import utcnow
from bot.db.unit import AlreadyHandled, handling

__all__ = ["Inbox"]

log = logging.getLogger(__name__)

Handled = Callable[[Update, float], None]

# How long Telegram waits for a press to be answered; a press done longer ago than this
# cannot be answered any more.
ANSWER_WINDOW = timedelta(seconds=15)


class Inbox:
    """Updates in, each handled once (see the package's doc).

    ``lease``: how long a process may take to handle an update before another process
    takes it over (the update is then applied once all the same: the first commit of a
    handling marks it done). ``take_over_at_start``: a single process (SQLite) owns every
    undone update at start-up, without waiting for leases to run out.
    """

    def __init__(
        self,
        dispatcher: Dispatcher,
        bot: Bot,
        sessions: async_sessionmaker[AsyncSession],
        *,
        lease: timedelta = timedelta(seconds=30),
        take_over_at_start: bool = False,
        on_handled: Handled | None = None,
    ) -> None:
        self._dispatcher = dispatcher
        self._bot = bot
        self._sessions = sessions
        self._lease = lease
        self._take_over_at_start = take_over_at_start
        self._on_handled = on_handled
        self._tasks: set[asyncio.Task[None]] = set()
        self._handling: set[int] = set()
        self._sweeper: asyncio.Task[None] | None = None
        self._accepting = False

    async def start(self) -> None:
        """Handle what an earlier run left undone, then keep watching for such updates."""
        self._accepting = True
        await self.sweep(take_all=self._take_over_at_start)
        await self._answer_cut_off_presses()
        self._sweeper = asyncio.create_task(self._sweep_loop(), name="inbox-sweeper")

    async def stop(self, *, timeout: float = 8.0) -> None:  # noqa: ASYNC109
        """Take no more updates; let those being handled finish (for at most
        ``timeout`` seconds; what is cut off stays undone and is handled at the next start)."""
        self._accepting = False
        if self._sweeper is not None:
            self._sweeper.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._sweeper
            self._sweeper = None
        if self._tasks:
            _, late = await asyncio.wait(set(self._tasks), timeout=timeout)
            if late:
                log.warning(
                    "stopping with %d updates still being handled; the next start handles them",
                    len(late),
                )
            for task in late:
                task.cancel()
            await asyncio.gather(*late, return_exceptions=True)

    async def receive(self, update: Update) -> bool:
        """Store ``update`` and start handling it; returns once it is stored. False when
        it had been stored before (a redelivery): it is not handled again."""
        if not self._accepting:
            raise RuntimeError("the inbox is not taking updates")
        payload = update.model_dump_json(exclude_none=True, by_alias=True)
        async with self._sessions.begin() as session:
            fresh = await repo.store(session, update.update_id, payload, self._lease)
        if fresh:
            self._spawn(update.update_id, payload, update)
        else:
            log.info("update %s delivered again: already stored", update.update_id)
        return fresh

    async def sweep(self, *, take_all: bool = False) -> int:
        """Take over undone updates whose lease ran out (all undone ones, with
        ``take_all``: no other process can be handling them)."""
        async with self._sessions.begin() as session:
            claimed = await repo.claim_stale(session, self._lease, take_all=take_all)
        for update_id, payload in claimed:
            if update_id not in self._handling:
                log.info("update %s left undone: handling it now", update_id)
                self._spawn(update_id, payload)
        return len(claimed)

    async def wait_idle(self) -> None:
        """Until every update received so far has been handled (tests, benchmarks)."""
        while self._tasks:
            await asyncio.wait(set(self._tasks))

    def _spawn(self, update_id: int, payload: str, update: Update | None = None) -> None:
        """Handle the stored update; ``update`` is ``payload`` already read, when the
        caller has it (a fresh delivery: reading it again would cost a validation)."""
        self._handling.add(update_id)
        # Each update in a context of its own: the handling marker must not leak
        # into other updates' tasks.
        task = asyncio.create_task(
            self._handle(update_id, payload, update),
            name=f"update-{update_id}",
            context=contextvars.Context(),
        )
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _handle(self, update_id: int, payload: str, update: Update | None) -> None:
        loop = asyncio.get_running_loop()
        started = loop.time()
        try:
            if update is None:
                update = Update.model_validate_json(payload, context={"bot": self._bot})
            with handling(update_id) as state:
                await self._feed(update)
            if not state.done:
                # Nothing was written: done now (outside the handling, whose commit hook
                # would take the row marked by this very transaction for a second run).
                async with self._sessions.begin() as session:
                    await repo.finish(session, update_id)
        except AlreadyHandled:
            log.info("update %s was applied before; not again", update_id)
        except asyncio.CancelledError:
            raise
        except Exception:
            # A bug in a handler: recorded as done, so that it is not retried forever.
            log.exception("update %s: handling failed", update_id)
            with contextlib.suppress(Exception):
                async with self._sessions.begin() as session:
                    await repo.finish(session, update_id)
        finally:
            self._handling.discard(update_id)
        if self._on_handled is not None and update is not None:
            self._on_handled(update, loop.time() - started)

    async def _answer_cut_off_presses(self) -> None:
        """A press is answered after the commit that applied it, so a process that dies
        in between leaves it spinning on the player's screen; the press is done and not
        handled again. A starting process answers the recent ones once more: Telegram
        refuses a second answer (swallowed by ``LateAnswers``), so only the cut-off ones
        show, as a plain acknowledgement (a move's own answer is one). With several
        processes this may answer another live process's press a moment before it does;
        the cost is bounded by the presses of the last ``ANSWER_WINDOW``."""
        async with self._sessions() as session:
            recent = await repo.recently_done(session, utcnow() - ANSWER_WINDOW)
        for update_id, payload in recent:
            query_id = _callback_query_id(payload)
            if query_id is None:
                continue
            try:
                await self._bot.answer_callback_query(query_id)
            except TelegramAPIError as error:
                log.info("update %s: answering its press again failed: %s", update_id, error)

    async def _feed(self, update: Update) -> Any:
        feed: Callable[..., Awaitable[Any]] = self._dispatcher.feed_update
        return await feed(self._bot, update)

    async def _sweep_loop(self) -> None:
        period = max(0.5, self._lease.total_seconds() / 3)
        while True:
            await asyncio.sleep(period)
            try:
                await self.sweep()
            except Exception:
                log.exception("inbox: looking for undone updates failed; trying again")


def _callback_query_id(payload: str) -> str | None:
    query = json.loads(payload).get("callback_query")
    return None if query is None else str(query["id"])
