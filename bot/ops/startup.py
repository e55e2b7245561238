"""What can stop the bot from starting, said in one line with an exit code of its own,
instead of a traceback: a bad setting, a token Telegram refuses, a Bot API that cannot
be reached, a database that cannot be used, a port that is taken."""

from __future__ import annotations

from typing import ClassVar

from aiogram.exceptions import (
    TelegramAPIError,
    TelegramNetworkError,
    TelegramNotFound,
    TelegramUnauthorizedError,
)
from aiogram.utils.token import TokenValidationError
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError, NoSuchModuleError

__all__ = [
    "BadBotToken",
    "BotApiUnreachable",
    "CannotListen",
    "ConfigurationError",
    "DatabaseUnavailable",
    "StartupError",
    "database_error",
    "one_line",
    "telegram_error",
]

OFFICIAL_API = "https://api.telegram.org"


class StartupError(Exception):
    """The bot cannot start; ``str()`` is the line for the operator."""

    exit_code: ClassVar[int] = 1


class ConfigurationError(StartupError):
    exit_code = 2


class BadBotToken(StartupError):
    exit_code = 3


class BotApiUnreachable(StartupError):
    exit_code = 4


class DatabaseUnavailable(StartupError):
    exit_code = 5


class CannotListen(StartupError):
    exit_code = 6


def one_line(error: BaseException) -> str:
    """The exception's class and the first line of its message (SQLAlchemy appends the
    statement and a link; asyncpg and aiohttp nest the OS error inside)."""
    message = str(error).strip().splitlines()
    first = message[0].strip() if message else ""
    return f"{type(error).__name__}: {first}" if first else type(error).__name__


def _safe_url(url: str) -> str:
    try:
        return make_url(url).render_as_string(hide_password=True)
    except ArgumentError:
        return repr(url.partition("://")[0] + "://...")


def _driver_error(error: BaseException) -> BaseException:
    """The database driver's own exception, which names the problem: SQLAlchemy wraps it
    (``orig``), and its asyncpg adapter wraps asyncpg's in turn (``__cause__``)."""
    orig = getattr(error, "orig", None)
    if isinstance(orig, BaseException):
        error = orig
        if error.__cause__ is not None:
            error = error.__cause__
    return error


def database_error(url: str, error: BaseException) -> DatabaseUnavailable:
    cause = _driver_error(error)
    line = f"cannot use the database {_safe_url(url)}: {one_line(cause)}"
    if isinstance(cause, ModuleNotFoundError | NoSuchModuleError):
        line += " (the bot ships the drivers of postgresql+asyncpg:// and sqlite+aiosqlite://)"
    return DatabaseUnavailable(line)


def telegram_error(api_base: str | None, error: BaseException) -> StartupError:
    where = api_base or OFFICIAL_API
    if isinstance(error, TokenValidationError):
        return BadBotToken(f"BOT_TOKEN is not a bot token (one looks like 123456:AAE...): {error}")
    if isinstance(error, TelegramUnauthorizedError | TelegramNotFound):
        return BadBotToken(
            f"the Bot API at {where} refused BOT_TOKEN ({error.message}): "
            "check the token @BotFather gave"
        )
    if isinstance(error, TelegramNetworkError | OSError | TimeoutError):
        # aiogram's message repeats the aiohttp error it wraps; say that one alone.
        cause = error.__cause__ if error.__cause__ is not None else error
        return BotApiUnreachable(f"cannot reach the Bot API at {where}: {one_line(cause)}")
    if isinstance(error, TelegramAPIError):
        return BotApiUnreachable(f"the Bot API at {where} answered getMe with {error.message}")
    raise TypeError(f"not a Telegram start-up error: {error!r}")
