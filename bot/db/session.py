"""Engine and session factory, with the SQLite settings that make a file database behave."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import event
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker
from sqlalchemy.ext.asyncio import create_async_engine as _create_async_engine
from sqlalchemy.pool import ConnectionPoolEntry

from bot.db.sqlite_connection import connection_factory

__all__ = [
    "BUSY_TIMEOUT_SECONDS",
    "SQLITE_PRAGMAS",
    "create_engine",
    "create_sessionmaker",
    "is_sqlite",
]

# WAL lets readers proceed while one connection writes; synchronous=NORMAL in WAL mode
# can lose the last transactions on power loss (never corrupts) and saves an fsync per
# commit.
SQLITE_PRAGMAS = (
    "PRAGMA journal_mode=WAL",
    "PRAGMA foreign_keys=ON",
    "PRAGMA synchronous=NORMAL",
)

# How long a statement waits for another connection (another process) to release the
# write lock before "database is locked".
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


def create_engine(
    url: str,
    *,
    sqlite_pragmas: Sequence[str] = SQLITE_PRAGMAS,
    inline_sqlite: bool = True,
    **kwargs: Any,
) -> AsyncEngine:
    """An async engine for ``url``; extra keyword arguments go to SQLAlchemy.

    SQLite gets a single pooled connection. SQLite has one writer at a time anyway, and
    several connections in one process would only meet at the file lock, sleeping in
    retries, instead of being queued in the pool and woken the moment the connection is
    free. With the driver's default transaction handling a SELECT does not open a
    transaction, so a game loaded before another connection committed is caught by the
    version check in ``games.save`` rather than by a stale-snapshot error.

    ``inline_sqlite`` (the default) runs SQLite statements on the event loop's thread,
    see ``bot.db.sqlite_connection``; False keeps aiosqlite's worker thread (migrations
    use it: DDL may wait on locks and need not be fast).

    A session must not open a second session while it holds the connection: on SQLite
    the second one would wait for the first until ``pool_timeout``.
    """
    if is_sqlite(url):
        pragmas = list(sqlite_pragmas)
        if inline_sqlite and "creator" not in kwargs and "async_creator" not in kwargs:
            kwargs["async_creator"] = connection_factory(url, busy_timeout=BUSY_TIMEOUT_SECONDS)
        else:
            pragmas.append(f"PRAGMA busy_timeout={int(BUSY_TIMEOUT_SECONDS * 1000)}")
        kwargs.setdefault("pool_size", 1)
        kwargs.setdefault("max_overflow", 0)
        kwargs.setdefault("pool_timeout", 30)
    else:
        pragmas = []
        kwargs.setdefault("pool_size", 10)
        kwargs.setdefault("max_overflow", 10)
        kwargs.setdefault("pool_recycle", 1800)
    if kwargs.get("poolclass") is not None:
        # NullPool and StaticPool reject the queue pool's sizing arguments.
        for name in ("pool_size", "max_overflow", "pool_timeout"):
            kwargs.pop(name, None)
    engine = _create_async_engine(url, **kwargs)
    if pragmas:
        event.listen(engine.sync_engine, "connect", _pragma_setter(pragmas))
    return engine


def create_sessionmaker(engine: AsyncEngine) -> async_sessionmaker[AsyncSession]:
    # expire_on_commit=False: rows stay readable after the service commits, e.g. to render
    # the table message without another round trip.
    return async_sessionmaker(engine, expire_on_commit=False)
