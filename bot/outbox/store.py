"""Durable messages: what the outbox needs from storage, and the payload format."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from aiogram.types import InlineKeyboardMarkup

__all__ = [
    "DurableMessage",
    "DurableStore",
    "PayloadError",
    "StoredSlot",
    "decode_payload",
    "decode_picture",
    "encode_payload",
]


@dataclass(frozen=True, slots=True)
class DurableMessage:
    id: int
    chat_id: int
    text: str
    markup: InlineKeyboardMarkup | None = None
    picture: Mapping[str, Any] | None = None
    """A picture's data: the message is a photo drawn from it, ``text`` its caption."""


@dataclass(frozen=True, slots=True)
class StoredSlot:
    """A stored state of a slot message (see bot.db.models.SlotMessage)."""

    chat_id: int
    key: str
    text: str
    markup: InlineKeyboardMarkup | None
    rev: int
    new_rev: int
    after_id: int
    message_id: int | None = None
    sent_rev: int = 0
    absent: bool = False
    """No message is wanted: the outbox deletes ``message_id``."""


class DurableStore(Protocol):
    """Messages written by the service in its transaction, to send once after the commit,
    and the wanted states of slot messages."""

    async def pending(self) -> Sequence[DurableMessage]:
        """Messages neither sent nor failed, in the order they were stored."""
        ...

    async def mark_sent(self, message_id: int) -> None: ...

    async def mark_failed(self, message_id: int, error: str) -> None: ...

    async def unsent_slots(self) -> Sequence[StoredSlot]:
        """Slots whose wanted state Telegram has not accepted yet."""
        ...

    async def mark_slot_sent(
        self, chat_id: int, key: str, rev: int, message_id: int | None
    ) -> None:
        """State ``rev`` is shown (``message_id`` None: the slot's message is deleted)."""
        ...


class PayloadError(ValueError):
    """A stored payload the outbox cannot send."""


def encode_payload(
    text: str,
    markup: InlineKeyboardMarkup | None = None,
    *,
    picture: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """The JSON stored in the outbox table's payload column."""
    payload: dict[str, Any] = {"text": text}
    if markup is not None:
        payload["reply_markup"] = markup.model_dump(mode="json", exclude_none=True)
    if picture is not None:
        payload["picture"] = dict(picture)
    return payload


def decode_picture(payload: Mapping[str, Any]) -> Mapping[str, Any] | None:
    picture = payload.get("picture")
    if picture is None:
        return None
    if not isinstance(picture, dict):
        raise PayloadError("picture is not an object")
    return picture


def decode_payload(payload: Mapping[str, Any]) -> tuple[str, InlineKeyboardMarkup | None]:
    text = payload.get("text")
    if not isinstance(text, str) or not text:
        raise PayloadError("payload has no text")
    raw = payload.get("reply_markup")
    try:
        markup = None if raw is None else InlineKeyboardMarkup.model_validate(raw)
    except ValueError as err:
        raise PayloadError(f"bad reply_markup: {err}") from err
    return text, markup
