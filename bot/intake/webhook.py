"""The webhook endpoint: Telegram's POST is answered once the update is stored."""

from __future__ import annotations

import hmac
import logging
from collections.abc import Awaitable, Callable

from aiogram import Bot
from aiogram.types import Update
from aiohttp import web
from pydantic import ValidationError

from bot.intake.inbox import Inbox

__all__ = ["SECRET_HEADER", "webhook_handler"]

log = logging.getLogger(__name__)

SECRET_HEADER = "X-Telegram-Bot-Api-Secret-Token"


def webhook_handler(
    bot: Bot, inbox: Inbox, secret: str
) -> Callable[[web.Request], Awaitable[web.StreamResponse]]:
    """An aiohttp handler for Telegram's webhook POSTs.

    A request without the secret is refused (401) before anything is read. A stored
    update gets 200; when storing fails, 500 makes Telegram deliver it again later.
    """
    expected = secret.encode()

    async def handle(request: web.Request) -> web.StreamResponse:
        given = request.headers.get(SECRET_HEADER, "").encode()
        if not hmac.compare_digest(given, expected):
            return web.Response(status=401, text="unauthorized")
        try:
            update = Update.model_validate_json(await request.read(), context={"bot": bot})
        except ValidationError:
            return web.Response(status=400, text="not an update")
        try:
            await inbox.receive(update)
        except RuntimeError:
            # Stopping: not stored, so Telegram keeps it for the next process.
            return web.Response(status=503, text="stopping")
        except Exception:
            log.exception("webhook: storing update %s failed", update.update_id)
            return web.Response(status=500, text="not stored")
        return web.json_response({})

    return handle
