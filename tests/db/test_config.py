"""Settings from the environment and .env."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import ValidationError

from bot.config import MissingBotTokenError, Settings

VARIABLES = (
    "BOT_TOKEN",
    "DATABASE_URL",
    "TELEGRAM_API_BASE",
    "WEBHOOK_URL",
    "WEBHOOK_SECRET",
    "WEBHOOK_HOST",
    "WEBHOOK_PORT",
    "WEBHOOK_PATH",
    "TURN_TIMEOUT",
    "DEFAULT_LANGUAGE",
    "LOG_LEVEL",
)


@pytest.fixture(autouse=True)
def clean_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    for name in VARIABLES:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.chdir(tmp_path)


def test_defaults_without_any_setting(tmp_path: Path) -> None:
    settings = Settings()
    assert settings.bot_token is None
    assert settings.database_url == f"sqlite+aiosqlite:///{tmp_path / 'debertz.sqlite3'}"
    assert settings.turn_timeout == 60
    assert settings.default_language == "ru"
    assert settings.log_level == "INFO"
    assert settings.telegram_api_base is None
    assert not settings.webhook_enabled
    with pytest.raises(MissingBotTokenError, match="BOT_TOKEN"):
        settings.require_bot_token()


def test_environment_and_dotenv(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / ".env").write_text(
        "BOT_TOKEN=123:abc\nTURN_TIMEOUT=45\nDEFAULT_LANGUAGE=EN\nLOG_LEVEL=debug\n"
        "DATABASE_URL=postgres://u:p@db:5432/debertz\n",
        encoding="utf-8",
    )
    # The environment wins over .env.
    monkeypatch.setenv("TURN_TIMEOUT", "90")
    monkeypatch.setenv("WEBHOOK_URL", "https://bot.example.org/hook/")
    monkeypatch.setenv("WEBHOOK_SECRET", "s3cr3t_-X")
    monkeypatch.setenv("TELEGRAM_API_BASE", "http://127.0.0.1:8081/")
    settings = Settings()
    assert settings.require_bot_token() == "123:abc"
    assert "123:abc" not in repr(settings)
    assert settings.turn_timeout == 90
    assert settings.default_language == "en"
    assert settings.log_level == "DEBUG"
    assert settings.database_url == "postgresql+asyncpg://u:p@db:5432/debertz"
    assert settings.webhook_enabled
    assert settings.webhook_url == "https://bot.example.org/hook"
    assert settings.telegram_api_base == "http://127.0.0.1:8081"
    assert (settings.webhook_host, settings.webhook_port, settings.webhook_path) == (
        "0.0.0.0",
        8080,
        "/webhook",
    )


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("DEFAULT_LANGUAGE", "de"),
        ("TURN_TIMEOUT", "0"),
        ("WEBHOOK_PORT", "70000"),
        ("WEBHOOK_SECRET", "has spaces"),
        ("WEBHOOK_URL", "not a url"),
        ("LOG_LEVEL", "LOUD"),
    ],
)
def test_bad_values_are_refused(monkeypatch: pytest.MonkeyPatch, name: str, value: str) -> None:
    monkeypatch.setenv(name, value)
    with pytest.raises(ValidationError):
        Settings()


def test_blank_token_is_unset(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BOT_TOKEN", "  ")
    assert Settings().bot_token is None
