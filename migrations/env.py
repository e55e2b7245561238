"""Alembic environment.

Two ways in:
- from code (``bot.db.migrate``, tests): a synchronous Connection taken from an
  AsyncConnection with ``run_sync`` is passed in ``config.attributes["connection"]``, and
  the migrations run inside the caller's transaction;
- by hand (``alembic upgrade head`` from the repository root, configured by the
  ``[tool.alembic]`` section of pyproject.toml): the URL is DATABASE_URL from the
  environment or .env, read by bot.config.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any, Literal

from alembic import context
from alembic.autogenerate.api import AutogenContext
from sqlalchemy.engine import Connection

from bot.db import models  # noqa: F401  (registers every table on Base.metadata)
from bot.db.base import Base, UTCDateTime
from bot.db.migrate import check_sqlite_foreign_keys, create_migration_engine

config = context.config
target_metadata = Base.metadata


def _render_item(type_: str, obj: Any, autogen_context: AutogenContext) -> str | Literal[False]:
    # A migration must not import the application's types: they may change later while
    # the migration has to stay as it was. UTCDateTime is a timestamptz underneath.
    if type_ == "type" and isinstance(obj, UTCDateTime):
        return "sa.DateTime(timezone=True)"
    return False


def _configure_and_run(connection: Connection) -> None:
    sqlite = connection.dialect.name == "sqlite"
    context.configure(
        connection=connection,
        target_metadata=target_metadata,
        # SQLite cannot ALTER most things; batch mode rebuilds the table instead.
        render_as_batch=sqlite,
        # create_migration_engine wraps SQLite migrations in a real transaction.
        transactional_ddl=True,
        compare_type=True,
        render_item=_render_item,
    )
    with context.begin_transaction():
        context.run_migrations()
        if sqlite:
            check_sqlite_foreign_keys(connection)


def _database_url() -> str:
    url = config.attributes.get("database_url")
    # pyproject.toml has no place for a URL; an alembic.ini, if someone keeps one, might.
    if not url and config.file_config.has_section(config.config_ini_section):
        url = config.get_main_option("sqlalchemy.url")
    if url:
        return str(url)
    from bot.config import Settings

    return Settings().database_url


async def _run_with_own_engine(url: str) -> None:
    engine = create_migration_engine(url)
    try:
        async with engine.connect() as connection:
            await connection.run_sync(_configure_and_run)
            await connection.commit()
    finally:
        await engine.dispose()


def run_migrations_online() -> None:
    connection = config.attributes.get("connection")
    if connection is not None:
        _configure_and_run(connection)
        return
    if not logging.getLogger().handlers:
        logging.basicConfig(level=logging.INFO, format="%(levelname)-5.5s [%(name)s] %(message)s")
    asyncio.run(_run_with_own_engine(_database_url()))


def run_migrations_offline() -> None:
    """``alembic upgrade head --sql``: print the SQL instead of running it."""
    url = _database_url()
    context.configure(
        url=url,
        target_metadata=target_metadata,
        literal_binds=True,
        dialect_opts={"paramstyle": "named"},
        render_as_batch=url.startswith("sqlite"),
        transactional_ddl=True,
    )
    with context.begin_transaction():
        context.run_migrations()


if context.is_offline_mode():
    run_migrations_offline()
else:
    run_migrations_online()
