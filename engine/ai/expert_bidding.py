"""Bidding that reads the game, not only the hand: stricter in round 2, bolder when the
opponents are about to win anyway.

Today's rule-based bidder (:func:`engine.ai.bidding.choose_bid`) bids on the same hand
worth whatever the score, and its round-2 bids sat 18-35% of the time. Here the
threshold moves with the game: round 2 asks for more (a suit nobody took, against a
table that has seen the proposed card), and for a trump that can carry the contract,
not jass and two small ones with no side ace; near the end of the game, when an
opponent needs about one more hand to reach the target and this side does not, sitting
costs little and passing loses the game, so the bidder bids on less. The shifts were
calibrated by simulation: duplicate-deal matches of the rule-based players on preset
odessa, 2 to 4 players (see the computer players section of the README).
"""

from __future__ import annotations

import dataclasses
from typing import Final

from engine.actions import PASS, TAKE_PROPOSED, Action, NameSuit
from engine.cards import Rank, mask_of
from engine.view import PlayerView

from .bidding import choose_bid

__all__ = ["BidShifts", "game_margin", "shaped_for_trump", "sound_bid"]


@dataclasses.dataclass(frozen=True, slots=True)
class BidShifts:
    """Threshold shifts, in hand-worth points (positive: bid less often)."""

    first: float = 0.0
    """Round 1, taking the proposed suit."""
    second: float = 0.0
    """Round 2, naming a suit."""
    desperate: float = 0.0
    """Taken off when an opponent is within :attr:`reach` of the target and this side
    is not."""
    reach: int = 0
    """Points from the target within which a side counts as about to win."""
    shape: bool = False
    """Round 2 also asks for a trump suit that can carry the hand (see
    :func:`shaped_for_trump`)."""


def game_margin(view: PlayerView, shifts: BidShifts) -> float:
    """The part of the threshold shift that comes from the score."""
    rules = view.rules
    if rules.one_hand or view.seat is None or not shifts.reach:
        return 0.0
    mine = view.side_of(view.seat)
    target = rules.target
    close = [target - score <= shifts.reach for score in view.scores]
    if close[mine]:
        return 0.0
    if any(close[side] for side in range(len(view.scores)) if side != mine):
        return -shifts.desperate
    return 0.0


def shaped_for_trump(hand: int, trump: int) -> bool:
    """Whether ``trump`` can carry the hand: three trumps with the jass or the menel and
    a side ace, or four trumps with the jass or the menel, or five trumps."""
    cards = (hand >> (trump * 8)) & 0xFF
    count = cards.bit_count()
    honour = bool(cards >> Rank.JACK & 1 or cards >> Rank.NINE & 1)
    side_aces = 0
    for suit in range(4):
        if suit != trump and hand >> (suit * 8 + Rank.ACE) & 1:
            side_aces += 1
    if count >= 5:
        return True
    if count == 4:
        return honour
    return count == 3 and honour and side_aces >= 1


def sound_bid(view: PlayerView, shifts: BidShifts) -> Action:
    """The bid for the seat to act: :func:`~engine.ai.bidding.choose_bid` with its
    threshold moved by the round and the score."""
    assert view.seat is not None
    assert view.proposed is not None
    legal = view.legal_actions
    hand = mask_of(view.hand)
    margin = game_margin(view, shifts)
    if TAKE_PROPOSED in legal:
        margin += shifts.first
    else:
        margin += shifts.second
    choice = choose_bid(
        hand,
        legal,
        view.proposed.index,
        view.seat,
        view.dealer,
        view.players,
        view.rules,
        margin,
    )
    if (
        shifts.shape
        and isinstance(choice, NameSuit)
        and PASS in legal
        and margin >= 0
        and not shaped_for_trump(hand, int(choice.suit))
    ):
        return PASS
    return choice
