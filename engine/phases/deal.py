"""Dealing (RULES.md §2): the deck order of each deal, the hands and the proposed card."""

from __future__ import annotations

import random
from typing import Final

from ..cards import DECK
from ..events import Event, HandDealt, Redeal
from ..rules import FourPlayerDeal
from .state import GameState, Phase

__all__ = ["deal", "deck_order", "first_dealer", "redeal"]

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
    for count in rounds:
        for k in range(1, n + 1):
            seat = (dealer + k) % n
            for index in deck[position : position + count]:
                game._hands[seat] |= 1 << index
            position += count
    if n == 4:
        game._proposed = deck[31]  # the dealer's last card, shown to all, kept in hand
        game._stock = deck[position:]  # six_then_two: the packets of 2, in dealing order
    else:
        game._proposed = deck[position]
        game._stock = deck[position + 1 :]
    game._phase = Phase.BIDDING
    game._to_act = (dealer + 1) % n
    return HandDealt(game._hand_number, dealer, DECK[game._proposed])


def redeal(game: GameState, events: list[Event]) -> None:
    """The hand is void (all passed twice, or a redeal claim): the next dealer clockwise
    deals, whatever the dealer-rotation option; no sheet entry."""
    game._dealer = (game._dealer + 1) % game._n
    game._deal_number += 1
    events.append(Redeal(game._dealer))
    events.append(deal(game))
