"""The in-loop SQLite connection behaves like aiosqlite's under SQLAlchemy, waits for a
busy database without blocking the event loop, and checkpoints off the loop."""

from __future__ import annotations

import asyncio
import sqlite3
import time
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from sqlalchemy import Column, Integer, MetaData, String, Table, insert, select, update
from sqlalchemy.exc import IntegrityError, OperationalError
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.db.session import create_engine
from bot.db.sqlite_connection import InlineConnection, connection_factory

metadata = MetaData()
things = Table(
    "things",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("name", String(20), unique=True, nullable=False),
)


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / "c.sqlite3"


@pytest.fixture
async def engine(path: Path) -> AsyncIterator[AsyncEngine]:
    engine = create_engine(f"sqlite+aiosqlite:///{path}")
    async with engine.begin() as connection:
        await connection.run_sync(metadata.create_all)
    yield engine
    await engine.dispose()


async def _driver_connection(engine: AsyncEngine) -> InlineConnection:
    async with engine.connect() as connection:
        raw = await connection.get_raw_connection()
        driver = raw.driver_connection
    assert isinstance(driver, InlineConnection)
    return driver


async def test_the_bot_engine_uses_it(engine: AsyncEngine) -> None:
    driver = await _driver_connection(engine)
    assert driver.busy_timeout == 5.0


async def test_rows_counts_returning_and_executemany(engine: AsyncEngine) -> None:
    async with engine.begin() as connection:
        result = await connection.execute(insert(things), [{"name": f"n{i}"} for i in range(5)])
        assert result.rowcount == 5
        inserted = await connection.execute(
            insert(things).values(name="last").returning(things.c.id, things.c.name)
        )
        assert inserted.one()[1] == "last"
        changed = await connection.execute(
            update(things)
            .where(things.c.name.in_(["n1", "n2", "zz"]))
            .values(name=things.c.name + "!")
        )
        assert changed.rowcount == 2
        names = (await connection.execute(select(things.c.name).order_by(things.c.id))).scalars()
        assert list(names) == ["n0", "n1!", "n2!", "n3", "n4", "last"]
        streamed = await connection.stream(select(things.c.id).order_by(things.c.id))
        assert [row[0] async for row in streamed] == [1, 2, 3, 4, 5, 6]


async def test_commit_rollback_and_errors(engine: AsyncEngine) -> None:
    async with engine.connect() as connection:
        await connection.execute(insert(things).values(name="kept"))
        await connection.commit()
        await connection.execute(insert(things).values(name="dropped"))
        with pytest.raises(IntegrityError, match="UNIQUE"):
            await connection.execute(insert(things).values(name="kept"))
        await connection.rollback()
        # The connection is still usable after the error.
        assert (await connection.execute(select(things.c.name))).scalars().all() == ["kept"]
        await connection.commit()
        autocommit = await connection.execution_options(isolation_level="AUTOCOMMIT")
        await autocommit.execute(insert(things).values(name="auto"))
    async with engine.connect() as connection:
        names = (await connection.execute(select(things.c.name).order_by(things.c.id))).scalars()
        assert names.all() == ["kept", "auto"]


async def test_waits_for_another_writer_without_blocking_the_loop(
    engine: AsyncEngine, path: Path
) -> None:
    other = create_engine(f"sqlite+aiosqlite:///{path}")
    ticks = 0

    async def ticker() -> None:
        nonlocal ticks
        while True:
            ticks += 1
            await asyncio.sleep(0.005)

    ticking = asyncio.create_task(ticker())
    try:
        async with engine.connect() as holder, other.connect() as waiter:
            await holder.execute(insert(things).values(name="first"))  # holds the lock
            blocked = asyncio.create_task(waiter.execute(insert(things).values(name="second")))
            await asyncio.sleep(0.2)
            assert not blocked.done()
            ticks_while_waiting = ticks
            await holder.commit()
            await blocked
            await waiter.commit()
        assert ticks_while_waiting >= 10
    finally:
        ticking.cancel()
        await other.dispose()
    async with engine.connect() as connection:
        names = (await connection.execute(select(things.c.name).order_by(things.c.id))).scalars()
        assert names.all() == ["first", "second"]


async def test_gives_up_after_the_busy_timeout(engine: AsyncEngine, path: Path) -> None:
    other = create_engine(f"sqlite+aiosqlite:///{path}")
    try:
        async with engine.connect() as holder, other.connect() as waiter:
            (await _driver_connection_of(waiter)).busy_timeout = 0.1
            await holder.execute(insert(things).values(name="first"))
            started = time.monotonic()
            with pytest.raises(OperationalError, match="locked"):
                await waiter.execute(insert(things).values(name="second"))
            assert 0.1 <= time.monotonic() - started < 1.0
            await waiter.rollback()
            await holder.rollback()
    finally:
        await other.dispose()


async def _driver_connection_of(connection: object) -> InlineConnection:
    raw = await connection.get_raw_connection()  # type: ignore[attr-defined]
    driver = raw.driver_connection
    assert isinstance(driver, InlineConnection)
    return driver


async def test_checkpoints_every_so_many_writes_and_the_log_starts_over(path: Path) -> None:
    url = f"sqlite+aiosqlite:///{path}"
    engine = create_engine(url, async_creator=connection_factory(url, checkpoint_every=3))

    def in_main_file(name: str) -> bool:
        # immutable=1 reads the database file alone, not the write-ahead log.
        reader = sqlite3.connect(f"file:{path}?immutable=1", uri=True)
        try:
            query = "SELECT 1 FROM things WHERE name = ?"
            return reader.execute(query, (name,)).fetchone() is not None
        except sqlite3.OperationalError:  # not even the table is there yet
            return False
        finally:
            reader.close()

    async def write(name: str) -> None:
        async with engine.begin() as connection:
            await connection.execute(insert(things).values(name=name))

    try:
        async with engine.begin() as connection:
            await connection.run_sync(metadata.create_all)
        await write("a")
        await write("b")
        assert not in_main_file("b")  # only in the log: SQLite's own checkpoints are off
        await write("c")
        assert in_main_file("c")  # the third write's commit checkpointed
        for index in range(30):
            await write(f"n{index}")
        await write("last")
        # Each checkpoint reached the end of the log, so it started over: it holds the
        # pages of the last few writes, not of all 34.
        with sqlite3.connect(path) as probe:
            _busy, log_pages, _copied = probe.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
        assert 0 < log_pages <= 12
    finally:
        await engine.dispose()
