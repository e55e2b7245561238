"""Webhook mode: the bot serves updates over HTTP, checking Telegram's secret token; the
fake server delivers to it. A lobby, a start and a few moves."""

from __future__ import annotations

import asyncio
import contextlib
import random
import socket

import aiohttp
from pydantic import SecretStr

from bot.app import build_app
from bot.config import Settings
from bot.webhook import run_webhook
from tests.e2e.harness import UNLIMITED, Driver, ErrorLog, start_game
from tests.fakeapi import FakeTelegram


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


async def test_webhook_mode_with_a_secret_token(fake: FakeTelegram, db_url: str) -> None:
    port = free_port()
    settings = Settings(
        bot_token=SecretStr(fake.token),
        telegram_api_base=fake.base_url,
        database_url=db_url,
        webhook_url=f"http://127.0.0.1:{port}/hook",  # the public URL, path included
        webhook_secret=SecretStr("s3cret-token"),
        webhook_host="127.0.0.1",
        webhook_port=port,
        webhook_path="/hook",
    )
    errors = ErrorLog()
    errors.attach()
    app = await build_app(settings, computer_pause=0.0, ai_processes=0, outbox_limits=UNLIMITED)
    task = asyncio.create_task(run_webhook(app))
    try:
        await fake.wait_for(lambda: fake.world.webhook is not None or task.done(), 10)
        assert fake.world.webhook is not None
        assert fake.world.webhook.url == f"http://127.0.0.1:{port}/hook"
        assert fake.world.webhook.secret_token == "s3cret-token"

        # A request without the right secret is refused and not handled.
        async with aiohttp.ClientSession() as http:
            forged = {
                "update_id": 999,
                "message": {
                    "message_id": 1,
                    "date": 0,
                    "chat": {"id": 1, "type": "private"},
                    "text": "/help",
                },
            }
            for headers in ({}, {"X-Telegram-Bot-Api-Secret-Token": "wrong"}):
                async with http.post(
                    f"http://127.0.0.1:{port}/hook", json=forged, headers=headers
                ) as response:
                    assert response.status == 401

        anna, boris = fake.add_user("Anna"), fake.add_user("Boris")
        group = fake.add_group("Table", members=[anna, boris], admins=[anna])
        lobby = await start_game(fake, group, anna, [boris])
        driver = Driver(fake, [anna, boris], rng=random.Random(51), game_id=lobby.game_id)
        for _ in range(5):
            await driver.step()
        deliveries = fake.webhook_deliveries()
        assert deliveries
        assert all(d.status == 200 for d in deliveries)
        assert fake.pending_updates() == []
        assert not fake.calls("getUpdates")
    finally:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
        errors.detach()
    assert errors.lines() == []
