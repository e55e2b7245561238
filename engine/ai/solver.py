"""Exact play of a hand's last tricks with every card known: alpha-beta on bit masks.

The value of a position is what one *side* takes from now on: card points, plus the 10
for the last trick, doubled, plus 1 if that side takes the last trick (so the scoring
can tell who took it). The other seats play against it (with 3 players: both
opponents together, the "paranoid" assumption). Maximizing points is exact for the real
hand score with 2 and 4 players, where it only grows with the side's points; with 3 it
is the usual approximation.

Positions at the start of a trick go into a transposition table of value bounds and the
card that decided them, keyed by the hands and the leader: the value of the rest of the
hand does not depend on how the position was reached. What keeps the tree small, none of
it changing a value (``tests/ai/test_solver.py`` checks each against plain minimax):

- cards are tried likely-best first (the table's card, then by what the open trick
  asks), and every card after the first with a null window, searched again in full only
  when it proves better;
- a window that the card points left cannot reach ends the search at once;
- of two cards of a suit worth nothing with no card still in play between them (the 7,
  8 and 9 of a plain suit, the 7 and 8 of trumps), one is tried: they play alike.
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
        points = POINTS_BY_TRUMP[self._trump]
        remaining = 0
        for index in trick:
            remaining += points[index]
        for hand in hands:
            while hand:
                low = hand & -hand
                remaining += points[low.bit_length() - 1]
                hand ^= low
        return self._search(
            list(hands), trick_leader, list(trick), -_INFINITY, _INFINITY,
            win_pos, best_trump, trump_pos, remaining,
        )  # fmt: skip


class _Searcher:
    """The alpha-beta search of one solver, with the deal's constants (its rules, tables
    and transposition table) as attributes read once per node into locals. A class
    rather than a closure: mypyc (``setup.py``) compiles its attributes and its
    recursive method to native C, where a closure's cells stay Python objects."""

    __slots__ = (
        "duty_of",
        "last_bonus",
        "must_trump",
        "n",
        "orders",
        "points",
        "row",
        "side",
        "table",
        "trump",
        "twins",
        "visits",
        "zero_cards",
    )

    def __init__(self, n: int, trump: int, side: int, play: PlayRules, visits: list[int]) -> None:
        self.n = n
        self.trump = trump
        self.side = side
        self.duty_of = play.duty
        self.must_trump = play.must_trump
        self.row = STRENGTH[trump]
        self.points = POINTS_BY_TRUMP[trump]
        # per trick-start position: the value's bounds and the best card found
        self.table: dict[tuple[int, ...], tuple[int, int, int]] = {}
        # a deal meets the same legal sets again and again: each is ordered once
        self.orders: dict[int, list[int]] = {}
        self.last_bonus = 2 * LAST_TRICK + 1
        self.visits = visits
        self.zero_cards = ZERO_CARDS[trump]
        self.twins = TWINS[trump]

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

    def distinct(self, legal: int, hands: list[int], trick: list[int]) -> int:
        """``legal`` less the cards that play exactly like another of them: two cards of
        one suit worth no points with no card still in play between them."""
        live = 0
        for hand in hands:
            live |= hand
        for index in trick:
            live |= 1 << index
        for low, high, between in self.twins:
            if legal >> low & 1 and legal >> high & 1 and not between & live:
                legal ^= 1 << low
        return legal

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
        remaining: int,
    ) -> int:
        """``win_pos``: the trick's winning card's position so far; ``best_trump``,
        ``trump_pos``: its highest trump and that card's position (-1: none), kept as
        the trick grows instead of read again at every node; ``remaining``: the card
        points still to be taken (in the hands and the open trick)."""
        n = self.n
        trump = self.trump
        side = self.side
        row = self.row
        points = self.points
        table = self.table
        last_bonus = self.last_bonus
        visits = self.visits
        visits[0] += 1
        # the side takes between nothing and everything left: a window outside that
        # range is decided without looking further
        ceiling = 2 * remaining + last_bonus
        if alpha >= ceiling:
            return ceiling
        if beta <= 0:
            return 0
        count = len(trick)
        key: tuple[int, ...] | None = None
        low, high = -_INFINITY, _INFINITY
        seat = (leader + count) % n
        hand = hands[seat]
        led = -1
        known_best = -1
        if count == 0:
            if not hand:
                return 0
            key = (*hands, leader)
            entry = table.get(key)
            if entry is not None:
                low, high, known_best = entry
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
                table[key] = (*_bounds(best, low, high, alpha, beta), -1)
                return best
            legal = hand
        else:
            led = trick[0] >> 3
            legal = legal_cards(
                hand, led, trump, best_trump,
                duty=self.duty_of(led, trump, best_trump, count - trump_pos == 2),
                must_trump=self.must_trump,
            )  # fmt: skip
        zeros = legal & self.zero_cards
        if zeros & (zeros - 1):
            legal = self.distinct(legal, hands, trick)
        maximizing = side >> seat & 1
        last_card = count + 1 == n
        win_key = row[trick[win_pos]] if count else -1
        context = 0
        if count:
            ours = 1 if side >> (leader + win_pos) % n & 1 == maximizing else 0
            context = 1 | led << 1 | win_key << 3 | ours << 7 | (256 if last_card else 0)
        order_key = legal | context << 32
        order = self.orders.get(order_key)
        if order is None:
            order = self.orders[order_key] = _order(legal, row, points, trump, context)
        best = -_INFINITY if maximizing else _INFINITY
        if known_best >= 0 and legal >> known_best & 1 and order[0] != known_best:
            # the card that decided this position before is likely to decide it again
            order = [known_best, *[index for index in order if index != known_best]]
        window_alpha, window_beta = alpha, beta
        trick_points = 0
        if last_card:
            for card in trick:
                trick_points += points[card]
        best_card = -1
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
            next_trick = trick
            next_leader = leader
            left = remaining
            gain = 0
            if last_card:
                next_leader = (leader + next_win) % n
                taken = trick_points + points[index]
                left -= taken
                next_trick = []
                next_win, next_best, next_pos = 0, -1, -1
                if side >> next_leader & 1:
                    gain = 2 * taken
                    if not hands[next_leader]:
                        gain += last_bonus
            if best_card < 0:
                result = gain + self.search(
                    hands, next_leader, next_trick, alpha - gain, beta - gain,
                    next_win, next_best, next_pos, left,
                )  # fmt: skip
            else:
                # after the first card, a null window only asks whether this card is
                # better; the full window is searched again only when it is
                if maximizing:
                    low_edge, high_edge = alpha, alpha + 1
                else:
                    low_edge, high_edge = beta - 1, beta
                result = gain + self.search(
                    hands, next_leader, next_trick, low_edge - gain, high_edge - gain,
                    next_win, next_best, next_pos, left,
                )  # fmt: skip
                if alpha < result < beta:
                    result = gain + self.search(
                        hands, next_leader, next_trick, alpha - gain, beta - gain,
                        next_win, next_best, next_pos, left,
                    )  # fmt: skip
            trick.pop()
            if maximizing:
                if result > best:
                    best = result
                    best_card = index
                    if best > alpha:
                        alpha = best
            elif result < best:
                best = result
                best_card = index
                if best < beta:
                    beta = best
            if alpha >= beta:
                break
        hands[seat] = hand
        if key is not None:
            table[key] = (*_bounds(best, low, high, window_alpha, window_beta), best_card)
        return best


