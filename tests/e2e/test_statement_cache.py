"""SQLAlchemy compiles each statement the bot runs once per process, not at every press.

A statement SQLAlchemy cannot cache (a multi-row VALUES built in Python, a construct
without a cache key) is compiled again every time it runs: about half a millisecond a
row, which was an eighth of a press's CPU. Here a whole hand is played by four people and
every statement the bot sent with a compiled form must have been cacheable.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from sqlalchemy import event
from sqlalchemy.engine import default

from tests.e2e.conftest import Launch
from tests.e2e.harness import Driver, hand_results, start_game
from tests.fakeapi import FakeTelegram


async def test_every_statement_of_a_hand_is_compiled_once(
    fake: FakeTelegram, launch: Launch
) -> None:
    people = [fake.add_user(name) for name in ("Anna", "Boris", "Vika", "Gena")]
    group = fake.add_group("Cache", members=people, admins=people[:1])
    running = await launch()
    assert running.app is not None
    uncached: Counter[str] = Counter()
    compiled = 0

    def record(_conn: Any, _cursor: Any, sql: str, _params: Any, context: Any, _many: Any) -> None:
        nonlocal compiled
        if context.compiled is None:
            return  # a driver-level statement (PRAGMA, SET): nothing compiled
        compiled += 1
        if context.cache_hit is default.NO_CACHE_KEY:
            uncached[" ".join(sql.split())[:120]] += 1

    sync_engine = running.app.engine.sync_engine
    event.listen(sync_engine, "before_cursor_execute", record)
    try:
        lobby = await start_game(fake, group, people[0], people[1:])
        driver = Driver(fake, people, rng=random.Random(7), game_id=lobby.game_id)
        await driver.play_until(lambda: hand_results(group), timeout=60)
        await fake.wait_idle(quiet=0.3)
    finally:
        event.remove(sync_engine, "before_cursor_execute", record)
    assert driver.presses >= 32
    assert compiled > 10 * driver.presses
    assert dict(uncached) == {}
