"""Database fixtures: every test runs on SQLite, and on PostgreSQL too when
TEST_DATABASE_URL is set (e.g. postgresql+asyncpg://postgres@127.0.0.1:5432/test).

Each test gets an empty database of its own: a new SQLite file, or a new PostgreSQL schema
(dropped afterwards) that the connections put first on their search_path.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker
from sqlalchemy.pool import NullPool

from bot.config import async_database_url
from bot.db.migrate import create_migration_engine, upgrade
from bot.db.session import create_engine, create_sessionmaker

PG_URL_VARIABLE = "TEST_DATABASE_URL"


def _postgres_url() -> str | None:
    raw = os.environ.get(PG_URL_VARIABLE, "").strip()
    if not raw:
        return None
    # Same rewriting as the bot's own DATABASE_URL (postgres:// -> postgresql+asyncpg://).
    return async_database_url(raw)


BACKENDS = ["sqlite"] + (["postgresql"] if _postgres_url() else [])


@dataclass
class Database:
    """Where one test's database is, and how to open engines on it."""

    backend: str
    url: str
    engine_kwargs: dict[str, Any] = field(default_factory=dict)

    def engine(self, **kwargs: Any) -> AsyncEngine:
        return create_engine(self.url, **self.engine_kwargs, **kwargs)

    def migration_engine(self) -> AsyncEngine:
        return create_migration_engine(self.url, **self.engine_kwargs)


@dataclass
class Storage:
    """A migrated database with the engine and session factory the bot would use."""

    database: Database
    engine: AsyncEngine
    sessions: async_sessionmaker[AsyncSession]

    @property
    def backend(self) -> str:
        return self.database.backend


@pytest.fixture(params=BACKENDS)
async def database(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Database]:
    """An empty database (no schema yet)."""
    if request.param == "sqlite":
        yield Database("sqlite", f"sqlite+aiosqlite:///{tmp_path / 'test.sqlite3'}")
        return
    url = _postgres_url()
    assert url is not None
    schema = f"test_{uuid.uuid4().hex[:16]}"
    admin = create_engine(url, poolclass=NullPool)
    async with admin.begin() as connection:
        await connection.execute(text(f'CREATE SCHEMA "{schema}"'))
    try:
        yield Database(
            "postgresql",
            url,
            {"connect_args": {"server_settings": {"search_path": schema}}},
        )
    finally:
        async with admin.begin() as connection:
            await connection.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
        await admin.dispose()


async def migrate_to_head(database: Database) -> None:
    engine = database.migration_engine()
    try:
        async with engine.begin() as connection:
            await upgrade(connection, "head")
    finally:
        await engine.dispose()


@pytest.fixture
async def storage(database: Database) -> AsyncIterator[Storage]:
    """The database migrated to head, with the bot's engine settings."""
    await migrate_to_head(database)
    engine = database.engine()
    try:
        yield Storage(database, engine, create_sessionmaker(engine))
    finally:
        await engine.dispose()
