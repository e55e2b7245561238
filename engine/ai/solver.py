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

from engine.legal import PlayRules, legal_cards, legal_mask

from .bits import POINTS_BY_TRUMP, STRENGTH, open_trick
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

    __slots__ = ("_search", "_trump", "_visits")

    def __init__(
        self, players: int, trump: int, side_seats: int, *, overtrump: PlayRules | bool = True
    ):
        """``side_seats``: bit mask of the seats whose points are maximized."""
        self._trump = trump
        self._visits = [0]
        play = PlayRules(overtrump=overtrump) if isinstance(overtrump, bool) else overtrump
        self._search = _Searcher(players, trump, side_seats, play, self._visits).search

    @property
    def nodes(self) -> int:
        """Positions visited so far (for tests and budgets)."""
        return self._visits[0]

    def value(self, hands: list[int], trick_leader: int, trick: list[int]) -> int:
        """The position's value: see the module docstring and :func:`decode`."""
        win_pos, best_trump, trump_pos = open_trick(trick, self._trump)
        return self._search(
            list(hands), trick_leader, list(trick), -_INFINITY, _INFINITY,
            win_pos, best_trump, trump_pos,
        )  # fmt: skip


class _Searcher:
    """The alpha-beta search of one solver, with the deal's constants (its rules, tables
    and transposition table) as attributes read once per node into locals. A class
    rather than a closure: mypyc (``setup.py``) compiles its attributes and its
    recursive method to native C, where a closure's cells stay Python objects."""

    __slots__ = (
        "duty_of",
        "last_bonus",
        "max_orders",
        "min_orders",
        "must_trump",
        "n",
        "points",
        "row",
        "side",
        "table",
        "trump",
        "visits",
    )

    def __init__(self, n: int, trump: int, side: int, play: PlayRules, visits: list[int]) -> None:
        self.n = n
        self.trump = trump
        self.side = side
        self.duty_of = play.duty
        self.must_trump = play.must_trump
        self.row = STRENGTH[trump]
        self.points = POINTS_BY_TRUMP[trump]
        self.table: dict[tuple[int, ...], tuple[int, int]] = {}
        # a deal meets the same legal sets again and again: each is ordered once
        self.max_orders: dict[int, list[int]] = {}
        self.min_orders: dict[int, list[int]] = {}
        self.last_bonus = 2 * LAST_TRICK + 1
        self.visits = visits

    def last_trick(self, hands: list[int], leader: int) -> int:
        """The last trick's value, every card forced."""
        n = self.n
        row = self.row
        points = self.points
        trump = self.trump
        first = hands[leader].bit_length() - 1
        led = first >> 3
        winner = leader
        best_key = row[first]
        total = points[first]
        for offset in range(1, n):
            seat = (leader + offset) % n
            index = hands[seat].bit_length() - 1
            total += points[index]
            suit = index >> 3
            if (suit in (led, trump)) and row[index] > best_key:
                best_key = row[index]
                winner = seat
        return 2 * total + self.last_bonus if self.side >> winner & 1 else 0

    def search(
        self,
        hands: list[int],
        leader: int,
        trick: list[int],
        alpha: int,
        beta: int,
        win_pos: int,
        best_trump: int,
        trump_pos: int,
    ) -> int:
        """``win_pos``: the trick's winning card's position so far; ``best_trump``,
        ``trump_pos``: its highest trump and that card's position (-1: none), kept as
        the trick grows instead of read again at every node."""
        n = self.n
        trump = self.trump
        side = self.side
        row = self.row
        points = self.points
        table = self.table
        last_bonus = self.last_bonus
        visits = self.visits
        visits[0] += 1
        count = len(trick)
        key: tuple[int, ...] | None = None
        low, high = -_INFINITY, _INFINITY
        seat = (leader + count) % n
        hand = hands[seat]
        led = -1
        if count == 0:
            if not hand:
                return 0
            key = (*hands, leader)
            entry = table.get(key)
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
            if not hand & (hand - 1):
                # the forced last trick, valued at once; counted as the positions that
                # playing it card by card visits: its other cards, and the empty end
                visits[0] += n
                best = self.last_trick(hands, leader)
                table[key] = _bounds(best, low, high, alpha, beta)
                return best
            legal = hand
        else:
            led = trick[0] >> 3
            legal = legal_cards(
                hand, led, trump, best_trump,
                duty=self.duty_of(led, trump, best_trump, count - trump_pos == 2),
                must_trump=self.must_trump,
            )  # fmt: skip
        maximizing = side >> seat & 1
        if maximizing:
            order = self.max_orders.get(legal)
            if order is None:
                order = self.max_orders[legal] = _order(legal, row, points, True)
            best = -_INFINITY
        else:
            order = self.min_orders.get(legal)
            if order is None:
                order = self.min_orders[legal] = _order(legal, row, points, False)
            best = _INFINITY
        window_alpha, window_beta = alpha, beta
        last_card = count + 1 == n
        win_key = row[trick[win_pos]] if count else -1
        for index in order:
            hands[seat] = hand ^ (1 << index)
            suit = index >> 3
            if count == 0:
                next_win = 0
                next_best, next_pos = (index, 0) if suit == trump else (-1, -1)
            elif suit == trump:
                strength = row[index]
                next_win = count if strength > win_key else win_pos
                if best_trump < 0 or strength > row[best_trump]:
                    next_best, next_pos = index, count
                else:
                    next_best, next_pos = best_trump, trump_pos
            else:
                next_win = count if suit == led and row[index] > win_key else win_pos
                next_best, next_pos = best_trump, trump_pos
            trick.append(index)
            if last_card:
                winner = (leader + next_win) % n
                gain = 0
                if side >> winner & 1:
                    for card in trick:
                        gain += points[card]
                    gain *= 2
                    if not hands[winner]:
                        gain += last_bonus
                result = gain + self.search(hands, winner, [], alpha - gain, beta - gain, 0, -1, -1)
            else:
                result = self.search(
                    hands, leader, trick, alpha, beta, next_win, next_best, next_pos
                )
            trick.pop()
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
        hands[seat] = hand
        if key is not None:
            table[key] = _bounds(best, low, high, window_alpha, window_beta)
        return best


def _bounds(best: int, low: int, high: int, alpha: int, beta: int) -> tuple[int, int]:
    """A position's table entry once searched in the window (alpha, beta): below the
    window ``best`` is only an upper bound, above it a lower one, inside it exact."""
    if best <= alpha:
        return low, min(high, best)
    if best >= beta:
        return max(low, best), high
    return best, best


def _order(
    legal: int, row: tuple[int, ...], points: tuple[int, ...], maximizing: bool
) -> list[int]:
    """Strong and valuable cards first for the side, weak ones first against it:
    cutoffs come sooner when likely-best moves are tried first."""
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
