"""After bidding: the extra cards (2-3 players), the freza (RULES-VARIANTS §1) and the
trump-seven exchange (RULES.md §4).

The exchange is offered only when the seven is in a player's hand after the extra cards
(not when it is the face-up card itself or in the unused stock).
"""

from __future__ import annotations

from typing import Final

from ..cards import DECK, Rank
from ..events import Event, ExtraCardsDealt, FrezaShown, SevenExchanged, SevenKept
from ..rules import SevenExchangeTiming
from . import claims, play
from .state import GameState, Phase

__all__ = [
    "after_bidding",
    "deal_extras",
    "exchange_seven",
    "keep_seven",
    "offer_exchange_or_play",
]

SEVEN_OF: Final = tuple(suit * 8 + Rank.SEVEN for suit in range(4))


def after_bidding(game: GameState, events: list[Event]) -> None:
    """The seven exchange ``before_extras`` when its holder may make it; otherwise on to
    the extras (RULES-VARIANTS H1)."""
    if _before_extras(game) and _offer_exchange(game):
        return
    deal_extras(game, events)


def _before_extras(game: GameState) -> bool:
    return game._rules.seven_exchange_timing is SevenExchangeTiming.BEFORE_EXTRAS


def _extras_dealt(game: GameState) -> bool:
    return game._n == 4 or game._hands[0].bit_count() > 6


def deal_extras(game: GameState, events: list[Event]) -> None:
    """Deal the extras and show the freza, then open the redeal claims, or offer the
    exchange (``after_extras``), or start the play."""
    n = game._n
    weak = claims.weak_hands(game)
    if n == 4 and game._stock:
        # six_then_two: the packet of 2 each, clockwise from the left of the dealer
        stock = game._stock
        for k in range(1, n + 1):
            for index in stock[:2]:
                game._hands[(game._dealer + k) % n] |= 1 << index
            del stock[:2]
        events.append(ExtraCardsDealt(2))
    if n < 4:
        extra = game._rules.extra_cards
        stock = game._stock
        for k in range(1, n + 1):
            receiver = (game._dealer + k) % n
            for index in stock[:extra]:
                game._hands[receiver] |= 1 << index
            del stock[:extra]
        events.append(ExtraCardsDealt(extra))
        if game._rules.freza and stock:
            # the stock's bottom card, the deck's last: never dealt (with 3 players and 4
            # extra cards it is the one card left)
            game._freza = stock[-1]
            events.append(FrezaShown(DECK[game._freza]))
    if claims.open_claims(game, weak):
        return
    offer_exchange_or_play(game)


def offer_exchange_or_play(game: GameState) -> None:
    """After the extras: the trump-seven exchange (``after_extras``) when its holder may
    make it, else the first lead."""
    if _before_extras(game) or not _offer_exchange(game):
        play.start_play(game)


def _offer_exchange(game: GameState) -> bool:
    """Open the exchange if a player holds the trump seven and may exchange it now."""
    n = game._n
    if n < 4 and game._bid_round == 1 and game._rules.seven_exchange:
        seven = 1 << SEVEN_OF[game._trump]
        for holder in range(n):
            if game._hands[holder] & seven:
                game._phase = Phase.EXCHANGE
                game._to_act = holder
                return True
    return False


def _after_exchange(game: GameState, events: list[Event]) -> None:
    if _extras_dealt(game):
        play.start_play(game)
    else:
        deal_extras(game, events)


def exchange_seven(game: GameState, events: list[Event]) -> None:
    seat = game._to_act
    seven = SEVEN_OF[game._trump]
    taken = game._proposed
    game._hands[seat] ^= (1 << seven) | (1 << taken)
    game._seven_exchanger = seat
    events.append(SevenExchanged(seat, DECK[seven], DECK[taken]))
    _after_exchange(game, events)


def keep_seven(game: GameState, events: list[Event]) -> None:
    events.append(SevenKept(game._to_act))
    _after_exchange(game, events)
