"""One log line per update and per outgoing Bot API call, with chat and game; never the
token (aiogram puts it in the URL, so only the method name is logged)."""

from __future__ import annotations

import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any

from aiogram import BaseMiddleware, Bot
from aiogram.client.session.middlewares.base import BaseRequestMiddleware, NextRequestMiddlewareType
from aiogram.methods import TelegramMethod
from aiogram.methods.base import Response, TelegramType
from aiogram.types import TelegramObject, Update

from bot.parsing import parse_id

__all__ = ["LoggedByCaller", "RequestLogger", "UpdateLogger", "game_of_callback"]

update_log = logging.getLogger("bot.updates")
call_log = logging.getLogger("bot.calls")

_GAME_PREFIXES = frozenset({"mv", "lb", "cn"})


class LoggedByCaller:
    """Mixed into a method whose caller logs its call on a line of its own, with more
    than this log knows (the outbox: the slot and the message): a second line per call
    would cost as much again, several times per press."""


def game_of_callback(data: str | None) -> int | None:
    """The game id a button names, for the log line."""
    if not data:
        return None
    prefix, _, rest = data.partition(":")
    return parse_id(rest.partition(":")[0]) if prefix in _GAME_PREFIXES else None


def _describe(update: Update) -> tuple[str, int | None, int | None, int | None]:
    if update.message is not None:
        message = update.message
        user = message.from_user.id if message.from_user else None
        return "message", message.chat.id, user, None
    if update.callback_query is not None:
        query = update.callback_query
        chat = query.message.chat.id if query.message is not None else None
        return "callback", chat, query.from_user.id, game_of_callback(query.data)
    if update.my_chat_member is not None:
        member = update.my_chat_member
        return "my_chat_member", member.chat.id, member.from_user.id, None
    return update.event_type, None, None, None


class UpdateLogger(BaseMiddleware):
    async def __call__(
        self,
        handler: Callable[[TelegramObject, dict[str, Any]], Awaitable[Any]],
        event: TelegramObject,
        data: dict[str, Any],
    ) -> Any:
        assert isinstance(event, Update)
        kind, chat, user, game = _describe(event)
        started = time.perf_counter()
        outcome = "error"
        try:
            result = await handler(event, data)
            outcome = "handled" if result is not None else "ok"
            return result
        finally:
            update_log.info(
                "update %s %s chat=%s user=%s game=%s %s in %.1f ms",
                event.update_id,
                kind,
                chat,
                user,
                game,
                outcome,
                (time.perf_counter() - started) * 1000,
            )


class RequestLogger(BaseRequestMiddleware):
    async def __call__(
        self,
        make_request: NextRequestMiddlewareType[TelegramType],
        bot: Bot,
        method: TelegramMethod[TelegramType],
    ) -> Response[TelegramType]:
        if isinstance(method, LoggedByCaller):
            return await make_request(bot, method)
        chat = getattr(method, "chat_id", None)
        started = time.perf_counter()
        try:
            response = await make_request(bot, method)
        except Exception as error:
            call_log.info(
                "call %s chat=%s failed: %s in %.1f ms",
                method.__api_method__,
                chat,
                type(error).__name__,
                (time.perf_counter() - started) * 1000,
            )
            raise
        call_log.info(
            "call %s chat=%s ok in %.1f ms",
            method.__api_method__,
            chat,
            (time.perf_counter() - started) * 1000,
        )
        return response
