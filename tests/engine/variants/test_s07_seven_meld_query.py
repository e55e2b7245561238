"""RULES-VARIANTS.md §7 ``seven_meld_query`` (with H10 and H14: steps 1-3 of the meld
ranking, strictly higher, the other hands as they stand)."""

from __future__ import annotations

import random

import pytest

from engine import ExchangeSeven, Game, KeepSeven, Phase, Rules, SevenExchangeTiming, Suit
from engine.ai.bidding import choose_exchange
from engine.ai.infer import resample
from engine.cards import mask_of

from ..decks import C, deal, play

QUERY = Rules(seven_meld_query=True)
HOLDER = "7H 8H 9H AS AC AD KD QD 9D"  # a terz of trump holding the seven


def offered(other: str, rules: Rules = QUERY, holder: str = HOLDER) -> Game:
    """2 players, seat 1 deals; seat 0 plays hearts (JH proposed) and may exchange."""
    game = deal(2, 1, [holder, other], "JH", rules=rules)
    play(game, "play")
    assert game.phase is Phase.EXCHANGE
    assert game.to_act == 0
    return game


@pytest.mark.parametrize(
    ("other", "rules", "answer"),
    [
        pytest.param("7S 9S JS KS 7C 9C JC KC 7D", QUERY, True, id="no other meld"),
        pytest.param("10S JS QS 7C 9C KC 7D 9S KS", QUERY, False, id="a higher run"),
        pytest.param("7C 8C 9C 10C 9S KS 7D JS 7S", QUERY, False, id="a fifty beats it"),
        pytest.param("7S 8S 9S JC KC 7D 10D 8C JD", QUERY, True, id="trump priority"),
        # H10: a tie only step 4 could settle answers no
        pytest.param(
            "7S 8S 9S JC KC 7D 10D 8C JD",
            QUERY.replace(trump_priority=False),
            False,
            id="a tie",
        ),
    ],
)
def test_the_answer_compares_by_steps_one_to_three(other: str, rules: Rules, answer: bool) -> None:
    assert offered(other, rules).view(0).seven_meld_answer is answer


def test_no_answer_without_a_run_holding_the_seven() -> None:
    game = offered("7S 9S JS KS 7C 9C JC KC 7D", holder="7H 9H KH AS AC AD KD QD 9D")
    assert game.view(0).seven_meld_answer is None


def test_only_the_holder_hears_it_and_only_with_the_option() -> None:
    game = offered("7S 9S JS KS 7C 9C JC KC 7D")
    assert game.view(1).seven_meld_answer is None
    assert game.public_view().seven_meld_answer is None
    off = offered("7S 9S JS KS 7C 9C JC KC 7D", Rules())
    assert off.view(0).seven_meld_answer is None
    play(game, "keep")
    assert game.view(0).seven_meld_answer is None  # the exchange is over


def test_before_the_extras_the_hands_are_compared_as_they_stand() -> None:
    # the higher run of the other seat arrives with the extras: before them, it is a yes
    rules = QUERY.replace(seven_exchange_timing=SevenExchangeTiming.BEFORE_EXTRAS)
    game = offered("10S JS 7C 9C KC 7D QS 9S KS", rules)
    assert len(game.hand(0)) == 6
    assert game.view(0).seven_meld_answer is True


def test_resampling_keeps_the_answer() -> None:
    game = offered("10S JS QS 7C 9C KC 7D 9S KS")
    view = game.view(0)
    rng = random.Random(2)
    for _ in range(5):
        assert resample(view, rng).view(0) == view


@pytest.mark.parametrize("answer", ["swap", "keep"])
def test_the_answer_survives_the_json_round_trip(answer: str) -> None:
    game = offered("10S JS QS 7C 9C KC 7D 9S KS")
    restored = Game.from_json(game.to_json())
    assert restored.view(0) == game.view(0)
    play(restored, answer)
    assert restored.phase is Phase.PLAY


def test_the_rule_based_player_keeps_a_winning_run_and_gives_up_a_losing_one() -> None:
    hand = mask_of(C(code) for code in ["7H", "8H", "9H", "AS", "AC", "AD", "KD", "QD", "9D"])
    ace = C("AH").index
    trump = int(Suit.HEARTS)
    assert choose_exchange(hand, trump, ace, QUERY) == ExchangeSeven()  # a guess
    assert choose_exchange(hand, trump, ace, QUERY, meld_wins=True) == KeepSeven()
    assert choose_exchange(hand, trump, ace, QUERY, meld_wins=False) == ExchangeSeven()
