"""RULES-VARIANTS.md §11 ``defenders_pool_melds``: with 3 players the defenders are one
side for meld crediting; each writes his own melds."""

from __future__ import annotations

import pytest

from engine import Game, HandScored, MeldsWon, Rules
from engine.ai.infer import meld_layout

from ..decks import choose_trump, deal, events_of, play_out

# Three players, dealer 2, spades trump (7S face up): seat 0 bids and leads.
# Seat 0 (bidder) holds a terz to the queen of diamonds; seat 1 a terz to the king of
# clubs, the highest meld; seat 2 a terz to the 10 of hearts, the lowest.
HANDS = [
    "10D JD QD AS KS AC 9S 8S 7H",
    "JC QC KC AH AD 10S 9C 8C 8D",
    "8H 9H 10H KH JS QS 7C 7D 9D",
]


def hand_result(rules: Rules) -> tuple[Game, HandScored, list[MeldsWon]]:
    game = deal(3, 2, HANDS, "7S", rules)
    choose_trump(game, "S")
    events = play_out(game)
    (scored,) = events_of(events, HandScored)
    return game, scored, events_of(events, MeldsWon)


def test_off_only_the_highest_holder_scores() -> None:
    _, scored, won = hand_result(Rules())
    assert [side.melds for side in scored.result.sides] == [0, 20, 0]
    assert [seat for seat, _ in won[0].melds] == [1]


def test_on_both_defenders_write_their_own_melds() -> None:
    _, scored, won = hand_result(Rules(defenders_pool_melds=True))
    assert [side.melds for side in scored.result.sides] == [0, 20, 20]
    assert sorted(seat for seat, _ in won[0].melds) == [1, 2]
    assert won[0].points == 40


def test_on_the_bidder_scores_only_by_beating_both() -> None:
    hands = [
        "10D JD QD KD AS KS AC 9S 8S",  # a fifty: beats both
        HANDS[1],
        HANDS[2],
    ]
    game = deal(3, 2, hands, "7S", Rules(defenders_pool_melds=True))
    choose_trump(game, "S")
    (scored,) = events_of(play_out(game), HandScored)
    assert [side.melds for side in scored.result.sides] == [50, 0, 0]


@pytest.mark.parametrize("players", [2, 4])
def test_ignored_with_two_or_four_players(players: int) -> None:
    game = Game.new(players, Rules(defenders_pool_melds=True), seed=11)
    plain = Game.new(players, Rules(), seed=11)
    for _ in range(60):
        if game.to_act is None:
            break
        action = game.legal_actions()[0]
        assert plain.legal_actions()[0] == action
        game.apply(action)
        plain.apply(action)
    assert game.scores == plain.scores


def test_the_computer_players_layout_pools_the_defenders_too() -> None:
    game = deal(3, 2, HANDS, "7S", Rules(defenders_pool_melds=True))
    choose_trump(game, "S")
    start = [game.hand_mask(seat) for seat in range(3)]
    layout = meld_layout(start, 0, 0, game.rules, game.dealer, game.bidder)
    assert sorted(layout.pooled) == [(1, 20), (2, 20)]
    assert layout.points == 40
