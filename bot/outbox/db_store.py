"""DurableStore over bot.db's outbox table, plus the call the service enqueues with."""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from aiogram.types import InlineKeyboardMarkup
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from bot.db import outbox as repo
from bot.db import slots as slot_repo
from bot.db.unit import stage
from bot.outbox.store import (
    DurableMessage,
    PayloadError,
    StoredSlot,
    decode_payload,
    decode_picture,
    encode_payload,
)

__all__ = [
    "SlotState",
    "SqlDurableStore",
    "clear_slot",
    "enqueue_durable",
    "slot_has_buttons",
    "store_slot",
    "store_slots",
]

logger = logging.getLogger("bot.outbox")


async def enqueue_durable(
    session: AsyncSession,
    chat_id: int,
    text: str,
    markup: InlineKeyboardMarkup | None = None,
    *,
    kind: str = "message",
    dedupe_key: str | None = None,
    picture: Mapping[str, Any] | None = None,
) -> int | None:
    """Store a message in the caller's transaction (it never commits). Returns the row id
    to hand to ``Outbox.put_durable`` after the commit, or None when ``dedupe_key`` was
    already stored. ``kind`` is for people reading the table ("hand_result", "game_over").
    ``picture``: the message is a photo drawn from this data when it is sent, ``text``
    its caption."""
    payload = encode_payload(text, markup, picture=picture)
    row_id = await repo.enqueue(session, chat_id, kind, payload, dedupe_key=dedupe_key)
    if row_id is not None:
        stage(session, DurableMessage(row_id, chat_id, text, markup, picture))
    return row_id


@dataclass(frozen=True, slots=True)
class SlotState:
    """What a slot's message should show: ``text`` and ``markup``; with ``new``, in a new
    message rather than by editing the slot's."""

    chat_id: int
    key: str
    text: str
    markup: InlineKeyboardMarkup | None = None
    new: bool = False


async def store_slots(session: AsyncSession, states: Sequence[SlotState]) -> None:
    """Store what the slots' messages should show, in the caller's transaction and one
    statement; the outbox delivers each after the commit (nothing for a slot that wants
    that already)."""
    puts = [
        slot_repo.SlotPut(state.chat_id, state.key, _slot_payload(state), state.new)
        for state in states
    ]
    for state, written in zip(states, await slot_repo.put_slots(session, puts), strict=True):
        if written is not None:
            stage(session, _stored_slot(written, state.text, state.markup))


def _slot_payload(state: SlotState) -> str:
    payload = encode_payload(state.text, state.markup)
    return json.dumps(payload, ensure_ascii=False, sort_keys=True)


async def store_slot(
    session: AsyncSession,
    chat_id: int,
    key: str,
    text: str,
    markup: InlineKeyboardMarkup | None = None,
    *,
    new: bool = False,
) -> None:
    """:func:`store_slots` for one slot."""
    await store_slots(session, [SlotState(chat_id, key, text, markup, new)])


async def slot_has_buttons(session: AsyncSession, chat_id: int, key: str) -> bool:
    """Whether the slot's message shows (or is about to show) buttons: an open menu, not
    one closed to text."""
    payload = await slot_repo.wanted_payload(session, chat_id, key)
    return payload is not None and "reply_markup" in json.loads(payload)


async def clear_slot(session: AsyncSession, chat_id: int, key: str) -> None:
    """Store that the slot's message should be gone (the outbox deletes it after the
    commit); nothing when it has none."""
    written = await slot_repo.clear_slot(session, chat_id, key)
    if written is not None:
        stage(session, _stored_slot(written, "", None))


def _stored_slot(
    written: slot_repo.SlotWrite, text: str, markup: InlineKeyboardMarkup | None
) -> StoredSlot:
    return StoredSlot(
        written.chat_id,
        written.key,
        text,
        markup,
        written.rev,
        written.new_rev,
        written.after_id,
        written.message_id,
        written.sent_rev,
        written.absent,
    )


_MARK_GATHER_TURNS = 3


