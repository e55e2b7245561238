"""One Bot API call: made, logged on one line, counted. No retries, no pacing here."""

from __future__ import annotations

import logging
from typing import Protocol

from aiogram.types import BufferedInputFile, InlineKeyboardMarkup

from bot.outbox.errors import describe
from bot.outbox.metrics import OutboxMetrics
from bot.outbox.ops import Content, SentMessage

__all__ = ["DELETE", "EDIT", "PHOTO", "SEND", "Sender", "SentMessage", "TelegramBot", "logger"]

logger = logging.getLogger("bot.outbox")

SEND = "sendMessage"
PHOTO = "sendPhoto"
EDIT = "editMessageText"
DELETE = "deleteMessage"


class TelegramBot(Protocol):
    """The Bot API calls the outbox makes (bot.outbox.lean on aiogram; a stub in unit
    tests)."""

    async def send_message(
        self, chat_id: int, text: str, *, reply_markup: InlineKeyboardMarkup | None = None
    ) -> SentMessage: ...

    async def edit_message_text(
        self,
        text: str,
        *,
        chat_id: int | None = None,
        message_id: int | None = None,
        reply_markup: InlineKeyboardMarkup | None = None,
    ) -> SentMessage | bool: ...

    async def delete_message(self, chat_id: int, message_id: int) -> bool: ...

    async def send_photo(
        self,
        chat_id: int,
        photo: BufferedInputFile,
        *,
        caption: str | None = None,
        reply_markup: InlineKeyboardMarkup | None = None,
    ) -> SentMessage: ...


class Sender:
    def __init__(self, bot: TelegramBot, metrics: OutboxMetrics) -> None:
        self.bot = bot
        self.metrics = metrics

    async def send(
        self, chat_id: int, content: Content, *, slot: str | None, photo: bytes | None = None
    ) -> SentMessage:
        """A new message; with ``photo`` (a PNG), a photo with the text as its caption."""
        method = SEND if photo is None else PHOTO
        try:
            if photo is None:
                message = await self.bot.send_message(
                    chat_id, content.text, reply_markup=content.markup
                )
            else:
                message = await self.bot.send_photo(
                    chat_id,
                    BufferedInputFile(photo, "picture.png"),
                    caption=content.text,
                    reply_markup=content.markup,
                )
        except Exception as err:
            self._failed(method, chat_id, slot, err)
            raise
        self._ok(method, chat_id, slot, message.message_id)
        return message

    async def edit(self, chat_id: int, message_id: int, content: Content, *, slot: str) -> None:
        try:
            await self.bot.edit_message_text(
                content.text, chat_id=chat_id, message_id=message_id, reply_markup=content.markup
            )
        except Exception as err:
            self._failed(EDIT, chat_id, slot, err, message_id)
            raise
        self._ok(EDIT, chat_id, slot, message_id)

    async def delete(self, chat_id: int, message_id: int, *, slot: str) -> None:
        try:
            await self.bot.delete_message(chat_id, message_id)
        except Exception as err:
            self._failed(DELETE, chat_id, slot, err, message_id)
            raise
        self._ok(DELETE, chat_id, slot, message_id)

    def _ok(self, method: str, chat_id: int, slot: str | None, message_id: int) -> None:
        self.metrics.record_call(chat_id, method, "ok")
        logger.info("%s chat=%s slot=%s message=%s: ok", method, chat_id, slot, message_id)

    def _failed(
        self,
        method: str,
        chat_id: int,
        slot: str | None,
        err: BaseException,
        message_id: int | None = None,
    ) -> None:
        self.metrics.record_call(chat_id, method, type(err).__name__)
        logger.warning(
            "%s chat=%s slot=%s message=%s: %s", method, chat_id, slot, message_id, describe(err)
        )
