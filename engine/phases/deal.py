"""Dealing (RULES.md §2): the deck order of each deal, the hands and the proposed card,
then the klabor check (RULES-VARIANTS §12, H1).

A klabor in a game's very first deal ends the game inside :meth:`engine.Game.new`, which
returns no events: the state says it (phase finished, the winner). Decided where §12 is
uncertain: when two players hold a klabor, the first clockwise from the left of the
dealer wins.
"""

from __future__ import annotations

import random
from typing import Final

from ..cards import DECK, Suit
from ..events import Event, HandDealt, KlaborWon, Redeal
from ..rules import FourPlayerDeal
from . import end, visyak
from .state import GameState, Phase

__all__ = ["deal", "deal_and_check", "deck_order", "first_dealer", "klabor_holder", "redeal"]

_KLABOR: Final = sum(1 << rank for rank in range(2, 8))  # 9 10 J Q K A of one suit

_DEAL_ROUNDS_SMALL: Final = (3, 3)
_DEAL_ROUNDS_FOUR: Final = (3, 3, 2)


def first_dealer(seed: int, players: int) -> int:
    """The first dealer of a game started from ``seed``."""
    return random.Random(f"debertz/{seed}/dealer").randrange(players)


def deck_order(game: GameState) -> list[int]:
    """The card indices of the coming deal, top first: the explicit first deck, or a
    shuffle fixed by the seed and the deal number."""
    if game._deal_number == 0 and game._first_deck is not None:
        return list(game._first_deck)
    order = list(range(32))
    random.Random(f"debertz/{game._seed}/deal/{game._deal_number}").shuffle(order)
    return order


def deal(game: GameState) -> HandDealt:
    """Deal a new hand by ``game._dealer`` and open the bidding."""
    game.clear_hand()
    n = game._n
    deck = deck_order(game)
    dealer = game._dealer
    position = 0
    rounds = _DEAL_ROUNDS_FOUR if n == 4 else _DEAL_ROUNDS_SMALL
    if n == 4 and game._rules.four_player_deal is FourPlayerDeal.SIX_THEN_TWO:
        rounds = _DEAL_ROUNDS_SMALL  # the packet of 2 comes after bidding
    first_six: list[int] = []
    for number, count in enumerate(rounds):
        for k in range(1, n + 1):
            seat = (dealer + k) % n
            for index in deck[position : position + count]:
                game._hands[seat] |= 1 << index
            position += count
        if number == 1:
            first_six = list(game._hands)
    if n == 4:
        game._proposed = deck[31]  # the dealer's last card, shown to all, kept in hand
        game._stock = deck[position:]  # six_then_two: the packets of 2, in dealing order
    else:
        game._proposed = deck[position]
        game._stock = deck[position + 1 :]
    game._phase = Phase.BIDDING
    game._to_act = (dealer + 1) % n
    game._first_six = first_six
    return HandDealt(game._hand_number, dealer, DECK[game._proposed])


def klabor_holder(game: GameState) -> tuple[int, int] | None:
    """§12: (seat, suit) of the first player clockwise from the left of the dealer whose
    first 6 cards are A K Q J 10 9 of one suit, with ``klabor_wins``; else None."""
    if not game._rules.klabor_wins:
        return None
    n = game._n
    for k in range(1, n + 1):
        seat = (game._dealer + k) % n
        for suit in range(4):
            if game._first_six[seat] >> (suit * 8) & 0xFF == _KLABOR:
                return seat, suit
    return None


def deal_and_check(game: GameState, events: list[Event]) -> None:
    """Deal (appending :class:`HandDealt`), then the klabor check of RULES-VARIANTS H1;
    a висяк hand (§19) skips both the klabor check and the bidding."""
    events.append(deal(game))
    if visyak.pool(game):
        visyak.start(game, events)
        return
    holder = klabor_holder(game)
    if holder is not None:
        seat, suit = holder
        events.append(KlaborWon(seat, Suit(suit)))
        end.win_outright(game, game.side_of(seat), events)


def redeal(game: GameState, events: list[Event]) -> None:
    """The hand is void (all passed twice, or a redeal claim): the next dealer clockwise
    deals, whatever the dealer-rotation option; no sheet entry."""
    game._dealer = (game._dealer + 1) % game._n
    game._deal_number += 1
    events.append(Redeal(game._dealer))
    deal_and_check(game, events)
