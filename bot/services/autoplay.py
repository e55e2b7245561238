"""Computer players, and the heuristic stand-in for a player whose time ran out.

Decisions run off the event loop: the fast players in a thread, the searching player in
a process pool (pure-Python search would hold the GIL for its whole budget).

Searching decisions wait in a queue per game, served round-robin with at most one
decision of a game in flight, so a table of three searching players takes its turn
with the others instead of holding every worker. A decision's time counts from the
moment it is asked for: the search budget it gets is what is left of the budget after
its wait, and no more than the table's share of the workers among the tables whose
searching players played lately, so that more tables make the searches shorter, not
the decisions later. The budget changes how many deals a search
samples, so a decision may differ from one run to the next; the game stays its seed
plus its action log (DESIGN.md), because the action chosen is stored and replayed, and
each decision's random stream still comes from the game's seed.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import logging
import os
import time
from collections import deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Final

from bot.config import Settings
from engine import Action, KeepSeven, Pass, PlayerView
from engine.ai import make_player

__all__ = [
    "COMPUTER_KINDS",
    "ComputerPlayers",
    "choose_action",
    "default_search_workers",
    "search_budget",
    "stand_in_choice",
]

log = logging.getLogger(__name__)

COMPUTER_KINDS: Final = ("heuristic", "search")
"""Kinds offered in the lobby: easy and strong."""
TIMEOUT_STAND_IN: Final = "heuristic"
_QUEUED_KINDS: Final = frozenset({"search"})
SEARCH_MARGIN: Final = 0.05
"""Seconds of a decision's budget kept for what is not search: handing the view to a
worker and the action back, and the search's own setup."""
RECENT_GAMES: Final = 3.0
"""Budgets counted in which a table's searching players take a share of the workers
after its last decision: one of them plays again within a pause and a trick."""
MIN_SEARCH_BUDGET: Final = 0.02
"""The least a search is given, however late: a few deals still beat none."""
_WORKER_NICENESS: Final = 10
"""Search workers yield the CPU to the bot's own process: a press must not wait behind a
search, and a search only samples fewer deals within the same time."""

Runner = Callable[[str, int, PlayerView, float], Awaitable[Action]]
"""Runs one searching decision with a budget in seconds."""


def default_search_workers() -> int:
    """One search process per CPU but one, which is left to the bot itself."""
    return max(1, (os.cpu_count() or 1) - 1)


def stand_in_choice(view: PlayerView) -> Action | None:
    """What the bot does for a person whose time ran out, when it does not need a player
    to decide: it commits them to nothing — a pass in the bidding, keeping the trump
    seven. None when a card (or an obligatory trump) must be chosen."""
    for action in view.legal_actions:
        if isinstance(action, Pass | KeepSeven):
            return action
    return None


def choose_action(kind: str, seed: int, view: PlayerView, budget: float | None = None) -> Action:
    """A computer player's decision; a plain function so a process pool can run it.
    ``budget``: seconds for a searching player (its default when None)."""
    if kind in _QUEUED_KINDS and budget is not None:
        return make_player(kind, seed=seed, budget=budget).choose(view)
    return make_player(kind, seed=seed).choose(view)


def search_budget(
    target: float, waited: float, games: int, slots: int, *, margin: float = SEARCH_MARGIN
) -> float:
    """The search time of a decision that ``waited`` seconds for a worker, while
    ``games`` tables (this one included) have searching players taking turns on
    ``slots`` workers: what is left of ``target`` after the wait, and no more than this
    table's share of the workers, so that the decisions that come next (of the other
    tables) do not wait past their own ``target``."""
    left = target - waited - margin
    share = target * slots / max(slots, games) - margin
    return max(MIN_SEARCH_BUDGET, min(left, share))


def _lower_priority() -> None:
    with contextlib.suppress(OSError):
        os.nice(_WORKER_NICENESS)


@dataclass
class _Request:
    game: int
    kind: str
    seed: int
    view: PlayerView
    asked: float
    future: asyncio.Future[Action] = field(repr=False)


