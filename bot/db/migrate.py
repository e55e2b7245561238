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
from sqlalchemy.engine import Connection
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine
from sqlalchemy.pool import NullPool

from bot.db.session import create_engine, is_sqlite

__all__ = [
    "MIGRATIONS_DIR",
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

class ForeignKeyCheckError(RuntimeError):
    """A SQLite migration left rows pointing at rows that do not exist."""


def alembic_config(**attributes: Any) -> Config:
    """An alembic Config that does not need pyproject.toml (an installed bot has none)."""
    config = Config(attributes=attributes)
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    return config


def create_migration_engine(url: str, **kwargs: Any) -> AsyncEngine:
    """An engine for migrating: no pool; on SQLite the migration pragmas and a longer
    wait for the write lock (another process may be migrating the same file)."""
    kwargs.setdefault("poolclass", NullPool)
    if not is_sqlite(url):
        return create_engine(url, **kwargs)
    return create_engine(
        url,
        sqlite_pragmas=_MIGRATION_PRAGMAS,
        busy_timeout=_MIGRATION_BUSY_TIMEOUT_SECONDS,
        **kwargs,
    )


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
