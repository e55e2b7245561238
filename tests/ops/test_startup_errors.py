"""What keeps the bot from starting is said in one line on stderr, with an exit code of
its own, no traceback and nothing left open: a wrong token, a Bot API out of reach, a
database URL that cannot be used, a setting out of range, a port already taken."""

from __future__ import annotations

import os
import socket
from pathlib import Path

import pytest

from tests.fakeapi import FakeTelegram
from tests.ops.conftest import Spawn
from tests.ops.process import bot_env, free_port

# Long enough for the imports and migrations of a cold start on a busy machine.
EXIT_DEADLINE = 30.0


async def start_and_fail(spawn: Spawn, env: dict[str, str]) -> tuple[int, str]:
    # WARNING: the INFO lines of a normal start (migrations) are not what is judged here;
    # the problem must be the one line there is. ResourceWarnings shown: an unclosed
    # socket or transport would print one.
    env = {**env, "LOG_LEVEL": "WARNING", "PYTHONWARNINGS": "always::ResourceWarning"}
    bot = await spawn(env)
    code = await bot.wait(EXIT_DEADLINE)
    return code, bot.stderr()


def the_line(log: str) -> str:
    lines = log.splitlines()
    assert len(lines) == 1, log
    assert lines[0].startswith("debertz-bot: "), log
    return lines[0]


async def test_wrong_token(fake: FakeTelegram, spawn: Spawn, tmp_path: Path) -> None:
    wrong = "123456:AAWrongTokenOfAnotherBot-0000000000"
    code, log = await start_and_fail(spawn, bot_env(tmp_path, fake, BOT_TOKEN=wrong))
    line = the_line(log)
    assert code == 3
    assert "refused BOT_TOKEN" in line
    assert "Unauthorized" in line
    assert wrong not in log
    assert wrong.split(":")[1] not in log


async def test_token_that_is_not_a_token(spawn: Spawn, tmp_path: Path) -> None:
    code, log = await start_and_fail(spawn, bot_env(tmp_path, BOT_TOKEN="not-a-token"))
    assert code == 3
    assert "BOT_TOKEN is not a bot token" in the_line(log)


async def test_unreachable_bot_api(spawn: Spawn, tmp_path: Path) -> None:
    nowhere = f"http://127.0.0.1:{free_port()}"
    env = bot_env(tmp_path, BOT_TOKEN="123456:AAToken", TELEGRAM_API_BASE=nowhere)
    code, log = await start_and_fail(spawn, env)
    line = the_line(log)
    assert code == 4
    assert f"cannot reach the Bot API at {nowhere}" in line
    assert "Cannot connect" in line


async def test_missing_token(spawn: Spawn, tmp_path: Path) -> None:
    code, log = await start_and_fail(spawn, bot_env(tmp_path))
    assert code == 2
    assert "BOT_TOKEN is not set" in the_line(log)


async def test_setting_out_of_range(spawn: Spawn, tmp_path: Path) -> None:
    code, log = await start_and_fail(spawn, bot_env(tmp_path, TURN_TIMEOUT="-5"))
    assert code == 2
    assert "invalid setting TURN_TIMEOUT" in the_line(log)


def _bad_database_urls() -> list[object]:
    closed = free_port()
    cases: list[object] = [
        pytest.param("nonsense", 2, "DATABASE_URL is not a URL", id="not-a-url"),
        pytest.param(
            f"postgresql+asyncpg://bot:secret-pw@127.0.0.1:{closed}/debertz",
            5,
            "ConnectionRefusedError",
            id="postgres-refused",
        ),
        pytest.param("mysql://bot@127.0.0.1/debertz", 5, "drivers of", id="missing-driver"),
        pytest.param("nosuch+driver://x", 5, "NoSuchModuleError", id="unknown-dialect"),
        pytest.param(
            "sqlite+aiosqlite:////nonexistent-dir/debertz.sqlite3",
            5,
            "unable to open database file",
            id="sqlite-no-directory",
        ),
    ]
    if os.environ.get("TEST_DATABASE_URL"):
        url = os.environ["TEST_DATABASE_URL"].rsplit("/", 1)[0] + "/no_such_database_here"
        cases.append(pytest.param(url, 5, "does not exist", id="postgres-no-database"))
    return cases


@pytest.mark.parametrize(("url", "expected_code", "reason"), _bad_database_urls())
async def test_bad_database_url(
    spawn: Spawn, tmp_path: Path, url: str, expected_code: int, reason: str
) -> None:
    # No Bot API anywhere: the database comes first, and its problem is the one named.
    env = bot_env(tmp_path, BOT_TOKEN="123456:AAToken", DATABASE_URL=url)
    code, log = await start_and_fail(spawn, env)
    line = the_line(log)
    assert code == expected_code
    assert reason in line
    assert "secret-pw" not in log


async def test_health_port_taken(fake: FakeTelegram, spawn: Spawn, tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        env = bot_env(tmp_path, fake, HEALTH_PORT=str(port))
        code, log = await start_and_fail(spawn, env)
    assert code == 6
    assert f"cannot serve /healthz on 127.0.0.1:{port}" in the_line(log)
