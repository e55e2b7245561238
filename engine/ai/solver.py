"""Exact play of a hand's last tricks with every card known: alpha-beta on bit masks.

The value of a position is what one *side* takes from now on: card points, plus the 10
for the last trick, doubled, plus 1 if that side takes the last trick (so the scoring
can tell who took it). The other seats play against it (with 3 players: both
opponents together, the "paranoid" assumption). Maximizing points is exact for the real
hand score with 2 and 4 players, where it only grows with the side's points; with 3 it
is the usual approximation.

Positions at the start of a trick go into a transposition table of value bounds, keyed
by the hands and the leader: the value of the rest of the hand does not depend on how
the position was reached.
"""

from __future__ import annotations

from typing import Final

from engine.legal import PlayRules, legal_mask

from .bits import POINTS_BY_TRUMP, STRENGTH
from .policy import trick_winner

__all__ = ["Solver", "brute_force", "decode"]

LAST_TRICK: Final = 10
_INFINITY: Final = 1 << 20


def decode(value: int) -> tuple[int, bool]:
    """(points the side takes, whether it takes the last trick) from a solver value."""
    return value >> 1, bool(value & 1)


class Solver:
    """Solves positions of one deal for one side; reuse it for positions of that deal
    (the table carries over)."""

    __slots__ = ("_n", "_overtrump", "_side", "_table", "_trump", "nodes")

    def __init__(
        self, players: int, trump: int, side_seats: int, *, overtrump: PlayRules | bool = True
    ):
        """``side_seats``: bit mask of the seats whose points are maximized."""
        self._n = players
        self._trump = trump
        self._side = side_seats
        self._overtrump = overtrump
        self._table: dict[tuple[int, int], tuple[int, int]] = {}
        self.nodes = 0
        """Positions visited so far (for tests and budgets)."""

    def value(self, hands: list[int], trick_leader: int, trick: list[int]) -> int:
        """The position's value: see the module docstring and :func:`decode`."""
        return self._search(list(hands), trick_leader, list(trick), -_INFINITY, _INFINITY)

    def _search(
        self, hands: list[int], leader: int, trick: list[int], alpha: int, beta: int
    ) -> int:
        self.nodes += 1
        n = self._n
        count = len(trick)
        key: tuple[int, int] | None = None
        low, high = -_INFINITY, _INFINITY
        if count == 0:
            if not hands[leader]:
                return 0
            packed = 0
            for hand in hands:
                packed = (packed << 32) | hand
            key = (packed, leader)
            entry = self._table.get(key)
            if entry is not None:
                low, high = entry
                if low >= beta:
                    return low
                if high <= alpha:
                    return high
                if low == high:
                    return low
                alpha = max(alpha, low)
                beta = min(beta, high)
        seat = (leader + count) % n
        hand = hands[seat]
        trump = self._trump
        legal = legal_mask(hand, trick, trump, self._overtrump)
        maximizing = bool(self._side >> seat & 1)
        best = -_INFINITY if maximizing else _INFINITY
        window_alpha, window_beta = alpha, beta
        for index in self._order(legal, maximizing):
            bit = 1 << index
            hands[seat] = hand ^ bit
            trick.append(index)
            if count + 1 == n:
                winner = trick_winner(trick, leader, n, trump)
                gain = 0
                if self._side >> winner & 1:
                    points = POINTS_BY_TRUMP[trump]
                    for card in trick:
                        gain += points[card]
                    gain *= 2
                    if not hands[winner]:
                        gain += 2 * LAST_TRICK + 1
                saved = trick[:]
                trick.clear()
                result = gain + self._search(hands, winner, trick, alpha - gain, beta - gain)
                trick.extend(saved)
            else:
                result = self._search(hands, leader, trick, alpha, beta)
            trick.pop()
            hands[seat] = hand
            if maximizing:
                if result > best:
                    best = result
                    if best > alpha:
                        alpha = best
            elif result < best:
                best = result
                if best < beta:
                    beta = best
            if alpha >= beta:
                break
        if key is not None:
            if best <= window_alpha:
                high = min(high, best)
            elif best >= window_beta:
                low = max(low, best)
            else:
                low = high = best
            self._table[key] = (low, high)
        return best

    def _order(self, legal: int, maximizing: bool) -> list[int]:
        """Strong and valuable cards first for the side, weak ones first against it:
        cutoffs come sooner when likely-best moves are tried first."""
        trump = self._trump
        row = STRENGTH[trump]
        points = POINTS_BY_TRUMP[trump]
        cards = []
        while legal:
            low = legal & -legal
            index = low.bit_length() - 1
            cards.append((row[index] * 16 + points[index], index))
            legal ^= low
        cards.sort(reverse=maximizing)
        return [index for _, index in cards]


def brute_force(
    hands: list[int],
    trump: int,
    trick_leader: int,
    trick: list[int],
    side_seats: int,
    *,
    overtrump: PlayRules | bool = True,
) -> int:
    """The same value as :meth:`Solver.value`, by plain minimax (tests only: slow)."""
    n = len(hands)
    count = len(trick)
    if count == 0 and not hands[trick_leader]:
        return 0
    seat = (trick_leader + count) % n
    hand = hands[seat]
    maximizing = bool(side_seats >> seat & 1)
    results = []
    legal = legal_mask(hand, trick, trump, overtrump)
    for index in range(32):
        if not legal >> index & 1:
            continue
        next_hands = list(hands)
        next_hands[seat] = hand ^ (1 << index)
        next_trick = [*trick, index]
        if count + 1 == n:
            winner = trick_winner(next_trick, trick_leader, n, trump)
            gain = 0
            if side_seats >> winner & 1:
                gain = 2 * sum(POINTS_BY_TRUMP[trump][card] for card in next_trick)
                if not next_hands[winner]:
                    gain += 2 * LAST_TRICK + 1
            value = gain + brute_force(
                next_hands, trump, winner, [], side_seats, overtrump=overtrump
            )
        else:
            value = brute_force(
                next_hands, trump, trick_leader, next_trick, side_seats, overtrump=overtrump
            )
        results.append(value)
    return max(results) if maximizing else min(results)
