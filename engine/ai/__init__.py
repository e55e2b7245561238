"""Computer players for Debertz: they choose an action from one seat's view only.

>>> from engine import Game, Rules
>>> from engine.ai import make_player
>>> game = Game.new(2, Rules(), seed=3)
>>> player = make_player("heuristic", seed=1)
>>> seat = game.to_act
>>> player.choose(game.view(seat)) in game.legal_actions()
True

Kinds: ``"random"`` (a uniformly random legal action), ``"heuristic"`` (rules: hand
worth for bidding, card tracking and voids for the play) and ``"search"`` (sampling the
hidden cards consistently with the view, rule-based rollouts, an exact solver for the
last tricks). The lobby's levels ``"easy"``, ``"medium"`` and ``"strong"`` are, for now,
the heuristic player, the search with a 0.3 s budget and the search. :func:`resample`
deals the hidden cards of a view into a whole game.

Matches between kinds: ``python -m engine.ai.arena --help``.
"""

from __future__ import annotations

from typing import Any, Final

from .base import Player, decision_rng
from .infer import knowledge, resample
from .players import HeuristicPlayer, RandomPlayer, SearchPlayer
from .stand_in import decision_seed, stand_in_choice, without_offers

__all__ = [
    "KINDS",
    "LEVELS",
    "HeuristicPlayer",
    "Player",
    "RandomPlayer",
    "SearchPlayer",
    "decision_rng",
    "decision_seed",
    "knowledge",
    "make_player",
    "resample",
    "stand_in_choice",
    "without_offers",
]

KINDS: Final = ("random", "heuristic", "search")
"""The players :func:`make_player` makes."""
LEVELS: Final = ("easy", "medium", "strong")
"""The lobby's levels, which :func:`make_player` also knows: names of the players above."""


def make_player(kind: str, seed: int = 0, **options: Any) -> Player:
    """A player of ``kind`` with its own ``seed``.

    Options: ``heuristic`` takes ``margin`` (shift of the bidding thresholds);
    ``search`` takes ``budget`` (seconds per decision, default 1.0, None for no clock),
    ``samples`` (cap on sampled deals per decision, default 1000), ``solver_cards``
    (cards left in hand from which the exact solver plays the rest; default 6, 5 and 4
    for 2, 3 and 4 players) and ``trust`` (0..1, default 0.8: how far the other seats'
    bids are taken as evidence about their hands). ``random`` takes none. Unknown kinds
    and options raise ``ValueError``.

    Search is CPU-bound and synchronous: an asyncio caller should run ``choose`` in an
    executor.
    """
    if kind == "random":
        factory: type[RandomPlayer] | type[HeuristicPlayer] | type[SearchPlayer] = RandomPlayer
    elif kind in ("heuristic", "easy"):
        factory = HeuristicPlayer
    elif kind in ("search", "strong"):
        factory = SearchPlayer
    elif kind == "medium":
        options = {"budget": 0.3, **options}
        factory = SearchPlayer
    else:
        known = ", ".join((*KINDS, *LEVELS))
        raise ValueError(f"unknown player kind {kind!r} (expected one of {known})")
    try:
        return factory(seed, **options)
    except TypeError as error:
        raise ValueError(f"bad options for a {kind} player: {error}") from None
