"""Sorting aiogram's errors by what the outbox does about them."""

from __future__ import annotations

import re

from aiogram.exceptions import (
    TelegramAPIError,
    TelegramBadRequest,
    TelegramEntityTooLarge,
    TelegramForbiddenError,
    TelegramMigrateToChat,
    TelegramNotFound,
    TelegramRetryAfter,
)

__all__ = [
    "describe",
    "is_chat_gone",
    "is_delete_target_gone",
    "is_edit_target_gone",
    "is_not_modified",
    "is_transient",
    "redact",
]

# Telegram's descriptions (lower case); Telegram has changed their wording before, so each
# is matched as a substring.
_NOT_MODIFIED = "message is not modified"
_EDIT_TARGET_GONE = ("message to edit not found", "message can't be edited", "message_id_invalid")
_DELETE_TARGET_GONE = ("message to delete not found", "message can't be deleted")
_CHAT_GONE = (
    "chat not found",
    "peer_id_invalid",
    "chat_write_forbidden",
    "not enough rights to send",
    "have no rights to send",
    "group chat was deactivated",
    "user is deactivated",
)
_TOKEN = re.compile(r"\d{5,}:[A-Za-z0-9_-]{20,}")


def _description(err: BaseException) -> str:
    return getattr(err, "message", str(err)).lower()


def is_not_modified(err: BaseException) -> bool:
    return isinstance(err, TelegramBadRequest) and _NOT_MODIFIED in _description(err)


def is_edit_target_gone(err: BaseException) -> bool:
    """The slot's message was deleted or may no longer be edited: send a new one instead."""
    return isinstance(err, TelegramBadRequest) and any(
        s in _description(err) for s in _EDIT_TARGET_GONE
    )


def is_delete_target_gone(err: BaseException) -> bool:
    """The message to delete is gone already (or too old to delete): nothing left to do."""
    return isinstance(err, TelegramBadRequest) and any(
        s in _description(err) for s in _DELETE_TARGET_GONE
    )


def is_chat_gone(err: BaseException) -> bool:
    """Nothing more can be sent into this chat for now (blocked, kicked, deleted)."""
    if isinstance(err, TelegramForbiddenError):
        return True
    return isinstance(err, TelegramBadRequest | TelegramNotFound) and any(
        s in _description(err) for s in _CHAT_GONE
    )


def is_transient(err: BaseException) -> bool:
    """Worth trying the same call again later: network trouble, 5xx, and Telegram errors
    that say nothing about the request itself. Requests Telegram rejected (400, 403, 404,
    too large) would fail the same way again; 429 and migration are handled apart."""
    if not isinstance(err, TelegramAPIError):
        return False
    return not isinstance(
        err,
        TelegramBadRequest
        | TelegramNotFound
        | TelegramForbiddenError
        | TelegramEntityTooLarge
        | TelegramRetryAfter
        | TelegramMigrateToChat,
    )


def redact(text: str) -> str:
    """Hide anything shaped like a bot token (an HTTP error may quote the request URL)."""
    return _TOKEN.sub("<token>", text)


def describe(err: BaseException) -> str:
    """One line for logs and the outbox table's last_error."""
    message = getattr(err, "message", None) or str(err)
    return redact(f"{type(err).__name__}: {' '.join(message.split())}")
