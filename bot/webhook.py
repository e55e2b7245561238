"""Webhook mode: an aiohttp server that checks Telegram's secret token."""

from __future__ import annotations

import asyncio
import logging

from aiogram.webhook.aiohttp_server import SimpleRequestHandler, setup_application
from aiohttp import web

from bot.app import BotApp

__all__ = ["run_webhook"]

log = logging.getLogger(__name__)


async def run_webhook(app: BotApp) -> None:
    settings = app.context.settings
    assert settings.webhook_url is not None
    secret = settings.webhook_secret.get_secret_value() if settings.webhook_secret else None
    await app.startup()
    web_app = web.Application()
    SimpleRequestHandler(app.dispatcher, app.bot, secret_token=secret).register(
        web_app, path=settings.webhook_path
    )
    setup_application(web_app, app.dispatcher, bot=app.bot)
    runner = web.AppRunner(web_app)
    await runner.setup()
    site = web.TCPSite(runner, settings.webhook_host, settings.webhook_port)
    await site.start()
    await app.bot.set_webhook(
        settings.webhook_url,
        secret_token=secret,
        allowed_updates=app.dispatcher.resolve_used_update_types(),
    )
    log.info(
        "webhook serving on %s:%s%s",
        settings.webhook_host,
        settings.webhook_port,
        settings.webhook_path,
    )
    try:
        await asyncio.Event().wait()
    finally:
        await runner.cleanup()
        await app.shutdown()
