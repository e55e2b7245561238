"""The stand-in for a person whose time ran out commits them to nothing it can avoid."""

from __future__ import annotations

import random

import pytest

from engine import (
    DeclineFifty,
    ExchangeSeven,
    Game,
    KeepSeven,
    NoFiftyOffer,
    NoRedeal,
    OfferFifty,
    Pass,
    Phase,
    PlayCard,
    Rules,
)
from engine.ai import decision_seed, stand_in_choice

RULES = Rules(weak_hand_redeal=30, four_sevens_redeal=True, offer_fifty=True)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_stand_in_passes_keeps_and_plays_on_but_never_picks_a_card(players: int) -> None:
    seen: set[type] = set()
    for seed in range(6):
        game = Game.new(players, RULES, seed)
        rng = random.Random(seed)
        while game.to_act is not None and game.hand_number <= 3:
            view = game.view(game.to_act)
            choice = stand_in_choice(view)
            legal = view.legal_actions
            if any(isinstance(a, PlayCard) for a in legal):
                assert choice is None, "a card is left to a computer player"
            elif choice is None:
                assert not any(isinstance(a, Pass) for a in legal), "a pass is always taken"
            else:
                assert choice in legal
                assert not isinstance(choice, ExchangeSeven)
                seen.add(type(choice))
            game.apply(rng.choice(legal))
    expected = {Pass, KeepSeven, NoRedeal} if players < 4 else {Pass, NoRedeal}
    if players == 2:
        expected |= {NoFiftyOffer}
    assert expected <= seen


def test_an_offer_of_fifty_is_declined_for_an_absent_bidder() -> None:
    for seed in range(40):
        game = Game.new(2, RULES, seed)
        rng = random.Random(seed)
        while game.to_act is not None and game.hand_number <= 2:
            view = game.view(game.to_act)
            if game.phase is Phase.FIFTY_OFFER and view.fifty_offered:
                assert stand_in_choice(view) == DeclineFifty()
                return
            legal = game.legal_actions()
            offers = [a for a in legal if isinstance(a, OfferFifty)]
            game.apply(offers[0] if offers else rng.choice(legal))
    raise AssertionError("no offer of fifty was made in 40 games")


def test_decision_seeds_are_fixed_by_the_game_and_the_move() -> None:
    assert decision_seed(7, 3) == decision_seed(7, 3)
    assert decision_seed(7, 3) != decision_seed(7, 4)
    assert decision_seed(2**62, 5) < 2**63
