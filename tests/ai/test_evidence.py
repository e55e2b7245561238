"""Bids as evidence: the real hands of rule-based bidders always agree with their bids."""

from __future__ import annotations

import random

import pytest

from engine import Game, Phase, RoundTwo, Rules
from engine.ai import knowledge, make_player
from engine.ai.evidence import bids_agree
from engine.ai.infer import Deal


@pytest.mark.parametrize("players", [2, 3, 4])
def test_rule_based_bids_agree_with_the_hands_that_made_them(players: int) -> None:
    rng = random.Random(players)
    bidder = make_player("heuristic")
    checked = 0
    for seed in range(40):
        # RULES-VARIANTS §2 in a quarter of the games: bids on several proposed cards
        round_two = RoundTwo.NEXT_CARDS if seed % 4 < 2 else RoundTwo.NAME_SUIT
        rules = Rules(obligatory_dealer=seed % 2 == 0, round_two=round_two)
        game = Game.new(players, rules, seed)
        while game.phase is not Phase.FINISHED and game.hand_number == 1:
            seat = game.to_act
            assert seat is not None
            # with 2-3 players the hand bid with is only known before the extra cards
            if players == 4 or game.phase is Phase.BIDDING:
                for observer in range(players):
                    view = game.view(observer)
                    real = Deal(tuple(game.hand_mask(s) for s in range(players)), ())
                    assert bids_agree(view, knowledge(view), real, rng)
                    checked += 1
            game.apply(bidder.choose(game.view(seat)))
    assert checked > 100
