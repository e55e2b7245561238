"""The bot's SQLite engine (sqlite3 on the loop's thread, bot.db.inloop_sqlite):
transactions that begin where SQLAlchemy says, take the write lock at BEGIN so that two
processes cannot interleave a read and a write, wait for a busy database without blocking
the event loop, checkpoint the log in a worker thread and keep it small."""

from __future__ import annotations

import asyncio
import sqlite3
import struct
import threading
import time
from collections.abc import AsyncIterator, Callable
from pathlib import Path

import pytest
from sqlalchemy import (
    Column,
    Integer,
    LargeBinary,
    MetaData,
    String,
    Table,
    insert,
    select,
    update,
)
from sqlalchemy.exc import IntegrityError, OperationalError
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.db.inloop_sqlite import CHECKPOINT_EVERY, Checkpointer, InLoopConnection
from bot.db.session import create_engine

metadata = MetaData()
things = Table(
    "things",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("name", String(20), unique=True, nullable=False),
)
counters = Table(
    "counters",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("value", Integer, nullable=False),
)
blobs = Table(
    "blobs", metadata, Column("id", Integer, primary_key=True), Column("data", LargeBinary)
)


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / "c.sqlite3"


@pytest.fixture
async def engine(path: Path) -> AsyncIterator[AsyncEngine]:
    engine = create_engine(f"sqlite+aiosqlite:///{path}")
    async with engine.begin() as connection:
        await connection.run_sync(metadata.create_all)
        await connection.execute(insert(counters).values(id=1, value=0))
    yield engine
    await engine.dispose()


@pytest.fixture
async def other(path: Path, engine: AsyncEngine) -> AsyncIterator[AsyncEngine]:
    """A second engine on the same file: what another bot process would have."""
    other = create_engine(f"sqlite+aiosqlite:///{path}")
    yield other
    await other.dispose()


async def _names(engine: AsyncEngine) -> list[str]:
    async with engine.connect() as connection:
        rows = await connection.execute(select(things.c.name).order_by(things.c.id))
        return list(rows.scalars())


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
    assert await _names(engine) == ["kept", "auto"]
    # Back in the pool after AUTOCOMMIT, the connection rolls back again.
    async with engine.connect() as connection:
        await connection.execute(insert(things).values(name="undone"))
        await connection.rollback()
    assert await _names(engine) == ["kept", "auto"]


async def test_rolling_back_undoes_a_released_savepoint(engine: AsyncEngine) -> None:
    # The driver's own transaction handling did not BEGIN before a SELECT or a SAVEPOINT:
    # the savepoint was a transaction of its own, committed by its RELEASE.
    async with engine.connect() as connection:
        await connection.execute(select(things.c.id))
        async with connection.begin_nested():
            await connection.execute(insert(things).values(name="in savepoint"))
        await connection.rollback()
    assert await _names(engine) == []


async def test_a_transaction_holds_the_write_lock_from_its_first_read(
    engine: AsyncEngine, path: Path
) -> None:
    probe = sqlite3.connect(path, timeout=0, isolation_level=None)
    try:
        async with engine.begin() as connection:
            await connection.execute(select(counters.c.value))
            with pytest.raises(sqlite3.OperationalError, match="locked"):
                probe.execute("BEGIN IMMEDIATE")
        probe.execute("BEGIN IMMEDIATE")  # free once the transaction ended
        probe.execute("ROLLBACK")
    finally:
        probe.close()


async def test_read_then_write_in_two_processes_applies_every_increment(
    engine: AsyncEngine, other: AsyncEngine
) -> None:
    # With a deferred BEGIN both read the same value and the later writer fails with
    # "database is locked" (a snapshot older than the other's commit), at once.
    rounds = 25

    async def increment(on: AsyncEngine) -> None:
        for _ in range(rounds):
            async with on.begin() as connection:
                value = (await connection.execute(select(counters.c.value))).scalar_one()
                await connection.execute(update(counters).values(value=value + 1))

    await asyncio.gather(increment(engine), increment(other))
    async with engine.connect() as connection:
        assert (await connection.execute(select(counters.c.value))).scalar_one() == 2 * rounds


