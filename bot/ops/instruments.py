"""Middlewares that feed the metrics: one around every update, one around every Bot API
call."""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable
from typing import Any

from aiogram import BaseMiddleware, Bot
from aiogram.client.session.middlewares.base import BaseRequestMiddleware, NextRequestMiddlewareType
from aiogram.exceptions import TelegramRetryAfter
from aiogram.methods import TelegramMethod
from aiogram.methods.base import Response, TelegramType
from aiogram.types import TelegramObject, Update

from bot.ops.telemetry import Telemetry

__all__ = ["CallMetrics", "UpdateMetrics"]


class UpdateMetrics(BaseMiddleware):
    """Counts updates and handler errors and times the handling. An outer middleware of
    ``dispatcher.update``: it sees the exception before aiogram's error handler answers."""

    def __init__(self, telemetry: Telemetry) -> None:
        self._telemetry = telemetry

    async def __call__(
        self,
        handler: Callable[[TelegramObject, dict[str, Any]], Awaitable[Any]],
        event: TelegramObject,
        data: dict[str, Any],
    ) -> Any:
        assert isinstance(event, Update)
        kind = event.event_type
        self._telemetry.updates.labels(kind).inc()
        started = time.perf_counter()
        try:
            return await handler(event, data)
        except Exception:
            self._telemetry.update_errors.labels(kind).inc()
            raise
        finally:
            self._telemetry.update_seconds.labels(kind).observe(time.perf_counter() - started)


class CallMetrics(BaseRequestMiddleware):
    """Counts the calls Telegram answered with 429, whoever made them (the outbox, or a
    handler answering a button)."""

    def __init__(self, telemetry: Telemetry) -> None:
        self._telemetry = telemetry

    async def __call__(
        self,
        make_request: NextRequestMiddlewareType[TelegramType],
        bot: Bot,
        method: TelegramMethod[TelegramType],
    ) -> Response[TelegramType]:
        try:
            return await make_request(bot, method)
        except TelegramRetryAfter:
            self._telemetry.retry_after.labels(method.__api_method__).inc()
            raise
