"""The searching players' queue: fair across tables, a budget that keeps the second, the
pool sized from the settings. A fake runner stands in for the search, a fake clock for
the time."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path

import pytest

from bot.config import Settings
from bot.services import autoplay
from bot.services.autoplay import (
    SEARCH_MARGIN,
    ComputerPlayers,
    Result,
    SearchClocks,
    search_budget,
)
from engine import Game, PlayerView, Rules
from engine.ai.advice import Advice, Reason, strong_evaluator


class FakeSearch:
    """Holds every decision until the test ends it; records the order they started in."""

    def __init__(self) -> None:
        self.started: list[tuple[int, float]] = []
        """(seed, budget) of each decision, in the order the queue handed them out."""
        self.pending: dict[int, asyncio.Future[Result]] = {}
        self.kinds: list[str] = []
        self.slots: dict[int, int] = {}
        """The worker slot of each decision in flight, by seed."""
        self.shortened: list[tuple[int, float]] = []
        """(slot, seconds) of each search told to end sooner."""

    async def __call__(
        self, kind: str, seed: int, view: PlayerView, budget: float, slot: int
    ) -> Result:
        future: asyncio.Future[Result] = asyncio.get_running_loop().create_future()
        self.started.append((seed, budget))
        self.kinds.append(kind)
        self.pending[seed] = future
        self.slots[seed] = slot
        return await future

    def shorten(self, slot: int, seconds: float) -> None:
        self.shortened.append((slot, seconds))

    def finish(self, seed: int, view: PlayerView) -> None:
        self.pending.pop(seed).set_result(view.legal_actions[0])

    @property
    def seeds(self) -> list[int]:
        return [seed for seed, _ in self.started]


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def view() -> PlayerView:
    game = Game.new(4, Rules(), seed=5)
    assert game.to_act is not None
    return game.view(game.to_act)


async def settle() -> None:
    for _ in range(5):
        await asyncio.sleep(0)


async def test_tables_are_served_in_turn_one_decision_of_a_game_at_a_time(
    view: PlayerView,
) -> None:
    search = FakeSearch()
    players = ComputerPlayers(workers=1, runner=search, shorten=search.shorten, clock=Clock())
    # Game 1 asks for three decisions before games 2 and 3 ask for one each (seeds name
    # them: 1x are game 1's).
    tasks = [asyncio.create_task(players.choose("search", s, view, game=1)) for s in (10, 11, 12)]
    await settle()
    tasks += [
        asyncio.create_task(players.choose("search", 20, view, game=2)),
        asyncio.create_task(players.choose("search", 30, view, game=3)),
    ]
    await settle()
    order = [10, 20, 30, 11, 12]
    for index, seed in enumerate(order):
        assert search.seeds == order[: index + 1]
        search.finish(seed, view)
        await settle()
    results = await asyncio.gather(*tasks)
    assert results == [view.legal_actions[0]] * 5
    assert players.queued == 0


async def test_a_game_never_has_two_decisions_in_flight(view: PlayerView) -> None:
    search = FakeSearch()
    players = ComputerPlayers(workers=3, runner=search, shorten=search.shorten, clock=Clock())
    tasks = [asyncio.create_task(players.choose("search", s, view, game=1)) for s in (10, 11)]
    tasks.append(asyncio.create_task(players.choose("search", 20, view, game=2)))
    await settle()
    # Three workers, but game 1's second decision waits for its first.
    assert search.seeds == [10, 20]
    search.finish(10, view)
    await settle()
    assert search.seeds == [10, 20, 11]
    search.finish(20, view)
    search.finish(11, view)
    await asyncio.gather(*tasks)


async def test_the_budget_shrinks_when_decisions_queue(view: PlayerView) -> None:
    search, clock = FakeSearch(), Clock()
    players = ComputerPlayers(
        workers=1, budget=1.0, runner=search, shorten=search.shorten, clock=clock
    )

    async def round_of(games: list[int]) -> list[tuple[float, float]]:
        """Every game asks at once, each search takes all it is given; returns each
        decision's (budget, seconds from asked to answered)."""
        search.started.clear()
        asked = clock.now
        tasks = [asyncio.create_task(players.choose("search", g, view, game=g)) for g in games]
        await settle()
        out = []
        for game in games:
            [budget] = [b for seed, b in search.started if seed == game]
            clock.now += budget
            search.finish(game, view)
            await settle()
            out.append((budget, clock.now - asked))
        await asyncio.gather(*tasks)
        clock.now += 1.0  # the computer pause before their next turns
        return out

    # Alone: the whole budget but the margin.
    [(budget, took)] = await round_of([1])
    assert (budget, took) == pytest.approx((0.95, 0.95))
    await round_of([1, 2, 3])  # three tables of searching players sit down
    # Each of the three now has a third of the worker, and each decision, counted from
    # when it was asked for, ends within the budget: the last one waited for two.
    shared = await round_of([1, 2, 3])
    assert [b for b, _ in shared] == [pytest.approx(1 / 3 - SEARCH_MARGIN)] * 3
    assert max(took for _, took in shared) <= 1.0 - 2 * SEARCH_MARGIN
    # The tables leave; after a while the one left has the whole worker again.
    clock.now += autoplay.RECENT_GAMES
    [(budget, took)] = await round_of([1])
    assert (budget, took) == pytest.approx((0.95, 0.95))