class ComputerPlayers:
    """``workers``: search processes (0: a thread, for tests); ``budget``: seconds a
    searching decision may take from being asked for to its answer; ``runner`` and
    ``clock`` replace the pool and the time in tests."""

    def __init__(
        self,
        *,
        workers: int = 1,
        budget: float = 1.0,
        runner: Runner | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        if workers < 0:
            raise ValueError(f"workers must be 0 or more, not {workers}")
        if budget <= 0:
            raise ValueError(f"budget must be positive seconds, not {budget}")
        self.workers = workers
        self.budget = budget
        self.slots = max(1, workers)
        """Searching decisions in flight at most."""
        self._clock = clock
        self._runner = runner or self._run
        self._pool: concurrent.futures.ProcessPoolExecutor | None = None
        self._queues: dict[int, deque[_Request]] = {}
        self._ready: deque[int] = deque()
        """Games with a decision waiting and none in flight, in the order they are served."""
        self._in_flight: set[int] = set()
        self._tasks: set[asyncio.Task[None]] = set()
        self._asked: dict[int, float] = {}
        """When each game last asked for a searching decision."""

    @classmethod
    def for_settings(cls, settings: Settings, *, workers: int | None = None) -> ComputerPlayers:
        """The players as SEARCH_WORKERS and SEARCH_BUDGET say; ``workers`` overrides."""
        if workers is None:
            workers = settings.search_workers or default_search_workers()
        return cls(workers=workers, budget=settings.search_budget)

    @property
    def queued(self) -> int:
        """Searching decisions waiting for a worker."""
        return sum(len(q) for q in self._queues.values())

    async def choose(self, kind: str, seed: int, view: PlayerView, *, game: int = 0) -> Action:
        """The decision of a computer player of ``kind`` at ``game``'s table."""
        if kind not in _QUEUED_KINDS:
            return await asyncio.to_thread(choose_action, kind, seed, view)
        future: asyncio.Future[Action] = asyncio.get_running_loop().create_future()
        request = _Request(game, kind, seed, view, self._clock(), future)
        self._asked[game] = request.asked
        queue = self._queues.setdefault(game, deque())
        queue.append(request)
        if len(queue) == 1 and game not in self._in_flight:
            self._ready.append(game)
        self._dispatch()
        return await future

    def _dispatch(self) -> None:
        while self._ready and len(self._in_flight) < self.slots:
            game = self._ready.popleft()
            queue = self._queues[game]
            request = queue.popleft()
            if not queue:
                del self._queues[game]
            if request.future.done():  # the one waiting for it gave up
                if game in self._queues:
                    self._ready.append(game)
                continue
            self._in_flight.add(game)
            waited = self._clock() - request.asked
            budget = search_budget(self.budget, waited, self._games(), self.slots)
            task = asyncio.create_task(self._decide(request, waited, budget))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    def _games(self) -> int:
        """Tables whose searching players take turns on the workers now."""
        horizon = self._clock() - RECENT_GAMES * self.budget
        for game in [g for g, at in self._asked.items() if at < horizon]:
            del self._asked[game]
        return len(self._asked.keys() | self._queues.keys() | self._in_flight)

    async def _decide(self, request: _Request, waited: float, budget: float) -> None:
        try:
            action = await self._runner(request.kind, request.seed, request.view, budget)
        except Exception as error:
            if not request.future.done():
                request.future.set_exception(error)
        else:
            if not request.future.done():
                request.future.set_result(action)
            log.info(
                "game %s: search decision in %.3f s (waited %.3f s, budget %.3f s)",
                request.game,
                self._clock() - request.asked,
                waited,
                budget,
            )
        finally:
            self._in_flight.discard(request.game)
            if request.game in self._queues:
                self._ready.append(request.game)
            self._dispatch()

    async def _run(self, kind: str, seed: int, view: PlayerView, budget: float) -> Action:
        if self.workers == 0:
            return await asyncio.to_thread(choose_action, kind, seed, view, budget)
        if self._pool is None:
            self._pool = concurrent.futures.ProcessPoolExecutor(
                max_workers=self.workers, initializer=_lower_priority
            )
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._pool, choose_action, kind, seed, view, budget)

    def close(self) -> None:
        for queue in self._queues.values():
            for request in queue:
                request.future.cancel()
        self._queues.clear()
        self._ready.clear()
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
