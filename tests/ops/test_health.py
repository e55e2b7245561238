"""GET /healthz (alive, database reachable) and GET /metrics in both modes: beside the
webhook, and on HEALTH_HOST:HEALTH_PORT in polling mode (a real `python -m bot`)."""

from __future__ import annotations

import asyncio
import contextlib
import math
import random
import shutil
import signal
import sys
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from aiogram.filters import Command
from aiogram.types import Message
from pydantic import SecretStr

from bot import db
from bot.app import BotApp, build_app
from bot.config import Settings
from bot.ops.health import health_routes, serve_health
from bot.ops.telemetry import OutboxBacklog, Telemetry
from bot.render.messages import help_text
from bot.webhook import run_webhook
from tests.e2e.harness import UNLIMITED, Driver, ErrorLog, start_game
from tests.fakeapi import FakeTelegram
from tests.ops.conftest import Spawn
from tests.ops.metrics import sample
from tests.ops.process import (
    STOP_DEADLINE,
    assert_clean_exit,
    bot_env,
    free_port,
    get_json,
    get_text,
    polling,
    sends,
)


@contextlib.asynccontextmanager
async def webhook_bot(fake: FakeTelegram, database_url: str) -> AsyncIterator[tuple[BotApp, str]]:
    """The bot in webhook mode; yields it and the base URL of its server."""
    port = free_port()
    settings = Settings(
        bot_token=SecretStr(fake.token),
        telegram_api_base=fake.base_url,
        database_url=database_url,
        webhook_url=f"http://127.0.0.1:{port}/hook",
        webhook_secret=SecretStr("s3cret"),
        webhook_host="127.0.0.1",
        webhook_port=port,
        webhook_path="/hook",
    )
    app = await build_app(settings, computer_pause=0.0, ai_processes=0, outbox_limits=UNLIMITED)
    task = asyncio.create_task(run_webhook(app))
    try:
        await fake.wait_for(lambda: fake.world.webhook is not None or task.done(), 10)
        assert not task.done()
        yield app, f"http://127.0.0.1:{port}"
    finally:
        app.request_stop()
        await asyncio.wait_for(task, 15)


def sqlite_in(directory: Path) -> str:
    directory.mkdir()
    return f"sqlite+aiosqlite:///{directory / 'bot.sqlite3'}"


async def test_webhook_mode_serves_health_and_counts_updates_moves_and_429s(
    fake: FakeTelegram, tmp_path: Path
) -> None:
    errors = ErrorLog()
    errors.attach()
    try:
        async with webhook_bot(fake, sqlite_in(tmp_path / "db")) as (_app, base):
            assert await get_json(f"{base}/healthz") == (200, {"ok": True, "db": True})

            anna, boris = fake.add_user("Anna"), fake.add_user("Boris")
            group = fake.add_group("Table", members=[anna, boris], admins=[anna])
            lobby = await start_game(fake, group, anna, [boris])
            driver = Driver(fake, [anna, boris], rng=random.Random(3), game_id=lobby.game_id)
            for _ in range(4):
                await driver.step()

            fake.inject_error("sendMessage", chat=group, error_code=429, retry_after=1)
            anna.send(group, "/help")
            await fake.wait_for(lambda: sends(fake, group, help_text("ru"), ok=True), 10)
            await fake.wait_idle(quiet=0.05)

            status, page = await get_text(f"{base}/metrics")
            assert status == 200
            assert sample(page, "debertz_moves_total", by="player") == driver.presses == 4
            assert sample(page, "debertz_moves_total", by="computer") == 0
            # /newgame and /help; the lobby's presses (join, start) and the four moves.
            assert sample(page, "debertz_updates_total", type="message") == 2
            callbacks = sample(page, "debertz_updates_total", type="callback_query")
            assert callbacks == len(fake.world.callback_queries) == 6
            assert sample(page, "debertz_update_seconds_count", type="callback_query") == 6
            assert sample(page, "debertz_update_errors_total", type="callback_query") is None
            assert sample(page, "debertz_telegram_retry_after_total", method="sendMessage") == 1
            assert sample(page, "debertz_outbox_depth") == 0
            assert sample(page, "debertz_outbox_oldest_age_seconds") == 0
    finally:
        errors.detach()
    assert errors.lines() == []


