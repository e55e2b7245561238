"""Webhook mode: an aiohttp server that checks Telegram's secret token, and serves
/healthz and /metrics beside the webhook."""

from __future__ import annotations

import logging

from aiogram.webhook.aiohttp_server import SimpleRequestHandler, setup_application
from aiohttp import web

from bot.app import BotApp
from bot.ops.startup import CannotListen, one_line

__all__ = ["run_webhook"]

log = logging.getLogger(__name__)


async def run_webhook(app: BotApp) -> None:
    """Serve until ``app.request_stop()``; then stop listening, let the handlers finish,
    shut the app down and only then close the server (closing it closes the bot's
    session, which the outbox still needs while it drains)."""
    settings = app.context.settings
    assert settings.webhook_url is not None
    secret = settings.webhook_secret.get_secret_value() if settings.webhook_secret else None
    runner: web.AppRunner | None = None
    try:
        await app.startup()
        web_app = web.Application()
        SimpleRequestHandler(app.dispatcher, app.bot, secret_token=secret).register(
            web_app, path=settings.webhook_path
        )
        setup_application(web_app, app.dispatcher, bot=app.bot)
        web_app.add_routes(app.health_routes())
        runner = web.AppRunner(web_app)
        await runner.setup()
        site = web.TCPSite(runner, settings.webhook_host, settings.webhook_port)
        try:
            await site.start()
        except OSError as error:
            raise CannotListen(
                f"cannot listen on {settings.webhook_host}:{settings.webhook_port} "
                f"(WEBHOOK_HOST, WEBHOOK_PORT): {one_line(error)}"
            ) from error
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
        await app.stopping.wait()
        # No new connections; requests already accepted are handed to the dispatcher.
        await site.stop()
    finally:
        await app.shutdown()
        if runner is not None:
            await runner.cleanup()
