"""Rule-based bidding and the trump-seven decision, on bit masks.

:func:`hand_worth` estimates what a hand brings in card points, melds and bella if a
suit is trump; a seat bids when that estimate clears a threshold per number of players
(thresholds from simulated hands, see ``benchmarks/arena_calibrate.py``). The estimate
counts jass and menel, aces, guarded tens, trump length, voids to ruff with, melds (a
high run more than a low one: only the highest meld scores) and bella.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from engine.actions import (
    ACCEPT_FIFTY,
    CLAIM_REDEAL,
    DECLINE_FIFTY,
    EXCHANGE_SEVEN,
    KEEP_SEVEN,
    NAME_SUIT,
    NO_FIFTY_OFFER,
    NO_REDEAL,
    OFFER_FIFTY,
    PASS,
    TAKE_PROPOSED,
    Action,
    NameSuit,
)
from engine.cards import Rank
from engine.melds import Meld, MeldKind, find_melds
from engine.rules import Rules, ThreePlayerContract

__all__ = [
    "THRESHOLDS",
    "choose_bid",
    "choose_exchange",
    "choose_fifty",
    "choose_redeal_claim",
    "hand_worth",
]

THRESHOLDS: Final = {2: 56.0, 3: 56.0, 4: 78.0}
"""Worth (:func:`hand_worth`) a hand needs before its holder bids, per number of players."""

_SUM_CONTRACT_EXTRA: Final = 22.0
"""3 players under ``three_player_contract=sum``: the bidder must outscore both defenders
together (about 81 of 162 instead of about 55), so he bids only on a stronger hand."""

_DEALER_DISCOUNT: Final = 6.0
"""The last to speak in round 2 bids on less: everyone else showed weakness."""

# Values per natural rank (7 8 9 10 J Q K A).
_TRUMP_VALUE: Final = (4, 4, 22, 12, 30, 6, 7, 15)
_LONE_MENEL: Final = 12
_PLAIN_ACE: Final = 17
_TEN_WITH_ACE: Final = 14
_TEN_GUARDED: Final = 6
_TEN_BARE: Final = 2
_KING_WITH_ACE_TEN: Final = 5
_EXTRA_TRUMP: Final = 8
_VOID_RUFF: Final = 6
_SINGLETON_RUFF: Final = 3


def hand_worth(hand: int, trump: int, rules: Rules) -> float:
    """Estimated points (card points, melds, bella) the hand brings with ``trump``."""
    trump_cards = (hand >> (trump * 8)) & 0xFF
    count = trump_cards.bit_count()
    worth = 0.0
    for rank in range(8):
        if trump_cards >> rank & 1:
            worth += _TRUMP_VALUE[rank]
    has_jack = trump_cards >> Rank.JACK & 1
    if trump_cards >> Rank.NINE & 1 and not has_jack and count < 3:
        worth += _LONE_MENEL - _TRUMP_VALUE[Rank.NINE]
    if count > 3:
        worth += (count - 3) * _EXTRA_TRUMP
    for suit in range(4):
        if suit == trump:
            continue
        cards = (hand >> (suit * 8)) & 0xFF
        length = cards.bit_count()
        ace = cards >> Rank.ACE & 1
        ten = cards >> Rank.TEN & 1
        if ace:
            worth += _PLAIN_ACE
        if ten:
            if ace:
                worth += _TEN_WITH_ACE
                if cards >> Rank.KING & 1:
                    worth += _KING_WITH_ACE_TEN
            elif length >= 3:
                worth += _TEN_GUARDED
            else:
                worth += _TEN_BARE
        if count >= 2:
            if length == 0:
                worth += _VOID_RUFF
            elif length == 1 and not ace:
                worth += _SINGLETON_RUFF
    for meld in find_melds(hand, rules):
        worth += _meld_worth(meld)
    king = 1 << (trump * 8 + Rank.KING)
    queen = 1 << (trump * 8 + Rank.QUEEN)
    if hand & king and hand & queen:
        worth += 20
    return worth


def _meld_worth(meld: Meld) -> float:
    """What a meld is expected to bring: a meld scores only if nobody shows a better one."""
    if meld.kind >= MeldKind.FIFTY:
        return meld.points * 0.8
    # a terz: the higher, the likelier it is the best
    return meld.points * (0.25 + 0.1 * (meld.top - Rank.NINE))


def choose_bid(
    hand: int,
    legal: Sequence[Action],
    proposed: int,
    seat: int,
    dealer: int,
    players: int,
    rules: Rules,
    margin: float = 0.0,
) -> Action:
    """A bid for ``hand``: the proposed suit in round 1, the best other suit in round 2,
    when its worth clears the threshold (``margin`` shifts it: negative bids more)."""
    threshold = THRESHOLDS[players] + margin
    if players == 3 and rules.three_player_contract is ThreePlayerContract.SUM:
        threshold += _SUM_CONTRACT_EXTRA
    if TAKE_PROPOSED in legal:
        worth = hand_worth(hand, proposed >> 3, rules)
        # PASS is missing for the obligatory dealer on the last card of §2
        return TAKE_PROPOSED if worth >= threshold or PASS not in legal else PASS
    best_suit = -1
    best = -1.0
    for action in legal:
        if not isinstance(action, NameSuit):
            continue
        suit = int(action.suit)
        worth = hand_worth(hand, suit, rules)
        if worth > best:
            best = worth
            best_suit = suit
    if best_suit < 0:
        return PASS
    if seat == dealer:
        threshold -= _DEALER_DISCOUNT
    if PASS not in legal or best >= threshold:
        return NAME_SUIT[best_suit]
    return PASS


def choose_redeal_claim(
    hand: int, trump: int, bidder_side: bool, players: int, rules: Rules
) -> Action:
    """RULES-VARIANTS §8: claim a redeal when the hand is bad for this seat's side.

    The bidder's side risks a bait with a hand below the bidding threshold; a defender
    claims only with a hand below half of it (a redeal also takes away the bidder's
    chance to sit)."""
    worth = hand_worth(hand, trump, rules)
    limit = THRESHOLDS[players] if bidder_side else THRESHOLDS[players] / 2
    return CLAIM_REDEAL if worth < limit else NO_REDEAL


def choose_fifty(hand: int, trump: int, offered: bool, rules: Rules) -> Action:
    """RULES-VARIANTS §26, 2 players. The non-bidder offers 50 with a hand too weak to
    hope for a bait (below half the bidding threshold); the bidder takes them unless his
    hand promises more than a plain make (above the threshold plus a margin of 20)."""
    worth = hand_worth(hand, trump, rules)
    if offered:
        return DECLINE_FIFTY if worth > THRESHOLDS[2] + 20 else ACCEPT_FIFTY
    return OFFER_FIFTY if worth < THRESHOLDS[2] / 2 else NO_FIFTY_OFFER


def choose_exchange(
    hand: int, trump: int, proposed: int, rules: Rules, meld_wins: bool | None = None
) -> Action:
    """Take the face-up card for the trump seven unless the seven is worth more where it
    is (it completes a meld worth more than the better trump). ``meld_wins`` is the
    answer of RULES-VARIANTS §7, when given: the run holding the seven then counts for
    all its points or for none, instead of a guess."""
    seven = 1 << (trump * 8 + Rank.SEVEN)
    swapped = (hand & ~seven) | (1 << proposed)
    kept = hand_worth(hand, trump, rules)
    if meld_wins is not None:
        for meld in find_melds(hand, rules):
            if meld.suit == trump and meld.top - meld.length + 1 == Rank.SEVEN:
                kept += (meld.points if meld_wins else 0) - _meld_worth(meld)
    if hand_worth(swapped, trump, rules) >= kept:
        return EXCHANGE_SEVEN
    return KEEP_SEVEN
