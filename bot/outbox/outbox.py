"""The outbox: every outgoing message of the bot, in order per chat, within Telegram's limits.

Each chat with pending work has one worker task; it takes the chat's operations one at a
time, so a chat waiting out a 429 holds up nobody else, and ends when the queue is empty.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import logging
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass
from types import TracebackType
from typing import Any, Final, TypeVar

from aiogram.exceptions import (
    TelegramAPIError,
    TelegramBadRequest,
    TelegramMigrateToChat,
    TelegramRetryAfter,
)
from aiogram.types import InlineKeyboardMarkup

from bot.outbox.errors import (
    describe,
    is_chat_gone,
    is_delete_target_gone,
    is_edit_target_gone,
    is_not_modified,
    is_transient,
)
from bot.outbox.limits import Limits, Pacer
from bot.outbox.metrics import OutboxMetrics
from bot.outbox.ops import Content, DurableOp, NowOp, Op, SendOp, SentMessage, SlotOp
from bot.outbox.queue import ChatQueue
from bot.outbox.sender import Sender, TelegramBot
from bot.outbox.slots import SlotRegistry
from bot.outbox.store import DurableMessage, DurableStore, StoredSlot

__all__ = ["Outbox", "OutboxStopped", "RetryPolicy"]

logger = logging.getLogger("bot.outbox")

T = TypeVar("T")

EDIT_MARK_DELAY: Final = 0.2
"""Seconds an accepted edit waits for others before their marks are stored together."""
OnForbidden = Callable[[int], Awaitable[None]]
OnMigrated = Callable[[int, int], Awaitable[None]]
OnSlotMessage = Callable[[int, str, int], Awaitable[None]]
Sleep = Callable[[float], Awaitable[None]]
Draw = Callable[[Mapping[str, Any]], bytes]
"""Draws a message's picture (a PNG) from its stored data; blocking, run in a thread."""


class OutboxStopped(RuntimeError):
    """The outbox stopped before this message could be sent."""


@dataclass(frozen=True)
class RetryPolicy:
    """Backoff after network errors and 5xx. 429s wait exactly ``retry_after`` instead."""

    backoff_first: float = 0.5
    backoff_max: float = 30.0
    # Plain sends give up after this many failed attempts; slot edits and durable
    # messages never do (an edit is coalesced, so waiting costs nothing).
    send_attempts: int = 5

    def backoff(self, failures: int) -> float:
        return float(min(self.backoff_max, self.backoff_first * 2 ** (failures - 1)))


class _Halt(BaseException):
    """Raised in a worker at its next wait once ``stop(drain=False)`` has begun.

    A BaseException so that the per-operation ``except Exception`` does not treat it as a
    failed delivery."""


@dataclass(eq=False)
class _Worker:
    task: asyncio.Task[None] | None = None
    op: Op | None = None
    # True while a call or its bookkeeping (mark sent, callbacks) runs: stop lets that
    # finish, since cancelling it could send a durable message and not record it.
    busy: bool = False


class _RecentIds:
    """Ids finished lately. A load that read the table just before a row was marked sent
    still lists that row; it must not be sent again. Old ids cannot be in such a read."""

    def __init__(self, size: int = 10_000) -> None:
        self._ids: OrderedDict[int, None] = OrderedDict()
        self._size = size

    def add(self, item: int) -> None:
        self._ids[item] = None
        if len(self._ids) > self._size:
            self._ids.popitem(last=False)

    def __contains__(self, item: int) -> bool:
        return item in self._ids


