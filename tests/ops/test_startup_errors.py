"""What keeps the bot from starting is said in one line on stderr, with an exit code of
its own, no traceback and nothing left open: a wrong token, a Bot API out of reach, a
database URL that cannot be used, a setting out of range, a port already taken.

Two cases run as real processes (``python -m bot`` forked from the zygote, ending
through the interpreter's own exit: see tests/ops/process.py); the others call the same
code in this process."""

from __future__ import annotations

import os
import socket
from pathlib import Path

import pytest
from pydantic import SecretStr

from bot.__main__ import main
from bot.app import run
from bot.config import Settings
from bot.ops.startup import (
    BadBotToken,
    BotApiUnreachable,
    CannotListen,
    DatabaseUnavailable,
    StartupError,
)
from tests.fakeapi import FakeTelegram
from tests.ops.conftest import Spawn
from tests.ops.process import bot_env, free_port

# Long enough for the imports and migrations of a cold start on a busy machine.
EXIT_DEADLINE = 60.0


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
    assert wrong.split(":")[1] not in log


async def test_database_file_that_cannot_be_opened(spawn: Spawn, tmp_path: Path) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path / 'no-such-directory' / 'debertz.sqlite3'}"
    env = bot_env(tmp_path, BOT_TOKEN="123456:AAToken", DATABASE_URL=url)
    code, log = await start_and_fail(spawn, env)
    line = the_line(log)
    assert code == 5
    assert line == (
        f"debertz-bot: cannot use the database {url}: "
        "OperationalError: unable to open database file"
    )


# -- in this process ---------------------------------------------------------------------


def settings(tmp_path: Path, **values: object) -> Settings:
    base: dict[str, object] = {
        "bot_token": SecretStr("123456:AAToken"),
        "database_url": f"sqlite+aiosqlite:///{tmp_path / 'bot.sqlite3'}",
        "telegram_api_base": None,
        "webhook_url": None,
        "health_port": None,
    }
    return Settings.model_validate({**base, **values})


async def start_error(configured: Settings) -> StartupError:
    with pytest.raises(StartupError) as raised:
        await run(configured)
    return raised.value


async def test_unreachable_bot_api(tmp_path: Path) -> None:
    nowhere = f"http://127.0.0.1:{free_port()}"
    error = await start_error(settings(tmp_path, telegram_api_base=nowhere))
    assert isinstance(error, BotApiUnreachable)
    assert error.exit_code == 4
    assert str(error).startswith(f"cannot reach the Bot API at {nowhere}: ClientConnectorError")


async def test_token_that_is_not_a_token(tmp_path: Path) -> None:
    error = await start_error(settings(tmp_path, bot_token=SecretStr("not-a-token")))
    assert isinstance(error, BadBotToken)
    assert error.exit_code == 3
    assert "BOT_TOKEN is not a bot token" in str(error)


def _bad_database_urls() -> list[object]:
    cases: list[object] = [
        pytest.param("mysql://bot@127.0.0.1/debertz", "drivers of", id="missing-driver"),
        pytest.param("nosuch+driver://x", "NoSuchModuleError", id="unknown-dialect"),
        pytest.param(
            f"postgresql+asyncpg://bot:secret-pw@127.0.0.1:{free_port()}/debertz",
            "ConnectionRefusedError",
            id="postgres-refused",
        ),
    ]
    if os.environ.get("TEST_DATABASE_URL"):
        url = os.environ["TEST_DATABASE_URL"].rsplit("/", 1)[0] + "/no_such_database_here"
        cases.append(pytest.param(url, "does not exist", id="postgres-no-database"))
    return cases


@pytest.mark.parametrize(("url", "reason"), _bad_database_urls())
async def test_bad_database_url(tmp_path: Path, url: str, reason: str) -> None:
    # No Bot API anywhere: the database comes first, and its problem is the one named.
    error = await start_error(settings(tmp_path, database_url=url))
    assert isinstance(error, DatabaseUnavailable)
    assert error.exit_code == 5
    assert str(error).startswith("cannot use the database ")
    assert reason in str(error)
    assert "secret-pw" not in str(error)


async def test_health_port_taken(fake: FakeTelegram, tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        configured = settings(
            tmp_path,
            bot_token=SecretStr(fake.token),
            telegram_api_base=fake.base_url,
            health_host="127.0.0.1",
            health_port=port,
        )
        error = await start_error(configured)
    assert isinstance(error, CannotListen)
    assert error.exit_code == 6
    assert str(error).startswith(f"cannot serve /healthz on 127.0.0.1:{port}")
    # It had started: it stopped again, without polling.
    assert fake.calls("getUpdates") == []


@pytest.fixture
def environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> pytest.MonkeyPatch:
    """The settings main() reads: only what a test sets (no developer's .env or env)."""
    monkeypatch.chdir(tmp_path)
    for name in Settings.model_fields:
        monkeypatch.delenv(name.upper(), raising=False)
    monkeypatch.setenv("HEALTH_PORT", "0")
    return monkeypatch


@pytest.mark.parametrize(
    ("variables", "expected"),
    [
        pytest.param({}, "debertz-bot: BOT_TOKEN is not set", id="missing-token"),
        pytest.param(
            {"BOT_TOKEN": "123456:AAToken", "TURN_TIMEOUT": "-5"},
            "debertz-bot: bad settings: TURN_TIMEOUT: Input should be greater than 0",
            id="out-of-range",
        ),
        pytest.param(
            {"BOT_TOKEN": "123456:AAToken", "DATABASE_URL": "nonsense"},
            "debertz-bot: bad settings: DATABASE_URL: DATABASE_URL is not a URL",
            id="not-a-url",
        ),
    ],
)
def test_settings_errors_are_one_line_and_exit_2(
    environment: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    variables: dict[str, str],
    expected: str,
) -> None:
    for name, value in variables.items():
        environment.setenv(name, value)
    assert main() == 2
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1, err
    assert err.startswith(expected), err
