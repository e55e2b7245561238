"""What the outbox is asked to do: one operation per queued request."""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from aiogram.types import InlineKeyboardMarkup

__all__ = ["Content", "DurableOp", "NowOp", "Op", "SendOp", "SentMessage", "SlotOp"]


class SentMessage(Protocol):
    """What the outbox reads of a message it sent: which one it is."""

    @property
    def message_id(self) -> int: ...


@dataclass(frozen=True, slots=True)
class Content:
    """A message's text and inline keyboard; the unit of comparison for skipping edits."""

    text: str
    markup: InlineKeyboardMarkup | None = None
    picture: Mapping[str, Any] | None = None
    """The data of a picture to draw and send as a photo, ``text`` its caption (new
    messages only; see Outbox's ``draw``)."""
    # Markup is compared through its JSON so that equal keyboards built separately (a
    # re-render of the same state) compare equal.
    fingerprint: tuple[str, str | None] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        markup = None if self.markup is None else self.markup.model_dump_json(exclude_none=True)
        object.__setattr__(self, "fingerprint", (self.text, markup))


@dataclass(eq=False, slots=True)
class SlotOp:
    """Show ``content`` in the slot's message: an edit, or a new message when ``new`` is set
    or the slot has no message yet; with ``absent``, delete the message. Mutable: later
    puts overwrite ``content`` while it waits."""

    slot: str
    content: Content
    new: bool = False
    # For states stored in the database (zero otherwise): the state's number, and the
    # state from which on a new message is wanted (see bot.db.models.SlotMessage).
    rev: int = 0
    new_rev: int = 0
    # The wanted state is no message: the slot's message is deleted (``content`` unused).
    absent: bool = False


@dataclass(eq=False, slots=True)
class SendOp:
    """A new message nobody edits later, lost on a restart (reminders, notices)."""

    content: Content


@dataclass(eq=False, slots=True)
class DurableOp:
    """A new message stored in the DB (``row_id``); marked sent or failed there."""

    row_id: int
    content: Content


@dataclass(eq=False, slots=True)
class NowOp:
    """A new message whose result (or error) a caller awaits through ``future``."""

    content: Content
    future: asyncio.Future[SentMessage]


Op = SlotOp | SendOp | DurableOp | NowOp
