"""Bidding (RULES.md §3): round 1 on the proposed card, round 2 naming another suit,
and the redeal after everyone passed twice.

A redeal is dealt by the next dealer clockwise, whatever the dealer-rotation option; it
is not a hand on the score sheet.
"""

from __future__ import annotations

from .. import actions as act
from ..actions import Action, NameSuit, Pass, TakeProposed
from ..cards import Suit
from ..errors import IllegalActionError, Reason
from ..events import BidMade, Event, TrumpChosen
from . import deal, exchange, fifty, match
from .state import GameState, wrong_phase

__all__ = ["apply_bid", "check_bid", "legal_bids", "must_name_suit"]


def must_name_suit(game: GameState, seat: int) -> bool:
    """Obligatory dealer: the dealer may not pass in round 2 (in a two-round match, only
    as §27 says)."""
    return game._bid_round == 2 and seat == game._dealer and match.dealer_obliged(game)


def legal_bids(game: GameState) -> list[Action]:
    if game._bid_round == 1:
        return [act.PASS, act.TAKE_PROPOSED]
    proposed_suit = game._proposed >> 3
    named: list[Action] = [act.NAME_SUIT[s] for s in range(4) if s != proposed_suit]
    if must_name_suit(game, game._to_act):
        return named
    return [act.PASS, *named]


def check_bid(game: GameState, action: Action) -> None:
    """Raise :class:`IllegalActionError` unless ``action`` is a legal bid now."""
    seat = game._to_act
    kind = type(action)
    if kind is Pass:
        if must_name_suit(game, seat):
            raise IllegalActionError(
                Reason.DEALER_MUST_NAME_SUIT,
                "obligatory dealer: the dealer must name a trump suit in round 2",
                seat=seat,
                action=action,
            )
        return
    if game._bid_round == 1:
        if kind is TakeProposed:
            return
        if kind is NameSuit:
            raise IllegalActionError(
                Reason.SUIT_NOT_ALLOWED,
                "round 1: only the proposed suit can be played (say play or pass)",
                seat=seat,
                action=action,
            )
    elif kind is NameSuit:
        assert isinstance(action, NameSuit)
        if action.suit == game._proposed >> 3:
            raise IllegalActionError(
                Reason.SUIT_NOT_ALLOWED,
                f"round 2: the proposed suit {action.suit.symbol} cannot be named",
                seat=seat,
                action=action,
                suit=action.suit,
            )
        return
    elif kind is TakeProposed:
        raise IllegalActionError(
            Reason.SUIT_NOT_ALLOWED,
            "round 2: the proposed suit was refused by all; name another suit or pass",
            seat=seat,
            action=action,
            suit=Suit(game._proposed >> 3),
        )
    raise wrong_phase(game, action)


def apply_bid(game: GameState, action: Action, events: list[Event]) -> None:
    """Apply a checked bid."""
    seat = game._to_act
    n = game._n
    game._bids.append((seat, action.code))
    events.append(BidMade(seat, action, game._bid_round))
    if type(action) is Pass:
        game._passes += 1
        if game._passes < n:
            game._to_act = (seat + 1) % n
            return
        if game._bid_round == 1:
            game._bid_round = 2
            game._passes = 0
            game._to_act = (game._dealer + 1) % n
            return
        deal.redeal(game, events)
        return
    trump = int(action.suit) if isinstance(action, NameSuit) else game._proposed >> 3
    game._trump = trump
    game._bidder = seat
    events.append(TrumpChosen(seat, Suit(trump), game._bid_round))
    if not fifty.open_offer(game):
        exchange.after_bidding(game, events)
