"""Deep links into the private chat with the bot."""

from __future__ import annotations

from aiogram.types import InlineKeyboardButton, InlineKeyboardMarkup

from bot.parsing import parse_id

__all__ = [
    "deep_link",
    "join_payload",
    "message_link",
    "open_private_markup",
    "parse_join_payload",
]

_JOIN_PREFIX = "join-"


def join_payload(game_id: int) -> str:
    """The /start payload that finishes a join (or reconnects a player) in private."""
    return f"{_JOIN_PREFIX}{game_id}"


def parse_join_payload(payload: str) -> int | None:
    """The game a /start payload joins; None for any other payload."""
    if not payload.startswith(_JOIN_PREFIX):
        return None
    return parse_id(payload[len(_JOIN_PREFIX) :])


def deep_link(bot_username: str, payload: str) -> str:
    return f"https://t.me/{bot_username}?start={payload}"


_SUPERGROUP_BASE = 10**12


def message_link(chat_id: int, message_id: int) -> str | None:
    """A link to a message that members of the chat can open: supergroups only (basic
    groups have no message links)."""
    if chat_id >= -_SUPERGROUP_BASE:
        return None
    return f"https://t.me/c/{-chat_id - _SUPERGROUP_BASE}/{message_id}"


def open_private_markup(text: str, url: str) -> InlineKeyboardMarkup:
    return InlineKeyboardMarkup(inline_keyboard=[[InlineKeyboardButton(text=text, url=url)]])