async def test_healthz_is_503_once_the_database_is_gone(fake: FakeTelegram, tmp_path: Path) -> None:
    directory = tmp_path / "db"
    async with webhook_bot(fake, sqlite_in(directory)) as (app, base):
        assert (await get_json(f"{base}/healthz"))[0] == 200
        await app.engine.dispose()
        shutil.rmtree(directory)
        assert await get_json(f"{base}/healthz") == (503, {"ok": False, "db": False})
        # /metrics still answers: the backlog it cannot read is NaN, not a stale figure.
        status, page = await get_text(f"{base}/metrics")
        assert status == 200
        depth = sample(page, "debertz_outbox_depth")
        assert depth is not None
        assert math.isnan(depth)


@pytest.fixture
async def silent_server() -> AsyncIterator[int]:
    """A TCP port that accepts connections and never answers: a database that hangs."""
    held: list[asyncio.StreamWriter] = []

    async def hold(_reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        held.append(writer)

    server = await asyncio.start_server(hold, "127.0.0.1", 0)
    try:
        yield server.sockets[0].getsockname()[1]
    finally:
        server.close()
        for writer in held:
            writer.close()
        await server.wait_closed()


async def test_healthz_gives_up_on_a_database_that_does_not_answer(silent_server: int) -> None:
    engine = db.create_engine(f"postgresql+asyncpg://bot@127.0.0.1:{silent_server}/debertz")

    async def backlog() -> OutboxBacklog:
        return OutboxBacklog(0, 0.0)

    port = free_port()
    routes = health_routes(engine, Telemetry(), backlog, db_timeout=0.3)
    try:
        async with serve_health(routes, "127.0.0.1", port):
            loop = asyncio.get_running_loop()
            began = loop.time()
            assert await get_json(f"http://127.0.0.1:{port}/healthz") == (
                503,
                {"ok": False, "db": False},
            )
            assert loop.time() - began < 2
    finally:
        await engine.dispose()


async def test_polling_mode_serves_health_on_its_own_port_and_stops_on_sigint(
    fake: FakeTelegram, spawn: Spawn, tmp_path: Path
) -> None:
    port = free_port()
    env = bot_env(tmp_path, fake, HEALTH_PORT=str(port))
    bot = await spawn(env)
    await polling(fake, bot)
    base = f"http://127.0.0.1:{port}"
    assert await get_json(f"{base}/healthz") == (200, {"ok": True, "db": True})

    carol = fake.add_user("Carol")
    lounge = fake.add_group("Lounge", members=[carol])
    carol.send(lounge, "/help")
    await fake.wait_for(lambda: sends(fake, lounge, help_text("ru"), ok=True), 10)
    status, page = await get_text(f"{base}/metrics")
    assert status == 200
    assert sample(page, "debertz_updates_total", type="message") == 1
    assert sample(page, "debertz_moves_total", by="player") == 0

    # The Docker HEALTHCHECK: the same settings find the same server.
    probe = await spawn(env, [sys.executable, "-m", "bot.ops.probe"])
    assert await probe.wait(30) == 0

    bot.send(signal.SIGINT)
    assert await bot.wait(STOP_DEADLINE) == 0
    log = bot.stderr()
    assert_clean_exit(log)
    assert "KeyboardInterrupt" not in log
    assert "SIGINT: stopping" in log
    probe = await spawn(env, [sys.executable, "-m", "bot.ops.probe"])
    assert await probe.wait(30) == 1


async def test_a_handler_that_raises_is_counted(fake: FakeTelegram, app: BotApp) -> None:
    async def boom(message: Message) -> None:
        raise RuntimeError("a bug")

    app.dispatcher.message.register(boom, Command("boom"))
    registry = app.telemetry.registry

    def errors() -> float | None:
        return registry.get_sample_value("debertz_update_errors_total", {"type": "message"})

    carol = fake.add_user("Carol")
    running = asyncio.create_task(app.run_polling())
    try:
        carol.send(carol, "/boom")
        assert await fake.wait_for(errors, 10) == 1
    finally:
        app.request_stop()
        await asyncio.wait_for(running, 10)
    assert registry.get_sample_value("debertz_updates_total", {"type": "message"}) == 1
    assert registry.get_sample_value("debertz_update_seconds_count", {"type": "message"}) == 1
