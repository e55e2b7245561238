"""RULES-VARIANTS.md §4 ``extra_cards``: 3 or 4 cards each after bidding (2-3 players)."""

from __future__ import annotations

import pytest

from engine import ExtraCardsDealt, FrezaShown, Game, HandScored, Phase, Rules, RulesError

from ..decks import choose_trump, deck_for, events_of, play_out


def start(players: int, rules: Rules) -> tuple[Game, list[str]]:
    deck = deck_for(players, players - 1)
    return Game.from_deck(players, rules, deck, players - 1), deck


@pytest.mark.parametrize(("players", "extra"), [(2, 3), (2, 4), (3, 3), (3, 4)])
def test_hands_and_tricks_number_6_plus_extra(players: int, extra: int) -> None:
    game, deck = start(players, Rules(extra_cards=extra, seven_exchange=False))
    events = choose_trump(game, "S")
    assert events_of(events, ExtraCardsDealt)[0].cards_each == extra
    assert [len(game.hand(seat)) for seat in range(players)] == [6 + extra] * players
    # clockwise from the left of the dealer, off the top of the stock
    stock_top = 6 * players + 1
    first_extras = {card for card in deck[stock_top : stock_top + extra]}
    assert first_extras <= {card.code for card in game.hand(0)}
    (scored,) = events_of(play_out(game), HandScored)
    assert sum(side.tricks for side in scored.result.sides) == 6 + extra


def test_three_players_with_four_extra_cards_leave_one_card_the_freza() -> None:
    game, deck = start(3, Rules(extra_cards=4, freza=True, seven_exchange=False))
    events = choose_trump(game, "S")
    (shown,) = events_of(events, FrezaShown)
    assert shown.card.code == deck[31]
    assert game.freza is not None
    assert game.to_dict()["stock"] == [game.freza.index]  # the only card left
    assert game.phase is Phase.PLAY


def test_four_players_ignore_extra_cards() -> None:
    game, _ = start(4, Rules(extra_cards=4))
    choose_trump(game, "S")
    assert [len(game.hand(seat)) for seat in range(4)] == [8, 8, 8, 8]


@pytest.mark.parametrize("value", [2, 5])
def test_extra_cards_is_3_or_4(value: int) -> None:
    with pytest.raises(RulesError, match="extra_cards"):
        Rules(extra_cards=value)
