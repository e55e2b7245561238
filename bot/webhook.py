"""Webhook mode: an aiohttp server that stores each update Telegram POSTs (with the
right secret) before answering, and serves /healthz and /metrics beside it."""

from __future__ import annotations

import logging

from aiohttp import web

from bot.app import BotApp
from bot.intake import webhook_handler
from bot.ops.startup import CannotListen, one_line

__all__ = ["run_webhook"]

log = logging.getLogger(__name__)


async def run_webhook(app: BotApp) -> None:
    """Serve until ``app.request_stop()``; then stop listening, let the handlers finish,
    shut the app down and only then close the server."""
    settings = app.context.settings
    assert settings.webhook_url is not None
    # Settings refuse webhook mode without a secret.
    assert settings.webhook_secret is not None
    secret = settings.webhook_secret.get_secret_value()
    runner: web.AppRunner | None = None
    try:
        await app.startup()
        web_app = web.Application()
        web_app.router.add_post(settings.webhook_path, webhook_handler(app.bot, app.inbox, secret))
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
        # No new requests; updates already stored are handled during the shutdown.
        await site.stop()
    finally:
        await app.shutdown()
        if runner is not None:
            await runner.cleanup()
