"""The cards the other seats played as evidence about their hands, with the rule-based
policy as the model.

A seat that played a card is unlikely to have held a hand from which the rules
(:func:`~engine.ai.policy.choose_card`) would have played another: a defender who did
not take a ten with the ace likely lacks it. :class:`PlayEvidence` replays the other
seats' plays of this hand on a sampled deal and counts those the rules would have
played otherwise; search keeps a deal the fewer such plays it has, as it does with the
bids (:mod:`engine.ai.evidence`).

The replay gives each seat what the heuristic player sees at that point: the cards
played before, the face-up cards out of play, and the suits each seat showed it lacks.
It leaves out what the table learned otherwise (melds shown, bella), which seldom
changes the rules' choice.

The earlier hands of the game (:attr:`~engine.PlayerView.past_hands`) are replayed the
same way on the hands the seats really held, which their tricks show whole: who played
some card the rules would not have (:func:`off_rules_seats`) plays by ways of its own.

How much a play the rules would not have made counts against a deal depends on who made
it (:class:`PlayBeliefs`): from a player of the rules it all but rules the deal out, from
a player of its own ways (a person, another program) it tells a little. Each other seat
is one or the other with the odds its earlier hands give.
"""

from __future__ import annotations

import random

from engine.cards import mask_of
from engine.legal import PlayRules, legal_cards, shown_lacking
from engine.rules import Rules
from engine.view import PlayedHand, PlayerView

from .bits import open_trick
from .infer import Knowledge, hand_plays
from .policy import choose_card

__all__ = ["PlayBeliefs", "PlayEvidence", "off_rules_seats"]

RULES_PRIOR = 0.5
"""The chance that a seat plays by the rules before any hand of the game shows it: the
first hand's plays are read as well at 0.3 or 0.7 (``benchmarks.evidence_gain``)."""
RULES_LIKELIHOOD = 20.0
"""How much likelier a hand played wholly by the rules is from a player of the rules
than from one of its own ways: a searching player was found off the rules within its
first hand in 19 of 20 games."""


class _Play:
    """One card another seat played, and what it saw then."""

    __slots__ = (
        "best_trump", "card", "duty", "gone", "later", "leader", "led", "seat", "trick", "voids",
    )  # fmt: skip

    def __init__(
        self,
        seat: int,
        card: int,
        trick: list[int],
        leader: int,
        gone: int,
        voids: list[int],
        best_trump: int,
        duty: bool,
    ) -> None:
        self.seat = seat
        self.card = card
        self.trick = list(trick)
        self.leader = leader
        self.gone = gone
        self.voids = list(voids)
        self.duty = duty
        self.led = trick[0] >> 3 if trick else -1
        self.best_trump = best_trump
        self.later = 0
        """The cards the seat played from this one on: its hand then is the hand it
        holds now and these."""


