"""Bot processes started together on an empty database all migrate it (issue 8: one of
them crashed in CREATE TABLE on ``pg_type_typname_nsp_index``)."""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path

from alembic.script import ScriptDirectory

from bot.db.migrate import alembic_config, current_revision, upgrade_to_head
from tests.db.conftest import Database

REPOSITORY = Path(__file__).resolve().parents[2]


def _head() -> str:
    head = ScriptDirectory.from_config(alembic_config()).get_current_head()
    assert head is not None
    return head


async def _start(database: Database) -> asyncio.subprocess.Process:
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "tests.db.migrating_process",
        database.url,
        json.dumps(database.engine_kwargs),
        cwd=REPOSITORY,
        stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    assert process.stdout is not None
    assert await process.stdout.readline() == b"ready\n"
    return process


async def _finish(process: asyncio.subprocess.Process) -> tuple[int | None, str]:
    _out, err = await process.communicate()
    return process.returncode, err.decode(errors="replace")


async def test_processes_migrating_at_once_all_succeed(database: Database) -> None:
    # This process migrates too, at the moment it lets the other one go. Not two
    # migrations in one process: alembic keeps its migration context in module globals.
    # The other process has imported everything first, so the two transactions overlap
    # on the server (or at SQLite's file lock).
    process = await _start(database)
    assert process.stdin is not None
    process.stdin.write(b"go\n")
    await process.stdin.drain()
    try:
        await upgrade_to_head(database.url, **database.engine_kwargs)
    finally:
        code, err = await _finish(process)
    assert code == 0, err[-2000:]
    engine = database.migration_engine()
    try:
        async with engine.connect() as connection:
            assert await current_revision(connection) == _head()
    finally:
        await engine.dispose()
