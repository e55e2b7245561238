"""Engine and session factory, with the SQLite settings that make a file database behave."""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from typing import Any

from sqlalchemy import event
from sqlalchemy.engine import Connection, make_url
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker
from sqlalchemy.ext.asyncio import create_async_engine as _create_async_engine
from sqlalchemy.pool import ConnectionPoolEntry, PoolResetState

from bot.db.inloop_sqlite import (
    DRIVER_NAME,
    Checkpointer,
    InLoopConnection,
    begin_immediate,
    run_busy,
)

__all__ = [
    "BUSY_TIMEOUT_SECONDS",
    "SQLITE_PRAGMAS",
    "create_engine",
    "create_sessionmaker",
    "is_sqlite",
]

# WAL lets readers proceed while one connection writes; synchronous=NORMAL in WAL mode
# can lose the last transactions on power loss (never corrupts) and saves an fsync per
# commit, which is what lets the bot call SQLite on the event loop's thread (see
# bot.db.inloop_sqlite). A Checkpointer writes the log back in a worker thread; SQLite's
# own checkpoint, in the loop's thread, is left as a bound for when writes come faster
# than that thread catches up with (a log checkpointed to its end starts over, one that
# is still being written to does not). busy_timeout=0: waits for another process's lock
# are asyncio sleeps (inloop_sqlite.run_busy), never SQLite's busy handler sleeping in
# the loop's thread.
SQLITE_PRAGMAS = (
    "PRAGMA journal_mode=WAL",
    "PRAGMA synchronous=NORMAL",
    "PRAGMA foreign_keys=ON",
    # After a checkpoint the log is reused from its start but keeps its size; a burst
    # (a migration) must not leave a big file behind for good.
    "PRAGMA journal_size_limit=16777216",
    "PRAGMA wal_autocheckpoint=4000",
)

# How long a transaction waits for another process's write lock before "database is
# locked", in asyncio sleeps: the event loop keeps running meanwhile.
BUSY_TIMEOUT_SECONDS = 5.0


def is_sqlite(url: str) -> bool:
    return make_url(url).get_backend_name() == "sqlite"


def _pragma_setter(pragmas: Sequence[str], busy_timeout: float) -> Any:
    def set_pragmas(dbapi_connection: Any, _record: ConnectionPoolEntry) -> None:
        for pragma in ("PRAGMA busy_timeout=0", *pragmas):
            # Switching a new file to WAL needs the write lock too.
            run_busy(dbapi_connection, pragma, busy_timeout)

    return set_pragmas


def _transaction_starter(busy_timeout: float) -> Any:
    def begin(connection: Connection) -> None:
        # SQLAlchemy's recipe for SQLite transactions (the driver's own BEGIN is off, see
        # create_engine). IMMEDIATE takes the write lock at the start: a transaction that
        # reads and then writes cannot find, at its first write, that another process
        # committed since its read (SQLITE_BUSY_SNAPSHOT, which no waiting cures); it waits
        # for that process at BEGIN instead, and then reads what it committed. Sent to the
        # driver itself: it is a statement of every transaction.
        if connection.get_execution_options().get("isolation_level") == "AUTOCOMMIT":
            return
        driver = connection.connection.dbapi_connection
        assert isinstance(driver, sqlite3.Connection)
        begin_immediate(driver, busy_timeout)

    return begin


def _reset_on_return(dbapi: Any, record: ConnectionPoolEntry, state: PoolResetState) -> None:
    # SQLAlchemy's own reset is a ROLLBACK on every return to the pool, after a COMMIT too:
    # four statements per press, for nothing. A connection that is still in a transaction
    # (its session died mid-way) is rolled back as before.
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

    SQLite (any ``sqlite://`` URL, ``sqlite+aiosqlite://`` included): the standard
    ``sqlite3`` module on the event loop's thread (:mod:`bot.db.inloop_sqlite`), with the
    driver's legacy transaction handling off (it would not BEGIN before a SELECT, a
    SAVEPOINT or DDL, so reads were not repeatable and a released savepoint committed on
    its own); every transaction is ``BEGIN IMMEDIATE``.
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
        # _transaction_starter does.
        connect_args.setdefault("isolation_level", None)
        connect_args["factory"] = InLoopConnection
        # The pool may close a connection from another thread (at exit, after a fork).
        connect_args.setdefault("check_same_thread", False)
        kwargs["connect_args"] = connect_args
        url = make_url(url).set(drivername=DRIVER_NAME).render_as_string(hide_password=False)
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
        event.listen(engine.sync_engine, "connect", _pragma_setter(sqlite_pragmas, busy_timeout))
        event.listen(engine.sync_engine, "begin", _transaction_starter(busy_timeout))
        database = engine.url.database
        if database and database != ":memory:":
            event.listen(engine.sync_engine, "commit", Checkpointer(database).committed)
        if kwargs.get("pool_reset_on_return", "rollback") is None:
            event.listen(engine.sync_engine.pool, "reset", _reset_on_return)
    return engine


def create_sessionmaker(engine: AsyncEngine) -> async_sessionmaker[AsyncSession]:
    # expire_on_commit=False: rows stay readable after the service commits, e.g. to render
    # the table message without another round trip.
    return async_sessionmaker(engine, expire_on_commit=False)