class PlayEvidence:
    """The other seats' plays of the hand so far, ready to be replayed on deals."""

    __slots__ = (
        "_bidder", "_by_seat", "_every", "_explained", "_must_trump", "_n", "_plays", "_solo",
        "_trump",
    )  # fmt: skip

    def __init__(self, view: PlayerView, info: Knowledge) -> None:
        played = 0
        for mask in info.played_by:
            played |= mask
        self._replay(
            view.players,
            view.rules,
            info.trump,
            view.bidder,
            hand_plays(view),
            info.gone & ~played,  # what lay face up out of play from the start
            view.seat,
        )

    @classmethod
    def of_past_hand(cls, hand: PlayedHand, players: int, rules: Rules) -> PlayEvidence:
        """Every seat's plays of an earlier hand of the game (:attr:`PlayerView.past_hands`).
        Each seat played every card it held, so :meth:`misses` of empty hands judges each
        play on the hand the seat really held."""
        evidence = cls.__new__(cls)
        evidence._replay(
            players,
            rules,
            int(hand.trump),
            hand.bidder,
            [tuple((seat, card.index) for seat, card in trick.plays) for trick in hand.tricks],
            mask_of(hand.out_of_play),
            None,
        )
        return evidence

    def _replay(
        self,
        n: int,
        rules: Rules,
        trump: int,
        bidder: int | None,
        tricks: list[tuple[tuple[int, int], ...]],
        gone: int,
        skipped: int | None,
    ) -> None:
        """Read the plays of ``tricks`` (all but ``skipped``'s), ``gone`` the cards
        known to be in no hand when the play began."""
        play = PlayRules.of(rules, n)
        self._n = n
        self._trump = trump
        self._bidder = bidder if bidder is not None else -1
        self._solo = play.solo
        self._must_trump = play.must_trump
        voids = [0] * n
        plays: list[_Play] = []
        for trick in tricks:
            cards: list[int] = []
            leader = trick[0][0]
            for seat, index in trick:
                _, best_trump, trump_pos = open_trick(cards, trump)
                led = cards[0] >> 3 if cards else -1
                partner_holds_it = len(cards) - trump_pos == 2
                duty = bool(cards) and play.duty(led, trump, best_trump, partner_holds_it)
                if seat != skipped:
                    plays.append(_Play(seat, index, cards, leader, gone, voids, best_trump, duty))
                    for earlier in plays:
                        if earlier.seat == seat:
                            earlier.later |= 1 << index
                if cards:
                    voids[seat] |= shown_lacking(
                        led, index, trump, best_trump, duty=duty, must_trump=play.must_trump
                    )
                gone |= 1 << index
                cards.append(index)
        self._plays = plays
        self._by_seat = [0] * n
        for number, past in enumerate(plays):
            self._by_seat[past.seat] |= 1 << number
        self._every = (1 << len(plays)) - 1
        self._explained = 0

    def learn(self, info: Knowledge, rng: random.Random, deals: int) -> None:
        """Draw ``deals`` deals from ``info`` to learn which plays some deal explains,
        before :meth:`surprise` judges any deal by them."""
        for _ in range(deals):
            self.surprise(info.sample(rng).hands)

    def all_explained(self) -> bool:
        """Whether each of the other seats' plays so far is what the rules would have
        played in some deal asked about (:meth:`learn`, :meth:`surprise`): the seats
        may be playing by the rules. A play that no deal explains says they are not."""
        return self._explained == self._every

    def misses(self, hands: tuple[int, ...] | list[int]) -> int:
        """How many of the other seats' plays the rules would have made otherwise, had
        the seats held ``hands`` (their hands now) plus the cards they played since."""
        return self._missed(hands).bit_count()

    def surprise(self, hands: tuple[int, ...] | list[int]) -> int:
        """:meth:`misses` among the plays that some deal asked about so far (this one
        included) explains. A play that no deal explains is the seat's own way of
        playing (a person, another program), not evidence about its cards: it should not
        make every deal unlikely."""
        return self._surprising(hands).bit_count()

    def surprise_by_seat(self, hands: tuple[int, ...] | list[int]) -> list[int]:
        """:meth:`surprise` counted for each seat apart (0 for the seat whose view it is)."""
        return self._by_seats(self._surprising(hands))

    def misses_by_seat(self, hands: tuple[int, ...] | list[int]) -> list[int]:
        """:meth:`misses` counted for each seat apart (0 for the seat whose view it is)."""
        return self._by_seats(self._missed(hands))

    def _by_seats(self, plays: int) -> list[int]:
        return [(plays & of_seat).bit_count() for of_seat in self._by_seat]

    def _surprising(self, hands: tuple[int, ...] | list[int]) -> int:
        missed = self._missed(hands)
        self._explained |= self._every & ~missed
        return missed & self._explained

    def _missed(self, hands: tuple[int, ...] | list[int]) -> int:
        """The plays the rules would have made otherwise with ``hands``, bit ``k`` for
        the ``k``-th play."""
        missed = 0
        trump = self._trump
        for number, past in enumerate(self._plays):
            hand = hands[past.seat] | past.later
            if past.trick:
                legal = legal_cards(
                    hand, past.led, trump, past.best_trump,
                    duty=past.duty, must_trump=self._must_trump,
                )  # fmt: skip
            else:
                legal = hand
            if not legal & (legal - 1):
                continue
            choice = choose_card(
                past.seat, hand, legal, past.trick, past.leader, self._n, trump, past.gone,
                past.voids, self._bidder, self._solo,
            )  # fmt: skip
            if choice != past.card:
                missed |= 1 << number
        return missed

    def seats_off_rules(self) -> int:
        """The seats (bit per seat) with a play the rules would have made otherwise on
        the hands they held: for :meth:`of_past_hand`, where every card was played."""
        missed = self._missed([0] * self._n)
        seats = 0
        for number, past in enumerate(self._plays):
            if missed >> number & 1:
                seats |= 1 << past.seat
        return seats


def off_rules_seats(view: PlayerView) -> int:
    """The seats (bit per seat) that in some earlier hand of the game played a card the
    rule-based policy would not have played on the hand they held: players with ways of
    their own (a person, another program). The others played every card of those hands
    by the rules."""
    seats = 0
    for hand in view.past_hands:
        seats |= PlayEvidence.of_past_hand(hand, view.players, view.rules).seats_off_rules()
    return seats


class PlayBeliefs:
    """The weight of a deal by the other seats' plays it would have had them make
    otherwise, each seat judged by what it is believed to be.

    A seat that plays by the rules makes such a play only on a deal it did not hold, so
    each of its plays against a deal keeps the deal with chance ``1 - trust``; a seat of
    its own ways makes them on any deal, and each keeps it with ``1 - trust_off``. A seat
    is the first with the chance its earlier hands give (:data:`RULES_PRIOR`, raised by
    :data:`RULES_LIKELIHOOD` for each hand it played by the rules, and none once it has
    played one otherwise), and the weight mixes the two. Without ``trust_off`` every seat
    is taken for a player of the rules (the weight ``(1 - trust)**k``).
    """

    __slots__ = ("_rules_chance", "_spared", "_spared_off")

    def __init__(self, view: PlayerView, trust: float, trust_off: float | None = None) -> None:
        self._spared = 1.0 - trust
        self._spared_off = 1.0 - (trust if trust_off is None else trust_off)
        if trust_off is None:
            self._rules_chance = [1.0] * view.players
            return
        off = off_rules_seats(view)
        # past a dozen hands the chance is 1.0 to the float, and the power would overflow
        # in a long enough match
        hands = min(len(view.past_hands), 12)
        odds = RULES_PRIOR / (1.0 - RULES_PRIOR) * RULES_LIKELIHOOD**hands
        by_rules = odds / (1.0 + odds)
        self._rules_chance = [0.0 if off >> seat & 1 else by_rules for seat in range(view.players)]

    def rules_chance(self, seat: int) -> float:
        """The chance that ``seat`` plays by the rules, as the weight takes it."""
        return self._rules_chance[seat]

    def weight(self, misses_by_seat: list[int]) -> float:
        """The chance to keep a deal on which the rules would have had each seat make
        ``misses_by_seat[seat]`` of its plays otherwise (1.0 with none)."""
        if self._spared_off == self._spared:
            return self._spared ** sum(misses_by_seat)  # one kind of seat: as one count
        weight = 1.0
        for seat, misses in enumerate(misses_by_seat):
            if misses:
                chance = self._rules_chance[seat]
                weight *= chance * self._spared**misses + (1.0 - chance) * self._spared_off**misses
        return weight
