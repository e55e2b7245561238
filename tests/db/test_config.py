"""Settings from the environment and .env."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import ValidationError

from bot.__main__ import main as bot_main
from bot.config import ENV_FILE, MissingBotTokenError, Settings, SettingsError, load_settings


@pytest.fixture(autouse=True)
def dotenv_in_a_directory_of_its_own(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """These tests are about reading .env, which tests/conftest.py turns off for every
    other test: it is on again here, in an empty directory (the bot's variables are
    already cleared from the environment)."""
    monkeypatch.setitem(Settings.model_config, "env_file", ENV_FILE)
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


def test_webhook_mode_without_a_secret_does_not_start(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without WEBHOOK_SECRET anyone who learns the URL could post forged updates."""
    monkeypatch.setenv("WEBHOOK_URL", "https://bot.example.org/hook")
    with pytest.raises(ValidationError, match="WEBHOOK_SECRET must be set"):
        Settings()
    with pytest.raises(SettingsError) as raised:
        load_settings()
    message = str(raised.value)
    assert "\n" not in message
    assert message.startswith("bad settings: WEBHOOK_SECRET must be set when WEBHOOK_URL is set")
    monkeypatch.setenv("WEBHOOK_SECRET", "s3cr3t")
    assert load_settings().webhook_enabled


def test_bad_settings_are_one_line_naming_each_variable(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BOT_TOKEN", "123:not-to-be-printed")
    monkeypatch.setenv("DEFAULT_LANGUAGE", "de")
    monkeypatch.setenv("TURN_TIMEOUT", "0")
    with pytest.raises(SettingsError) as raised:
        load_settings()
    message = str(raised.value)
    assert "\n" not in message
    assert "DEFAULT_LANGUAGE:" in message
    assert "TURN_TIMEOUT:" in message
    assert "not-to-be-printed" not in message


def test_the_entry_point_prints_the_error_and_exits_non_zero(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("WEBHOOK_URL", "https://bot.example.org/hook")
    assert bot_main() == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "WEBHOOK_SECRET must be set" in err
