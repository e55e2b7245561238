"""SQLite on the event loop's own thread, behind SQLAlchemy's asyncio API.

aiosqlite runs every call in a thread of its own: each statement was three or four
round trips between the loop and that thread (cursor, execute, fetch, close), some 65 a
press, each a queue put, a wake-up of the other thread and a GIL handover — a quarter of
the bot's CPU per press, for calls that take microseconds in SQLite itself. With WAL and
``synchronous=NORMAL`` a commit does not wait for the disk, so this driver calls the
standard ``sqlite3`` module directly, on the loop's thread. What may wait is kept off it:

- waiting for another process's write lock: the connection's own busy timeout is 0, and
  :func:`begin_immediate` retries ``BEGIN IMMEDIATE`` with ``asyncio.sleep`` between
  tries (SQLite's busy handler would sleep in the loop's thread);
- checkpoints, which write the log back into the database file and sync both:
  :class:`Checkpointer` runs them in a worker thread on a connection of its own, every so
  many commits; SQLite's own, on the loop's connection, only bound the log when writes
  outrun that thread (``wal_autocheckpoint`` in :data:`bot.db.session.SQLITE_PRAGMAS`).

SQLAlchemy sees an asyncio dialect (``is_async``), so ``AsyncEngine`` and ``AsyncSession``
work unchanged; the only asyncio method it calls on a DBAPI cursor is
``_async_soft_close``. The dialect is registered as ``sqlite+inloop``;
:func:`bot.db.session.create_engine` uses it for every SQLite URL.
"""

from __future__ import annotations

import asyncio
import functools
import sqlite3
import time
from typing import Any, Final

from sqlalchemy import pool
from sqlalchemy.dialects import registry
from sqlalchemy.dialects.sqlite.base import SQLiteExecutionContext
from sqlalchemy.dialects.sqlite.pysqlite import SQLiteDialect_pysqlite
from sqlalchemy.engine import URL
from sqlalchemy.exc import OperationalError

try:
    from sqlalchemy.util import await_
except ImportError:  # SQLAlchemy 2.0 names it await_only
    from sqlalchemy.util import await_only as await_

__all__ = [
    "CHECKPOINT_EVERY",
    "DRIVER_NAME",
    "Checkpointer",
    "InLoopConnection",
    "InLoopSQLiteDialect",
    "begin_immediate",
    "run_busy",
]

DRIVER_NAME: Final = "sqlite+inloop"

CHECKPOINT_EVERY: Final = 100
"""Commits between checkpoints: a press commits three or four times and writes a few
pages each, so the log stays near the few hundred pages SQLite's own checkpoints (every
1000 pages) kept it at."""

_CHECKPOINT_TRIES: Final = 3
_CHECKPOINT_RETRY: Final = 0.05
"""Seconds before a busy checkpoint's second try (twice that before its third), in its
worker thread."""

_FIRST_RETRY: Final = 0.001
_LONGEST_RETRY: Final = 0.05


class _Cursor(sqlite3.Cursor):
    """A ``sqlite3`` cursor that SQLAlchemy's asyncio results accept: the rows are read
    from SQLite as they are fetched, so there is nothing to close ahead."""

    async def _async_soft_close(self) -> None:
        return None


class InLoopConnection(sqlite3.Connection):
    """A ``sqlite3`` connection whose cursors are :class:`_Cursor`."""

    def cursor(self, factory: Any = _Cursor) -> Any:
        return super().cursor(factory)


def _locked(error: sqlite3.OperationalError) -> bool:
    return getattr(error, "sqlite_errorcode", None) in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED)


def run_busy(connection: sqlite3.Connection, sql: str, busy_timeout: float) -> None:
    """Execute ``sql`` (no result rows), waiting out another connection's lock for up to
    ``busy_timeout`` seconds in ``asyncio.sleep``s: the loop runs meanwhile. Called from
    SQLAlchemy's sync layer, which runs in a greenlet that may await."""
    deadline = time.monotonic() + busy_timeout
    delay = _FIRST_RETRY
    while True:
        try:
            connection.execute(sql)
            return
        except sqlite3.OperationalError as error:
            left = deadline - time.monotonic()
            if not _locked(error) or left <= 0:
                # As SQLAlchemy would have raised it from its own execute.
                raise OperationalError(sql, None, error) from error
        await_(asyncio.sleep(min(delay, left)))
        delay = min(delay * 2, _LONGEST_RETRY)