async def test_waits_for_another_writer_without_blocking_the_loop(
    engine: AsyncEngine, other: AsyncEngine
) -> None:
    async with engine.connect() as holder, other.connect() as waiter:
        await holder.execute(insert(things).values(name="first"))  # holds the lock
        blocked = asyncio.create_task(waiter.execute(insert(things).values(name="second")))
        started = time.monotonic()
        # The loop keeps turning while the waiter waits in aiosqlite's thread.
        for _ in range(20):
            await asyncio.sleep(0.005)
        assert time.monotonic() - started < 1.0
        assert not blocked.done()
        await holder.commit()
        await blocked
        await waiter.commit()
    assert await _names(engine) == ["first", "second"]


async def test_gives_up_after_the_busy_timeout(engine: AsyncEngine, path: Path) -> None:
    impatient = create_engine(f"sqlite+aiosqlite:///{path}", busy_timeout=0.1)
    try:
        async with engine.connect() as holder, impatient.connect() as waiter:
            await holder.execute(insert(things).values(name="first"))
            started = time.monotonic()
            with pytest.raises(OperationalError, match="locked"):
                await waiter.execute(insert(things).values(name="second"))
            assert 0.1 <= time.monotonic() - started < 1.0
            await waiter.rollback()
            await holder.rollback()
    finally:
        await impatient.dispose()


async def _settle(condition: Callable[[], bool]) -> bool:
    # The checkpoint runs in a worker thread: give it a moment of an idle loop (up to
    # 10 s: on a loaded machine the thread's turn came later than 2 s once).
    for _ in range(500):
        if condition():
            return True
        await asyncio.sleep(0.02)
    return condition()


def _log_checkpoints(path: Path) -> tuple[int, int]:
    """The log's checkpoint sequence number, which grows each time a log copied to its
    end starts over, and how many frames of the present log were copied (nBackfill):
    https://www.sqlite.org/walformat.html. The database file alone is no witness: a
    checkpoint that stops short at a reader's snapshot skips every page with a later
    frame, so the file may then not be readable alone at all."""
    log = path.with_name(path.name + "-wal").read_bytes()
    index = path.with_name(path.name + "-shm").read_bytes()
    return struct.unpack_from(">I", log, 12)[0], struct.unpack_from("=I", index, 96)[0]


async def test_a_worker_thread_checkpoints_the_log(engine: AsyncEngine, path: Path) -> None:
    # Small writes, far below SQLite's own checkpoint (4000 pages on this connection):
    # only the Checkpointer, after CHECKPOINT_EVERY commits, copies them into the file.
    sequence_before, _ = _log_checkpoints(path)
    writes = CHECKPOINT_EVERY + 20
    for index in range(writes):
        async with engine.begin() as connection:
            await connection.execute(insert(blobs).values(id=index, data=bytes(100)))

    def checkpointed() -> bool:
        sequence, copied = _log_checkpoints(path)
        return sequence > sequence_before or copied >= CHECKPOINT_EVERY

    assert await _settle(checkpointed)


def _recording_checkpoints(
    monkeypatch: pytest.MonkeyPatch, outcomes: list[bool], release: threading.Event
) -> list[int]:
    calls: list[int] = []

    def checkpoint(_self: Checkpointer) -> bool:
        calls.append(len(calls))
        release.wait(10)
        return outcomes[min(len(calls), len(outcomes)) - 1]

    monkeypatch.setattr(Checkpointer, "_checkpoint", checkpoint)
    return calls


