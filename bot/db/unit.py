"""What a committing transaction does besides its own writes.

- While an update is being handled (``handling``), the first transaction that writes
  and commits marks the update done in the inbox, in that same transaction: the update's effects and
  its "done" commit together or not at all. A second handling of the same update (a
  redelivery, a takeover after a crash) finds it done: its transaction is rolled back and
  :class:`AlreadyHandled` raised.
- Outgoing messages and slot states written in a transaction (``stage``) are handed to
  ``on_commit`` once it committed, so the local sender can start at once; on PostgreSQL
  the transaction also notifies the sender elected among the processes.
"""

from __future__ import annotations

import contextlib
import contextvars
import os
import socket
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import event, text
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker
from sqlalchemy.orm import ORMExecuteState, Session

from bot.db.inbox import mark_done_in

__all__ = [
    "NOTIFY_CHANNEL",
    "AlreadyHandled",
    "Handling",
    "handling",
    "install_commit_hooks",
    "notify_sender",
    "stage",
]

NOTIFY_CHANNEL = "debertz_outbox"
_STAGED = "debertz_staged"
_MARKING = "debertz_marking"
_WROTE = "debertz_wrote"


class AlreadyHandled(RuntimeError):
    """This update was applied before (redelivered, or taken over from a process that
    committed it before dying): nothing more is done for it."""


@dataclass(slots=True)
class Handling:
    update_id: int
    done: bool = False


_HANDLING: contextvars.ContextVar[Handling | None] = contextvars.ContextVar(
    "debertz_handling", default=None
)


@contextlib.contextmanager
def handling(update_id: int) -> Iterator[Handling]:
    """Mark the code inside as the handling of ``update_id`` (see the module's doc)."""
    state = Handling(update_id)
    token = _HANDLING.set(state)
    try:
        yield state
    finally:
        _HANDLING.reset(token)


def notify_sender() -> str:
    """Who notifies: the elected sender has already been handed its own process's
    commits (``on_commit``), so it reloads only for the others'. Host and pid, read at
    each call: containers may all be pid 1, and forked processes share module state."""
    return f"{socket.gethostname()}:{os.getpid()}"


def stage(session: AsyncSession, item: Any) -> None:
    """Hand ``item`` to ``on_commit`` once ``session``'s transaction commits."""
    session.sync_session.info.setdefault(_STAGED, []).append(item)


def install_commit_hooks(
    sessions: async_sessionmaker[AsyncSession], on_commit: Callable[[Sequence[Any]], None]
) -> None:
    """Give the sessions of ``sessions`` the hooks above. A class of their own, so that
    other session factories in the process (tests, tools) are not affected."""

    class HookedSession(Session):
        pass

    @event.listens_for(HookedSession, "do_orm_execute")
    def on_execute(execute_state: ORMExecuteState) -> None:
        if execute_state.is_insert or execute_state.is_update or execute_state.is_delete:
            execute_state.session.info[_WROTE] = True

    @event.listens_for(HookedSession, "after_flush")
    def after_flush(session: Session, _: object) -> None:
        session.info[_WROTE] = True

    @event.listens_for(HookedSession, "before_commit")
    def before_commit(session: Session) -> None:
        state = _HANDLING.get()
        # Read-only transactions do not count: the handling's effects are still to come.
        wrote = session.info.get(_WROTE) or session.new or session.dirty or session.deleted
        if state is not None and not state.done and wrote:
            if not mark_done_in(session, state.update_id):
                raise AlreadyHandled(f"update {state.update_id} was applied before")
            # Only once the commit succeeded does the handling count as recorded.
            session.info[_MARKING] = state
        if session.info.get(_STAGED) and session.get_bind().dialect.name == "postgresql":
            # Delivered to listeners at commit, not before: the sender reads committed rows.
            session.execute(
                text("SELECT pg_notify(:channel, :sender)"),
                {"channel": NOTIFY_CHANNEL, "sender": notify_sender()},
            )

    @event.listens_for(HookedSession, "after_commit")
    def after_commit(session: Session) -> None:
        session.info.pop(_WROTE, None)
        marked = session.info.pop(_MARKING, None)
        if marked is not None:
            marked.done = True
        staged = session.info.pop(_STAGED, None)
        if staged:
            on_commit(staged)

    @event.listens_for(HookedSession, "after_rollback")
    def after_rollback(session: Session) -> None:
        session.info.pop(_STAGED, None)
        session.info.pop(_MARKING, None)
        session.info.pop(_WROTE, None)

    sessions.configure(sync_session_class=HookedSession)
