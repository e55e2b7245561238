"""What a press costs the bot beyond the move itself (issue 9: less CPU per press).

Counted, not timed: the database statements the bot runs while people play, the
Response classes aiogram has pydantic build. Each figure is one that was higher before
and cost milliseconds per press.
"""

from __future__ import annotations

import gc
import random
import re
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from sqlalchemy import event
from sqlalchemy.engine import Engine

from tests.e2e.conftest import Launch
from tests.e2e.harness import Driver, start_game
from tests.fakeapi import FakeTelegram
from tests.generic_builds import count_generic_builds

PRESSES = 12


@contextmanager
def statements() -> Iterator[Counter[str]]:
    """What the bot's engines execute meanwhile, by kind: «SELECT games», «UPDATE slots»."""
    seen: Counter[str] = Counter()

    def executed(_c: Any, _cur: Any, statement: str, *_args: Any) -> None:
        words = re.findall(r"[\w.]+", statement)
        if words[0] in ("SELECT", "UPDATE", "DELETE"):
            outer = statement
            while (inner := re.sub(r"\([^()]*\)", "", outer)) != outer:
                outer = inner  # subqueries out: the statement's own FROM is what counts
            first = re.search(r"\bFROM (\w+)", outer) if words[0] != "UPDATE" else None
            seen[f"{words[0]} {first[1] if first else words[1]}"] += 1
        elif words[0] == "INSERT":
            seen[f"INSERT {words[2]}"] += 1
        else:
            seen[words[0]] += 1

    event.listen(Engine, "before_cursor_execute", executed)
    try:
        yield seen
    finally:
        event.remove(Engine, "before_cursor_execute", executed)


async def test_a_press_loads_its_game_in_one_statement_and_builds_no_class(
    fake: FakeTelegram, launch: Launch, monkeypatch: pytest.MonkeyPatch
) -> None:
    # What the bot makes from here on is all the collections below need to walk: what
    # was there before (the suite's modules and leftovers, a million objects late in a
    # worker) is collected once and set aside, or each collection took a second or more.
    gc.collect()
    gc.freeze()
    try:
        await _press_and_count(fake, launch, monkeypatch)
    finally:
        gc.unfreeze()


async def _press_and_count(
    fake: FakeTelegram, launch: Launch, monkeypatch: pytest.MonkeyPatch
) -> None:
    users = [fake.add_user(name) for name in ("Anna", "Boris", "Vika", "Gena")]
    group = fake.add_group("Table", members=users, admins=users[:1])
    await launch()
    lobby = await start_game(fake, group, users[0], users[1:])
    driver = Driver(fake, users, rng=random.Random(9), game_id=lobby.game_id)
    await driver.step()  # the first press may look the game's chat up
    await fake.wait_idle(quiet=0.1)

    built = count_generic_builds(monkeypatch)
    with statements() as seen:
        for _ in range(PRESSES):
            # What a full collection frees is what a long-running bot rebuilds.
            gc.collect()
            assert await driver.step()
        await fake.wait_idle(quiet=0.1)

    # The game, its chat, its seats and their people in one statement (it was four, and a
    # transaction of its own before them to find the game's chat).
    assert seen["SELECT games"] == PRESSES, seen
    assert seen["SELECT chats"] == seen["SELECT seats"] == seen["SELECT users"] == 0, seen
    # When the next player last acted (is a "your turn" ping wanted?) comes with the game.
    assert seen["SELECT actions"] == 0, seen
    # The table and the hands a move changed are stored in one statement (it was one
    # each, three a press); a "your turn" ping may take a second.
    assert PRESSES <= seen["INSERT slots"] <= 2 * PRESSES, seen
    # aiogram validates every answer with Response[...]: built once per process, not
    # again after each garbage collection (it was half the CPU per press).
    assert built == []
