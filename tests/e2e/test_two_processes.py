"""Several bot processes on one PostgreSQL database behind a webhook: each update goes to
one of two processes at random, and whole games are played through them.

No move is lost or applied twice (the games replay from their action logs); each stored
message reaches its chat exactly once; each turn deadline is acted on by one process
only; and one process, the elected sender, makes every sendMessage and editMessageText
call, so Telegram's per-bot pacing holds however many processes take updates.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from pathlib import Path

import pytest
from sqlalchemy import select

from bot.db.models import OutboxMessage
from engine import Phase
from tests.e2e.balancer import RandomBalancer
from tests.e2e.harness import Driver, Oracle, database, game_over_message, start_game
from tests.e2e.process import ForkedBot, Zygote
from tests.fakeapi import FakeTelegram
from tests.ops.process import free_port

SECRET = "two-processes-secret"
_DEADLINE = re.compile(r"game (\d+): deadline of move (\d+): acting")
# What the elected sender alone makes: every edit, every message into a group. (The
# other process may write privately to a player it cannot know to be reachable yet: the
# join's check that the bot can write to them, which needs its answer at once.)
_SENDS = re.compile(r"(?:call |bot\.outbox: )(?:editMessageText chat=|sendMessage chat=-)")
_PROBES = re.compile(r"sendMessage chat=(\d+) slot=now ")


async def test_two_processes_behind_a_webhook_play_whole_games(
    fake: FakeTelegram, process_db_url: str, zygote: Zygote, tmp_path: Path
) -> None:
    if not process_db_url.startswith("postgresql"):
        pytest.skip("several processes share a PostgreSQL database, not a SQLite file")
    rng = random.Random(5)
    ports = [free_port(), free_port()]
    async with RandomBalancer(
        [f"http://127.0.0.1:{port}" for port in ports], rng=random.Random(6)
    ) as balancer:
        bots = [
            ForkedBot(
                fake,
                process_db_url,
                tmp_path / f"bot{i}",
                zygote,
                name=f"bot{i}",
                env={
                    "WEBHOOK_URL": f"{balancer.url}/hook",
                    "WEBHOOK_SECRET": SECRET,
                    "WEBHOOK_HOST": "127.0.0.1",
                    "WEBHOOK_PORT": str(port),
                    "WEBHOOK_PATH": "/hook",
                    "COMPUTER_PAUSE": "0.05",
                    "UPDATE_LEASE": "3",
                    "PACING": "false",
                },
            )
            for i, port in enumerate(ports)
        ]
        game_ids: list[int] = []
        try:
            await _play(fake, bots, rng, game_ids)
        finally:
            for bot in bots:
                await bot.kill()

    assert all(count > 10 for count in balancer.sent.values()), balancer.sent
    for game_id in game_ids:
        oracle = await Oracle.load(process_db_url, game_id)
        assert oracle.game.phase is Phase.FINISHED

    async with database(process_db_url) as session:
        rows = list(await session.scalars(select(OutboxMessage)))
    logs = [bot.log() for bot in bots]
    probes = Counter(int(chat) for log in logs for chat in _PROBES.findall(log))
    # The same words may be stored twice (a setting saved before each game), and a
    # player's welcome may also have been the join's check, which is not stored.
    stored = Counter((row.chat_id, row.payload["text"]) for row in rows)
    for (chat_id, text), count in stored.items():
        copies = len([m for m in fake.messages(chat_id) if m.raw_text == text])
        assert count <= copies <= count + probes[chat_id], f"{text[:50]!r}: {count}, {copies}"

    deadlines = Counter(match.groups() for log in logs for match in _DEADLINE.finditer(log))
    assert deadlines, "no computer turn was timed"
    assert max(deadlines.values()) == 1, deadlines.most_common(3)

    senders = [len(_SENDS.findall(log)) for log in logs]
    assert sorted(senders)[0] == 0, f"both processes sent messages: {senders}"
    assert sum(senders) > 0
    # Checked once per player: after that the bot knows it can write to them.
    assert not probes or max(probes.values()) == 1, probes
    for bot in bots:
        assert not bot.tracebacks(), "\n\n".join(bot.tracebacks()[:3])


async def _play(
    fake: FakeTelegram, bots: list[ForkedBot], rng: random.Random, game_ids: list[int]
) -> None:
    for bot in bots:
        await bot.start()
    anna, boris = fake.add_user("Anna"), fake.add_user("Boris")
    group = fake.add_group("Two processes", members=[anna, boris], admins=[anna])
    for _ in range(2):
        anna.send(group, "/settings 101")
        await fake.wait_idle(quiet=0.3)
        since = max((m.message_id for m in fake.messages(group)), default=0)
        lobby = await start_game(fake, group, anna, [boris], computers=["easy"])
        assert lobby.game_id is not None
        game_ids.append(lobby.game_id)
        driver = Driver(fake, [anna, boris], rng=rng, game_id=lobby.game_id)
        await driver.play_until(
            lambda since=since: game_over_message(group, since=since),  # type: ignore[misc]
            timeout=240,
        )

    await fake.wait_idle(quiet=0.5, timeout=30)
    for bot in bots:
        assert await bot.terminate() == 0
