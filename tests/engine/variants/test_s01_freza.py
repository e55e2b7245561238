"""RULES-VARIANTS.md §1 ``freza``: the stock's bottom card, shown after the extras."""

from __future__ import annotations

import random

import pytest

from engine import FrezaShown, Game, Phase, Rules
from engine.ai.infer import knowledge, resample

from ..decks import choose_trump, deck_for, events_of


def start(players: int, rules: Rules) -> tuple[Game, list[str]]:
    deck = deck_for(players, players - 1)
    game = Game.from_deck(players, rules, deck, players - 1)
    return game, deck


@pytest.mark.parametrize("players", [2, 3])
def test_the_bottom_card_is_shown_after_the_extras_and_stays_out(players: int) -> None:
    game, deck = start(players, Rules(freza=True))
    assert game.freza is None  # not before the extras
    events = choose_trump(game, game.proposed.suit.letter if game.proposed else "S")
    (shown,) = events_of(events, FrezaShown)
    assert shown.card.code == deck[31]
    assert game.freza is not None
    assert game.freza.code == deck[31]
    assert all(game.freza not in game.hand(seat) for seat in range(players))
    for seat in range(players):
        assert game.view(seat).freza == game.freza
    assert game.public_view().freza == game.freza
    assert Game.from_json(game.to_json()).freza == game.freza


def test_off_no_freza() -> None:
    game, _ = start(3, Rules())
    events = choose_trump(game, "S")
    assert not events_of(events, FrezaShown)
    assert game.freza is None


def test_with_four_players_the_option_does_nothing() -> None:
    game, _ = start(4, Rules(freza=True))
    events = choose_trump(game, "S")
    assert not events_of(events, FrezaShown)
    assert game.freza is None


def test_the_freza_is_never_resampled_into_a_hand() -> None:
    game, _ = start(3, Rules(freza=True))
    choose_trump(game, "S")
    assert game.phase is Phase.PLAY
    assert game.freza is not None
    seat = game.to_act
    assert seat is not None
    view = game.view(seat)
    assert knowledge(view).gone & game.freza.mask
    rng = random.Random(1)
    for _ in range(30):
        sampled = resample(view, rng)
        assert all(game.freza not in sampled.hand(other) for other in range(3))
        assert sampled.view(seat) == view
