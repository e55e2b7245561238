"""Computer players, and the heuristic stand-in for a player whose time ran out.

Decisions run off the event loop: the fast players in a thread, the searching player in
a process pool (pure-Python search would hold the GIL for its whole budget).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import logging
from typing import Final

from engine import Action, KeepSeven, Pass, PlayerView
from engine.ai import make_player

__all__ = ["COMPUTER_KINDS", "ComputerPlayers", "choose_action", "stand_in_choice"]

log = logging.getLogger(__name__)

COMPUTER_KINDS: Final = ("heuristic", "search")
"""Kinds offered in the lobby: easy and strong."""
TIMEOUT_STAND_IN: Final = "heuristic"
_PROCESS_KINDS: Final = frozenset({"search"})


def stand_in_choice(view: PlayerView) -> Action | None:
    """What the bot does for a person whose time ran out, when it does not need a player
    to decide: it commits them to nothing — a pass in the bidding, keeping the trump
    seven. None when a card (or an obligatory trump) must be chosen."""
    for action in view.legal_actions:
        if isinstance(action, Pass | KeepSeven):
            return action
    return None


def choose_action(kind: str, seed: int, view: PlayerView) -> Action:
    """A computer player's decision; a plain function so a process pool can run it."""
    return make_player(kind, seed=seed).choose(view)


class ComputerPlayers:
    def __init__(self, *, processes: int = 1) -> None:
        self._processes = processes
        self._pool: concurrent.futures.ProcessPoolExecutor | None = None

    async def choose(self, kind: str, seed: int, view: PlayerView) -> Action:
        if kind in _PROCESS_KINDS and self._processes > 0:
            if self._pool is None:
                self._pool = concurrent.futures.ProcessPoolExecutor(max_workers=self._processes)
            loop = asyncio.get_running_loop()
            return await loop.run_in_executor(self._pool, choose_action, kind, seed, view)
        return await asyncio.to_thread(choose_action, kind, seed, view)

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
