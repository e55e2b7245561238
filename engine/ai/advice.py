"""What the strong player would do at one seat, and why, from that seat's view only.

An *evaluator* gives the mean value of each legal action in hand points for the seat's
side (higher is better); :func:`advise` takes the best and names the reason in a word
(a :class:`Reason`, which the bot words per language) and in figures: how many points
better on average than the next best, over how many sampled deals. Nothing here reads
more than the :class:`~engine.view.PlayerView` handed in, so advice never tells what
the seat could not know.

>>> from engine import Game, Rules
>>> game = Game.new(2, Rules(), seed=3)
>>> view = game.view(game.to_act)
>>> advice = advise(view, strong_evaluator(seed=1, budget=None, samples=8))
>>> advice.action in view.legal_actions, advice.deals
(True, 8)
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable, Mapping
from enum import StrEnum
from typing import Final, Protocol, runtime_checkable

from engine.actions import (
    Action,
    ExchangeSeven,
    KeepSeven,
    NameSuit,
    Pass,
    PlayCard,
    TakeProposed,
)
from engine.cards import Card, points, strength
from engine.view import PlayerView

from .levels import LEVELS
from .players.expert import ExpertPlayer

__all__ = [
    "Advice",
    "Evaluator",
    "Reason",
    "advise",
    "reason_for",
    "strong_evaluator",
]


@runtime_checkable
class Evaluator(Protocol):
    """Scores the legal actions of a view: the mean outcome of each, in hand points for
    the seat's side, higher better. Actions it cannot score are left out."""

    def action_values(self, view: PlayerView) -> dict[Action, float]: ...


@runtime_checkable
class _Counted(Protocol):
    last_samples: int


class Reason(StrEnum):
    """Why an action is the best one, told from its kind and the position."""

    ONLY = "only"
    """The only legal action."""
    BID = "bid"
    """Taking the proposed suit or naming one: the hand is worth playing."""
    PASS = "pass"
    """Passing: the hand is not worth playing."""
    EXCHANGE = "exchange"
    """Giving the trump seven for the face-up card."""
    KEEP = "keep"
    """Keeping the seven."""
    DRAW_TRUMPS = "draw-trumps"
    """Leading a trump: pulls the others' trumps."""
    CASH = "cash"
    """Leading the highest card left in a plain suit: a sure trick."""
    LEAD = "lead"
    """Any other lead."""
    WIN = "win"
    """Beats every card of the trick so far."""
    RUFF = "ruff"
    """A trump on a plain lead."""
    FEED = "feed"
    """Points onto the partner's winning trick."""
    DUCK = "duck"
    """Gives the trick up cheaply, keeping the stronger cards."""
    OTHER = "other"
    """Any other decision: simply the best on average."""


@dataclasses.dataclass(frozen=True, slots=True)
class Advice:
    """The best action at a decision, why, and by how much."""

    action: Action
    reason: Reason
    values: tuple[tuple[Action, float], ...]
    """Each scored action and its mean value, best first."""
    deals: int | None = None
    """Deals the values were averaged over (None: not sampled)."""

    @property
    def runner_up(self) -> Action | None:
        """The next best action, if another was scored."""
        return self.values[1][0] if len(self.values) > 1 else None

    @property
    def gain(self) -> float | None:
        """Mean points the best action is ahead of the runner-up."""
        return self.values[0][1] - self.values[1][1] if len(self.values) > 1 else None

    def value_of(self, action: Action) -> float | None:
        """The mean value of ``action``, None when it was not scored."""
        return next((value for scored, value in self.values if scored == action), None)


