"""Deep links into the private chat with the bot."""

from __future__ import annotations

from aiogram.types import InlineKeyboardButton, InlineKeyboardMarkup

__all__ = ["deep_link", "join_payload", "open_private_markup", "parse_join_payload"]

_JOIN_PREFIX = "join-"


def join_payload(game_id: int) -> str:
    """The /start payload that finishes a join (or reconnects a player) in private."""
    return f"{_JOIN_PREFIX}{game_id}"


def parse_join_payload(payload: str) -> int | None:
    rest = payload[len(_JOIN_PREFIX) :]
    if payload.startswith(_JOIN_PREFIX) and rest.isdigit():
        return int(rest)
    return None


def deep_link(bot_username: str, payload: str) -> str:
    return f"https://t.me/{bot_username}?start={payload}"


def open_private_markup(text: str, url: str) -> InlineKeyboardMarkup:
    return InlineKeyboardMarkup(inline_keyboard=[[InlineKeyboardButton(text=text, url=url)]])
