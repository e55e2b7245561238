"""What a hand's result is worth to the game: the chance to win it from the scores.

Search scores a hand by its written points, which is right while the target is far: a
point is worth as much as any other. Near the target it is not. At 450 against 480 a
sure 40 loses the game when the opponents take 30, and a bid that sits only hurts when
the opponents would not have gone out anyway. The outlook turns the scores after a hand
into the chance of each side to win the game, from a table of the race to the target:
the written points of one hand follow the distribution in :data:`OUTCOMES_FILE`, and
the chance from every pair of scores is found backwards from the target.

It covers games of two sides to a target where the highest total at or past it wins
(2 players, or 4 in pairs; every seed's default); :func:`outlook_for` is None elsewhere,
and search scores hands by points there.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Final

from engine.rules import ClaimMidHand, GameFormat, Match, Rules, TargetTie

__all__ = ["OUTCOMES_FILE", "STEP", "Outlook", "outlook_for"]

STEP: Final = 10
"""The table's grid in points."""

OUTCOMES_FILE: Final = Path(__file__).with_name("hand_outcomes.json")
"""Per number of players (2, 4): [written points of one side, of the other, in
:data:`STEP` units, rounded; how many hands wrote them] over the hands of rule-based games
(1500 games with 2 players, 1000 with 4; ``python -m benchmarks.hand_outcomes`` counts
them again)."""


class Outlook:
    """The chance of each of two sides to win a game to ``target`` from its scores."""

    __slots__ = ("_cells", "_chance", "target")

    def __init__(self, target: int, outcomes: Sequence[tuple[int, int, float]]) -> None:
        self.target = target
        cells = -(-target // STEP)
        self._cells = cells
        self._chance = _race(cells, outcomes)

    def value(self, side: int, scores: Sequence[int]) -> float:
        """What the scores after a hand are worth to ``side``, from -1000 (the game is
        lost) to 1000 (won): ``2000 * chance - 1000``, the scale of a klabor."""
        mine = scores[side]
        theirs = scores[1 - side]
        target = self.target
        if mine >= target or theirs >= target:
            if mine == theirs:
                return 0.0
            return 1000.0 if mine > theirs else -1000.0
        return 2000.0 * self.chance(mine, theirs) - 1000.0

    def chance(self, mine: int, theirs: int) -> float:
        """The chance to win from ``mine`` against ``theirs``, both below the target:
        the table read between its grid points."""
        x = max(mine, 0) / STEP
        y = max(theirs, 0) / STEP
        last = self._cells - 1
        i = min(int(x), last)
        j = min(int(y), last)
        fx = min(x - i, 1.0)
        fy = min(y - j, 1.0)
        table = self._chance
        i1 = min(i + 1, last)
        j1 = min(j + 1, last)
        top = table[i][j] * (1 - fy) + table[i][j1] * fy
        bottom = table[i1][j] * (1 - fy) + table[i1][j1] * fy
        return top * (1 - fx) + bottom * fx


def _race(cells: int, outcomes: Sequence[tuple[int, int, float]]) -> list[list[float]]:
    """``chance[a][b]``: the chance to win from ``a`` and ``b`` grid cells; hands that
    write nothing (a redeal) only repeat the position, so they are left out."""
    moving = [(x, y, w) for x, y, w in outcomes if x > 0 or y > 0]
    total = sum(w for _, _, w in moving)
    steps = [(x, y, w / total) for x, y, w in moving]
    chance = [[0.5] * cells for _ in range(cells)]
    # every hand moves the sum of the scores up: fill from the largest sum down
    for level in range(2 * cells - 2, -1, -1):
        for a in range(max(0, level - cells + 1), min(cells, level + 1)):
            b = level - a
            value = 0.0
            for x, y, weight in steps:
                a2 = a + x
                b2 = b + y
                if a2 >= cells or b2 >= cells:
                    value += weight if a2 > b2 else 0.0 if b2 > a2 else weight / 2
                else:
                    value += weight * chance[max(a2, 0)][max(b2, 0)]
            chance[a][b] = value
    return chance


@functools.lru_cache(maxsize=8)
def _outlook(players: int, target: int) -> Outlook:
    symmetric: dict[tuple[int, int], float] = {}
    for x, y, count in json.loads(OUTCOMES_FILE.read_text())[str(players)]:
        symmetric[x, y] = symmetric.get((x, y), 0.0) + count
        symmetric[y, x] = symmetric.get((y, x), 0.0) + count
    return Outlook(target, [(x, y, w) for (x, y), w in symmetric.items()])


def outlook_for(rules: Rules, players: int) -> Outlook | None:
    """The outlook of a game of ``players`` under ``rules``, or None where the race to
    the target is not the plain one of two sides the table models."""
    if (
        players not in (2, 4)
        or rules.solo(players)
        or rules.format is not GameFormat.TARGET
        or rules.match is not Match.SINGLE
        or rules.target_tie is not TargetTie.HIGHEST
        or rules.claim_mid_hand is not ClaimMidHand.OFF
        or rules.gap_win
    ):
        return None
    return _outlook(players, rules.target)
