"""Webhook mode: an aiohttp server that checks Telegram's secret token."""

from __future__ import annotations

import asyncio
import logging

from aiohttp import web

from bot.app import BotApp
from bot.intake import webhook_handler

__all__ = ["run_webhook"]

log = logging.getLogger(__name__)


async def run_webhook(app: BotApp) -> None:
    settings = app.context.settings
    assert settings.webhook_url is not None
    assert settings.webhook_secret is not None
    secret = settings.webhook_secret.get_secret_value()
    await app.startup()
    web_app = web.Application()
    web_app.router.add_post(settings.webhook_path, webhook_handler(app.bot, app.inbox, secret))
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
