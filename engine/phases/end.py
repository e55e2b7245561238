"""The end of a hand and of the game: scoring (:mod:`engine.scoring`), the target,
the next dealer.

With the ``winner`` dealer rotation and 4 players, "the next seat of that pair
clockwise" is the first seat clockwise after the current dealer that belongs to the pair
that wrote the most.
"""

from __future__ import annotations

from ..cards import Suit
from ..events import Event, GameOver, HandScored
from ..rules import DealerRotation
from ..scoring import HandResult, score_hand
from . import deal
from .state import GameState, Phase

__all__ = ["finish", "next_dealer", "score"]


def score(game: GameState, last_trick_seat: int, events: list[Event]) -> None:
    """Score the finished hand, then end the game or deal the next hand."""
    n = game._n
    meld_points = sum(m.points for s in game._meld_seats for m in game._melds[s])
    result = score_hand(
        rules=game._rules,
        players=n,
        hand_number=game._hand_number,
        dealer=game._dealer,
        bidder=game._bidder,
        trump=Suit(game._trump),
        card_points=tuple(game._card_points),
        tricks=tuple(game._tricks_won),
        last_trick_seat=last_trick_seat,
        meld_side=game._meld_side if game._meld_side >= 0 else None,
        meld_points=meld_points,
        bella_seat=game._bella_seat if game._bella_seat >= 0 else None,
        hanging_before=game._hanging,
        baits_before=tuple(game._baits),
    )
    for line in result.sides:
        game._scores[line.side] += line.written
        if line.bait:
            game._baits[line.side] += 1
    game._hanging = result.hanging
    game._sheet.append(result)
    events.append(HandScored(result))

    target = game._rules.target
    reached = [s for s, total in enumerate(game._scores) if total >= target]
    if reached:
        top = max(game._scores[s] for s in reached)
        leaders = [s for s in reached if game._scores[s] == top]
        if len(leaders) == 1:
            finish(game, leaders[0], events)
            return
    game._dealer = next_dealer(game, result)
    game._deal_number += 1
    game._hand_number += 1
    events.append(deal.deal(game))


def next_dealer(game: GameState, result: HandResult) -> int:
    n = game._n
    clockwise = (game._dealer + 1) % n
    if game._rules.dealer_rotation is not DealerRotation.WINNER:
        return clockwise
    written = [line.written for line in result.sides]
    top = max(written)
    if written.count(top) != 1:
        return clockwise
    side = written.index(top)
    if n != 4:
        return side
    return clockwise if clockwise % 2 == side else (clockwise + 1) % n


def finish(game: GameState, winner_side: int, events: list[Event]) -> None:
    game._phase = Phase.FINISHED
    game._winner = winner_side
    game._to_act = -1
    events.append(GameOver(winner_side, tuple(game._scores)))
