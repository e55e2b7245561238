"""What every method handler shares: the handler shape and small lookups."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..errors import ApiError, bad_request
from ..formatting import format_text
from ..models import ChatState, Entity, StoredMessage
from ..params import Params
from ..state import World
from ..validation import text_too_long


@dataclass(frozen=True)
class Ok:
    """A successful result that also carries Telegram's optional `description`."""

    result: Any
    description: str | None = None


# A handler returns the result (or Ok, or an awaitable of either) and raises ApiError.
Handler = Callable[[World, Params], Any]


def chat_param(world: World, p: Params, *, write: bool = True) -> ChatState:
    return world.chat_for_bot(p.get("chat_id"), write=write)


def message_param(chat: ChatState, p: Params, not_found: str) -> StoredMessage:
    message_id = p.integer("message_id")
    if message_id is None:
        raise bad_request("message identifier is not specified")
    message = chat.messages.get(message_id)
    if message is None or message.deleted:
        raise bad_request(not_found)
    return message


def formatted_text(
    world: World, p: Params, *, empty: ApiError, too_long: ApiError
) -> tuple[str, list[Entity]]:
    """The text as Telegram stores it after applying parse_mode/entities and trimming."""
    entities = p.get("entities")
    if entities is not None and not isinstance(entities, list):
        raise bad_request("can't parse entities JSON object")
    plain, parsed = format_text(
        p.text("text") or "", p.text("parse_mode"), entities, world.user_json
    )
    if not plain:
        raise empty
    if text_too_long(plain):
        raise too_long
    return plain, parsed
