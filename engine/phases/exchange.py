"""After bidding: the extra cards (2-3 players), the freza (RULES-VARIANTS §1) and the
trump-seven exchange (RULES.md §4).

The exchange is offered only when the seven is in a player's hand after the extra cards
(not when it is the face-up card itself or in the unused stock), only for the first
proposed card (RULES-VARIANTS §2), and never when the bidder takes the proposed card
(§5 ``to_bidder``: his extra packet is that card plus ``extra_cards - 1`` off the top;
with 4 players under ``six_then_two`` he gets 1 card of the last packet plus it, H4).

§7 ``seven_meld_query``: while the exchange is offered, :func:`seven_meld_answer` tells
its holder whether the run holding the seven beats every meld in the other hands as they
stand, by steps 1-3 of the meld ranking (H10: a tie answers no).
"""

from __future__ import annotations

from typing import Final

from ..cards import DECK, Rank
from ..events import Event, ExtraCardsDealt, FrezaShown, SevenExchanged, SevenKept
from ..melds import find_melds, meld_key
from ..rules import FourPlayerDeal, ProposedCard, SevenExchangeTiming
from . import claims, play
from .state import GameState, Phase

__all__ = [
    "after_bidding",
    "deal_extras",
    "exchange_seven",
    "keep_seven",
    "offer_exchange_or_play",
    "seven_meld_answer",
    "takes_proposed",
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


def takes_proposed(game: GameState) -> bool:
    """§5 ``to_bidder`` where it applies: 2-3 players, or 4 under ``six_then_two``."""
    rules = game._rules
    if rules.proposed_card is not ProposedCard.TO_BIDDER:
        return False
    return game._n < 4 or rules.four_player_deal is FourPlayerDeal.SIX_THEN_TWO


def deal_extras(game: GameState, events: list[Event]) -> None:
    """Deal the extras and show the freza, then open the redeal claims, or offer the
    exchange (``after_extras``), or start the play."""
    n = game._n
    weak = claims.weak_hands(game)
    to_bidder = takes_proposed(game)
    if to_bidder:
        game._proposed_to = game._bidder
        game._hands[game._bidder] |= 1 << game._proposed
        if n == 4:
            game._stock.remove(game._proposed)
    if n == 4 and game._stock:
        # six_then_two: the packet of 2 each, clockwise from the left of the dealer
        stock = game._stock
        for k in range(1, n + 1):
            seat = (game._dealer + k) % n
            count = 1 if to_bidder and seat == game._bidder else 2
            for index in stock[:count]:
                game._hands[seat] |= 1 << index
            del stock[:count]
        events.append(ExtraCardsDealt(2))
    if n < 4:
        extra = game._rules.extra_cards
        stock = game._stock
        for k in range(1, n + 1):
            receiver = (game._dealer + k) % n
            count = extra - 1 if to_bidder and receiver == game._bidder else extra
            for index in stock[:count]:
                game._hands[receiver] |= 1 << index
            del stock[:count]
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
    allowed = game._rules.seven_exchange and not takes_proposed(game)
    if n < 4 and game._bid_round == 1 and allowed:
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


def seven_meld_answer(game: GameState) -> bool | None:
    """§7: while the exchange is offered, whether the run holding the trump seven beats
    every meld in the other hands by steps 1-3 of the meld ranking (strictly: a tie
    answers no, H10, H14); None without the option or without such a run."""
    if not game._rules.seven_meld_query or game._phase is not Phase.EXCHANGE:
        return None
    rules = game._rules
    n = game._n
    trump = game._trump
    holder = game._to_act
    runs = [m for m in find_melds(game._hands[holder], rules, n) if m.suit == trump]
    run = next((m for m in runs if m.top - m.length + 1 == Rank.SEVEN), None)
    if run is None:
        return None
    key = meld_key(run, trump, rules, 0)[:3]
    return all(
        meld_key(other, trump, rules, 0)[:3] < key
        for seat in range(n)
        if seat != holder
        for other in find_melds(game._hands[seat], rules, n)
    )