async def test_a_search_begun_alone_ends_sooner_when_another_table_asks(
    view: PlayerView,
) -> None:
    search, clock = FakeSearch(), Clock()
    players = ComputerPlayers(
        workers=1, budget=1.0, runner=search, shorten=search.shorten, clock=clock
    )
    first = asyncio.create_task(players.choose("search", 1, view, game=1))
    await settle()
    [(seed, budget)] = search.started
    assert seed == 1
    assert budget == pytest.approx(0.95)
    clock.now = 0.3
    second = asyncio.create_task(players.choose("search", 2, view, game=2))
    await settle()
    # Two tables share the worker now: the first search ends at its half.
    [(slot, cut)] = search.shortened
    assert slot == search.slots[1]
    assert 0.95 - cut == pytest.approx(0.45)
    clock.now = 0.45
    search.finish(1, view)
    await settle()
    [(_, budget)] = [s for s in search.started if s[0] == 2]
    assert clock.now + budget - 0.3 <= 1.0 - SEARCH_MARGIN
    search.finish(2, view)
    await asyncio.gather(first, second)


async def test_a_search_past_the_share_is_ended_at_once(view: PlayerView) -> None:
    search, clock = FakeSearch(), Clock()
    players = ComputerPlayers(
        workers=1, budget=1.0, runner=search, shorten=search.shorten, clock=clock
    )
    first = asyncio.create_task(players.choose("search", 1, view, game=1))
    await settle()
    clock.now = 0.7
    second = asyncio.create_task(players.choose("search", 2, view, game=2))
    await settle()
    [(_, cut)] = search.shortened
    assert 0.95 - cut == pytest.approx(0.7)  # what it already ran: it stops now
    search.finish(1, view)
    await settle()
    search.finish(2, view)
    await asyncio.gather(first, second)


def test_a_late_decision_still_searches_a_little() -> None:
    assert search_budget(1.0, waited=0.0, games=1, slots=1) == pytest.approx(0.95)
    assert search_budget(1.0, waited=0.5, games=1, slots=1) == pytest.approx(0.45)
    assert search_budget(1.0, waited=0.0, games=3, slots=2) == pytest.approx(2 / 3 - 0.05)
    assert search_budget(1.0, waited=0.0, games=1, slots=2) == pytest.approx(0.95)
    assert search_budget(1.0, waited=3.0, games=5, slots=1) == autoplay.MIN_SEARCH_BUDGET


async def test_a_decision_given_up_frees_its_place(view: PlayerView) -> None:
    search = FakeSearch()
    players = ComputerPlayers(workers=1, runner=search, shorten=search.shorten, clock=Clock())
    first = asyncio.create_task(players.choose("search", 1, view, game=1))
    await settle()
    waiting = asyncio.create_task(players.choose("search", 2, view, game=2))
    after = asyncio.create_task(players.choose("search", 3, view, game=3))
    await settle()
    waiting.cancel()
    search.finish(1, view)
    await settle()
    assert search.seeds == [1, 3]
    search.finish(3, view)
    await asyncio.gather(first, after)