class Outbox:
    """Sends, edits and paces every outgoing message of the bot.

    ``put_slot``, ``send``, ``put_durable``, ``kick`` and ``remember`` are plain methods: they
    queue and return at once. Work queued before ``start()`` waits for it.
    """

    def __init__(
        self,
        bot: TelegramBot,
        *,
        store: DurableStore | None = None,
        limits: Limits | None = None,
        retry: RetryPolicy | None = None,
        on_forbidden: OnForbidden | None = None,
        on_migrated: OnMigrated | None = None,
        on_slot_message: OnSlotMessage | None = None,
        sleep: Sleep = asyncio.sleep,
        poll_interval: float | None = 30.0,
        stop_grace: float = 10.0,
        metrics: OutboxMetrics | None = None,
        feeding: bool = True,
        draw: Draw | None = None,
    ) -> None:
        self.metrics = metrics if metrics is not None else OutboxMetrics()
        self._sender = Sender(bot, self.metrics)
        self._store = store
        self._pacer = Pacer(limits if limits is not None else Limits())
        self._retry = retry if retry is not None else RetryPolicy()
        self._on_forbidden = on_forbidden
        self._on_migrated = on_migrated
        self._on_slot_message = on_slot_message
        self._sleep = sleep
        self._poll_interval = poll_interval
        self._stop_grace = stop_grace
        self._draw = draw

        self._queues: dict[int, ChatQueue] = {}
        self._workers: dict[int, _Worker] = {}
        self._slots = SlotRegistry()
        self._aliases: dict[int, int] = {}
        # Private chats that answered 403 since their last successful call: on_forbidden
        # has been called for them and is not called again until they recover.
        self._unreachable: set[int] = set()
        self._durable_queued: set[int] = set()
        self._durable_done = _RecentIds()
        self._unmarked: set[int] = set()
        # The highest stored state of each slot handed to a worker: a load that reads a
        # state already queued (or under way) must not queue it again.
        self._slot_revs: dict[tuple[int, str], int] = {}
        # Edits Telegram accepted whose marks are still to be stored (see _slot_edited).
        self._edit_marks: dict[tuple[int, str], tuple[int, int]] = {}
        self._edit_marks_due: asyncio.TimerHandle | None = None
        self._mark_writes: set[asyncio.Task[None]] = set()
        # Whether this process delivers what is stored: with several processes on one
        # database only the elected one does (see bot.outbox.leader).
        self._feeding = feeding
        self._kick = asyncio.Event()
        self._loader: asyncio.Task[None] | None = None
        self._started = False
        self._halting = False
        self._stopped = False

    # -- lifecycle ---------------------------------------------------------------------

    async def start(self) -> None:
        """Load pending durable messages (errors propagate), then start delivering."""
        if self._started:
            raise RuntimeError("outbox already started")
        if self._feeding:
            await self.load_durable()
        self._started = True
        if self._store is not None and self._feeding:
            self._start_loader()
        for chat_id in list(self._queues):
            self._ensure_worker(chat_id)

    async def stop(self, *, drain: bool = True, drain_limit: float | None = None) -> None:
        """Stop delivering. ``drain``: first deliver everything queued (for at most
        ``drain_limit`` seconds). Then calls already under way get ``stop_grace`` seconds
        to finish and be recorded; everything else is abandoned: durable rows stay pending
        in the store for the next start, ``send_now`` callers get OutboxStopped, the rest
        is lost."""
        if self._stopped:
            return
        await self._stop_loader()
        if drain and self._started and self._feeding:
            try:
                await self.load_durable()
            except Exception:
                logger.exception("loading durable messages before stopping failed")
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(drain_limit):
                    await self.join()
        self._halting = True
        workers = list(self._workers.values())
        for worker in workers:
            if not worker.busy and worker.task is not None:
                worker.task.cancel()
        tasks = [w.task for w in workers if w.task is not None]
        if tasks:
            _, late = await asyncio.wait(tasks, timeout=self._stop_grace)
            for task in late:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
        await self._flush_edit_marks()
        self._stopped = True
        for queue in self._queues.values():
            for op in queue:
                if isinstance(op, NowOp) and not op.future.done():
                    op.future.set_exception(OutboxStopped())
        self._queues.clear()

    async def join(self) -> None:
        """Wait until every started worker has emptied its queue (bound it with
        ``asyncio.timeout``; the workers go on)."""
        while self._workers:
            # A worker may start others (a migration), hence the loop.
            await asyncio.wait({w.task for w in self._workers.values() if w.task is not None})
        await self._flush_edit_marks()

    async def __aenter__(self) -> Outbox:
        await self.start()
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.stop(drain=exc is None)

    # -- what the service calls --------------------------------------------------------

    def put_slot(
        self,
        chat_id: int,
        slot: str,
        text: str,
        markup: InlineKeyboardMarkup | None = None,
        *,
        new: bool = False,
    ) -> None:
        """Show this content in the slot's message (see ChatQueue for coalescing)."""
        if self._refuse("put_slot", chat_id):
            return
        chat_id = self._resolve(chat_id)
        if self._queue(chat_id).put_slot(slot, Content(text, markup), new=new):
            self.metrics.events["coalesced"] += 1
        self._ensure_worker(chat_id)

    def send(self, chat_id: int, text: str, markup: InlineKeyboardMarkup | None = None) -> None:
        """A new message, in order with the chat's other operations; lost on a restart."""
        if self._refuse("send", chat_id):
            return
        chat_id = self._resolve(chat_id)
        self._queue(chat_id).append(SendOp(Content(text, markup)))
        self._ensure_worker(chat_id)

    def put_durable(
        self,
        row_id: int,
        chat_id: int,
        text: str,
        markup: InlineKeyboardMarkup | None = None,
        *,
        picture: Mapping[str, Any] | None = None,
    ) -> None:
        """Queue a stored message now, without waiting for the next load; call it after
        the transaction that stored ``row_id`` committed. Rows already known are ignored."""
        if self._refuse("put_durable", chat_id):
            return
        self._enqueue_durable(row_id, chat_id, Content(text, markup, picture))

    def kick(self) -> None:
        """Durable messages were committed: load them soon (in the background)."""
        self._kick.set()

    @property
    def feeding(self) -> bool:
        return self._feeding

    async def set_feeding(self, feeding: bool) -> None:
        """Start or stop delivering what the store holds (this process was elected, or
        lost the election). Stopping drops what was queued from the store: the process
        elected next sends it."""
        if feeding == self._feeding:
            return
        self._feeding = feeding
        if feeding:
            if self._started:
                await self.load_durable()
                self._start_loader()
            return
        await self._stop_loader()
        for queue in self._queues.values():
            queue.drop(lambda op: isinstance(op, NowOp | SendOp))
        self._durable_queued.clear()
        self._slot_revs.clear()

    def accept(self, items: Sequence[DurableMessage | StoredSlot]) -> None:
        """What a transaction stored, right after it committed, in the order it was
        written: queued at once instead of at the next load."""
        if not self._feeding or self._stopped or self._halting:
            return
        for item in items:
            self._feed(item)

    def _feed(self, item: DurableMessage | StoredSlot) -> int:
        if isinstance(item, DurableMessage):
            content = Content(item.text, item.markup, item.picture)
            return self._enqueue_durable(item.id, item.chat_id, content)
        content = Content(item.text, item.markup)
        chat_id = self._resolve(item.chat_id)
        key = (chat_id, item.key)
        if self._slot_revs.get(key, 0) >= item.rev:
            return 0
        self._slot_revs[key] = item.rev
        state = self._slots.state(chat_id, item.key)
        if item.message_id is not None and state.rev_sent < item.sent_rev:
            # Delivered by an earlier run (or another process): start from what it left.
            state.message_id, state.delivered, state.rev_sent = item.message_id, None, item.sent_rev
        elif item.message_id is not None and state.message_id is None:
            state.message_id, state.delivered = item.message_id, None
        if self._queue(chat_id).put_slot(
            item.key, content, new=False, rev=item.rev, new_rev=item.new_rev, absent=item.absent
        ):
            self.metrics.events["coalesced"] += 1
        self._ensure_worker(chat_id)
        return 1

    async def load_durable(self) -> int:
        """Load pending durable messages now; returns how many were new to this outbox."""
        if self._store is None:
            return 0
        await self._retry_unmarked()
        messages = await self._store.pending()
        slots = await self._store.unsent_slots()
        # A chat's slots go after the message they were stored after (a new hand's
        # table after the last hand's result); chats do not depend on each other.
        ordered: list[tuple[int, int, int, DurableMessage | StoredSlot]] = [
            (m.chat_id, m.id, 0, m) for m in messages
        ]
        ordered += [(s.chat_id, s.after_id, 1, s) for s in slots]
        ordered.sort(key=lambda entry: entry[:3])
        return sum(self._feed(entry[3]) for entry in ordered)

    async def send_now(
        self, chat_id: int, text: str, markup: InlineKeyboardMarkup | None = None
    ) -> SentMessage:
        """Send a new message in turn with the chat's queue and return it. Waits out 429s;
        any other aiogram error is raised here, and only here: a 403 does not call
        on_forbidden nor drop the chat's queue (the caller handles it)."""
        if not self._started or self._stopped or self._halting:
            raise OutboxStopped("outbox is not running")
        future: asyncio.Future[SentMessage] = asyncio.get_running_loop().create_future()
        chat_id = self._resolve(chat_id)
        self._queue(chat_id).append(NowOp(Content(text, markup), future))
        self._ensure_worker(chat_id)
        return await future

    def remember(self, chat_id: int, slot: str, message_id: int) -> None:
        """The slot's message id as persisted by the bot (after a restart)."""
        state = self._slots.state(self._resolve(chat_id), slot)
        if state.message_id != message_id:
            state.message_id = message_id
            state.delivered = None

    def message_id(self, chat_id: int, slot: str) -> int | None:
        return self._slots.message_id(self._resolve(chat_id), slot)

    # -- queues and workers ------------------------------------------------------------

    def _refuse(self, what: str, chat_id: int) -> bool:
        if self._stopped or self._halting:
            logger.warning("%s chat=%s after stop: dropped", what, chat_id)
            self.metrics.events["dropped"] += 1
            return True
        return False

    def _resolve(self, chat_id: int) -> int:
        # A group that became a supergroup: the bot may still use the old id for a while.
        for _ in range(8):
            new = self._aliases.get(chat_id)
            if new is None:
                break
            chat_id = new
        return chat_id

    def _queue(self, chat_id: int) -> ChatQueue:
        queue = self._queues.get(chat_id)
        if queue is None:
            queue = self._queues[chat_id] = ChatQueue()
        return queue

    def _enqueue_durable(self, row_id: int, chat_id: int, content: Content) -> bool:
        if row_id in self._durable_queued or row_id in self._durable_done:
            return False
        self._durable_queued.add(row_id)
        chat_id = self._resolve(chat_id)
        self._queue(chat_id).append(DurableOp(row_id, content))
        self._ensure_worker(chat_id)
        return True

    def _ensure_worker(self, chat_id: int) -> None:
        if not self._started or self._halting or chat_id in self._workers:
            return
        if not self._queues.get(chat_id):
            return
        worker = _Worker()
        self._workers[chat_id] = worker
        # A fresh context: a worker started while an update is handled must not commit as
        # part of that handling (bot.db.unit).
        worker.task = asyncio.create_task(
            self._work(chat_id, worker), name=f"outbox:{chat_id}", context=contextvars.Context()
        )

    async def _work(self, chat_id: int, worker: _Worker) -> None:
        try:
            while not self._halting:
                queue = self._queues.get(chat_id)
                op = queue.popleft() if queue is not None else None
                if op is None:
                    break
                worker.op, worker.busy = op, True
                moved = await self._execute(chat_id, op, worker)
                worker.op, worker.busy = None, False
                if moved:
                    break
        except _Halt:
            pass
        finally:
            self._abandon(worker.op)
            if self._workers.get(chat_id) is worker:
                del self._workers[chat_id]
            queue = self._queues.get(chat_id)
            if queue is not None and not queue:
                del self._queues[chat_id]
            self._pacer.release_idle(chat_id)

    def _abandon(self, op: Op | None) -> None:
        if isinstance(op, NowOp) and not op.future.done():
            op.future.set_exception(OutboxStopped())
        elif isinstance(op, DurableOp):
            # Still pending in the store: the next start sends it.
            self._durable_queued.discard(op.row_id)

    async def _pause(
        self, worker: _Worker, wait: Callable[..., Awaitable[None]], *args: Any
    ) -> None:
        """Every wait of a worker goes through here, so stop(drain=False) can interrupt it."""
        if self._halting:
            raise _Halt
        worker.busy = False
        try:
            await wait(*args)
        finally:
            worker.busy = True
        if self._halting:
            raise _Halt

    # -- delivering one operation ------------------------------------------------------

    async def _execute(self, chat_id: int, op: Op, worker: _Worker) -> bool:
        """Deliver ``op``; True when the chat moved to a new id (this worker is done)."""
        if isinstance(op, NowOp) and op.future.done():
            return False  # the caller stopped waiting
        try:
            if isinstance(op, SlotOp):
                await self._deliver_slot(chat_id, op, worker)
            else:
                message = await self._send_op(chat_id, op, worker)
                await self._sent(op, message)
            self._unreachable.discard(chat_id)
        except TelegramMigrateToChat as err:
            await self._migrate(chat_id, err.migrate_to_chat_id, op)
            return True
        except Exception as err:
            await self._failed(chat_id, op, err)
        return False

    async def _send_op(
        self, chat_id: int, op: SendOp | DurableOp | NowOp, worker: _Worker
    ) -> SentMessage:
        attempts: int | None = None
        if isinstance(op, SendOp):
            attempts = self._retry.send_attempts
        elif isinstance(op, NowOp):
            attempts = 1

        # In the log, a message whose sender waits for the answer (the join's check that
        # the bot can write to a player) is told apart from stored ones.
        label = "now" if isinstance(op, NowOp) else None
        photo = await self._draw_picture(op.content)

        async def send() -> SentMessage:
            await self._pause(worker, self._pacer.acquire, chat_id)
            return await self._sender.send(chat_id, op.content, slot=label, photo=photo)

        return await self._attempts(worker, send, transient_attempts=attempts)

    async def _draw_picture(self, content: Content) -> bytes | None:
        """The photo of a message with a picture, drawn once (retries send the same
        file), in a thread: drawing is CPU work the other chats must not wait for. Without
        ``draw`` the caption goes as a plain message."""
        if content.picture is None or self._draw is None:
            return None
        return await asyncio.to_thread(self._draw, content.picture)

    async def _deliver_slot(self, chat_id: int, op: SlotOp, worker: _Worker) -> None:
        state = self._slots.state(chat_id, op.slot)

        def refresh() -> None:
            queue = self._queues.get(chat_id)
            if queue is not None and queue.take_newer(op):
                self.metrics.events["coalesced"] += 1

        if op.absent:
            await self._delete_slot(chat_id, op, worker)
            return

        wants_new = op.new or op.new_rev > state.rev_sent
        if not wants_new and state.message_id is not None:
            message_id = state.message_id

            async def edit() -> Content | None:
                content = op.content
                if state.delivered == content.fingerprint:
                    self.metrics.events["skipped_unchanged"] += 1
                    return None
                await self._pause(worker, self._pacer.acquire, chat_id)
                try:
                    await self._sender.edit(chat_id, message_id, content, slot=op.slot)
                except TelegramBadRequest as err:
                    if not is_not_modified(err):
                        raise
                    self.metrics.events["not_modified"] += 1
                return content

            try:
                edited = await self._attempts(
                    worker, edit, transient_attempts=None, refresh=refresh
                )
            except TelegramBadRequest as err:
                if not is_edit_target_gone(err):
                    raise
                logger.info(
                    "slot %s in chat %s lost its message; sending a new one", op.slot, chat_id
                )
            else:
                if state.message_id == message_id:
                    if edited is not None:
                        state.delivered = edited.fingerprint
                    state.rev_sent = max(state.rev_sent, op.rev)
                self._slot_edited(chat_id, op, message_id)
                return

        sent: list[Content] = []

        async def send_new() -> SentMessage:
            await self._pause(worker, self._pacer.acquire, chat_id)
            sent.append(op.content)
            return await self._sender.send(chat_id, op.content, slot=op.slot)

        message = await self._attempts(worker, send_new, transient_attempts=None, refresh=refresh)
        self._slots.point(chat_id, op.slot, message.message_id, sent[-1].fingerprint)
        state.rev_sent = op.rev
        await self._slot_delivered(chat_id, op, message.message_id)
        await self._callback(self._on_slot_message, chat_id, op.slot, message.message_id)

    async def _delete_slot(self, chat_id: int, op: SlotOp, worker: _Worker) -> None:
        """The slot should have no message: delete the one it has (a message never sent,
        or already deleted, costs no call)."""
        state = self._slots.state(chat_id, op.slot)
        message_id = state.message_id
        if message_id is not None:

            async def delete() -> None:
                await self._pause(worker, self._pacer.acquire, chat_id)
                try:
                    await self._sender.delete(chat_id, message_id, slot=op.slot)
                except TelegramBadRequest as err:
                    if not is_delete_target_gone(err):
                        raise

            await self._attempts(worker, delete, transient_attempts=None)
        if state.message_id == message_id:
            state.message_id, state.delivered = None, None
            state.rev_sent = max(state.rev_sent, op.rev)
        await self._slot_delivered(chat_id, op, None)

    async def _slot_delivered(self, chat_id: int, op: SlotOp, message_id: int | None) -> None:
        if op.rev == 0 or self._store is None:
            return
        await self._mark_slot(chat_id, op.slot, op.rev, message_id)

    async def _mark_slot(self, chat_id: int, slot: str, rev: int, message_id: int | None) -> None:
        assert self._store is not None
        try:
            await self._store.mark_slot_sent(chat_id, slot, rev, message_id)
        except Exception:
            # Shown but not recorded: a restart edits it once more, which changes nothing.
            logger.exception("recording slot %s of chat %s as sent failed", slot, chat_id)

    def _slot_edited(self, chat_id: int, op: SlotOp, message_id: int) -> None:
        """Record an accepted edit a moment later, with the others of that moment, in one
        transaction: a card edits two or three messages, and a mark each was a third of
        the database's work per press. Unlike a new message's or a deletion's, an edit's
        mark may be lost in a crash: the next start edits that message once more to what
        it shows already, which changes nothing (its message id was stored already)."""
        if op.rev == 0 or self._store is None:
            return
        key = (chat_id, op.slot)
        known = self._edit_marks.get(key)
        if known is None or known[0] < op.rev:
            self._edit_marks[key] = (op.rev, message_id)
        if self._edit_marks_due is None:
            loop = asyncio.get_running_loop()
            self._edit_marks_due = loop.call_later(EDIT_MARK_DELAY, self._write_edit_marks)

    def _write_edit_marks(self) -> None:
        self._edit_marks_due = None
        task = asyncio.create_task(self._store_edit_marks())
        self._mark_writes.add(task)
        task.add_done_callback(self._mark_writes.discard)

    async def _store_edit_marks(self) -> None:
        marks, self._edit_marks = self._edit_marks, {}
        # Together: the store writes the marks that meet in one transaction.
        await asyncio.gather(
            *(
                self._mark_slot(chat_id, slot, rev, message_id)
                for (chat_id, slot), (rev, message_id) in marks.items()
            )
        )

    async def _flush_edit_marks(self) -> None:
        """Store the edits' marks now, and wait for those being stored."""
        if self._edit_marks_due is not None:
            self._edit_marks_due.cancel()
            self._edit_marks_due = None
        await self._store_edit_marks()
        if self._mark_writes:
            await asyncio.gather(*self._mark_writes, return_exceptions=True)

    async def _attempts(
        self,
        worker: _Worker,
        attempt: Callable[[], Awaitable[T]],
        *,
        transient_attempts: int | None,
        refresh: Callable[[], None] | None = None,
    ) -> T:
        """Run ``attempt`` until it succeeds: after a 429 wait ``retry_after``, after a
        transient error back off (up to ``transient_attempts`` attempts; None: forever)."""
        failures = 0
        while True:
            try:
                return await attempt()
            except TelegramRetryAfter as err:
                self.metrics.events["retry_after"] += 1
                await self._pause(worker, self._sleep, float(err.retry_after))
            except TelegramAPIError as err:
                if is_transient(err):
                    failures += 1
                    if transient_attempts is not None and failures >= transient_attempts:
                        raise
                    self.metrics.events["transient_retry"] += 1
                    await self._pause(worker, self._sleep, self._retry.backoff(failures))
                else:
                    raise
            if refresh is not None:
                refresh()

    async def _sent(self, op: Op, message: SentMessage) -> None:
        if isinstance(op, NowOp):
            if not op.future.done():
                op.future.set_result(message)
        elif isinstance(op, DurableOp):
            await self._mark_sent(op.row_id)

    async def _failed(self, chat_id: int, op: Op, err: Exception) -> None:
        if isinstance(op, NowOp):
            if not op.future.done():
                op.future.set_exception(err)
            return
        self.metrics.events["failed"] += 1
        if isinstance(op, DurableOp):
            await self._mark_failed(op.row_id, describe(err))
        if not is_chat_gone(err):
            # Telegram rejected this message alone (a rendering bug: bad HTML, too long) or
            # it kept failing: nothing else in the chat is affected.
            logger.error(
                "chat=%s: gave up on %s: %s",
                chat_id,
                type(op).__name__,
                describe(err),
                exc_info=None if isinstance(err, TelegramAPIError) else err,
            )
            return
        # The chat is closed to us: what is queued would fail the same way. Durable
        # messages stay, each to be tried and recorded as failed on its own.
        queue = self._queues.get(chat_id)
        dropped = queue.drop(lambda o: isinstance(o, DurableOp)) if queue is not None else []
        for other in dropped:
            if isinstance(other, NowOp) and not other.future.done():
                other.future.set_exception(err)
        self.metrics.events["dropped"] += len(dropped)
        logger.warning(
            "chat %s unreachable (%s); dropped %d queued", chat_id, describe(err), len(dropped)
        )
        if chat_id > 0 and chat_id not in self._unreachable:
            self._unreachable.add(chat_id)
            self.metrics.events["forbidden"] += 1
            await self._callback(self._on_forbidden, chat_id)

    async def _migrate(self, old: int, new: int, op: Op) -> None:
        self.metrics.events["migrated"] += 1
        logger.warning("chat %s migrated to %s; moving its queue and slots", old, new)
        self._aliases[old] = new
        for alias, target in self._aliases.items():
            if target == old:
                self._aliases[alias] = new
        self._slots.move_chat(old, new)
        older = self._queues.pop(old, None) or ChatQueue()
        self._queue(new).absorb_front(older, head=op)
        self._ensure_worker(new)
        await self._callback(self._on_migrated, old, new)

    # -- durable bookkeeping -----------------------------------------------------------

    async def _mark_sent(self, row_id: int) -> None:
        self._durable_queued.discard(row_id)
        self._durable_done.add(row_id)
        if self._store is None:
            return
        try:
            await self._store.mark_sent(row_id)
        except Exception:
            # Delivered but not recorded: retried at the next load; only a restart before
            # that would send it twice.
            logger.exception("marking outbox row %s sent failed", row_id)
            self._unmarked.add(row_id)

    async def _mark_failed(self, row_id: int, error: str) -> None:
        self._durable_queued.discard(row_id)
        self._durable_done.add(row_id)
        if self._store is None:
            return
        try:
            await self._store.mark_failed(row_id, error)
        except Exception:
            logger.exception("marking outbox row %s failed failed", row_id)

    async def _retry_unmarked(self) -> None:
        if self._store is None:
            return
        for row_id in sorted(self._unmarked):
            await self._store.mark_sent(row_id)
            self._unmarked.discard(row_id)

    async def _stop_loader(self) -> None:
        if self._loader is not None:
            self._loader.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._loader
            self._loader = None

    def _start_loader(self) -> None:
        if self._loader is None:
            self._loader = asyncio.create_task(
                self._load_loop(), name="outbox-loader", context=contextvars.Context()
            )

    async def _load_loop(self) -> None:
        while True:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._kick.wait(), self._poll_interval)
            self._kick.clear()
            try:
                await self.load_durable()
            except Exception:
                logger.exception("loading durable messages failed; retrying later")

    async def _callback(self, callback: Callable[..., Awaitable[None]] | None, *args: Any) -> None:
        if callback is None:
            return
        try:
            await callback(*args)
        except Exception:
            logger.exception(
                "outbox callback %s%r failed", getattr(callback, "__name__", callback), args
            )