def _twins(trump: int) -> tuple[tuple[int, int, int], ...]:
    """The pairs of cards worth no points that play alike when no card still in play
    lies between them: (lower card, higher card, the cards between), lower pairs first so
    that of three such cards only the highest is kept. Natural ranks 7 8 9 are worth
    nothing in a plain suit and rank in that order at its bottom; in trumps the 7 and 8."""
    twins = []
    for suit in range(4):
        seven, eight, nine = suit * 8, suit * 8 + 1, suit * 8 + 2
        twins.append((seven, eight, 0))
        if suit != trump:
            twins.append((eight, nine, 0))
            twins.append((seven, nine, 1 << eight))
    return tuple(twins)


TWINS: Final = tuple(_twins(trump) for trump in range(4))
"""``TWINS[trump]``: see :func:`_twins`."""

ZERO_CARDS: Final = tuple(
    sum(1 << index for index in range(32) if not POINTS_BY_TRUMP[trump][index])
    for trump in range(4)
)
"""``ZERO_CARDS[trump]``: the mask of the cards worth no points."""


def _bounds(best: int, low: int, high: int, alpha: int, beta: int) -> tuple[int, int]:
    """A position's table entry once searched in the window (alpha, beta): below the
    window ``best`` is only an upper bound, above it a lower one, inside it exact."""
    if best <= alpha:
        return low, min(high, best)
    if best >= beta:
        return max(low, best), high
    return best, best


def _order(
    legal: int, row: tuple[int, ...], points: tuple[int, ...], trump: int, context: int
) -> list[int]:
    """The cards of ``legal`` in the order to try them, likely-best first, so that cutoffs
    come sooner. ``context`` (0 when leading) packs what the trick so far says: bit 0 set,
    the suit led, the winning card's strength, whether the seat's own side is winning it
    and whether the seat plays last. Leading, strong cards first; following, when the own
    side wins the trick, points given first; else cards that take the trick first (the
    cheapest of them, or the richest when playing last), then the cheapest to give away."""
    cards = []
    led = context >> 1 & 3
    win_key = context >> 3 & 15
    ours = context >> 7 & 1
    last = context >> 8 & 1
    while legal:
        low = legal & -legal
        index = low.bit_length() - 1
        legal ^= low
        strength = row[index]
        value = points[index]
        if not context:
            key = -(strength * 32 + value)
        elif ours:
            key = -(value * 32) + strength
        elif (index >> 3 == led or index >> 3 == trump) and strength > win_key:
            key = -(value * 32) - 1024 if last else strength - 1024
        else:
            key = value * 32 + strength
        cards.append((key, index))
    cards.sort()
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