def begin_immediate(connection: sqlite3.Connection, busy_timeout: float) -> None:
    """``BEGIN IMMEDIATE``: the write lock from the transaction's start (see
    :func:`bot.db.session.create_engine`), waited for without blocking the loop."""
    run_busy(connection, "BEGIN IMMEDIATE", busy_timeout)


class Checkpointer:
    """Checkpoints the database's write-ahead log in a worker thread, one at a time,
    after every ``every`` commits (:meth:`committed`). PASSIVE: it copies what no reader
    still needs and never waits for the bot's own connection.

    A round starts once the commit that made it due has finished (the engine's
    ``commit`` event comes before SQLite's COMMIT), so it can copy that commit too. A
    round that comes due while one runs starts when that one ends rather than at a
    later commit, which a quiet chat may not make for hours, the frames waiting in the
    log meanwhile. A busy round tries again in its thread; one that still fails is
    retried at the next commit."""

    def __init__(self, database: str, *, every: int = CHECKPOINT_EVERY) -> None:
        self._database = database
        self._every = every
        self._commits = 0
        self._busy = False  # a round is about to start or running

    def committed(self, _connection: object = None) -> None:
        """A commit is about to happen (an engine's ``commit`` listener, which is handed
        the connection)."""
        self._commits += 1
        if self._commits < self._every or self._busy:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # a commit outside any loop (a sync tool): SQLite's own then
            return
        self._busy = True
        # The COMMIT runs right after this listener, without yielding to the loop.
        loop.call_soon(self._start, loop)

    def _start(self, loop: asyncio.AbstractEventLoop) -> None:
        self._commits = 0
        checkpoint = loop.run_in_executor(None, self._checkpoint)
        checkpoint.add_done_callback(functools.partial(self._done, loop))

    def _done(self, loop: asyncio.AbstractEventLoop, checkpoint: asyncio.Future[bool]) -> None:
        copied = (
            not checkpoint.cancelled() and checkpoint.exception() is None and checkpoint.result()
        )
        if not copied:
            self._commits = self._every
        elif self._commits >= self._every and not loop.is_closed():
            self._start(loop)
            return
        self._busy = False

    def _checkpoint(self) -> bool:
        connection = sqlite3.connect(self._database, timeout=5.0, isolation_level=None)
        try:
            for attempt in range(_CHECKPOINT_TRIES):
                busy, log, _copied = connection.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
                # PASSIVE never calls the busy handler: busy, or (1, -1, -1) when the
                # connection could not yet open the log, is tried again here.
                if not busy and log >= 0:
                    return True
                time.sleep(_CHECKPOINT_RETRY * (attempt + 1))
            return False
        finally:
            connection.close()


async def _at_once() -> None:
    return None


class _ExecutionContext(SQLiteExecutionContext):
    def create_server_side_cursor(self) -> Any:
        # A sqlite3 cursor reads its rows from SQLite as they are fetched already.
        return self._dbapi_connection.cursor()


class InLoopSQLiteDialect(SQLiteDialect_pysqlite):
    """pysqlite, announced to SQLAlchemy as an asyncio driver (its calls never wait)."""

    driver = "inloop"
    is_async = True
    supports_statement_cache = True
    supports_server_side_cursors = True
    execution_ctx_cls = _ExecutionContext

    # SQLAlchemy's AsyncConnection.execute insists that a statement awaited something (a
    # sync driver slipped under an async engine would block the loop unnoticed); this one
    # is meant not to, so each statement hands the greenlet a coroutine that is done at
    # once: a switch of a few microseconds, no trip through the event loop.
    def do_execute(self, cursor: Any, statement: Any, parameters: Any, context: Any = None) -> None:
        cursor.execute(statement, parameters)
        await_(_at_once())

    def do_execute_no_params(self, cursor: Any, statement: Any, context: Any = None) -> None:
        cursor.execute(statement)
        await_(_at_once())

    def do_executemany(
        self, cursor: Any, statement: Any, parameters: Any, context: Any = None
    ) -> None:
        cursor.executemany(statement, parameters)
        await_(_at_once())

    @classmethod
    def get_pool_class(cls, url: URL) -> type[pool.Pool]:
        # The asyncio pool: a session waiting for the one connection awaits, not blocks.
        if cls._is_url_file_db(url):
            return pool.AsyncAdaptedQueuePool
        return pool.StaticPool


registry.register("sqlite.inloop", __name__, "InLoopSQLiteDialect")
