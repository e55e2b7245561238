"""The best play of one side against the rule-based policy, every card known.

The exact solver (:mod:`engine.ai.solver`) has every seat play its best against the
side it solves for, as if each saw all the cards. A seat that plays by the rules
(:func:`~engine.ai.policy.choose_card`: the heuristic player, and the other seats of the
rollouts) does not: it ducks where a perfect player would take, leads a ten into an ace.
:class:`BestResponse` plays the side's seats exactly and the others by the rules, so the
value of a position is what the side can take from that player, mistakes included.

Values are encoded as the solver's (:func:`~engine.ai.solver.decode`): twice the side's
card points from now on, the last trick's 10 included, plus 1 when it takes the last
trick. Positions at the start of a trick are remembered by the hands, the leader and
the suits each seat showed it lacks (the rules read those), for the deal of one
decision.
"""

from __future__ import annotations

from engine.legal import PlayRules, legal_cards, shown_lacking

from .bits import POINTS_BY_TRUMP, open_trick
from .policy import choose_card, trick_winner
from .solver import LAST_TRICK

__all__ = ["BestResponse"]


class BestResponse:
    """Solves positions of one deal for ``side_seats`` against rule-based play.

    ``choosers`` (default: the side's seats) are the seats played at their best; every
    other seat, of the side or not, plays by the rules. With 3 players a defender's side
    is both defenders, and beside a partner who plays by the rules only its own seat
    chooses."""

    __slots__ = (
        "_bidder", "_choosers", "_gone", "_n", "_play", "_side", "_table", "_trump", "_voids",
    )  # fmt: skip

    def __init__(
        self,
        players: int,
        trump: int,
        side_seats: int,
        play: PlayRules,
        *,
        gone: int,
        voids: tuple[int, ...] | list[int],
        bidder: int,
        choosers: int | None = None,
    ) -> None:
        """``gone``: the cards known to be in no hand before the positions asked about
        (their open trick excepted); ``voids``: per seat, the cards the table knows it
        lacks then."""
        self._n = players
        self._trump = trump
        self._side = side_seats
        self._choosers = side_seats if choosers is None else choosers
        self._play = play
        self._gone = gone
        self._voids = tuple(voids)
        self._bidder = bidder
        self._table: dict[tuple[object, ...], int] = {}

    def value(self, hands: list[int], leader: int, trick: list[int]) -> int:
        """The encoded value for the side of the position: ``hands`` now, the open
        ``trick`` led by ``leader``."""
        gone = self._gone
        for index in trick:
            gone |= 1 << index
        return self._search(list(hands), leader, list(trick), gone, list(self._voids))

    def _search(
        self, hands: list[int], leader: int, trick: list[int], gone: int, voids: list[int]
    ) -> int:
        n = self._n
        trump = self._trump
        if len(trick) == n:
            winner = trick_winner(trick, leader, n, trump)
            points = 0
            for index in trick:
                points += POINTS_BY_TRUMP[trump][index]
            last = not hands[winner]
            if last:
                points += LAST_TRICK
            ours = self._side >> winner & 1
            value = (2 * points + (1 if last else 0)) if ours else 0
            if last:
                return value
            return value + self._search(hands, winner, [], gone, voids)
        key = None
        if not trick:
            key = (*hands, leader, gone, *voids)
            known = self._table.get(key)
            if known is not None:
                return known
        seat = (leader + len(trick)) % n
        hand = hands[seat]
        play = self._play
        if trick:
            led = trick[0] >> 3
            _, best_trump, trump_pos = open_trick(trick, trump)
            duty = play.duty(led, trump, best_trump, len(trick) - trump_pos == 2)
            legal = legal_cards(hand, led, trump, best_trump, duty=duty, must_trump=play.must_trump)
        else:
            led = best_trump = -1
            duty = False
            legal = hand
        if self._choosers >> seat & 1:
            cards = [index for index in range(32) if legal >> index & 1]
        elif legal & (legal - 1):
            bidder = self._bidder
            solo = play.solo
            cards = [
                choose_card(seat, hand, legal, trick, leader, n, trump, gone, voids, bidder, solo)
            ]
        else:
            cards = [legal.bit_length() - 1]
        best = -1
        for index in cards:
            bit = 1 << index
            hands[seat] = hand ^ bit
            after = voids
            if led >= 0:
                lacking = shown_lacking(
                    led, index, trump, best_trump, duty=duty, must_trump=play.must_trump
                )
                if lacking & ~voids[seat]:
                    after = list(voids)
                    after[seat] |= lacking
            trick.append(index)
            value = self._search(hands, leader, trick, gone | bit, after)
            trick.pop()
            if value > best:
                best = value
        hands[seat] = hand
        if key is not None:
            self._table[key] = best
        return best
