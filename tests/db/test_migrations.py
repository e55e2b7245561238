"""The migrations build exactly the schema the models describe, and go down and up again."""

from __future__ import annotations

from typing import Any

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import inspect, text
from sqlalchemy.engine import Connection

from bot.db.base import Base
from bot.db.migrate import (
    alembic_config,
    create_migration_engine,
    current_revision,
    downgrade,
    upgrade,
    upgrade_to_head,
)
from tests.db.conftest import Database, Storage

TABLES = {
    "actions",
    "chats",
    "game_results",
    "games",
    "inbox",
    "outbox",
    "ratings",
    "seats",
    "slots",
    "timers",
    "users",
}


def _differences(connection: Connection) -> list[Any]:
    context = MigrationContext.configure(connection, opts={"compare_type": True})
    return list(compare_metadata(context, Base.metadata))


def _tables(connection: Connection) -> set[str]:
    return set(inspect(connection).get_table_names()) - {"alembic_version"}


def _head() -> str:
    head = ScriptDirectory.from_config(alembic_config()).get_current_head()
    assert head is not None
    return head


async def test_models_and_migrations_agree(storage: Storage) -> None:
    async with storage.engine.connect() as connection:
        assert await connection.run_sync(_tables) == TABLES
        assert await connection.run_sync(_differences) == []


async def test_comparison_would_notice_a_difference(storage: Storage) -> None:
    # Guards the test above against comparing nothing: a dropped index must show up.
    async with storage.engine.begin() as connection:
        await connection.execute(text("DROP INDEX ix_timers_deadline"))
        differences = await connection.run_sync(_differences)
    assert any("ix_timers_deadline" in repr(item) for item in differences)


async def test_stairway_up_down_up(database: Database) -> None:
    engine = database.migration_engine()
    try:
        async with engine.begin() as connection:
            await upgrade(connection, "head")
            assert await current_revision(connection) == _head()
            assert await connection.run_sync(_tables) == TABLES
        async with engine.begin() as connection:
            await downgrade(connection, "base")
            assert await current_revision(connection) is None
            assert await connection.run_sync(_tables) == set()
        async with engine.begin() as connection:
            await upgrade(connection, "head")
            assert await connection.run_sync(_tables) == TABLES
            assert await connection.run_sync(_differences) == []
    finally:
        await engine.dispose()


async def test_upgrade_to_head_by_url_is_idempotent(database: Database) -> None:
    # What the bot runs at every start.
    await upgrade_to_head(database.url, **database.engine_kwargs)
    await upgrade_to_head(database.url, **database.engine_kwargs)
    engine = database.migration_engine()
    try:
        async with engine.connect() as connection:
            assert await current_revision(connection) == _head()
            assert await connection.run_sync(_tables) == TABLES
    finally:
        await engine.dispose()


async def test_sqlite_migrations_are_transactional(tmp_path: Any) -> None:
    # The sqlite3 driver would commit each CREATE TABLE on its own; a migration that fails
    # halfway must leave nothing behind.
    engine = create_migration_engine(f"sqlite+aiosqlite:///{tmp_path / 'm.sqlite3'}")
    try:
        async with engine.connect() as connection:
            transaction = await connection.begin()
            await connection.execute(text("CREATE TABLE half (id INTEGER)"))
            await transaction.rollback()
        async with engine.connect() as connection:
            assert await connection.run_sync(_tables) == set()
    finally:
        await engine.dispose()


async def test_sqlite_connections_get_the_pragmas(storage: Storage) -> None:
    if storage.backend != "sqlite":
        pytest.skip("SQLite only")
    async with storage.engine.connect() as connection:
        values = {
            name: (await connection.exec_driver_sql(f"PRAGMA {name}")).scalar_one()
            for name in (
                "journal_mode",
                "foreign_keys",
                "busy_timeout",
                "synchronous",
                "wal_autocheckpoint",
            )
        }
    # synchronous=1 is NORMAL. On the loop's thread SQLite never waits in its busy handler
    # (the bot waits for a lock in asyncio sleeps), and checkpoints itself only as a bound
    # on the log: a worker thread checkpoints it (bot.db.inloop_sqlite).
    assert values == {
        "journal_mode": "wal",
        "foreign_keys": 1,
        "busy_timeout": 0,
        "synchronous": 1,
        "wal_autocheckpoint": 4000,
    }
