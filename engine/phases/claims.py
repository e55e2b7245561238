"""Redeal claims (RULES-VARIANTS §8, H1, H9): after bidding, the extras and the freza,
before the after-extras seven exchange and the first lead.

Clockwise from the left of the dealer each qualifying player chooses
:class:`~engine.actions.ClaimRedeal` or :class:`~engine.actions.NoRedeal`. A player
qualifies with ``four_sevens_redeal`` by holding the four sevens (after the extras), and
with ``weak_hand_redeal=N`` when the cards first dealt to him (6 with 2-3 players, all 8
with 4) are worth at most N at plain value. A claim voids the hand: no sheet entry, the
next dealer clockwise deals (as after two rounds of passes); hanging points stay.

Decided where the page leaves room: a claim is a choice, never automatic (S4's
«оголошується перездача» would be a claim always made, which a player can still make).
"""

from __future__ import annotations

from typing import Final

from .. import actions as act
from ..actions import Action, ClaimRedeal
from ..cards import PLAIN_POINTS, Rank, iter_indices
from ..events import Event, RedealClaimed
from . import deal, exchange
from .state import GameState, Phase

__all__ = ["apply_claim", "legal_claims", "open_claims", "plain_value", "weak_hands"]

_FOUR_SEVENS: Final = sum(1 << (suit * 8 + Rank.SEVEN) for suit in range(4))


def plain_value(hand: int) -> int:
    """The card points of ``hand`` counted as if no suit were trump."""
    return sum(PLAIN_POINTS[index & 7] for index in iter_indices(hand))


def weak_hands(game: GameState) -> list[int]:
    """The seats whose first-dealt cards qualify under ``weak_hand_redeal``: the first 6
    as dealt (before any exchange, H9), or with 4 players and the deal of eight all 8
    (called before the packet of 2 and the extras)."""
    limit = game._rules.weak_hand_redeal
    if limit < 0:
        return []
    n = game._n
    eight = n == 4 and not game._stock
    dealt = game._hands if eight else game._first_six
    return [seat for seat in range(n) if plain_value(dealt[seat]) <= limit]


def open_claims(game: GameState, weak: list[int]) -> bool:
    """Open the claims phase if anybody qualifies; returns whether it opened."""
    n = game._n
    sevens = game._rules.four_sevens_redeal
    order = [(game._dealer + k) % n for k in range(1, n + 1)]
    game._redeal_claimants = [
        seat
        for seat in order
        if seat in weak or (sevens and game._hands[seat] & _FOUR_SEVENS == _FOUR_SEVENS)
    ]
    if not game._redeal_claimants:
        return False
    game._phase = Phase.REDEAL_CLAIMS
    game._to_act = game._redeal_claimants[0]
    return True


def legal_claims(game: GameState) -> list[Action]:
    return [act.CLAIM_REDEAL, act.NO_REDEAL]


def apply_claim(game: GameState, action: Action, events: list[Event]) -> None:
    """Apply a checked claim decision of the seat to act."""
    seat = game._redeal_claimants.pop(0)
    if type(action) is ClaimRedeal:
        events.append(RedealClaimed(seat))
        deal.redeal(game, events)
        return
    if game._redeal_claimants:
        game._to_act = game._redeal_claimants[0]
        return
    exchange.offer_exchange_or_play(game)
