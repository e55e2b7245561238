"""Slot messages: the wanted state of each edited message, and what Telegram last accepted."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, cast

from sqlalchemy import Table, bindparam, case, delete, func, or_, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from bot.db.base import utcnow
from bot.db.dialect import affected_rows, dialect_insert, dialect_name, upsert_insert
from bot.db.models import OutboxMessage, SlotMessage

__all__ = [
    "SlotMark",
    "SlotPut",
    "SlotWrite",
    "adopt_message",
    "clear_slot",
    "delete_chat_slots",
    "mark_slot_sent",
    "mark_slots_sent",
    "put_slot",
    "put_slots",
    "slot_message_id",
    "unsent_slots",
    "wanted_payload",
]


@dataclass(frozen=True, slots=True)
class SlotWrite:
    """A stored state of a slot, as the outbox needs it to deliver that state."""

    chat_id: int
    key: str
    payload: str
    rev: int
    new_rev: int
    after_id: int
    message_id: int | None = None
    sent_rev: int = 0
    absent: bool = False
    """The wanted state is no message: delivering it deletes ``message_id``."""


_slots = cast(Table, SlotMessage.__table__)
_outbox = cast(Table, OutboxMessage.__table__)
# Every statement here that stores a slot's state returns what the outbox needs of it.
_WRITTEN = (
    _slots.c.rev,
    _slots.c.new_rev,
    _slots.c.after_id,
    _slots.c.message_id,
    _slots.c.sent_rev,
)


def _last_message(chat_id: Any) -> Any:
    """The chat's newest stored message (0: none), after which a new state is sent."""
    return (
        select(func.coalesce(func.max(_outbox.c.id), 0))
        .where(_outbox.c.chat_id == chat_id)
        .scalar_subquery()
    )


def _slot_write(chat_id: int, key: str, payload: str, row: Any, *, absent: bool) -> SlotWrite:
    rev, new_rev, after_id, message_id, sent_rev = row
    return SlotWrite(chat_id, key, payload, rev, new_rev, after_id, message_id, sent_rev, absent)


@dataclass(frozen=True, slots=True)
class SlotPut:
    """A state to store for a slot: its payload, and whether it wants a new message
    rather than an edit of the slot's message."""

    chat_id: int
    key: str
    payload: str
    new: bool = False


# Built once per dialect, with bind parameters, and run with one parameter set per slot:
# SQLAlchemy sends that as one multi-row INSERT ("insertmanyvalues"), compiled once. An
# INSERT built with several rows of VALUES is compiled on every call (SQLAlchemy does not
# cache multi-row VALUES), about half a millisecond a row. The Core table, not the mapped
# class: an ORM-enabled INSERT with RETURNING goes through the ORM's bulk machinery for a
# row nobody maps. Whether a row wants a new message is its own value (``new_rev`` 1), so
# that one statement stores a move's table and hands, edits and new messages alike.
@functools.cache
def _put_slot_statement(dialect: str) -> Any:
    chat_id_type = _slots.c.chat_id.type
    insert = dialect_insert(dialect, _slots).values(
        chat_id=bindparam("chat_id", type_=chat_id_type),
        key=bindparam("key", type_=_slots.c.key.type),
        payload=bindparam("payload", type_=_slots.c.payload.type),
        rev=1,
        sent_rev=0,
        new_rev=bindparam("new_rev", type_=_slots.c.new_rev.type),
        # The chat again under a name of its own: a multi-row INSERT numbers each
        # parameter of a row once.
        after_id=_last_message(bindparam("outbox_chat_id", type_=chat_id_type)),
        absent=False,
        updated_at=bindparam("updated_at", type_=_slots.c.updated_at.type),
    )
    stored = _slots.c
    incoming = insert.excluded
    bumped = stored.rev + 1
    wants_new = incoming.new_rev == 1
    return insert.on_conflict_do_update(
        index_elements=[stored.chat_id, stored.key],
        set_={
            "payload": incoming.payload,
            "rev": bumped,
            "new_rev": case((wants_new, bumped), else_=stored.new_rev),
            # A state not yet delivered keeps its place in the chat's order; a delivered
            # slot's next state (and a new message) comes after what was queued meanwhile.
            "after_id": case(
                (wants_new, incoming.after_id),
                (stored.sent_rev < stored.rev, stored.after_id),
                else_=incoming.after_id,
            ),
            "absent": False,
            "updated_at": incoming.updated_at,
        },
        # An edit to what the slot wants already is nothing to deliver: no row comes back.
        where=or_(wants_new, stored.payload != incoming.payload),
    ).returning(stored.chat_id, stored.key, *_WRITTEN)


