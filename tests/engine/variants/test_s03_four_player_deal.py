"""RULES-VARIANTS.md §3 ``four_player_deal``: with 4 players, bid on 6 cards."""

from __future__ import annotations

import random

from engine import ExtraCardsDealt, FourPlayerDeal, Game, Phase, Rules
from engine.ai.infer import resample

from ..decks import deck_for, events_of, play

SIX = Rules(four_player_deal=FourPlayerDeal.SIX_THEN_TWO)


def start(rules: Rules) -> tuple[Game, list[str]]:
    deck = deck_for(4, 3)
    return Game.from_deck(4, rules, deck, 3), deck


def test_six_then_two_bids_on_six_cards_and_deals_the_packet_of_two_after() -> None:
    game, deck = start(SIX)
    assert [len(game.hand(seat)) for seat in range(4)] == [6, 6, 6, 6]
    assert game.proposed is not None
    assert game.proposed.code == deck[31]  # shown from the start
    assert game.proposed not in game.hand(3)
    events = play(game, "play")
    assert events_of(events, ExtraCardsDealt)[0].cards_each == 2
    assert [len(game.hand(seat)) for seat in range(4)] == [8, 8, 8, 8]
    assert game.proposed in game.hand(3)  # the dealer's last packet
    eight, _ = start(Rules())
    for seat in range(4):
        assert game.hand(seat) == eight.hand(seat)  # the same cards as today
    assert game.phase is Phase.PLAY


def test_eight_deals_everything_before_bidding() -> None:
    game, _ = start(Rules())
    assert [len(game.hand(seat)) for seat in range(4)] == [8, 8, 8, 8]
    assert game.proposed is not None
    assert game.proposed in game.hand(3)


def test_during_bidding_the_proposed_card_is_not_known_in_the_dealers_hand() -> None:
    game, _ = start(SIX)
    view = game.view(0)
    assert all(card is not game.proposed for _, card in view.known_cards)
    play(game, "play")
    assert (3, game.proposed) in game.view(0).known_cards


def test_resampling_during_bidding_keeps_the_proposed_card_for_the_dealer() -> None:
    game, _ = start(SIX)
    play(game, "pass")
    view = game.view(1)
    rng = random.Random(3)
    for _ in range(10):
        world = resample(view, rng)
        assert world.view(1) == view
        world.apply(world.legal_actions()[-1])  # seat 1 plays the proposed suit
        assert world.proposed in world.hand(3)


def test_a_game_with_six_then_two_round_trips_mid_bidding() -> None:
    game, _ = start(SIX)
    play(game, "pass")
    assert Game.from_json(game.to_json()) == game
