"""Applying the alembic migrations from code: the bot upgrades its database at start.

``alembic upgrade head`` from the repository root does the same by hand; both go through
``migrations/env.py``, which takes the connection made here when there is one.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from sqlalchemy import event
from sqlalchemy.engine import Connection
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine
from sqlalchemy.pool import NullPool

from bot.db.session import create_engine, is_sqlite

__all__ = [
    "MIGRATIONS_DIR",
    "MIGRATION_LOCK_KEY",
    "ForeignKeyCheckError",
    "alembic_config",
    "check_sqlite_foreign_keys",
    "create_migration_engine",
    "current_revision",
    "downgrade",
    "upgrade",
    "upgrade_to_head",
]

MIGRATIONS_DIR = Path(__file__).resolve().parents[2] / "migrations"

# Not the bot's pragmas: foreign keys stay OFF while migrating. Alembic's batch mode
# rebuilds a SQLite table by copying it and dropping the original; with foreign keys on,
# that DROP would cascade-delete every seat and action of the games table.
_MIGRATION_PRAGMAS = (
    "PRAGMA journal_mode=WAL",
    "PRAGMA foreign_keys=OFF",
)

# A migration waits this long (seconds) for SQLite's write lock: long enough for another
# process's migration to finish; create_engine's BEGIN IMMEDIATE takes the lock before
# alembic reads the schema's revision, so the second process finds the schema at head.
_MIGRATION_BUSY_TIMEOUT_SECONDS = 60.0

# The PostgreSQL advisory lock every migrating process of this bot takes ("debertz" in
# ASCII); any fixed number works as long as nothing else in the database uses it.
MIGRATION_LOCK_KEY = 0x64_65_62_65_72_74_7A


class ForeignKeyCheckError(RuntimeError):
    """A SQLite migration left rows pointing at rows that do not exist."""


def alembic_config(**attributes: Any) -> Config:
    """An alembic Config that does not need pyproject.toml (an installed bot has none)."""
    config = Config(attributes=attributes)
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    return config


def create_migration_engine(url: str, **kwargs: Any) -> AsyncEngine:
    """An engine for migrating: no pool. Its transactions are serialised across processes
    (bot processes started together all migrate at start): on PostgreSQL by an advisory
    lock, on SQLite by the write lock, waited for longer than the bot waits for it."""
    kwargs.setdefault("poolclass", NullPool)
    if not is_sqlite(url):
        engine = create_engine(url, **kwargs)
        event.listen(engine.sync_engine, "begin", _take_migration_lock)
        return engine
    return create_engine(
        url,
        sqlite_pragmas=_MIGRATION_PRAGMAS,
        busy_timeout=_MIGRATION_BUSY_TIMEOUT_SECONDS,
        **kwargs,
    )


def _take_migration_lock(connection: Connection) -> None:
    # Two transactions creating the same tables at once: the second fails on a unique
    # index of the catalog (pg_type_typname_nsp_index) instead of waiting. Taken at BEGIN,
    # before alembic reads the revision; released by the COMMIT or ROLLBACK, so the next
    # process reads the revision this one committed and has nothing left to do.
    connection.exec_driver_sql(f"SELECT pg_advisory_xact_lock({MIGRATION_LOCK_KEY})")


def check_sqlite_foreign_keys(connection: Connection) -> None:
    """Raise if any row points nowhere (foreign keys are not enforced while migrating)."""
    problems = connection.exec_driver_sql("PRAGMA foreign_key_check").fetchall()
    if problems:
        listed = ", ".join(f"{row[0]} rowid {row[1]} -> {row[2]}" for row in problems[:10])
        raise ForeignKeyCheckError(f"{len(problems)} broken references after migrating: {listed}")


def _run(connection: Connection, action: str, revision: str) -> None:
    config = alembic_config(connection=connection)
    if action == "upgrade":
        command.upgrade(config, revision)
    else:
        command.downgrade(config, revision)


async def upgrade(connection: AsyncConnection, revision: str = "head") -> None:
    """Upgrade through ``connection``, inside the caller's transaction."""
    await connection.run_sync(_run, "upgrade", revision)


async def downgrade(connection: AsyncConnection, revision: str = "base") -> None:
    await connection.run_sync(_run, "downgrade", revision)


async def current_revision(connection: AsyncConnection) -> str | None:
    def read(sync_connection: Connection) -> str | None:
        return MigrationContext.configure(sync_connection).get_current_revision()

    return await connection.run_sync(read)


async def upgrade_to_head(database_url: str, **engine_kwargs: Any) -> None:
    """Bring the database at ``database_url`` to the newest schema, in one transaction."""
    engine = create_migration_engine(database_url, **engine_kwargs)
    try:
        async with engine.begin() as connection:
            await upgrade(connection)
    finally:
        await engine.dispose()