async def put_slots(session: AsyncSession, puts: Sequence[SlotPut]) -> list[SlotWrite | None]:
    """Store the states in one statement, in order; for each, what was written, or None
    when the slot already wants exactly that (nothing to deliver)."""
    written: list[SlotWrite | None] = []
    statement = _put_slot_statement(dialect_name(session))
    for batch in _distinct_runs(puts):
        now = utcnow()
        params = [
            {
                "chat_id": put.chat_id,
                "outbox_chat_id": put.chat_id,
                "key": put.key,
                "payload": put.payload,
                "new_rev": 1 if put.new else 0,
                "updated_at": now,
            }
            for put in batch
        ]
        # RETURNING's order is the database's: the rows are matched by slot.
        rows = {(r[0], r[1]): r[2:] for r in await session.execute(statement, params)}
        for put in batch:
            row = rows.get((put.chat_id, put.key))
            written.append(
                None
                if row is None
                else _slot_write(put.chat_id, put.key, put.payload, row, absent=False)
            )
    return written


def _distinct_runs(puts: Sequence[SlotPut]) -> list[list[SlotPut]]:
    """``puts`` in runs without a slot twice: one statement may not change a row twice
    (PostgreSQL refuses it), and the later state must come after the earlier one."""
    runs: list[list[SlotPut]] = []
    seen: set[tuple[int, str]] = set()
    for put in puts:
        if not runs or (put.chat_id, put.key) in seen:
            runs.append([])
            seen.clear()
        runs[-1].append(put)
        seen.add((put.chat_id, put.key))
    return runs


async def put_slot(
    session: AsyncSession, chat_id: int, key: str, payload: str, *, new: bool = False
) -> SlotWrite | None:
    """Store the state the slot's message should show. None when it already wants exactly
    that (nothing to deliver). ``new``: post a new message rather than edit the old one."""
    [written] = await put_slots(session, [SlotPut(chat_id, key, payload, new)])
    return written


# Like put_slot's: the Core table and bind parameters, one statement for every call. A
# move clears the mover's ping slot, which usually holds nothing (an UPDATE of no row).
_CLEAR_SLOT = (
    update(_slots)
    .where(
        _slots.c.chat_id == bindparam("b_chat_id", type_=_slots.c.chat_id.type),
        _slots.c.key == bindparam("b_key", type_=_slots.c.key.type),
        _slots.c.absent.is_(False),
    )
    .values(
        payload="",
        rev=_slots.c.rev + 1,
        absent=True,
        # Like an edit: a state not yet delivered keeps its place in the chat's order.
        after_id=case(
            (_slots.c.sent_rev < _slots.c.rev, _slots.c.after_id),
            else_=_last_message(bindparam("b_chat_id")),
        ),
        updated_at=bindparam("b_updated_at", type_=_slots.c.updated_at.type),
    )
    .returning(*_WRITTEN)
)


async def clear_slot(session: AsyncSession, chat_id: int, key: str) -> SlotWrite | None:
    """Want no message in the slot (its message is deleted once delivered). None when
    it has none and wants none already."""
    params = {"b_chat_id": chat_id, "b_key": key, "b_updated_at": utcnow()}
    row = (await session.execute(_CLEAR_SLOT, params)).one_or_none()
    return None if row is None else _slot_write(chat_id, key, "", row, absent=True)


