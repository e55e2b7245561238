"""The baseline: a uniformly random legal action."""

from __future__ import annotations

from engine.actions import Action
from engine.view import PlayerView

from ..base import decision_rng

__all__ = ["RandomPlayer"]


class RandomPlayer:
    """Picks uniformly among the legal actions."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, view: PlayerView) -> Action:
        """A uniformly random legal action."""
        return decision_rng(self.seed, view).choice(view.legal_actions)
