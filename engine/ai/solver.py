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

from .bits import HIGHER_TRUMPS, POINTS_BY_TRUMP, STRENGTH, SUIT_MASKS
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

    __slots__ = (
        "_duty_any",
        "_higher",
        "_led_only",
        "_max_orders",
        "_min_orders",
        "_must_trump",
        "_n",
        "_overtrump",
        "_partner_duty",
        "_side",
        "_table",
        "_trump",
        "nodes",
    )

    def __init__(
        self, players: int, trump: int, side_seats: int, *, overtrump: PlayRules | bool = True
    ):
        """``side_seats``: bit mask of the seats whose points are maximized."""
        self._n = players
        self._trump = trump
        self._side = side_seats
        self._overtrump = overtrump
        play = PlayRules(overtrump=overtrump) if isinstance(overtrump, bool) else overtrump
        # the play rules unpacked once: the search asks them at every node
        self._duty_any = play.overtrump
        self._led_only = play.trump_led_only
        self._partner_duty = play.partner_duty
        self._must_trump = play.must_trump
        self._higher = HIGHER_TRUMPS[trump]
        self._table: dict[tuple[int, int], tuple[int, int]] = {}
        # a deal meets the same legal sets again and again: each is ordered once
        self._max_orders: dict[int, list[int]] = {}
        self._min_orders: dict[int, list[int]] = {}
        self.nodes = 0
        """Positions visited so far (for tests and budgets)."""

    def value(self, hands: list[int], trick_leader: int, trick: list[int]) -> int:
        """The position's value: see the module docstring and :func:`decode`."""
        row = STRENGTH[self._trump]
        win_pos = 0
        best_trump = -1
        trump_pos = -1
        for position, index in enumerate(trick):
            suit = index >> 3
            if position and (suit == trick[0] >> 3 or suit == self._trump):
                if row[index] > row[trick[win_pos]]:
                    win_pos = position
            if suit == self._trump and (best_trump < 0 or row[index] > row[best_trump]):
                best_trump = index
                trump_pos = position
        return self._search(
            list(hands), trick_leader, list(trick), -_INFINITY, _INFINITY,
            win_pos, best_trump, trump_pos,
        )  # fmt: skip

    def _search(
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
        self.nodes += 1
        n = self._n
        count = len(trick)
        key: tuple[int, int] | None = None
        low, high = -_INFINITY, _INFINITY
        trump = self._trump
        seat = (leader + count) % n
        hand = hands[seat]
        led = -1
        if count == 0:
            if not hand:
                return 0
            packed = 0
            for other in hands:
                packed = (packed << 32) | other
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
            if not hand & (hand - 1):
                return self._last_trick(hands, leader, key, low, high, alpha, beta)
            legal = hand
        else:
            # engine.legal.legal_cards, on the trick state carried down
            led = trick[0] >> 3
            duty = (
                best_trump >= 0
                and self._duty_any
                and (not self._led_only or led == trump)
                and (self._partner_duty or count - trump_pos != 2)
            )
            legal = hand & SUIT_MASKS[led]
            if legal:
                if duty and led == trump:
                    legal = (legal & self._higher[best_trump]) or legal
            else:
                trumps = hand & SUIT_MASKS[trump]
                if not trumps:
                    legal = hand
                else:
                    higher = trumps & self._higher[best_trump] if duty else 0
                    if self._must_trump:
                        legal = higher or trumps
                    elif higher:
                        legal = (hand & ~trumps) | higher
                    else:
                        legal = hand
        maximizing = bool(self._side >> seat & 1)
        orders = self._max_orders if maximizing else self._min_orders
        order = orders.get(legal)
        if order is None:
            order = orders[legal] = self._order(legal, maximizing)
        row = STRENGTH[trump]
        best = -_INFINITY if maximizing else _INFINITY
        window_alpha, window_beta = alpha, beta
        last_card = count + 1 == n
        win_key = row[trick[win_pos]] if count else -1
        for index in order:
            hands[seat] = hand ^ (1 << index)
            suit = index >> 3
            strength = row[index]
            if count == 0:
                next_win = 0
                next_best, next_pos = (index, 0) if suit == trump else (-1, -1)
            else:
                next_win = win_pos
                if (suit == led or suit == trump) and strength > win_key:
                    next_win = count
                next_best, next_pos = best_trump, trump_pos
                if suit == trump and (best_trump < 0 or strength > row[best_trump]):
                    next_best, next_pos = index, count
            trick.append(index)
            if last_card:
                winner = (leader + next_win) % n
                gain = 0
                if self._side >> winner & 1:
                    points = POINTS_BY_TRUMP[trump]
                    for card in trick:
                        gain += points[card]
                    gain *= 2
                    if not hands[winner]:
                        gain += 2 * LAST_TRICK + 1
                result = gain + self._search(
                    hands, winner, [], alpha - gain, beta - gain, 0, -1, -1
                )
            else:
                result = self._search(
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
            if best <= window_alpha:
                high = min(high, best)
            elif best >= window_beta:
                low = max(low, best)
            else:
                low = high = best
            self._table[key] = (low, high)
        return best

    def _last_trick(
        self,
        hands: list[int],
        leader: int,
        key: tuple[int, int],
        low: int,
        high: int,
        alpha: int,
        beta: int,
    ) -> int:
        """The last trick, every card forced: valued at once, with the table entry and
        the count of positions that visiting it card by card would have left."""
        self.nodes += self._n  # its other cards, and the empty position after it
        trump = self._trump
        row = STRENGTH[trump]
        points = POINTS_BY_TRUMP[trump]
        n = self._n
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
            if (suit == led or suit == trump) and row[index] > best_key:
                best_key = row[index]
                winner = seat
        best = 2 * (total + LAST_TRICK) + 1 if self._side >> winner & 1 else 0
        if best <= alpha:
            high = min(high, best)
        elif best >= beta:
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