async def unsent_slots(session: AsyncSession, *, limit: int = 500) -> list[SlotWrite]:
    """Slots whose wanted state has not been delivered, by chat."""
    rows = await session.execute(
        select(
            SlotMessage.chat_id,
            SlotMessage.key,
            SlotMessage.payload,
            SlotMessage.rev,
            SlotMessage.new_rev,
            SlotMessage.after_id,
            SlotMessage.message_id,
            SlotMessage.sent_rev,
            SlotMessage.absent,
        )
        .where(SlotMessage.rev > SlotMessage.sent_rev)
        .order_by(SlotMessage.chat_id, SlotMessage.after_id)
        .limit(limit)
    )
    return [SlotWrite(*row) for row in rows]


_MARK_SLOT_SENT = (
    update(_slots)
    .where(
        _slots.c.chat_id == bindparam("b_chat_id"),
        _slots.c.key == bindparam("b_key"),
        _slots.c.sent_rev < bindparam("b_rev"),
    )
    .values(sent_rev=bindparam("b_rev"), message_id=bindparam("b_message_id"))
)


@dataclass(frozen=True, slots=True)
class SlotMark:
    """Telegram accepted state ``rev`` of a slot in ``message_id`` (None: deleted)."""

    chat_id: int
    key: str
    rev: int
    message_id: int | None


def _mark_params(mark: SlotMark) -> dict[str, Any]:
    return {
        "b_chat_id": mark.chat_id,
        "b_key": mark.key,
        "b_rev": mark.rev,
        "b_message_id": mark.message_id,
    }


async def mark_slot_sent(
    session: AsyncSession, chat_id: int, key: str, rev: int, message_id: int | None
) -> bool:
    """Telegram accepted state ``rev`` in ``message_id`` (None: the message was deleted);
    False when a later state was already recorded (or the slot is gone)."""
    params = _mark_params(SlotMark(chat_id, key, rev, message_id))
    return affected_rows(await session.execute(_MARK_SLOT_SENT, params)) > 0


async def mark_slots_sent(session: AsyncSession, marks: Sequence[SlotMark]) -> None:
    """Several ``mark_slot_sent`` in one statement execution (a later state already
    recorded wins, as there)."""
    if marks:
        await session.execute(_MARK_SLOT_SENT, [_mark_params(mark) for mark in marks])


async def wanted_payload(session: AsyncSession, chat_id: int, key: str) -> str | None:
    """What the slot's message should show now (sent or still to be sent); None when it
    should show no message."""
    result = await session.execute(
        select(SlotMessage.payload).where(
            SlotMessage.chat_id == chat_id,
            SlotMessage.key == key,
            SlotMessage.absent.is_(False),
        )
    )
    return result.scalar_one_or_none()


async def slot_message_id(session: AsyncSession, chat_id: int, key: str) -> int | None:
    result = await session.execute(
        select(SlotMessage.message_id).where(SlotMessage.chat_id == chat_id, SlotMessage.key == key)
    )
    return result.scalar_one_or_none()


async def delete_chat_slots(session: AsyncSession, chat_id: int) -> int:
    """Forget a chat's slots (a group that became a supergroup): the next state of each
    is a new message."""
    statement = delete(SlotMessage).where(SlotMessage.chat_id == chat_id)
    result = await session.execute(statement.execution_options(synchronize_session=False))
    return affected_rows(result)


async def adopt_message(session: AsyncSession, chat_id: int, key: str, message_id: int) -> None:
    """Make an already sent message (a stored message, not a slot's) the slot's, so that
    the slot's states edit it; nothing when the slot exists. Its state is unknown, so the
    slot's first stored state is an edit, whatever the message shows."""
    insert = upsert_insert(session, _slots).values(
        chat_id=chat_id,
        key=key,
        message_id=message_id,
        payload="",
        rev=0,
        sent_rev=0,
        new_rev=0,
        after_id=0,
        absent=False,
        updated_at=utcnow(),
    )
    await session.execute(insert.on_conflict_do_nothing(index_elements=["chat_id", "key"]))
