"""The outbox's Bot API calls, through aiogram, answered with just the message id.

Telegram answers a sent or edited message with the whole message: its text and every
button of its keyboard. aiogram validates that answer into a ``Message`` with a model
per button — about 40 % of the CPU of an edit, some 0.4 ms, and a card costs two or
three edits — and the outbox reads nothing of it but the message id. The same methods
with a smaller declared result keep aiogram's request building, error mapping and
session middlewares exactly as they are and skip that validation.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from aiogram import Bot
from aiogram.methods import (
    DeleteMessage,
    EditMessageText,
    SendMessage,
    SendPhoto,
    TelegramMethod,
)
from aiogram.types import BufferedInputFile, InlineKeyboardMarkup
from pydantic import BaseModel, ConfigDict

from bot.logs import LoggedByCaller

__all__ = ["LeanCalls", "MessageRef"]


class MessageRef(BaseModel):
    """A message as the outbox needs it: which one it is."""

    model_config = ConfigDict(extra="ignore", frozen=True)

    message_id: int


# aiogram's own methods with a smaller declared result, which is what its session
# validates the answer into (a narrower type than the base class declares, on purpose).
# Their parameters are the base class's, so the type checker is given those.


class _SendMessage(SendMessage, LoggedByCaller):
    __returning__ = MessageRef  # type: ignore[assignment]

    if TYPE_CHECKING:
        __init__ = SendMessage.__init__


class _SendPhoto(SendPhoto, LoggedByCaller):
    __returning__ = MessageRef  # type: ignore[assignment]

    if TYPE_CHECKING:
        __init__ = SendPhoto.__init__


class _EditMessageText(EditMessageText, LoggedByCaller):
    # True instead of a message for an inline message (the bot sends none).
    __returning__ = MessageRef | bool

    if TYPE_CHECKING:
        __init__ = EditMessageText.__init__


class _DeleteMessage(DeleteMessage, LoggedByCaller):
    if TYPE_CHECKING:
        __init__ = DeleteMessage.__init__


class LeanCalls:
    """:class:`bot.outbox.sender.TelegramBot` on an aiogram ``Bot``."""

    def __init__(self, bot: Bot) -> None:
        self._bot = bot

    async def _call(self, method: TelegramMethod[Any]) -> MessageRef | bool:
        return cast(MessageRef | bool, await self._bot(method))

    async def send_message(
        self, chat_id: int, text: str, *, reply_markup: InlineKeyboardMarkup | None = None
    ) -> MessageRef:
        method = _SendMessage(chat_id=chat_id, text=text, reply_markup=reply_markup)
        return cast(MessageRef, await self._call(method))

    async def send_photo(
        self,
        chat_id: int,
        photo: BufferedInputFile,
        *,
        caption: str | None = None,
        reply_markup: InlineKeyboardMarkup | None = None,
    ) -> MessageRef:
        method = _SendPhoto(
            chat_id=chat_id, photo=photo, caption=caption, reply_markup=reply_markup
        )
        return cast(MessageRef, await self._call(method))

    async def edit_message_text(
        self,
        text: str,
        *,
        chat_id: int | None = None,
        message_id: int | None = None,
        reply_markup: InlineKeyboardMarkup | None = None,
    ) -> MessageRef | bool:
        method = _EditMessageText(
            text=text, chat_id=chat_id, message_id=message_id, reply_markup=reply_markup
        )
        return await self._call(method)

    async def delete_message(self, chat_id: int, message_id: int) -> bool:
        return await self._bot(_DeleteMessage(chat_id=chat_id, message_id=message_id))
