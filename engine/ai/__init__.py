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
last tricks). The levels ``"easy"``, ``"medium"`` and ``"strong"`` are the expert search
(:class:`ExpertPlayer`: search that keeps the rule-based action unless the sampled deals
clearly favour another, stops at 85% of its budget and tells what each action is worth)
at growing effort: 12 deals, 40 deals (each at most 0.25 s), 1 s per decision (with 2
players, in the play, the rest of every sampled deal's hand solved exactly).
:func:`resample` deals the hidden cards of a view into a whole game.

Matches between kinds: ``python -m engine.ai.arena --help``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from .base import Player, decision_rng
from .infer import knowledge, resample
from .levels import LEVELS
from .players import ExpertPlayer, HeuristicPlayer, RandomPlayer, SearchPlayer
from .stand_in import decision_seed, stand_in_choice, without_offers

__all__ = [
    "KINDS",
    "LEVELS",
    "ExpertPlayer",
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

KINDS: Final = ("random", "heuristic", "search", *LEVELS)
"""The kinds :func:`make_player` knows."""


def make_player(kind: str, seed: int = 0, **options: Any) -> Player:
    """A player of ``kind`` with its own ``seed``.

    Options: ``heuristic`` takes ``margin`` (shift of the bidding thresholds);
    ``search`` takes ``budget`` (seconds per decision, default 1.0, None for no clock),
    ``samples`` (cap on sampled deals per decision, default 1000), ``solver_cards``
    (cards left in hand from which the exact solver plays the rest: one number, or a
    number per table size such as ``{2: 9}``; default 6, 5 and 4 for 2, 3 and 4
    players), ``trust`` (0..1, default 0.8: how far the other seats'
    bids are taken as evidence about their hands), ``play_trust`` (0..1 excluded,
    default 0: how far the cards they played are; :mod:`engine.ai.play_evidence`) and
    ``play_trust_off`` (default None: the same for every seat; else ``play_trust`` holds
    for a seat that plays by the rules and this for one of its own ways, each seat one or
    the other by the odds its earlier hands give),
    ``outlook`` (default False: score a hand by the chance to win the game from the
    scores after it, with 2 players or 4 in pairs; :mod:`engine.ai.outlook`),
    ``exact_bids`` (default False: score bids with the hand's last tricks solved
    exactly, from ``solver_cards`` if True, else from cards given as ``solver_cards``
    takes them, such as ``{2: 6}``; :mod:`engine.ai.simulate`) and ``rule_opponents``
    (default None: from that many tricks of the hand on, the exact endgame plays the
    other seats by the rule-based policy while their cards this hand fit it, and
    every card they played in the earlier hands of the game did;
    :mod:`engine.ai.response`) with ``rule_proof`` (default 0: earlier hands that must
    show it first) and ``response_bids`` (default False: bids scored the same way).
    ``easy``, ``medium`` and ``strong`` take the same options as ``search`` (defaults in
    :data:`LEVELS`) and ``caution`` (standard errors by which an action must beat the
    rule-based one; 1.0 for easy, 0.25 for medium and strong) and ``spend`` (share of
    the budget used, default 0.85).
    ``random`` takes none. Unknown kinds and options raise ``ValueError``.

    Search is CPU-bound and synchronous: an asyncio caller should run ``choose`` in an
    executor.
    """
    factory: Callable[..., Player]
    if kind in LEVELS:
        factory = ExpertPlayer
        options = {**LEVELS[kind], **options}
    elif kind == "random":
        factory = RandomPlayer
    elif kind == "heuristic":
        factory = HeuristicPlayer
    elif kind == "search":
        factory = SearchPlayer
    else:
        raise ValueError(f"unknown player kind {kind!r} (expected one of {', '.join(KINDS)})")
    try:
        return factory(seed, **options)
    except TypeError as error:
        raise ValueError(f"bad options for a {kind} player: {error}") from None
