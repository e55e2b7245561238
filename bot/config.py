"""Settings from the environment and `.env` (see `.env.example` for every variable)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Literal

from pydantic import (
    AnyHttpUrl,
    Field,
    SecretStr,
    TypeAdapter,
    ValidationError,
    field_validator,
    model_validator,
)
from pydantic_settings import BaseSettings, SettingsConfigDict

__all__ = [
    "DEFAULT_HEALTH_PORT",
    "ENV_FILE",
    "Language",
    "MissingBotTokenError",
    "Settings",
    "SettingsError",
    "async_database_url",
    "default_database_url",
    "load_settings",
]

Language = Literal["ru", "uk", "en"]
LogLevel = Literal["CRITICAL", "ERROR", "WARNING", "INFO", "DEBUG"]

DEFAULT_SQLITE_FILE = "debertz.sqlite3"
ENV_FILE = ".env"
# Not 8081: that is the default port of a self-hosted telegram-bot-api server, which is
# often run beside the bot (TELEGRAM_API_BASE=http://127.0.0.1:8081).
DEFAULT_HEALTH_PORT = 8090

# Telegram accepts only these characters in X-Telegram-Bot-Api-Secret-Token.
_WEBHOOK_SECRET = re.compile(r"[A-Za-z0-9_-]{1,256}")
_HTTP_URL: TypeAdapter[AnyHttpUrl] = TypeAdapter(AnyHttpUrl)

# The bot only talks to databases through asyncio drivers, so the plain URLs people copy
# from hosting dashboards are rewritten to the driver the project ships with.
_ASYNC_DRIVERS = {
    "postgres": "postgresql+asyncpg",
    "postgresql": "postgresql+asyncpg",
    "sqlite": "sqlite+aiosqlite",
}


class MissingBotTokenError(RuntimeError):
    """BOT_TOKEN is needed to run the bot but is not set."""


class SettingsError(ValueError):
    """The environment or .env holds settings the bot cannot run with; the message is one
    line for the operator (no traceback, no values: a secret may be among them)."""


def async_database_url(url: str) -> str:
    """``url`` with the scheme of the asyncio driver the project uses for its database."""
    url = url.strip()
    scheme, sep, rest = url.partition("://")
    if not sep:
        raise ValueError(f"DATABASE_URL is not a URL: {url!r}")
    return f"{_ASYNC_DRIVERS.get(scheme.lower(), scheme)}://{rest}"


def default_database_url() -> str:
    """A SQLite file in the current working directory, resolved when settings are read."""
    return f"sqlite+aiosqlite:///{Path.cwd() / DEFAULT_SQLITE_FILE}"


class Settings(BaseSettings):
    """Every setting of the bot. Constructing it without BOT_TOKEN works (tests, migrations);
    the bot's entry point calls :meth:`require_bot_token`."""

    model_config = SettingsConfigDict(
        env_file=ENV_FILE,
        env_file_encoding="utf-8",
        extra="ignore",
        case_sensitive=False,
    )

    bot_token: SecretStr | None = None
    database_url: str = Field(default_factory=default_database_url)
    telegram_api_base: str | None = None
    webhook_url: str | None = None
    webhook_secret: SecretStr | None = None
    webhook_host: str = "0.0.0.0"
    webhook_port: int = Field(default=8080, ge=1, le=65535)
    webhook_path: str = "/webhook"
    # Polling mode serves /healthz and /metrics here (webhook mode serves them beside the
    # webhook). None (HEALTH_PORT=0 or empty): not served.
    health_host: str = "127.0.0.1"
    health_port: int | None = Field(default=DEFAULT_HEALTH_PORT, ge=1, le=65535)
    turn_timeout: int = Field(default=60, gt=0, le=86_400)
    computer_pause: float = Field(default=1.0, ge=0, le=30)
    # Processes for the searching computer player; None (unset or empty): one per CPU but
    # one, which the bot keeps for itself.
    search_workers: int | None = Field(default=None, ge=1, le=256)
    # Seconds a searching player's decision may take, from its turn to its move.
    search_budget: float = Field(default=1.0, gt=0, le=30)
    update_lease: float = Field(default=10.0, gt=0, le=600)
    # Telegram's flood limits, kept by the outbox; off only against a Bot API server that
    # has none (the tests' fake one).
    pacing: bool = True
    default_language: Language = "ru"
    log_level: LogLevel = "INFO"

    @field_validator("bot_token", "webhook_secret", mode="before")
    @classmethod
    def _blank_is_unset(cls, value: object) -> object:
        # `BOT_TOKEN=` in a .env file means "not set", not "an empty token".
        if isinstance(value, str) and not value.strip():
            return None
        return value

    @field_validator("search_workers", mode="before")
    @classmethod
    def _blank_is_default(cls, value: object) -> object:
        if isinstance(value, str) and not value.strip():
            return None
        return value

    @field_validator("health_port", mode="before")
    @classmethod
    def _zero_is_off(cls, value: object) -> object:
        if value is None or (isinstance(value, str) and not value.strip()):
            return None
        if isinstance(value, str):
            value = value.strip()
        return None if value in (0, "0") else value

    @field_validator("database_url")
    @classmethod
    def _async_driver(cls, value: str) -> str:
        return async_database_url(value)

    @field_validator("telegram_api_base", "webhook_url", mode="before")
    @classmethod
    def _http_url(cls, value: object) -> object:
        if value is None or (isinstance(value, str) and not value.strip()):
            return None
        if not isinstance(value, str):
            raise ValueError("must be a URL")
        value = value.strip()
        _HTTP_URL.validate_python(value)
        # aiogram appends "/bot<token>/<method>" itself; a trailing slash would double it.
        return value.rstrip("/")

    @field_validator("webhook_secret")
    @classmethod
    def _telegram_secret(cls, value: SecretStr | None) -> SecretStr | None:
        if value is not None and not _WEBHOOK_SECRET.fullmatch(value.get_secret_value()):
            raise ValueError("WEBHOOK_SECRET must be 1-256 characters of A-Z, a-z, 0-9, _ and -")
        return value

    @field_validator("webhook_path")
    @classmethod
    def _absolute_path(cls, value: str) -> str:
        value = value.strip()
        return value if value.startswith("/") else "/" + value

    @field_validator("default_language", mode="before")
    @classmethod
    def _lower(cls, value: object) -> object:
        return value.strip().lower() if isinstance(value, str) else value

    @field_validator("log_level", mode="before")
    @classmethod
    def _upper(cls, value: object) -> object:
        return value.strip().upper() if isinstance(value, str) else value

    @model_validator(mode="after")
    def _webhook_needs_secret(self) -> Settings:
        # Without a secret anyone who finds the URL can post forged updates (a press "by"
        # any user) and the bot would apply them.
        if self.webhook_url is not None and self.webhook_secret is None:
            raise ValueError(
                "WEBHOOK_SECRET must be set when WEBHOOK_URL is set: Telegram sends it with "
                "every update, so forged requests are refused (1-256 of A-Z a-z 0-9 _ -)"
            )
        return self

    @property
    def webhook_enabled(self) -> bool:
        """Webhook mode when WEBHOOK_URL is set, long polling otherwise."""
        return self.webhook_url is not None

    def require_bot_token(self) -> str:
        """The token, or a clear error for the bot's entry point when it is missing."""
        if self.bot_token is None:
            raise MissingBotTokenError(
                "BOT_TOKEN is not set: put it in the environment or in .env (see .env.example)"
            )
        return self.bot_token.get_secret_value()


def load_settings() -> Settings:
    """The settings from the environment and .env, for an entry point: invalid ones raise
    :class:`SettingsError` with one line naming each bad variable."""
    try:
        return Settings()
    except ValidationError as error:
        raise SettingsError(f"bad settings: {_describe(error)}") from None


def _describe(error: ValidationError) -> str:
    problems = []
    for item in error.errors(include_input=False, include_url=False):
        cause = item.get("ctx", {}).get("error")
        message = str(cause) if isinstance(cause, ValueError) else item["msg"]
        variable = "_".join(str(part) for part in item["loc"]).upper()
        problems.append(f"{variable}: {message}" if variable else message)
    return "; ".join(problems)
