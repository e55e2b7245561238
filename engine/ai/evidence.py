"""Bids as evidence about the hidden hands, with the rule-based bidder as the model.

A seat that passed the proposed suit is unlikely to hold a hand the rules would have
bid with, and the bidder likely holds one. :func:`bids_agree` replays the bids of the
other seats on a sampled deal: search keeps a deal whose hands would have bid as the
table saw, and only a share of the others (people bid by their own rules).

With 2-3 players the hand a seat bid with is six of the nine it holds at the start of
the play; which three came from the stock is unknown, so a random three are set aside,
which is what dealing them would have done.
"""

from __future__ import annotations

import random

from engine.actions import NAME_SUIT, PASS, TAKE_PROPOSED, Action
from engine.cards import Rank
from engine.game import Phase
from engine.phases.bidding import proposal_count
from engine.rules import RoundTwo
from engine.view import PlayerView

from .bidding import choose_bid
from .infer import Deal, Knowledge

__all__ = ["bids_agree"]


def bids_agree(view: PlayerView, info: Knowledge, deal: Deal, rng: random.Random) -> bool:
    """Whether the other seats would have bid as they did with the hands of ``deal``."""
    if view.proposed is None or not view.bids:
        return True
    n = view.players
    # RULES-VARIANTS §2: bidding round k was on the k-th proposed card
    cards = [card.index for card in (*view.refused, view.proposed)]
    next_cards = bool(view.refused) or (n < 4 and view.rules.round_two is not RoundTwo.NAME_SUIT)
    bidding_hands: dict[int, int] = {}
    for number, (seat, action) in enumerate(view.bids):
        if seat == view.seat:
            continue
        hand = bidding_hands.get(seat)
        if hand is None:
            hand = _bidding_hand(view, info, deal, seat, rng)
            bidding_hands[seat] = hand
        proposed = cards[min(number // n, len(cards) - 1)] if next_cards else cards[-1]
        proposed_suit = proposed >> 3
        if next_cards:
            last = number // n + 1 == proposal_count(view.rules, n)
            must = last and view.rules.obligatory_dealer and seat == view.dealer
            legal: list[Action] = [TAKE_PROPOSED] if must else [PASS, TAKE_PROPOSED]
        elif number < n:
            legal = [PASS, TAKE_PROPOSED]
        else:
            legal = [NAME_SUIT[s] for s in range(4) if s != proposed_suit]
            if not (view.dealer_obliged and seat == view.dealer):
                legal.insert(0, PASS)
        choice = choose_bid(hand, legal, proposed, seat, view.dealer, n, view.rules)
        if choice != action:
            return False
    return True


def _bidding_hand(
    view: PlayerView, info: Knowledge, deal: Deal, seat: int, rng: random.Random
) -> int:
    hand = deal.hands[seat] | info.played_by[seat]
    if view.players == 4 or view.phase is Phase.BIDDING:
        return hand
    assert view.proposed is not None
    if view.seven_exchanger == seat and info.trump >= 0:
        hand ^= view.proposed.mask | (1 << (info.trump * 8 + Rank.SEVEN))
    cards = [index for index in range(32) if hand >> index & 1]
    for index in rng.sample(cards, min(3, len(cards))):
        hand ^= 1 << index
    return hand