class _MarkBatch:
    """Slot marks written in one transaction; the highest state of a slot wins."""

    def __init__(self) -> None:
        self._marks: dict[tuple[int, str], slot_repo.SlotMark] = {}
        self.written = False
        self.error: Exception | None = None

    def add(self, mark: slot_repo.SlotMark) -> None:
        known = self._marks.get((mark.chat_id, mark.key))
        if known is None or known.rev < mark.rev:
            self._marks[(mark.chat_id, mark.key)] = mark

    def marks(self) -> list[slot_repo.SlotMark]:
        return list(self._marks.values())


class SqlDurableStore:
    """Each method is its own short transaction: the outbox runs outside any user action."""

    def __init__(self, sessions: async_sessionmaker[AsyncSession], *, batch: int = 500) -> None:
        self._sessions = sessions
        # Rows beyond the batch are picked up by later loads, once earlier ones are sent.
        self._batch = batch
        self._mark_lock = asyncio.Lock()
        self._open_marks: _MarkBatch | None = None

    async def pending(self) -> Sequence[DurableMessage]:
        async with self._sessions() as session:
            rows = await repo.pending(session, limit=self._batch)
            messages: list[DurableMessage] = []
            broken: list[tuple[int, str]] = []
            for row in rows:
                try:
                    text, markup = decode_payload(row.payload)
                    picture = decode_picture(row.payload)
                except PayloadError as err:
                    broken.append((row.id, str(err)))
                    continue
                messages.append(DurableMessage(row.id, row.chat_id, text, markup, picture))
            if broken:
                # Left pending, such a row would be read again on every load, forever.
                for row_id, error in broken:
                    logger.error("outbox row %s cannot be sent: %s", row_id, error)
                    await repo.mark_failed(session, row_id, error)
                await session.commit()
        return messages

    async def unsent_slots(self) -> Sequence[StoredSlot]:
        async with self._sessions() as session:
            rows = await slot_repo.unsent_slots(session, limit=self._batch)
        slots: list[StoredSlot] = []
        for row in rows:
            if row.absent:
                slots.append(_stored_slot(row, "", None))
                continue
            try:
                text, markup = decode_payload(json.loads(row.payload))
            except (PayloadError, ValueError) as err:
                # A state migrated without content: the next state of the slot is sent.
                logger.debug("slot %s of chat %s has no content: %s", row.key, row.chat_id, err)
                continue
            slots.append(_stored_slot(row, text, markup))
        return slots

    async def mark_slot_sent(
        self, chat_id: int, key: str, rev: int, message_id: int | None
    ) -> None:
        """Returns once the mark is committed, as one transaction would; marks that come
        while an earlier batch is being written are written together after it (a group
        commit). Every chat's worker marks each edit it made, so a press that edits the
        table and several hands would otherwise cost a transaction per edit, and with
        SQLite's one connection each of them waits for the others anyway. Nothing is
        marked before Telegram accepted it, and no caller goes on before its mark is
        stored: what a crash can leave is what it could before, an edit sent again."""
        batch = self._open_marks
        if batch is None:
            batch = self._open_marks = _MarkBatch()
        batch.add(slot_repo.SlotMark(chat_id, key, rev, message_id))
        # A press's edits (the table and the hands, each in its chat's worker) are answered
        # together: a few turns of the loop let their marks join this batch.
        for _ in range(_MARK_GATHER_TURNS):
            await asyncio.sleep(0)
        async with self._mark_lock:
            if not batch.written:
                # The first of its callers to get here writes it; it takes no more marks.
                if self._open_marks is batch:
                    self._open_marks = None
                batch.written = True
                try:
                    async with self._sessions.begin() as session:
                        await slot_repo.mark_slots_sent(session, batch.marks())
                except Exception as error:
                    batch.error = error
        if batch.error is not None:
            raise batch.error

    async def mark_sent(self, message_id: int) -> None:
        async with self._sessions.begin() as session:
            await repo.mark_sent(session, [message_id])

    async def mark_failed(self, message_id: int, error: str) -> None:
        async with self._sessions.begin() as session:
            await repo.mark_failed(session, message_id, error)