def advise(view: PlayerView, evaluator: Evaluator) -> Advice:
    """The action the evaluator rates best at ``view``'s decision, with its reason.

    Ties go to the first action the evaluator lists. Raises ``ValueError`` when the seat
    has no decision to make."""
    legal = view.legal_actions
    if view.seat is None or view.to_act != view.seat or not legal:
        raise ValueError(f"seat {view.seat} has no decision to make now")
    if len(legal) == 1:
        return Advice(legal[0], Reason.ONLY, ((legal[0], 0.0),))
    values = _scored(evaluator.action_values(view), legal)
    order = sorted(range(len(values)), key=lambda j: (-values[j][1], j))
    ranked = tuple(values[j] for j in order)
    best = ranked[0][0]
    deals = evaluator.last_samples if isinstance(evaluator, _Counted) else None
    return Advice(best, reason_for(view, best), ranked, deals or None)


def _scored(
    values: Mapping[Action, float], legal: tuple[Action, ...]
) -> list[tuple[Action, float]]:
    scored = [(action, float(value)) for action, value in values.items() if action in legal]
    if not scored:
        raise ValueError("the evaluator scored none of the legal actions")
    return scored


def reason_for(view: PlayerView, action: Action) -> Reason:
    """The reason a player would give for ``action`` at ``view``: from the action's kind
    and, for a card, what it does to the trick."""
    if len(view.legal_actions) == 1:
        return Reason.ONLY
    if isinstance(action, TakeProposed | NameSuit):
        return Reason.BID
    if isinstance(action, Pass):
        return Reason.PASS
    if isinstance(action, ExchangeSeven):
        return Reason.EXCHANGE
    if isinstance(action, KeepSeven):
        return Reason.KEEP
    if isinstance(action, PlayCard) and view.trump is not None:
        return _card_reason(view, action.card, int(view.trump))
    return Reason.OTHER


def _card_reason(view: PlayerView, card: Card, trump: int) -> Reason:
    if not view.trick:
        if card.suit == trump:
            return Reason.DRAW_TRUMPS
        return Reason.CASH if _top_of_suit(view, card, trump) else Reason.LEAD
    led = view.trick[0][1].suit
    winner, best = view.trick[0]
    for seat, played in view.trick[1:]:
        if _beats(played, best, trump):
            winner, best = seat, played
    if _beats(card, best, trump):
        return Reason.RUFF if card.suit == trump and led != trump else Reason.WIN
    assert view.seat is not None
    partner_wins = winner != view.seat and view.side_of(winner) == view.side_of(view.seat)
    if partner_wins and points(card, trump) >= _FEED_POINTS:
        return Reason.FEED
    return Reason.DUCK


_FEED_POINTS: Final = 10
"""A ten or an ace (or the trump jack or nine): worth giving to the partner."""


def _beats(card: Card, best: Card, trump: int) -> bool:
    if card.suit == best.suit:
        return strength(card, trump) > strength(best, trump)
    return card.suit == trump


def _top_of_suit(view: PlayerView, card: Card, trump: int) -> bool:
    """Whether every higher card of the suit is gone or in the seat's own hand."""
    seen = {c for record in view.tricks for c in record.cards}
    seen.update(view.hand)
    rank = strength(card, trump)
    return all(
        other in seen
        for other in _SUITS[card.suit]
        if other != card and strength(other, trump) > rank
    )


_SUITS: Final = {suit: tuple(Card.from_index(suit * 8 + r) for r in range(8)) for suit in range(4)}


def strong_evaluator(
    seed: int = 0,
    *,
    budget: float | None = 1.0,
    samples: int = 1000,
    clock: Callable[[], float] = time.perf_counter,
) -> ExpertPlayer:
    """The strong player as an evaluator: the strong level's search
    (:class:`~engine.ai.players.expert.ExpertPlayer` with the options of
    ``LEVELS["strong"]``: its evidence from the plays, its exact endgame) without its
    caution margin, so that the action advised is the one with the best mean and the
    figures shown say why; the margin only keeps the rule-based action among actions the
    deals cannot tell apart. ``budget`` (seconds, None for no clock), ``samples`` (cap on
    deals) and ``clock`` as for the players; with the cap reached first the values depend
    only on the seed and the view."""
    options = {**LEVELS["strong"], "budget": budget, "samples": samples, "caution": 0.0}
    return ExpertPlayer(seed, clock=clock, **options)
