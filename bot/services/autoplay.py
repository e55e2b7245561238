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

The strong player's advice (a hint, a hand's review) is searched the same way, in the
same queues: a hint at its table's turn, a review's decisions in a queue of their own
(so that they take turns with the table's computer players instead of going first),
each with the budget it asks for.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import logging
import multiprocessing
import os
import threading
import time
from collections import deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Final

from bot.config import Settings
from bot.render.names import COMPUTER_KINDS, LEGACY_KINDS
from engine import Action, PlayerView
from engine.ai import LEVELS, make_player
from engine.ai.advice import Advice, advise, strong_evaluator

__all__ = [
    "ADVICE",
    "COMPUTER_KINDS",
    "LEGACY_KINDS",
    "ComputerPlayers",
    "Result",
    "choose_action",
    "default_search_workers",
    "search_budget",
]

log = logging.getLogger(__name__)

TIMEOUT_STAND_IN: Final = "heuristic"
KIND_BUDGETS: Final = {kind: float(LEVELS[kind]["budget"]) for kind in ("easy", "medium")}
"""Seconds a decision of these kinds takes at most, from being asked for to its answer
(the others: the players' budget, SEARCH_BUDGET): the easy and medium levels are shorter
searches (engine.ai.LEVELS)."""
ADVICE: Final = "advice"
"""The job of the strong player's advice at a view (engine.ai.advice), not a player."""
_QUEUED_KINDS: Final = frozenset({"search", *LEVELS, ADVICE})
"""The searching kinds (every level searches, the easy one a dozen deals: under load its
slowest decisions took 0.2 s, too long for the event loop's thread), and the advice:
they go to the worker pool."""
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

Result = Action | Advice
"""What a job in the pool gives: a computer player's action, or the advice."""
Runner = Callable[[str, int, PlayerView, float, int], Awaitable[Result]]
"""Runs one searching job (a decision or the advice) with a budget in seconds, in a
worker slot."""
Shorten = Callable[[int, float], None]
"""Ends the search in a slot that many seconds sooner than its budget said."""


def default_search_workers() -> int:
    """One search process per CPU but one, which is left to the bot itself."""
    return max(1, (os.cpu_count() or 1) - 1)


def choose_action(
    kind: str,
    seed: int,
    view: PlayerView,
    budget: float | None = None,
    clock: Callable[[], float] | None = None,
) -> Action:
    """A computer player's decision; a plain function so a process pool can run it.
    ``budget``: seconds for a searching player (its default when None), on ``clock``."""
    if kind in _QUEUED_KINDS and budget is not None:
        options = {} if clock is None else {"clock": clock}
        return make_player(kind, seed=seed, budget=budget, **options).choose(view)
    return make_player(kind, seed=seed).choose(view)


class SearchClocks:
    """One clock per worker slot that the bot can move forward while a search runs: a
    search ends when its clock reaches its deadline, so moving the clock by ``s``
    seconds ends the search ``s`` seconds sooner. Shared memory, so that the bot's
    process moves the clocks its search workers read."""

    def __init__(self, slots: int) -> None:
        self._ahead = multiprocessing.Array("d", slots, lock=False)

    def reset(self, slot: int) -> None:
        self._ahead[slot] = 0.0

    def advance(self, slot: int, seconds: float) -> None:
        self._ahead[slot] += seconds

    def clock(self, slot: int) -> Callable[[], float]:
        """The clock of one search: its first reading (from which the search sets its
        deadline) is not moved, so that a cut made before the search began counts too."""
        ahead = self._ahead
        first = True

        def read() -> float:
            nonlocal first
            if first:
                first = False
                return time.perf_counter()
            moved: float = ahead[slot]
            return time.perf_counter() + moved

        return read


_worker_clocks: SearchClocks | None = None
"""The clocks of the pool this process works for (set in each search worker)."""


def _start_worker(clocks: SearchClocks) -> None:
    global _worker_clocks
    _worker_clocks = clocks
    with contextlib.suppress(OSError):
        os.nice(_WORKER_NICENESS)
    threading.Thread(target=_exit_with, args=(os.getppid(),), daemon=True).start()


def _exit_with(parent: int) -> None:
    """A bot process killed outright (SIGKILL, a crash) shuts no pool down: its workers
    would wait for work forever."""
    while os.getppid() == parent:
        time.sleep(1.0)
    os._exit(0)


def search_job(
    kind: str, seed: int, view: PlayerView, budget: float, clock: Callable[[], float]
) -> Result:
    """One job of the pool: the advice at ``view`` (kind :data:`ADVICE`), or the
    decision of a searching player."""
    if kind == ADVICE:
        return advise(view, strong_evaluator(seed, budget=budget, clock=clock))
    return choose_action(kind, seed, view, budget, clock)


def _search_in_worker(kind: str, seed: int, view: PlayerView, budget: float, slot: int) -> Result:
    assert _worker_clocks is not None, "not a search worker"
    return search_job(kind, seed, view, budget, _worker_clocks.clock(slot))


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


@dataclass
class _Request:
    game: int
    kind: str
    seed: int
    view: PlayerView
    asked: float
    target: float
    """Seconds from being asked for to the answer."""
    future: asyncio.Future[Result] = field(repr=False)


@dataclass
class _Flight:
    slot: int
    started: float
    budget: float
    """Seconds the search may run from ``started``; less once shortened."""


class ComputerPlayers:
    """``workers``: search processes (0: a thread, for tests); ``budget``: seconds a
    searching decision may take from being asked for to its answer; ``runner``,
    ``shorten`` and ``clock`` replace the pool and the time in tests."""

    def __init__(
        self,
        *,
        workers: int = 1,
        budget: float = 1.0,
        runner: Runner | None = None,
        shorten: Shorten | None = None,
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
        self._clocks = SearchClocks(self.slots) if runner is None else None
        self._runner = runner or self._run
        self._shorten = shorten or self._advance
        self._pool: concurrent.futures.ProcessPoolExecutor | None = None
        self._queues: dict[int, deque[_Request]] = {}
        self._ready: deque[int] = deque()
        """Games with a decision waiting and none in flight, in the order they are served."""
        self._in_flight: dict[int, _Flight] = {}
        self._free = list(range(self.slots))
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
        target = min(self.budget, KIND_BUDGETS.get(kind, self.budget))
        action = await self._queued(kind, seed, view, game, target)
        assert isinstance(action, Action)
        return action

    async def advise(
        self, seed: int, view: PlayerView, *, queue: int = 0, budget: float | None = None
    ) -> Advice:
        """The strong player's advice at ``view``, searched in ``queue`` (a table's, or
        another key) within ``budget`` seconds (the players' budget by default)."""
        advice = await self._queued(ADVICE, seed, view, queue, budget or self.budget)
        assert isinstance(advice, Advice)
        return advice

    async def _queued(
        self, kind: str, seed: int, view: PlayerView, game: int, target: float
    ) -> Result:
        future: asyncio.Future[Result] = asyncio.get_running_loop().create_future()
        request = _Request(game, kind, seed, view, self._clock(), target, future)
        self._asked[game] = request.asked
        queue = self._queues.setdefault(game, deque())
        queue.append(request)
        if len(queue) == 1 and game not in self._in_flight:
            self._ready.append(game)
        self._dispatch()
        self._rebalance()
        return await future

    def _dispatch(self) -> None:
        while self._ready and self._free:
            game = self._ready.popleft()
            queue = self._queues[game]
            request = queue.popleft()
            if not queue:
                del self._queues[game]
            if request.future.done():  # the one waiting for it gave up
                if game in self._queues:
                    self._ready.append(game)
                continue
            now = self._clock()
            waited = now - request.asked
            budget = search_budget(request.target, waited, self._games(), self.slots)
            flight = _Flight(self._free.pop(), now, budget)
            self._in_flight[game] = flight
            task = asyncio.create_task(self._decide(request, flight, waited))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    def _rebalance(self) -> None:
        """A decision waits for a worker: searches that took more than their table's
        share (begun when fewer tables were searching) end at that share instead, so
        that the one waiting still gets its answer within the budget."""
        if not self._ready:
            return
        share = search_budget(self.budget, 0.0, self._games(), self.slots)
        now = self._clock()
        for flight in self._in_flight.values():
            # Never into the past: a search already past the share ends now.
            cut = flight.budget - max(share, now - flight.started)
            if cut > 0:
                flight.budget -= cut
                self._shorten(flight.slot, cut)

    def _games(self) -> int:
        """Tables whose searching players take turns on the workers now."""
        horizon = self._clock() - RECENT_GAMES * self.budget
        for game in [g for g, at in self._asked.items() if at < horizon]:
            del self._asked[game]
        return len(self._asked.keys() | self._queues.keys() | self._in_flight.keys())

    async def _decide(self, request: _Request, flight: _Flight, waited: float) -> None:
        budget = flight.budget
        try:
            action = await self._runner(
                request.kind, request.seed, request.view, budget, flight.slot
            )
        except Exception as error:
            if not request.future.done():
                request.future.set_exception(error)
        else:
            if not request.future.done():
                request.future.set_result(action)
            log.info(
                "game %s: search decision in %.3f s (waited %.3f s, budget %.3f s, searched "
                "%.3f s)",
                request.game,
                self._clock() - request.asked,
                waited,
                budget,
                flight.budget,
            )
        finally:
            del self._in_flight[request.game]
            self._free.append(flight.slot)
            if request.game in self._queues:
                self._ready.append(request.game)
            self._dispatch()

    def _advance(self, slot: int, seconds: float) -> None:
        assert self._clocks is not None
        self._clocks.advance(slot, seconds)

    async def _run(
        self, kind: str, seed: int, view: PlayerView, budget: float, slot: int
    ) -> Result:
        clocks = self._clocks
        assert clocks is not None
        clocks.reset(slot)
        if self.workers == 0:
            return await asyncio.to_thread(search_job, kind, seed, view, budget, clocks.clock(slot))
        if self._pool is None:
            self._pool = concurrent.futures.ProcessPoolExecutor(
                max_workers=self.workers, initializer=_start_worker, initargs=(clocks,)
            )
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(
            self._pool, _search_in_worker, kind, seed, view, budget, slot
        )

    def close(self) -> None:
        for queue in self._queues.values():
            for request in queue:
                request.future.cancel()
        self._queues.clear()
        self._ready.clear()
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
