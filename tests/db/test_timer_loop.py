"""The turn clock sleeps until the next deadline: it does not look at the database while
nothing is due, wakes for a deadline handed over that comes first, and acts on each due
deadline once."""

from __future__ import annotations

import asyncio
from datetime import timedelta
from typing import Any, cast

import pytest

import bot.db as bot_db
from bot.db import claim_timer, next_deadline, set_timer, utcnow
from bot.services.context import AppContext
from bot.services.scheduler import TimerLoop
from tests.db.conftest import Storage
from tests.db.helpers import CHAT_ID, start_new_game


class Recorder(TimerLoop):
    """The loop with its actions recorded instead of made."""

    def __init__(self, storage: Storage, **options: Any) -> None:
        ctx = cast(AppContext, _Context(storage))
        super().__init__(ctx, **options)
        self.acted: list[tuple[int, int]] = []
        self.acting = asyncio.Event()

    async def _handle(self, game_id: int, decision_key: int, reminded: bool) -> None:
        self.acted.append((game_id, decision_key))
        self.acting.set()
        self._running.pop(game_id, None)


class _Context:
    def __init__(self, storage: Storage) -> None:
        self.sessionmaker = storage.sessions
        self.clock = utcnow
        self.wake_timers = lambda deadline: None


async def _looks_after(loop: TimerLoop, seconds: float) -> int:
    before = loop.looks
    await asyncio.sleep(seconds)
    return loop.looks - before


async def test_an_idle_loop_looks_once_and_sleeps(storage: Storage) -> None:
    loop = Recorder(storage)
    loop.start()
    try:
        await asyncio.sleep(0.05)
        assert loop.looks == 1
        # The old loop looked every 0.25 s (four queries a second per process).
        assert await _looks_after(loop, 0.4) == 0
    finally:
        await loop.stop()


async def test_a_deadline_handed_over_wakes_the_loop_only_when_it_comes_first(
    storage: Storage,
) -> None:
    game_id = await start_new_game(storage.sessions, CHAT_ID)
    later = utcnow() + timedelta(seconds=30)
    async with storage.sessions.begin() as session:
        await set_timer(session, game_id, 3, later)
    loop = Recorder(storage)
    loop.start()
    try:
        await asyncio.sleep(0.05)
        assert loop.looks == 1
        loop.expect(later + timedelta(seconds=5))  # after the one it sleeps for
        assert await _looks_after(loop, 0.1) == 0
        soon = utcnow() + timedelta(seconds=0.2)
        async with storage.sessions.begin() as session:
            await set_timer(session, game_id, 4, soon)
        loop.expect(soon)
        await asyncio.wait_for(loop.acting.wait(), 2)
        assert loop.acted == [(game_id, 4)]
        assert utcnow() >= soon
        # Woken once when handed the deadline, once when it fell due; the deadline taken
        # is not looked at again until its lease runs out.
        assert loop.looks <= 3
        assert await _looks_after(loop, 0.4) == 0
    finally:
        await loop.stop()


async def test_a_deadline_committed_while_the_loop_looks_is_not_slept_through(
    storage: Storage,
) -> None:
    """Handed over before the loop's query can see it: the sleep is shortened all the same."""
    game_id = await start_new_game(storage.sessions, CHAT_ID)
    loop = Recorder(storage, look_around=60.0)
    soon = utcnow() + timedelta(seconds=0.2)
    original = loop._fire_due

    async def fire_due_then_hand_over(now: Any) -> Any:
        nearest = await original(now)
        if loop.looks == 1:
            async with storage.sessions.begin() as session:
                await set_timer(session, game_id, 9, soon)
            loop.expect(soon)
        return nearest

    loop._fire_due = fire_due_then_hand_over  # type: ignore[method-assign]
    loop.start()
    try:
        await asyncio.wait_for(loop.acting.wait(), 2)
        assert loop.acted == [(game_id, 9)]
    finally:
        await loop.stop()


@pytest.mark.parametrize("leased", [False, True])
async def test_the_next_deadline_is_the_lease_end_of_a_held_one(
    storage: Storage, leased: bool
) -> None:
    game_id = await start_new_game(storage.sessions, CHAT_ID)
    deadline = utcnow() - timedelta(seconds=1)
    async with storage.sessions.begin() as session:
        await set_timer(session, game_id, 2, deadline)
        if leased:
            assert await claim_timer(session, game_id, 2, timedelta(seconds=30))
    async with storage.sessions() as session:
        nearest = await next_deadline(session)
    assert nearest is not None
    if leased:
        assert nearest > utcnow() + timedelta(seconds=25)
    else:
        assert abs((nearest - deadline).total_seconds()) < 0.01


async def test_a_stop_lets_a_look_under_way_finish_its_query(
    storage: Storage, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A look cancelled in its query would leave SQLite's connection holding the write
    lock for the rest of the process: the stop waits for the look instead."""
    looking, release = asyncio.Event(), asyncio.Event()
    finished: list[bool] = []
    real = bot_db.due_timers

    async def slow_due_timers(*args: Any, **kwargs: Any) -> Any:
        looking.set()
        await release.wait()
        result = await real(*args, **kwargs)
        finished.append(True)
        return result

    monkeypatch.setattr(bot_db, "due_timers", slow_due_timers)
    loop = Recorder(storage)
    loop.start()
    await looking.wait()
    stopping = asyncio.create_task(loop.stop())
    await asyncio.sleep(0.05)
    assert not stopping.done(), "the stop waits for the look"
    release.set()
    await stopping
    assert finished == [True]
    # The database is free: a transaction of the same process begins at once.
    async with storage.sessions.begin() as session:
        assert await next_deadline(session, utcnow()) is None
