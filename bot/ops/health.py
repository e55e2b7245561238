"""GET /healthz (alive, database reachable) and GET /metrics (Prometheus), as aiohttp
routes: added to the webhook's server, or served on their own in polling mode."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator

from aiohttp import web
from prometheus_client import CONTENT_TYPE_LATEST
from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.ops.telemetry import OutboxStats, Telemetry

__all__ = ["DB_TIMEOUT_SECONDS", "database_reachable", "health_routes", "serve_health"]

log = logging.getLogger(__name__)

# Longer than a healthy database ever takes, shorter than an orchestrator's probe timeout.
DB_TIMEOUT_SECONDS = 2.0


async def database_reachable(engine: AsyncEngine, timeout: float = DB_TIMEOUT_SECONDS) -> bool:  # noqa: ASYNC109
    try:
        async with asyncio.timeout(timeout), engine.connect() as connection:
            await connection.execute(text("SELECT 1"))
    except Exception as error:
        log.warning("health: database unreachable: %s", type(error).__name__)
        return False
    return True


def health_routes(
    engine: AsyncEngine,
    telemetry: Telemetry,
    outbox_stats: OutboxStats,
    *,
    db_timeout: float = DB_TIMEOUT_SECONDS,
) -> list[web.RouteDef]:
    async def healthz(_request: web.Request) -> web.Response:
        db_ok = await database_reachable(engine, db_timeout)
        return web.json_response({"ok": db_ok, "db": db_ok}, status=200 if db_ok else 503)

    async def metrics(_request: web.Request) -> web.Response:
        try:
            async with asyncio.timeout(db_timeout):
                backlog = await outbox_stats()
        except Exception as error:
            log.warning("metrics: reading the outbox backlog failed: %s", type(error).__name__)
            backlog = None
        telemetry.set_backlog(backlog)
        return web.Response(
            body=telemetry.exposition(), headers={"Content-Type": CONTENT_TYPE_LATEST}
        )

    return [web.get("/healthz", healthz), web.get("/metrics", metrics)]


@contextlib.asynccontextmanager
async def serve_health(routes: list[web.RouteDef], host: str, port: int) -> AsyncIterator[None]:
    """Serve ``routes`` on ``host:port`` while inside (raises OSError if it cannot listen)."""
    web_app = web.Application()
    web_app.add_routes(routes)
    # access_log=None: a probe every few seconds would drown the bot's own log lines.
    runner = web.AppRunner(web_app, access_log=None)
    await runner.setup()
    try:
        site = web.TCPSite(runner, host, port)
        await site.start()
        log.info("health and metrics on http://%s:%s/healthz and /metrics", host, port)
        yield
    finally:
        await runner.cleanup()
