"""RULES-VARIANTS.md §8 (with H1, H9): redeal claims on four sevens or a weak hand."""

from __future__ import annotations

import pytest

from engine import (
    ClaimRedeal,
    ExtraCardsDealt,
    Game,
    HandDealt,
    IllegalActionError,
    NoRedeal,
    Phase,
    PlayCard,
    Reason,
    Redeal,
    RedealClaimed,
    Rules,
)
from engine.phases.claims import plain_value

from ..decks import C, choose_trump, deal, events_of, play

# Three players, dealer 2, face-up 8S: seat 0 plays spades in round 1.
# Seat 1 gets three sevens first and the fourth (7H) among its extras; seat 2's first
# six cards are worth 0 at plain value (sevens, eights, nines), 2 with its jack.
HANDS = [
    "AS KS AC 10C AD KD QS 10H JH",
    "7S 7C 7D 9S 10S JS 7H QH KH",
    "8C 9C 8D 9D 8H 9H JC AH QC",
]


def start(rules: Rules) -> Game:
    """The game after the deal; no trump-seven exchange (seat 1 holds 7S), except where
    a test asks for it."""
    game = deal(3, 2, HANDS, "8S", rules.replace(seven_exchange=False))
    assert plain_value(sum(C(code).mask for code in HANDS[2].split()[:6])) == 0
    return game


def test_four_sevens_counted_with_the_extras_open_the_claims() -> None:
    game = start(Rules(four_sevens_redeal=True))
    events = play(game, "play")
    assert events_of(events, ExtraCardsDealt)
    assert game.phase is Phase.REDEAL_CLAIMS
    assert game.to_act == 1
    assert game.legal_actions() == [ClaimRedeal(), NoRedeal()]


def test_a_claim_voids_the_hand_and_the_next_dealer_deals() -> None:
    game = start(Rules(four_sevens_redeal=True))
    play(game, "play")
    events = play(game, "redeal")
    assert events_of(events, RedealClaimed)[0].seat == 1
    assert events_of(events, Redeal)[0].dealer == 0
    assert events_of(events, HandDealt)[0].hand_number == 1  # no hand on the sheet
    assert game.sheet == ()
    assert game.dealer == 0
    assert game.phase is Phase.BIDDING


def test_no_redeal_plays_on() -> None:
    game = start(Rules(four_sevens_redeal=True))
    play(game, "play")
    play(game, "no_redeal")
    assert game.phase is Phase.PLAY
    assert game.to_act == 0


def test_off_nobody_is_asked() -> None:
    game = start(Rules())
    play(game, "play")
    assert game.phase is Phase.PLAY


@pytest.mark.parametrize(
    ("limit", "asked"), [(-1, []), (0, [2]), (2, [2]), (11, [2]), (12, [1, 2])]
)
def test_weak_hand_threshold(limit: int, asked: list[int]) -> None:
    game = start(Rules(weak_hand_redeal=limit))
    play(game, "play")
    seen = []
    while game.phase is Phase.REDEAL_CLAIMS:
        seen.append(game.to_act)
        play(game, "no_redeal")
    assert seen == asked
    assert game.phase is Phase.PLAY


def test_both_qualify_clockwise_from_the_left_of_the_dealer() -> None:
    game = start(Rules(four_sevens_redeal=True, weak_hand_redeal=2))
    play(game, "play")
    assert game.to_act == 1
    play(game, "no_redeal")
    assert game.to_act == 2
    events = play(game, "redeal")
    assert events_of(events, RedealClaimed)[0].seat == 2


def test_the_seven_exchange_waits_for_the_claims() -> None:
    game = deal(3, 2, HANDS, "8S", Rules(weak_hand_redeal=2))
    play(game, "play")
    assert game.legal_actions() == [ClaimRedeal(), NoRedeal()]
    play(game, "no_redeal")
    assert game.phase is Phase.EXCHANGE  # seat 1 holds the trump seven
    assert game.to_act == 1


def test_refusals_in_the_claims_phase() -> None:
    game = start(Rules(four_sevens_redeal=True))
    play(game, "play")
    with pytest.raises(IllegalActionError) as info:
        game.apply(PlayCard(C("7S")))
    assert info.value.reason is Reason.WRONG_PHASE
    with pytest.raises(IllegalActionError) as info:
        game.apply(NoRedeal(), seat=0)
    assert info.value.reason is Reason.NOT_YOUR_TURN
    with pytest.raises(IllegalActionError) as info:
        Game.new(3, Rules(), seed=1).apply(ClaimRedeal())
    assert info.value.reason is Reason.WRONG_PHASE


def test_four_players_count_all_eight_cards() -> None:
    hands = [
        "7S 7C 7D 7H 8S 8C 8D 8H",  # four sevens, plain value 0
        "AS KS AC 10C AD KD 10S QS",
        "9S 9C 9D 9H JS JC JD JH",
        "10D QD QC KC AH KH QH 10H",
    ]
    game = deal(4, 3, hands, "10H", Rules(four_sevens_redeal=True, weak_hand_redeal=0))
    choose_trump(game, "H")
    assert game.legal_actions() == [ClaimRedeal(), NoRedeal()]
    assert game.to_act == 0
    play(game, "no_redeal")
    assert game.phase is Phase.PLAY


def test_a_state_in_the_claims_phase_round_trips() -> None:
    game = start(Rules(four_sevens_redeal=True, weak_hand_redeal=2))
    play(game, "play", "no_redeal")
    restored = Game.from_json(game.to_json())
    assert restored == game
    assert restored.to_act == 2
    assert restored.legal_actions() == game.legal_actions()
