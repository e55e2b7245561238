"""The one-hand formats (RULES-VARIANTS §25, H5): ``one_hand`` and ``one_hand_bait``.

Under either, the hand is scored without ``hanging_bait`` and without the bolt and
third-bait penalties (:func:`hand_rules`), and the game ends after it, with stakes:
each side's units won or lost, multiplied by the «даве» stake (:mod:`.dave`).

- ``one_hand`` («без байда»): who chose trump does not matter; each side writes its
  table points (outcome ``played``) and the single highest wins the stake from each
  other side. A tie at the top clears the scores and the sheet, and the hand is played
  again from 0 by the next dealer (the stake agreed so far stands).
- ``one_hand_bait``: the hand is scored as usual (a tie for the bidder is a bait). With
  two sides (2 players, or 4 in pairs) the bidder wins 1 if he makes it and loses 2 if
  he sits; with more (3 players, 4 solo) he wins 1 from each opponent or pays each 1.
  Every side with a positive stake is a winner (a sitting 3-player bidder's two
  defenders both win).
"""

from __future__ import annotations

import dataclasses

from ..events import Event
from ..rules import GameFormat, Rules
from ..scoring import HandResult, Outcome
from . import end
from .state import GameState

__all__ = ["after_one_hand", "hand_rules", "rewrite"]


def hand_rules(rules: Rules) -> Rules:
    """The rules a hand is scored by: under a one-hand format without what H5 ignores
    there (``hanging_bait``, ``visyak``, the bolt, the third-bait penalty)."""
    if not rules.one_hand:
        return rules
    return rules.replace(
        hanging_bait=False,
        visyak=False,
        bolt_penalty=0,
        bolt_by_players=False,
        third_bait_penalty=0,
    )


def rewrite(rules: Rules, result: HandResult) -> HandResult:
    """``one_hand``: no bait, each side writes its table points (outcome ``played``)."""
    if rules.format is not GameFormat.ONE_HAND or result.outcome is Outcome.FIFTY:
        return result
    sides = tuple(
        dataclasses.replace(line, bait=False, received=0, written=line.total)
        for line in result.sides
    )
    return dataclasses.replace(result, outcome=Outcome.PLAYED, sides=sides)


def after_one_hand(game: GameState, result: HandResult, events: list[Event]) -> None:
    """End a one-hand game after its hand, or replay the hand after a tie at the top."""
    count = len(game._scores)
    stake = game._dave_stake
    stakes = [0] * count
    if game._rules.format is GameFormat.ONE_HAND:
        top = max(game._scores)
        leaders = [s for s in range(count) if game._scores[s] == top]
        if len(leaders) > 1:
            _replay(game, result, events)
            return
        (winner,) = leaders
        stakes = [-stake] * count
        stakes[winner] = stake * (count - 1)
    else:
        bidder = result.bidder_side
        sat = result.outcome is not Outcome.MADE and result.outcome is not Outcome.FIFTY
        if count == 2:
            unit = -2 if sat else 1
            stakes[bidder] = unit * stake
            stakes[1 - bidder] = -unit * stake
        else:
            unit = -1 if sat else 1
            stakes = [-unit * stake] * count
            stakes[bidder] = unit * stake * (count - 1)
    end.finish_with_stakes(game, stakes, events)


def _replay(game: GameState, result: HandResult, events: list[Event]) -> None:
    count = len(game._scores)
    game._scores = [0] * count
    game._baits = [0] * count
    game._hanging = 0
    game._sheet = []
    end.deal_next(game, result, events)
