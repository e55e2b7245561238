"""A SQLite connection for SQLAlchemy's aiosqlite dialect that runs on the event loop.

aiosqlite runs every call on a worker thread and SQLAlchemy makes a call for each step of
a statement (cursor, execute, fetch, close). A move is four statements, so about a dozen
thread hand-overs: on a busy two-core machine waiting for the worker thread to be
scheduled, not SQLite, was most of a move's time. The statements themselves take
microseconds (WAL, synchronous=NORMAL: no fsync at commit), so here they run in place and
their rows come back at once. SQLAlchemy's aiosqlite adapter is used unchanged on top.

Two things could still block the event loop, and are moved off it:
- waiting for another connection's write lock: SQLite is told not to wait
  (busy_timeout=0) and a statement refused with SQLITE_BUSY is retried after an
  ``asyncio.sleep``, for up to ``busy_timeout`` seconds;
- WAL checkpoints (copying the log back into the database, with an fsync, ~10 ms per
  thousand pages): SQLite's automatic ones would run inside a COMMIT, on the loop.
  They are off, and every ``checkpoint_every`` committed writes the COMMIT is followed
  by a checkpoint on a worker thread. The connection is still checked out then, so no
  write of this process slips in: the checkpoint reaches the end of the log and the
  log starts over instead of growing (a checkpoint from a second connection, racing
  the writer, never catches up under steady load).

Only a long statement (a big report, VACUUM) would hold the loop; the bot has none.
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
import time
from collections import deque
from collections.abc import AsyncIterator, Awaitable, Callable, Generator, Iterable, Sequence
from typing import Any, TypeVar, cast

from sqlalchemy.dialects.sqlite.aiosqlite import SQLiteDialect_aiosqlite
from sqlalchemy.engine import make_url

__all__ = ["InlineConnection", "connection_factory"]

log = logging.getLogger(__name__)

_T = TypeVar("_T")
_Description = tuple[tuple[Any, ...], ...] | None

# Retry waits: short at first (a commit takes tens of microseconds), then capped so that
# a long wait does not spin.
_FIRST_RETRY_DELAY = 0.0005
_MAX_RETRY_DELAY = 0.005
# When the log starts over, a file grown past this (bytes) is cut back.
_WAL_SIZE_LIMIT = 16 * 1024 * 1024


def _is_retryable_busy(error: sqlite3.OperationalError) -> bool:
    code: int | None = getattr(error, "sqlite_errorcode", None)
    if code is None:
        return "database is locked" in str(error)
    # A stale snapshot (BUSY_SNAPSHOT) stays stale however long one waits; the
    # transaction has to start over, which is the caller's business.
    return code & 0xFF == sqlite3.SQLITE_BUSY and code != sqlite3.SQLITE_BUSY_SNAPSHOT


class _ImmediateQueue:
    """Stands in for aiosqlite's queue to its worker thread, which SQLAlchemy's adapter
    uses directly to change the isolation level: the call runs at once."""

    def put_nowait(self, item: tuple[asyncio.Future[Any] | None, Callable[[], Any]]) -> None:
        future, function = item
        try:
            result = function()
        except BaseException as error:
            if future is not None and not future.done():
                future.set_exception(error)
        else:
            if future is not None and not future.done():
                future.set_result(result)


class _Cursor:
    """What SQLAlchemy uses of ``aiosqlite.Cursor``; the rows arrive with ``execute``."""

    arraysize = 1

    def __init__(self, connection: InlineConnection) -> None:
        self._connection = connection
        self.description: _Description = None
        self.rowcount = -1
        self.lastrowid: int | None = None
        self._rows: deque[Any] = deque()

    async def _call(self, sql: str, parameters: Any, many: bool) -> _Cursor:
        def run(connection: sqlite3.Connection) -> tuple[_Description, list[Any], int, int | None]:
            cursor = connection.cursor()
            try:
                if many:
                    cursor.executemany(sql, parameters)
                else:
                    cursor.execute(sql, parameters)
                rows = cursor.fetchall() if cursor.description else []
                # Read after fetching: with RETURNING, sqlite3 counts rows as they come.
                return cursor.description, rows, cursor.rowcount, cursor.lastrowid
            finally:
                cursor.close()

        self.description, rows, self.rowcount, self.lastrowid = await self._connection.run(run)
        self._rows = deque(rows)
        return self

    async def execute(self, sql: str, parameters: Any = None) -> _Cursor:
        return await self._call(sql, () if parameters is None else parameters, False)

    async def executemany(self, sql: str, parameters: Iterable[Sequence[Any]]) -> _Cursor:
        # Materialized: a retry after SQLITE_BUSY must see the parameters again.
        return await self._call(sql, list(parameters), True)

    async def fetchone(self) -> Any:
        return self._rows.popleft() if self._rows else None

    async def fetchmany(self, size: int | None = None) -> list[Any]:
        count = self.arraysize if size is None else size
        return [self._rows.popleft() for _ in range(min(count, len(self._rows)))]

    async def fetchall(self) -> list[Any]:
        rows = list(self._rows)
        self._rows.clear()
        return rows

    async def close(self) -> None:
        self._rows.clear()

    async def setinputsizes(self, *sizes: Any) -> None:
        return None

    async def nextset(self) -> None:
        return None

    # aiosqlite's cursor() result is awaited, or entered as an async context manager
    # (SQLAlchemy does that); both give the cursor itself.
    def __await__(self) -> Generator[Any, None, _Cursor]:
        return self._itself().__await__()

    async def _itself(self) -> _Cursor:
        return self

    async def __aenter__(self) -> _Cursor:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.close()

    def __aiter__(self) -> AsyncIterator[Any]:
        return self._iterate()

    async def _iterate(self) -> AsyncIterator[Any]:
        while self._rows:
            yield self._rows.popleft()


class InlineConnection:
    """The part of ``aiosqlite.Connection`` that SQLAlchemy's aiosqlite dialect uses,
    running sqlite3 calls in place (see the module's docstring)."""

    def __init__(
        self,
        connection: sqlite3.Connection,
        *,
        busy_timeout: float = 5.0,
        checkpoint_every: int = 500,
    ) -> None:
        self._connection: sqlite3.Connection | None = connection
        self.busy_timeout = busy_timeout
        self._checkpoint_every = checkpoint_every
        self._writes_since_checkpoint = 0
        self._tx = _ImmediateQueue()
        connection.execute("PRAGMA busy_timeout=0")
        if checkpoint_every > 0:
            connection.execute("PRAGMA wal_autocheckpoint=0")
            connection.execute(f"PRAGMA journal_size_limit={_WAL_SIZE_LIMIT}")

    @property
    def _conn(self) -> sqlite3.Connection:
        if self._connection is None:
            raise ValueError("no active connection")
        return self._connection

    @property
    def isolation_level(self) -> str | None:
        return self._conn.isolation_level

    @isolation_level.setter
    def isolation_level(self, value: str | None) -> None:
        # typeshed leaves out "" (the driver's default mode), which SQLAlchemy sets.
        cast(Any, self._conn).isolation_level = value

    @property
    def in_transaction(self) -> bool:
        return self._conn.in_transaction

    async def run(self, function: Callable[[sqlite3.Connection], _T]) -> _T:
        """Call ``function`` with the sqlite3 connection, retrying while another
        connection holds the write lock (without blocking the event loop)."""
        connection = self._conn
        deadline: float | None = None
        delay = _FIRST_RETRY_DELAY
        while True:
            try:
                return function(connection)
            except sqlite3.OperationalError as error:
                if not _is_retryable_busy(error):
                    raise
                now = time.monotonic()
                if deadline is None:
                    deadline = now + self.busy_timeout
                if now >= deadline:
                    raise
            await asyncio.sleep(min(delay, max(0.0, deadline - now)))
            delay = min(delay * 2, _MAX_RETRY_DELAY)

    def cursor(self) -> _Cursor:
        return _Cursor(self)

    async def commit(self) -> None:
        # SQLAlchemy commits read-only transactions too, which never began in SQLite.
        if not self._conn.in_transaction:
            return
        await self.run(lambda connection: connection.commit())
        await self._after_write()

    async def rollback(self) -> None:
        # The pool rolls back every connection it gets back, most of them just committed.
        if self._connection is None or not self._connection.in_transaction:
            return
        self._connection.rollback()

    async def create_function(self, *args: Any, **kwargs: Any) -> None:
        self._conn.create_function(*args, **kwargs)

    async def close(self) -> None:
        self.stop()

    def stop(self) -> None:
        """Close at once (SQLAlchemy's terminate)."""
        if self._connection is not None:
            self._connection.close()
            self._connection = None

    async def _after_write(self) -> None:
        if self._checkpoint_every <= 0:
            return
        self._writes_since_checkpoint += 1
        if self._writes_since_checkpoint < self._checkpoint_every:
            return
        self._writes_since_checkpoint = 0
        connection = self._conn
        try:
            # PASSIVE: readers in other processes are not waited for; what they still
            # need is copied next time.
            await asyncio.to_thread(
                lambda: connection.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()
            )
        except sqlite3.Error as error:
            # The commit itself succeeded; a failed checkpoint is tried again next time.
            log.warning("SQLite checkpoint failed: %s", error)


def connection_factory(
    url: str, *, busy_timeout: float = 5.0, checkpoint_every: int = 500
) -> Callable[[], Awaitable[InlineConnection]]:
    """An ``async_creator`` for ``create_async_engine`` opening ``url`` (a
    ``sqlite+aiosqlite`` URL) with the arguments SQLAlchemy itself would pass."""
    args, kwargs = SQLiteDialect_aiosqlite().create_connect_args(make_url(url))
    database = str(args[0]) if args else str(kwargs.get("database", ""))
    # An in-memory database has no log to checkpoint.
    if database in ("", ":memory:"):
        checkpoint_every = 0

    open_database: Callable[..., sqlite3.Connection] = sqlite3.connect

    async def connect() -> InlineConnection:
        return InlineConnection(
            open_database(*args, **kwargs),
            busy_timeout=busy_timeout,
            checkpoint_every=checkpoint_every,
        )

    return connect