async def test_a_round_due_while_one_runs_starts_when_it_ends(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    release = threading.Event()
    calls = _recording_checkpoints(monkeypatch, [True], release)
    checkpointer = Checkpointer("unused.sqlite3", every=2)
    for _ in range(2):
        checkpointer.committed()
    assert await _settle(lambda: len(calls) == 1)
    for _ in range(2):  # due again while the first round waits
        checkpointer.committed()
    release.set()
    # No commit follows (a quiet chat): the second round starts all the same.
    assert await _settle(lambda: len(calls) == 2)


async def test_a_failed_round_is_retried_at_the_next_commit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    release = threading.Event()
    release.set()
    calls = _recording_checkpoints(monkeypatch, [False, True], release)
    checkpointer = Checkpointer("unused.sqlite3", every=3)
    for _ in range(3):
        checkpointer.committed()
    assert await _settle(lambda: len(calls) == 1)
    # The failed round's callback runs on the loop once its thread is done.
    assert await _settle(lambda: not checkpointer._busy)
    checkpointer.committed()
    assert await _settle(lambda: len(calls) == 2)


def test_a_busy_checkpoint_is_tried_again_in_its_thread(
    path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    answers = iter([(1, -1, -1), (1, 10, 4), (0, 10, 10)])
    tried: list[str] = []

    class Answering:
        def execute(self, sql: str) -> Answering:
            tried.append(sql)
            return self

        def fetchone(self) -> tuple[int, int, int]:
            return next(answers)

        def close(self) -> None:
            pass

    monkeypatch.setattr("bot.db.inloop_sqlite.sqlite3.connect", lambda *_a, **_k: Answering())
    monkeypatch.setattr("bot.db.inloop_sqlite.time.sleep", lambda _seconds: None)
    assert Checkpointer(str(path))._checkpoint()
    assert tried == ["PRAGMA wal_checkpoint(PASSIVE)"] * 3


async def test_the_log_stays_bounded_and_starts_over(engine: AsyncEngine, path: Path) -> None:
    # About 5 log pages a write, 6000 in all, with no pause for the worker thread to
    # catch up: SQLite's own checkpoint bounds the log, which then starts over (else it
    # would grow to the 6000 pages).
    writes = 1200
    wal = path.with_name(path.name + "-wal")
    sequence_before, _ = _log_checkpoints(path)
    largest = 0
    for index in range(writes):
        async with engine.begin() as connection:
            await connection.execute(insert(blobs).values(id=index, data=bytes(16_000)))
        largest = max(largest, wal.stat().st_size)
    assert largest <= 4100 * 4120  # pages of 4096 bytes and a 24-byte frame header
    sequence_after, _ = _log_checkpoints(path)
    assert sequence_after > sequence_before


async def test_a_connection_back_in_the_pool_is_rolled_back_only_inside_a_transaction(
    engine: AsyncEngine, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A ROLLBACK is a statement: none after a COMMIT (issue 9: four per press), one for
    a connection left in a transaction."""
    rollbacks: list[object] = []
    real = InLoopConnection.rollback

    def counting(self: InLoopConnection) -> None:
        rollbacks.append(self)
        real(self)

    monkeypatch.setattr(InLoopConnection, "rollback", counting)
    for value in range(3):
        async with engine.begin() as connection:
            await connection.execute(update(counters).values(value=value))
    async with engine.connect() as connection:
        await connection.execute(select(counters.c.value))  # ended by close: one rollback
    assert len(rollbacks) == 1

    # Left in a transaction below SQLAlchemy's back: the pool still rolls it back.
    rollbacks.clear()
    async with engine.connect() as connection:
        raw = await connection.get_raw_connection()
        driver = raw.driver_connection
        assert driver is not None
        driver.execute("BEGIN IMMEDIATE")
        driver.execute("UPDATE counters SET value = 99")
    assert len(rollbacks) == 1
    async with engine.connect() as connection:
        assert (await connection.execute(select(counters.c.value))).scalar_one() == 2


async def test_statements_run_on_the_loops_thread(engine: AsyncEngine) -> None:
    """No thread hop per statement (issue 9: aiosqlite made 3–4 per statement)."""
    threads: set[int] = set()
    async with engine.begin() as connection:
        raw = await connection.get_raw_connection()
        driver = raw.driver_connection
        assert isinstance(driver, sqlite3.Connection)
        # Called by SQLite itself, in whichever thread runs the statement.
        driver.set_trace_callback(lambda _sql: threads.add(threading.get_ident()))
        try:
            await connection.execute(insert(things).values(name="here"))
            names = (await connection.execute(select(things.c.name))).scalars().all()
        finally:
            driver.set_trace_callback(None)
    assert names == ["here"]
    assert threads == {threading.get_ident()}
