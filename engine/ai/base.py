"""The interface every computer player implements, and per-decision randomness."""

from __future__ import annotations

import random
from typing import Protocol, runtime_checkable

from engine.actions import Action
from engine.view import PlayerView

__all__ = ["Player", "decision_rng"]


@runtime_checkable
class Player(Protocol):
    """A computer player: picks one of ``view.legal_actions`` from what the seat knows.

    Implementations read nothing but the view, and for a given seed (and, for search,
    a sample cap that is reached before the time budget) return the same action for the
    same view, whatever else happened before.
    """

    def choose(self, view: PlayerView) -> Action:
        """The action to take; ``view`` must be the view of the seat to act."""
        ...


def decision_rng(seed: int, view: PlayerView) -> random.Random:
    """A random stream for one decision, from the player's seed and the public position.

    Keyed by what identifies the decision point (hand, bids, cards played), so a player
    decides the same way whenever it meets the same view, and a restarted bot replays
    its own choices. ``random.Random`` hashes a text seed with SHA-512: stable across
    processes, unlike ``hash()``.
    """
    played = sum(len(record.cards) for record in view.tricks) + len(view.trick)
    proposed = view.proposed.code if view.proposed is not None else "-"
    key = (
        f"debertz-ai/{seed}/{view.seat}/{view.hand_number}/{view.dealer}/{proposed}/"
        f"{len(view.bids)}/{view.phase.value}/{played}/{','.join(map(str, view.scores))}"
    )
    return random.Random(key)
