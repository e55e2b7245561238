"""One Bot API call end to end: name lookup, injected failures, flood control, the handler,
and the record that tests assert on."""

from __future__ import annotations

import inspect
import traceback
from typing import Any

from .errors import ApiError, not_found
from .methods import HANDLERS, Ok
from .models import Call
from .params import Params
from .state import World

# Telegram matches method names case-insensitively.
_CANONICAL = {name.lower(): name for name in HANDLERS}


def canonical_method(name: str) -> str | None:
    return _CANONICAL.get(name.lower())


class BotApi:
    def __init__(self, world: World) -> None:
        self.world = world

    async def execute(
        self, method_name: str, data: dict[str, Any], *, source: str = "http"
    ) -> tuple[Any, str | None]:
        """Run a call and record it; returns (result, description) or raises ApiError."""
        world = self.world
        method = canonical_method(method_name)
        chat = world.find_chat(data.get("chat_id")) if "chat_id" in data else None
        call = Call(
            method=method or method_name,
            params=data,
            at=world.clock(),
            chat_id=chat.id if chat is not None else _int_or_none(data.get("chat_id")),
            source=source,
        )
        try:
            if method is None:
                raise not_found()
            injected = world.take_injected(method, call.chat_id)
            if injected is not None:
                raise injected
            counted = chat is not None and world.flood.counts(method)
            if counted and chat is not None:
                # A chat the bot may not use answers 403/400 before any flood limit applies.
                world.chat_for_bot(chat.id)
                limited = world.flood.check(chat.id, chat.is_group)
                if limited is not None:
                    raise limited
            outcome = HANDLERS[method](world, Params(data))
            if inspect.isawaitable(outcome):
                outcome = await outcome
            if counted and chat is not None:
                world.flood.commit(chat.id)
        except ApiError as error:
            call.error = error
            world.record(call)
            raise
        except Exception:
            # A bug in the fake itself: answer like a Telegram outage, and keep the traceback
            # so FakeTelegram can fail the test instead of letting the bot paper over it.
            world.internal_errors.append(f"{call.method}: {traceback.format_exc()}")
            call.error = ApiError(500, "Internal Server Error")
            world.record(call)
            raise call.error from None
        result, description = (
            (outcome.result, outcome.description) if isinstance(outcome, Ok) else (outcome, None)
        )
        call.result = result
        world.record(call)
        return result, description


def _int_or_none(value: Any) -> int | None:
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    try:
        return int(value)
    except (TypeError, ValueError):
        return None
