"""Answers to presses that come too late to show.

An update handled again after a crash (or a slow takeover) answers a callback query that
Telegram has already closed: it was answered by the process that died, or its 15 seconds
ran out. The press itself is applied (or refused) all the same; only its toast cannot be
shown any more, which is not an error.
"""

from __future__ import annotations

import logging
from typing import cast

from aiogram import Bot
from aiogram.client.session.middlewares.base import BaseRequestMiddleware, NextRequestMiddlewareType
from aiogram.exceptions import TelegramBadRequest
from aiogram.methods import AnswerCallbackQuery, TelegramMethod
from aiogram.methods.base import Response, TelegramType

__all__ = ["LateAnswers", "is_closed_query"]

log = logging.getLogger(__name__)

_CLOSED = ("query is too old", "query id is invalid")
# Built once: a pydantic generic made per call would cost more than the call.
_SHOWN_NOTHING = Response[bool](ok=True, result=True)


def is_closed_query(error: TelegramBadRequest) -> bool:
    message = error.message.lower()
    return any(phrase in message for phrase in _CLOSED)


class LateAnswers(BaseRequestMiddleware):
    async def __call__(
        self,
        make_request: NextRequestMiddlewareType[TelegramType],
        bot: Bot,
        method: TelegramMethod[TelegramType],
    ) -> Response[TelegramType]:
        try:
            return await make_request(bot, method)
        except TelegramBadRequest as error:
            if not isinstance(method, AnswerCallbackQuery) or not is_closed_query(error):
                raise
            log.info("press %s answered too late to show: %s", method.callback_query_id, error)
            return cast(Response[TelegramType], _SHOWN_NOTHING)
