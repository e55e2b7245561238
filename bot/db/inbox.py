"""The inbox: updates stored before they are confirmed to Telegram, each applied once.

The first transaction that commits while an update is being handled also marks it done
(``mark_done_in``, called by the session hook in ``bot.db.unit``), so the update and what
it did commit together: a crash before that commit leaves the update to be handled again,
and a second delivery finds it done and changes nothing.
"""

from __future__ import annotations

import functools
from datetime import datetime, timedelta
from typing import Any, cast

from sqlalchemy import Table, bindparam, literal, or_, select, update
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import Session

from bot.db.base import utcnow
from bot.db.dialect import affected_rows, dialect_insert, dialect_name
from bot.db.models import InboxUpdate

__all__ = [
    "claim_stale",
    "finish",
    "mark_done_in",
    "recently_done",
    "store",
]


_inbox = cast(Table, InboxUpdate.__table__)
# Every update is stored and then marked done: two statements a press, built once (per
# dialect for the upsert) and bound per call rather than built and cache-keyed each time.
_MARK_DONE = (
    update(_inbox)
    .where(
        _inbox.c.update_id == bindparam("b_update_id", type_=_inbox.c.update_id.type),
        _inbox.c.done_at.is_(None),
    )
    .values(done_at=bindparam("b_done_at", type_=_inbox.c.done_at.type))
)


@functools.cache
def _store_statement(dialect: str) -> Any:
    return (
        dialect_insert(dialect, _inbox)
        .values(
            update_id=bindparam("b_update_id", type_=_inbox.c.update_id.type),
            payload=bindparam("b_payload", type_=_inbox.c.payload.type),
            received_at=bindparam("b_received_at", type_=_inbox.c.received_at.type),
            lease_until=bindparam("b_lease_until", type_=_inbox.c.lease_until.type),
        )
        .on_conflict_do_nothing(index_elements=[_inbox.c.update_id])
        .returning(_inbox.c.update_id)
    )


async def store(session: AsyncSession, update_id: int, payload: str, lease: timedelta) -> bool:
    """Keep an update, leased to this process for ``lease``. False when it was stored
    already (Telegram delivered it again): the first delivery is handled, not this one."""
    now = utcnow()
    params = {
        "b_update_id": update_id,
        "b_payload": payload,
        "b_received_at": now,
        "b_lease_until": now + lease,
    }
    result = await session.execute(_store_statement(dialect_name(session)), params)
    return result.scalar_one_or_none() is not None


async def claim_stale(
    session: AsyncSession,
    lease: timedelta,
    *,
    take_all: bool = False,
    limit: int = 100,
    now: datetime | None = None,
) -> list[tuple[int, str]]:
    """Take over updates not done whose lease ran out (their process died), oldest first;
    with ``take_all``, every update not done (the only process there is, starting)."""
    now = now or utcnow()
    expired = or_(
        InboxUpdate.lease_until.is_(None), InboxUpdate.lease_until < now, literal(take_all)
    )
    rows = await session.execute(
        select(InboxUpdate.update_id, InboxUpdate.payload)
        .where(InboxUpdate.done_at.is_(None), expired)
        .order_by(InboxUpdate.update_id)
        .limit(limit)
    )
    claimed: list[tuple[int, str]] = []
    for update_id, payload in rows:
        # The condition again: another process may have taken it since the select.
        result = await session.execute(
            update(InboxUpdate)
            .where(InboxUpdate.update_id == update_id, InboxUpdate.done_at.is_(None), expired)
            .values(lease_until=now + lease, attempts=InboxUpdate.attempts + 1)
            .execution_options(synchronize_session=False)
        )
        if affected_rows(result):
            claimed.append((update_id, payload))
    return claimed


def mark_done_in(session: Session, update_id: int) -> bool:
    """Mark the update done in ``session``'s transaction (a sync session: this runs in a
    commit hook). False when it was done already: the transaction must not commit."""
    result = session.execute(_MARK_DONE, {"b_update_id": update_id, "b_done_at": utcnow()})
    return affected_rows(result) > 0


async def finish(session: AsyncSession, update_id: int) -> None:
    """The handling ended without committing anything (a refusal, a read): done too."""
    await session.execute(_MARK_DONE, {"b_update_id": update_id, "b_done_at": utcnow()})


async def recently_done(
    session: AsyncSession, since: datetime, *, limit: int = 500
) -> list[tuple[int, str]]:
    """Updates done at or after ``since`` (id and payload), oldest first."""
    rows = await session.execute(
        select(InboxUpdate.update_id, InboxUpdate.payload)
        .where(InboxUpdate.done_at >= since)
        .order_by(InboxUpdate.update_id)
        .limit(limit)
    )
    return [(update_id, payload) for update_id, payload in rows]
