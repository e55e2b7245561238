"""Engine and session factory, with the SQLite settings that make a file database behave."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import event
from sqlalchemy.engine import Connection, make_url
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker
from sqlalchemy.ext.asyncio import create_async_engine as _create_async_engine
from sqlalchemy.pool import ConnectionPoolEntry, PoolResetState

__all__ = [
    "BUSY_TIMEOUT_SECONDS",
    "SQLITE_PRAGMAS",
    "create_engine",
    "create_sessionmaker",
    "is_sqlite",
]

# WAL lets readers proceed while one connection writes; synchronous=NORMAL in WAL mode
# can lose the last transactions on power loss (never corrupts) and saves an fsync per
# commit. SQLite's own checkpoints (every 1000 pages of log) stay on: they run in the
# committing connection, on aiosqlite's thread, so they never hold the event loop.
SQLITE_PRAGMAS = (
    "PRAGMA journal_mode=WAL",
    "PRAGMA synchronous=NORMAL",
    "PRAGMA foreign_keys=ON",
    # After a checkpoint the log is reused from its start but keeps its size; a burst
    # (a migration) must not leave a big file behind for good.
    "PRAGMA journal_size_limit=16777216",
)

# How long a transaction waits for another process's write lock before "database is
# locked". SQLite waits in aiosqlite's thread, so the event loop keeps running meanwhile.
BUSY_TIMEOUT_SECONDS = 5.0


def is_sqlite(url: str) -> bool:
    return make_url(url).get_backend_name() == "sqlite"


def _pragma_setter(pragmas: Sequence[str]) -> Any:
    def set_pragmas(dbapi_connection: Any, _record: ConnectionPoolEntry) -> None:
        cursor = dbapi_connection.cursor()
        try:
            for pragma in pragmas:
                cursor.execute(pragma)
        finally:
            cursor.close()

    return set_pragmas


def _begin_immediate(connection: Connection) -> None:
    # SQLAlchemy's recipe for SQLite transactions (the driver's own BEGIN is off, see
    # create_engine). IMMEDIATE takes the write lock at the start: a transaction that
    # reads and then writes cannot find, at its first write, that another process
    # committed since its read (SQLITE_BUSY_SNAPSHOT, which no waiting cures); it waits
    # for that process at BEGIN instead, and then reads what it committed.
    if connection.get_execution_options().get("isolation_level") == "AUTOCOMMIT":
        return
    connection.exec_driver_sql("BEGIN IMMEDIATE")


def _reset_on_return(dbapi: Any, record: ConnectionPoolEntry, state: PoolResetState) -> None:
    # SQLAlchemy's own reset is a ROLLBACK on every return to the pool, after a COMMIT too.
    # On aiosqlite each one is a round trip through its thread (two thread switches, some
    # 20 µs of CPU): four of them per press, for nothing. A connection that is still in a
    # transaction (its session died mid-way) is rolled back as before.
    if state.terminate_only or not state.asyncio_safe:
        return
    if getattr(record.driver_connection, "in_transaction", True):
        dbapi.rollback()


def create_engine(
    url: str,
    *,
    sqlite_pragmas: Sequence[str] = SQLITE_PRAGMAS,
    busy_timeout: float = BUSY_TIMEOUT_SECONDS,
    **kwargs: Any,
) -> AsyncEngine:
    """An async engine for ``url``; extra keyword arguments go to SQLAlchemy.

    SQLite: stock aiosqlite, with the driver's legacy transaction handling off (it would
    not BEGIN before a SELECT, a SAVEPOINT or DDL, so reads were not repeatable and a
    released savepoint committed on its own); every transaction is ``BEGIN IMMEDIATE``.
    One pooled connection: every transaction is a writer, and SQLite has one writer at a
    time anyway. Several connections of one process would meet at the file lock, where
    SQLite's busy handler polls (sleeps of up to 100 ms), instead of queueing in the pool
    and being woken the moment the connection is free. ``busy_timeout`` (seconds) is how
    long a transaction waits for another process's write lock.

    A session must not open a second session while it holds the connection: on SQLite
    the second one would wait for the first until ``pool_timeout``.
    """
    sqlite = is_sqlite(url)
    if sqlite:
        connect_args = dict(kwargs.pop("connect_args", {}))
        # isolation_level=None: the sqlite3 driver never BEGINs or COMMITs on its own;
        # _begin_immediate does.
        connect_args.setdefault("isolation_level", None)
        kwargs["connect_args"] = connect_args
        kwargs.setdefault("pool_size", 1)
        kwargs.setdefault("max_overflow", 0)
        kwargs.setdefault("pool_timeout", 30)
        kwargs.setdefault("pool_reset_on_return", None)  # see _reset_on_return
    else:
        kwargs.setdefault("pool_size", 10)
        kwargs.setdefault("max_overflow", 10)
        kwargs.setdefault("pool_recycle", 1800)
    if kwargs.get("poolclass") is not None:
        # NullPool and StaticPool reject the queue pool's sizing arguments.
        for name in ("pool_size", "max_overflow", "pool_timeout"):
            kwargs.pop(name, None)
    engine = _create_async_engine(url, **kwargs)
    if sqlite:
        # busy_timeout first: switching a new file to WAL needs the write lock too.
        pragmas = [f"PRAGMA busy_timeout={round(busy_timeout * 1000)}", *sqlite_pragmas]
        event.listen(engine.sync_engine, "connect", _pragma_setter(pragmas))
        event.listen(engine.sync_engine, "begin", _begin_immediate)
        if kwargs.get("pool_reset_on_return", "rollback") is None:
            event.listen(engine.sync_engine.pool, "reset", _reset_on_return)
    return engine


def create_sessionmaker(engine: AsyncEngine) -> async_sessionmaker[AsyncSession]:
    # expire_on_commit=False: rows stay readable after the service commits, e.g. to render
    # the table message without another round trip.
    return async_sessionmaker(engine, expire_on_commit=False)
