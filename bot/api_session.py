"""The HTTP session to the Bot API: aiogram's, with the response classes kept alive.

aiogram validates every answer with ``Response[method.__returning__]`` (a pydantic
generic model, ``aiogram/client/session/base.py`` ``check_response``). Pydantic keeps
parametrised generic models in a ``WeakValueDictionary`` (``pydantic/_internal/_generics.py``,
on purpose: parametrising in a loop must not leak memory), and only a class built at a
module's top level is also kept by that module's globals. aiogram builds them inside a
method, so nothing holds them: each full garbage collection frees ``Response[Message | bool]``
and the like, and the next call builds the class again, with its core schema and
validator — milliseconds of CPU, several times per press (about half of the bot's CPU
per press was spent there).

We hold a strong reference to each ``Response[...]`` this process has used, so pydantic's
own cache answers every later lookup. The set is small and fixed (one entry per return
type of the Bot API methods the bot calls), so this leaks nothing. Subclassing the session
instead of patching aiogram keeps its validation and error mapping exactly as they are.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from aiogram.client.session.aiohttp import AiohttpSession
from aiogram.methods.base import Response, TelegramMethod, TelegramType

if TYPE_CHECKING:
    from aiogram import Bot

__all__ = ["ApiSession", "response_type"]

_RESPONSE_TYPES: dict[Any, type[Response[Any]]] = {}


def response_type(returning: Any) -> type[Response[Any]]:
    """``Response[returning]``, built once per process and kept for its life."""
    cached = _RESPONSE_TYPES.get(returning)
    if cached is None:
        cached = _RESPONSE_TYPES[returning] = Response[returning]
    return cached


class ApiSession(AiohttpSession):
    """aiogram's aiohttp session whose answers never rebuild their response class."""

    def check_response(
        self,
        bot: Bot,
        method: TelegramMethod[TelegramType],
        status_code: int,
        content: str,
    ) -> Response[TelegramType]:
        # Pinned before aiogram asks pydantic for the same class: its lookup then hits.
        response_type(method.__returning__)
        return super().check_response(bot, method, status_code, content)
