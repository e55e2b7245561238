"""Playing a determinized hand to its end with the rule-based policy, and what the end
is worth: the real hand scoring (melds, bella, bait, bolt) turned into one number.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Final

from engine.cards import Suit
from engine.legal import PlayRules, legal_cards, shown_lacking
from engine.rules import Rules
from engine.scoring import score_hand

from .bits import FULL, POINTS_BY_TRUMP, STRENGTH, open_trick
from .infer import MeldLayout
from .outlook import Outlook
from .policy import choose_follow, choose_lead

__all__ = ["DEBERTZ_VALUE", "HandFrame", "play_out", "written_worth"]

LAST_TRICK: Final = 10
DEBERTZ_VALUE: Final = 1000.0
"""What winning (or losing) the game at once by a run of seven is worth, in hand points."""


@dataclasses.dataclass(frozen=True, slots=True)
class HandFrame:
    """What scoring a hand needs besides the play itself; fixed once trump is chosen."""

    rules: Rules
    players: int
    hand_number: int
    dealer: int
    bidder: int
    trump: int
    hanging: int
    baits: tuple[int, ...]
    visyak_pool: int = 0
    """RULES-VARIANTS §19: the pool of a висяк hand (0 otherwise)."""
    scores: tuple[int, ...] = ()
    """The sides' scores before the hand (read with ``outlook`` only)."""
    outlook: Outlook | None = None
    """When given, a hand is worth the chance to win the game from the scores after it
    (:mod:`engine.ai.outlook`) rather than its written points."""

    def utility(
        self,
        side: int,
        layout: MeldLayout,
        card_points: Sequence[int],
        tricks: Sequence[int],
        last_seat: int,
    ) -> float:
        """What the hand is worth to ``side``: its written points minus the mean of the
        other sides' (a sitting bidder's points counted where the scoring sends them),
        or with an ``outlook`` what the scores after it are worth to the game."""
        if layout.debertz is not None:
            return DEBERTZ_VALUE if layout.debertz == side else -DEBERTZ_VALUE
        by_side: tuple[int, ...] | None = None
        if layout.pooled:
            # pooled defenders: each writes his own melds, one trick by either suffices
            needs = self.rules.melds_need_trick
            scored = not needs or any(tricks[seat] for seat, _ in layout.pooled)
            counted = [0] * self.players
            for seat, points in layout.pooled:
                counted[seat] = points if scored else 0
            by_side = tuple(counted)
        result = score_hand(
            rules=self.rules,
            players=self.players,
            hand_number=self.hand_number,
            dealer=self.dealer,
            bidder=self.bidder,
            trump=Suit(self.trump),
            card_points=tuple(card_points),
            tricks=tuple(tricks),
            last_trick_seat=last_seat,
            meld_side=layout.side,
            meld_points=layout.points,
            bella_seat=layout.bella,
            hanging_before=self.hanging,
            baits_before=self.baits,
            meld_points_by_side=by_side,
            visyak_pool=self.visyak_pool,
        )
        written = [line.written for line in result.sides]
        return written_worth(side, written, self.scores, self.outlook)


def written_worth(
    side: int, written: Sequence[int], scores: Sequence[int], outlook: Outlook | None
) -> float:
    """What a hand that wrote ``written`` (per side) is worth to ``side``: its points
    minus the mean of the other sides', or with an ``outlook`` what ``scores`` (before
    the hand) become worth to the game."""
    if outlook is not None:
        return outlook.value(
            side, [score + points for score, points in zip(scores, written, strict=True)]
        )
    mine = written[side]
    return mine - (sum(written) - mine) / (len(written) - 1)


def play_out(
    hands: list[int],
    trump: int,
    trick_leader: int,
    trick: list[int],
    card_points: list[int],
    tricks_won: list[int],
    gone: int,
    voids: list[int],
    bidder: int,
    overtrump: PlayRules | bool,
    until: int = 0,
) -> int:
    """Play the hand with :func:`~engine.ai.policy.choose_card` for every seat, to its
    end or to the first trick that starts with no more than ``until`` cards in the
    leader's hand.

    Every list argument is changed in place: ``card_points`` and ``tricks_won`` end as
    the totals of the tricks played (card points only: the last trick's 10 is the
    caller's). Returns the seat that took the last trick played (the hand's last trick,
    or when stopped early the seat to lead next; ``trick_leader`` when none was played).
    ``voids`` learn the suits seats fail to follow, as the table would.
    """
    n = len(hands)
    play = PlayRules(overtrump=overtrump) if isinstance(overtrump, bool) else overtrump
    solo = play.solo
    # the trick's state that engine.legal.legal_cards reads is kept as the trick grows
    # instead of being read again for every card
    duty_of = play.duty
    must_trump = play.must_trump
    points = POINTS_BY_TRUMP[trump]
    row = STRENGTH[trump]
    leader = trick_leader
    count = len(trick)
    seat = (leader + count) % n
    last = leader
    led = trick[0] >> 3 if trick else -1
    win_pos, best_trump, trump_pos = open_trick(trick, trump)
    win_key = row[trick[win_pos]] if trick else -1
    trick_points = 0
    for index in trick:
        trick_points += points[index]
    while True:
        if count == 0:
            hand = hands[seat]
            if hand.bit_count() <= until:
                break
            if hand & (hand - 1):
                outstanding = FULL & ~gone & ~hand
                index = choose_lead(seat, hand, hand, n, trump, outstanding, voids, bidder, solo)
            else:
                index = hand.bit_length() - 1
            bit = 1 << index
            hands[seat] = hand ^ bit
            gone |= bit
            led = index >> 3
            trick_points = points[index]
            win_pos = 0
            win_key = row[index]
            best_trump, trump_pos = (index, 0) if led == trump else (-1, -1)
            trick.append(index)
            count = 1
            seat = seat + 1 if seat + 1 < n else 0
        while count < n:
            hand = hands[seat]
            duty = duty_of(led, trump, best_trump, count - trump_pos == 2)
            legal = legal_cards(hand, led, trump, best_trump, duty=duty, must_trump=must_trump)
            if legal & (legal - 1):
                outstanding = FULL & ~gone & ~hand
                index = choose_follow(
                    seat, legal, trick, leader, n, trump, outstanding, voids, bidder, solo,
                    win_pos, trick_points,
                )  # fmt: skip
            else:
                index = legal.bit_length() - 1
            bit = 1 << index
            hands[seat] = hand ^ bit
            gone |= bit
            suit = index >> 3
            trick_points += points[index]
            if suit != led or (duty and suit == trump):  # else following shows nothing
                voids[seat] |= shown_lacking(
                    led, index, trump, best_trump, duty=duty, must_trump=must_trump
                )
            if suit == led:
                if row[index] > win_key:
                    win_pos = count
                    win_key = row[index]
                if suit == trump and row[index] > row[best_trump]:
                    best_trump = index
                    trump_pos = count
            elif suit == trump:
                if row[index] > win_key:
                    win_pos = count
                    win_key = row[index]
                if best_trump < 0 or row[index] > row[best_trump]:
                    best_trump = index
                    trump_pos = count
            trick.append(index)
            count += 1
            seat = seat + 1 if seat + 1 < n else 0
        winner = (leader + win_pos) % n
        card_points[winner] += trick_points
        tricks_won[winner] += 1
        trick.clear()
        count = 0
        leader = winner
        seat = winner
        last = winner
    return last
