"""After a hand: the decisions of one seat that cost the most against the strong player.

The hand is replayed from the game's seed and action log; each decision the seat made
in it is kept with the seat's view at that moment (:func:`seat_decisions`), the only
thing it is judged by. A decision's cost is how many points, on average, the strong
player's choice was better than the one made (:func:`mistake`); :func:`costliest`
keeps the few that cost more than a small threshold.

>>> import random
>>> from engine import Game, Rules
>>> from engine.ai.advice import strong_evaluator
>>> game, log, rng = Game.new(2, Rules(), seed=5), [], random.Random(5)
>>> while not game.sheet:
...     seat, action = game.to_act, rng.choice(game.legal_actions())
...     _ = game.apply(action)
...     log.append((seat, action))
>>> decisions = seat_decisions(2, game.rules, 5, log, seat=0, hand=1)
>>> all(d.view.seat == 0 for d in decisions)
True
>>> found = review(decisions, strong_evaluator(seed=1, budget=None, samples=4))
>>> len(found) <= MAX_MISTAKES
True
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence
from typing import Final

from engine.actions import Action
from engine.game import Game
from engine.rules import Rules
from engine.view import PlayerView

from .advice import Advice, Evaluator, advise

__all__ = [
    "MAX_MISTAKES",
    "THRESHOLD",
    "Decision",
    "Mistake",
    "costliest",
    "mistake",
    "review",
    "seat_decisions",
]

THRESHOLD: Final = 5.0
"""Mean points a decision must lose to be named: less is within the luck of sampling."""
MAX_MISTAKES: Final = 3


@dataclasses.dataclass(frozen=True, slots=True)
class Decision:
    """One decision of the seat: its view as it chose, and what it chose."""

    move: int
    """The game's move number at the decision."""
    view: PlayerView
    action: Action


@dataclasses.dataclass(frozen=True, slots=True)
class Mistake:
    """A decision that lost points on average against the strong player's choice."""

    decision: Decision
    advice: Advice
    cost: float
    """Mean points lost: the best action's value less that of the action made."""


def seat_decisions(
    players: int,
    rules: Rules,
    seed: int,
    actions: Iterable[tuple[int | None, Action | str]],
    *,
    seat: int,
    hand: int,
) -> tuple[Decision, ...]:
    """The decisions ``seat`` made in hand ``hand`` that had a choice (more than one
    legal action), replaying the log ``(seat, action)`` of a game. Each holds
    ``game.view(seat)`` of that moment and nothing else of the game."""
    game = Game.new(players, rules, seed)
    found: list[Decision] = []
    for actor, entry in actions:
        if game.hand_number > hand:
            break
        action = entry if isinstance(entry, Action) else Action.parse(entry)
        if game.hand_number == hand and game.to_act == seat:
            view = game.view(seat)
            if len(view.legal_actions) > 1:
                found.append(Decision(game.move_number, view, action))
        game.apply(action, actor)
    return tuple(found)


def mistake(decision: Decision, advice: Advice) -> Mistake | None:
    """The decision as a mistake, when the advice scored its action lower than the best;
    None when it was the best or could not be scored."""
    made = advice.value_of(decision.action)
    if made is None or advice.action == decision.action:
        return None
    return Mistake(decision, advice, advice.values[0][1] - made)


def costliest(
    mistakes: Iterable[Mistake | None],
    *,
    top: int = MAX_MISTAKES,
    threshold: float = THRESHOLD,
) -> tuple[Mistake, ...]:
    """The ``top`` mistakes that cost more than ``threshold``, costliest first (ties in
    the order of play)."""
    kept = [m for m in mistakes if m is not None and m.cost > threshold]
    kept.sort(key=lambda m: (-m.cost, m.decision.move))
    return tuple(kept[:top])


def review(
    decisions: Sequence[Decision],
    evaluator: Evaluator,
    *,
    top: int = MAX_MISTAKES,
    threshold: float = THRESHOLD,
) -> tuple[Mistake, ...]:
    """:func:`costliest` of the decisions, each judged by ``evaluator`` from its view."""
    return costliest(
        (mistake(d, advise(d.view, evaluator)) for d in decisions),
        top=top,
        threshold=threshold,
    )
