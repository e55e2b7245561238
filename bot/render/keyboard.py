"""Building inline keyboards within Telegram's limits."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

from aiogram.filters.callback_data import CallbackData
from aiogram.types import InlineKeyboardButton, InlineKeyboardMarkup

__all__ = [
    "MAX_BUTTONS",
    "MAX_CALLBACK_BYTES",
    "MAX_ROW",
    "button",
    "chunked",
    "markup",
    "url_button",
]

MAX_ROW: Final = 8
MAX_BUTTONS: Final = 100
MAX_CALLBACK_BYTES: Final = 64

PRIMARY: Final = "primary"
SUCCESS: Final = "success"
DANGER: Final = "danger"


def button(text: str, data: CallbackData, *, style: str | None = None) -> InlineKeyboardButton:
    """A callback button; ``CallbackData.pack`` refuses data past 64 bytes."""
    return InlineKeyboardButton(text=text, callback_data=data.pack(), style=style)


def url_button(text: str, url: str) -> InlineKeyboardButton:
    return InlineKeyboardButton(text=text, url=url)


def chunked(
    buttons: Sequence[InlineKeyboardButton], size: int = MAX_ROW
) -> list[list[InlineKeyboardButton]]:
    """Rows of at most ``size`` buttons, as even as possible (9 → 5 + 4)."""
    if not buttons:
        return []
    rows = -(-len(buttons) // size)
    width = -(-len(buttons) // rows)
    return [list(buttons[i : i + width]) for i in range(0, len(buttons), width)]


def markup(rows: Iterable[Sequence[InlineKeyboardButton]]) -> InlineKeyboardMarkup:
    """A keyboard from rows (empty rows are dropped); a row that is too long is split."""
    keyboard: list[list[InlineKeyboardButton]] = []
    for row in rows:
        keyboard.extend(chunked(row))
    total = sum(len(row) for row in keyboard)
    if total > MAX_BUTTONS:
        raise ValueError(f"{total} buttons: Telegram allows {MAX_BUTTONS}")
    return InlineKeyboardMarkup(inline_keyboard=keyboard)
