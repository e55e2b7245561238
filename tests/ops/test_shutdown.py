"""SIGTERM (docker stop, systemctl stop) stops the bot gracefully: it stops taking
updates, sends what is queued and exits 0 within 10 s. (SIGINT, Ctrl+C: the polling test
of test_health.py ends with it.)"""

from __future__ import annotations

import random
import signal
from pathlib import Path

from bot.render.messages import help_text
from tests.e2e.harness import Driver, start_game
from tests.fakeapi import FakeTelegram
from tests.ops.conftest import Spawn
from tests.ops.process import STOP_DEADLINE, assert_clean_exit, bot_env, polling, sends


async def test_sigterm_mid_game_flushes_the_queued_message_and_exits_0(
    fake: FakeTelegram, spawn: Spawn, tmp_path: Path
) -> None:
    anna, boris = fake.add_user("Anna"), fake.add_user("Boris")
    group = fake.add_group("Table", members=[anna, boris], admins=[anna])
    bot = await spawn(bot_env(tmp_path, fake))
    await polling(fake, bot)
    lobby = await start_game(fake, group, anna, [boris])
    driver = Driver(fake, [anna, boris], rng=random.Random(8), game_id=lobby.game_id)
    await driver.step()

    # In another group, the answer to /help meets a flood wait: it is still queued when
    # SIGTERM comes.
    carol = fake.add_user("Carol")
    lounge = fake.add_group("Lounge", members=[carol])
    fake.inject_error("sendMessage", chat=lounge, error_code=429, retry_after=1)
    carol.send(lounge, "/help")
    answer = help_text("ru")
    await fake.wait_for(lambda: sends(fake, lounge, answer, ok=False), 10)
    bot.send(signal.SIGTERM)
    assert await bot.wait(STOP_DEADLINE) == 0

    assert len(sends(fake, lounge, answer, ok=True)) == 1
    assert_clean_exit(bot.stderr())
    assert "SIGTERM: stopping" in bot.stderr()
    assert "bot stopped" in bot.stderr()