@pytest.fixture
def no_outside_settings(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.chdir(tmp_path)
    for name in Settings.model_fields:
        monkeypatch.delenv(name.upper(), raising=False)


@pytest.mark.usefixtures("no_outside_settings")
@pytest.mark.parametrize(("cpus", "workers"), [(8, 7), (2, 1), (1, 1), (None, 1)])
def test_the_pool_is_sized_for_the_machine_by_default(
    monkeypatch: pytest.MonkeyPatch, cpus: int | None, workers: int
) -> None:
    monkeypatch.setattr("os.cpu_count", lambda: cpus)
    players = ComputerPlayers.for_settings(Settings())
    assert (players.workers, players.slots) == (workers, workers)


@pytest.mark.usefixtures("no_outside_settings")
def test_the_pool_size_and_budget_come_from_the_settings(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SEARCH_WORKERS", "3")
    monkeypatch.setenv("SEARCH_BUDGET", "0.5")
    players = ComputerPlayers.for_settings(Settings())
    assert (players.workers, players.budget) == (3, 0.5)
    monkeypatch.setenv("SEARCH_WORKERS", "")
    monkeypatch.setattr("os.cpu_count", lambda: 4)
    assert ComputerPlayers.for_settings(Settings()).workers == 3
    # Tests run the search in a thread, whatever the setting.
    assert ComputerPlayers.for_settings(Settings(), workers=0).slots == 1


def test_a_search_clock_moved_before_the_search_began_still_ends_it_sooner() -> None:
    clocks = SearchClocks(2)
    clocks.reset(1)
    clock = clocks.clock(1)
    clocks.advance(1, 5.0)  # cut before the search read its clock
    deadline = clock() + 1.0
    assert clock() >= deadline  # the next reading is past the deadline: it stops
    other = clocks.clock(0)
    start = other()
    assert other() - start < 1.0  # the other slot's clock is not moved


async def test_advice_takes_its_turn_in_the_queue_with_its_own_budget(view: PlayerView) -> None:
    """A review's decisions wait in their own queue and take turns with the tables',
    each searched with the small budget it asked for."""
    search = FakeSearch()
    players = ComputerPlayers(
        workers=1, budget=1.0, runner=search, shorten=search.shorten, clock=Clock()
    )
    review = [asyncio.create_task(players.advise(s, view, queue=-7, budget=0.2)) for s in (1, 2)]
    await settle()
    table = asyncio.create_task(players.choose("strong", 9, view, game=7))
    await settle()
    advice = Advice(view.legal_actions[0], Reason.OTHER, ((view.legal_actions[0], 0.0),))
    search.pending.pop(1).set_result(advice)
    await settle()
    search.finish(9, view)
    await settle()
    search.pending.pop(2).set_result(advice)
    assert await review[0] == advice
    await asyncio.gather(table, *review)
    assert search.seeds == [1, 9, 2]  # the table's decision did not wait for the review
    assert search.kinds == [autoplay.ADVICE, "strong", autoplay.ADVICE]
    budgets = dict(search.started)
    assert budgets[1] == pytest.approx(0.2 - SEARCH_MARGIN)
    assert budgets[9] > 0.2


def test_a_searched_advice_is_the_strong_players_choice(view: PlayerView) -> None:
    """The pool's advice job is engine.ai.advice with the strong player's search: on a
    clock that moves the same way, it recommends what that player plays."""
    from engine.ai.advice import advise as engine_advise

    def ticking() -> Callable[[], float]:
        ticks = iter(range(10_000))
        return lambda: next(ticks) * 0.01

    found = autoplay.search_job(autoplay.ADVICE, 3, view, 0.5, ticking())
    assert isinstance(found, Advice)
    assert found.deals is not None
    assert 1 < found.deals < 50
    assert found == engine_advise(view, strong_evaluator(3, budget=0.5, clock=ticking()))
    assert found.action == strong_evaluator(3, budget=0.5, clock=ticking()).choose(view)


async def test_the_medium_level_searches_a_shorter_time(view: PlayerView) -> None:
    search = FakeSearch()
    players = ComputerPlayers(
        workers=2, budget=1.0, runner=search, shorten=search.shorten, clock=Clock()
    )
    medium = asyncio.create_task(players.choose("medium", 1, view, game=1))
    strong = asyncio.create_task(players.choose("strong", 2, view, game=2))
    await settle()
    budgets = dict(search.started)
    assert budgets[1] == pytest.approx(autoplay.KIND_BUDGETS["medium"] - SEARCH_MARGIN)
    assert budgets[2] == pytest.approx(1.0 - SEARCH_MARGIN)
    search.finish(1, view)
    search.finish(2, view)
    await asyncio.gather(medium, strong)
