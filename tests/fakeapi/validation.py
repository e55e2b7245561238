"""Checks Telegram applies to message content before accepting it."""

from __future__ import annotations

import re
from typing import Any

from .errors import (
    BOT_COMMAND_INVALID,
    BUTTON_DATA_INVALID,
    BUTTON_URL_INVALID,
    COMMAND_DESCRIPTION_INVALID,
    REPLY_MARKUP_TOO_LONG,
    TEXT_BUTTONS_UNALLOWED,
    TOO_MANY_BUTTONS_IN_ROW,
    bad_request,
)
from .formatting import utf16_len

MAX_TEXT_LENGTH = 4096
MAX_CALLBACK_DATA_BYTES = 64
MAX_BUTTONS_PER_ROW = 8
MAX_BUTTONS_TOTAL = 100
MAX_CALLBACK_ANSWER_LENGTH = 200
MAX_COMMANDS = 100

# Exactly one of these makes an inline button do something; a bare text button is refused.
_BUTTON_ACTIONS = (
    "url",
    "callback_data",
    "login_url",
    "switch_inline_query",
    "switch_inline_query_current_chat",
    "switch_inline_query_chosen_chat",
    "callback_game",
    "pay",
    "web_app",
    "copy_text",
)
_CANT_PARSE_BUTTON = "can't parse inline keyboard button"
_COMMAND_RE = re.compile(r"^[a-z0-9_]{1,32}$")
_URL_RE = re.compile(r"^(?:(?:https?|tg|ton)://)?[^\s/$.?#][^\s]*$", re.IGNORECASE)


def text_too_long(text: str) -> bool:
    return utf16_len(text) > MAX_TEXT_LENGTH


def validate_reply_markup(markup: Any, *, inline_only: bool = False) -> None:
    """Reject markup Telegram would reject; raises ApiError(400)."""
    if markup is None:
        return
    if not isinstance(markup, dict):
        raise bad_request("can't parse reply keyboard markup JSON object")
    if "inline_keyboard" in markup:
        _validate_inline_keyboard(markup["inline_keyboard"])
    elif inline_only:
        raise bad_request("inline keyboard expected")
    elif "keyboard" in markup:
        rows = markup["keyboard"]
        if not isinstance(rows, list) or not all(isinstance(r, list) for r in rows):
            raise bad_request('field "keyboard" of the ReplyKeyboardMarkup must be an Array')
    elif not ({"remove_keyboard", "force_reply"} & markup.keys()):
        raise bad_request("can't parse reply keyboard markup JSON object")


def _validate_inline_keyboard(rows: Any) -> None:
    if not isinstance(rows, list) or not all(isinstance(r, list) for r in rows):
        raise bad_request(
            'field "inline_keyboard" of the InlineKeyboardMarkup must be an Array of Arrays'
        )
    total = 0
    for row in rows:
        if len(row) > MAX_BUTTONS_PER_ROW:
            raise bad_request(TOO_MANY_BUTTONS_IN_ROW)
        total += len(row)
        for button in row:
            _validate_inline_button(button)
    if total > MAX_BUTTONS_TOTAL:
        raise bad_request(REPLY_MARKUP_TOO_LONG)


def _validate_inline_button(button: Any) -> None:
    if not isinstance(button, dict):
        raise bad_request(f"{_CANT_PARSE_BUTTON}: InlineKeyboardButton must be an Object")
    if not isinstance(button.get("text"), str):
        raise bad_request(f'{_CANT_PARSE_BUTTON}: Field "text" must be of type String')
    actions = [a for a in _BUTTON_ACTIONS if a in button]
    if not actions:
        raise bad_request(TEXT_BUTTONS_UNALLOWED)
    if "callback_data" in button:
        data = button["callback_data"]
        if not isinstance(data, str) or not 1 <= len(data.encode()) <= MAX_CALLBACK_DATA_BYTES:
            raise bad_request(BUTTON_DATA_INVALID)
    if "url" in button:
        url = button["url"]
        if not isinstance(url, str) or not _URL_RE.match(url):
            raise bad_request(BUTTON_URL_INVALID)


def inline_keyboard(markup: Any) -> list[list[dict[str, Any]]] | None:
    """The inline keyboard part of a stored markup, if any; other keyboards are not shown on
    the message itself, so Telegram does not return them."""
    if isinstance(markup, dict) and isinstance(markup.get("inline_keyboard"), list):
        rows: list[list[dict[str, Any]]] = markup["inline_keyboard"]
        if any(rows):
            return rows
    return None


def validate_commands(commands: Any) -> list[dict[str, str]]:
    if not isinstance(commands, list):
        raise bad_request("can't parse commands JSON object")
    if len(commands) > MAX_COMMANDS:
        raise bad_request("too many commands")
    cleaned: list[dict[str, str]] = []
    for cmd in commands:
        if not isinstance(cmd, dict):
            raise bad_request("can't parse BotCommand")
        name = cmd.get("command")
        description = cmd.get("description")
        if not isinstance(name, str) or not _COMMAND_RE.match(name):
            raise bad_request(BOT_COMMAND_INVALID)
        if not isinstance(description, str) or not 1 <= len(description.strip()) <= 256:
            raise bad_request(COMMAND_DESCRIPTION_INVALID)
        cleaned.append({"command": name, "description": description})
    return cleaned
