"""RULES-VARIANTS.md §12 (``debertz_length``, ``debertz_score``) and §13
(``hundred_four_only``)."""

from __future__ import annotations

import pytest

from engine import (
    DebertzScore,
    DebertzWon,
    Event,
    Game,
    GameOver,
    MeldKind,
    Phase,
    Rules,
    RulesError,
    find_melds,
)
from engine.cards import mask_of

from ..decks import C, choose_trump, deal, events_of, play

# Two players, dealer 1: seat 0 holds six clubs in a row, 7 to Q (not trump).
SIX = ["7C 8C 9C 10C JC QC AS AH AD", "7D 8D 9D KS QS KH QH 9H 8H"]


def first_card(rules: Rules) -> tuple[list[Event], Game]:
    game = deal(2, 1, SIX, "7S", rules)
    choose_trump(game, "S")
    return play(game, "AS"), game


def test_a_run_of_six_wins_with_debertz_length_6() -> None:
    events, game = first_card(Rules(debertz_wins=True, debertz_length=6))
    (won,) = events_of(events, DebertzWon)
    assert won.seat == 0
    assert won.meld.length == 6
    assert game.phase is Phase.FINISHED
    assert game.winner == 0
    assert game.scores == (0, 0)  # debertz_score=none writes nothing


def test_a_run_of_six_does_not_win_with_the_default_length() -> None:
    events, game = first_card(Rules(debertz_wins=True))
    assert not events_of(events, DebertzWon)
    assert game.phase is Phase.PLAY


def test_debertz_score_target_sets_the_winner_to_the_target() -> None:
    rules = Rules(debertz_wins=True, debertz_length=6, debertz_score=DebertzScore.TARGET)
    events, game = first_card(rules)
    (over,) = events_of(events, GameOver)
    assert game.scores == (501, 0)
    assert over.scores == (501, 0)


def test_debertz_length_is_6_or_7() -> None:
    with pytest.raises(RulesError, match="debertz_length"):
        Rules(debertz_length=5)


FIVE = mask_of(C(code) for code in ["7H", "8H", "9H", "10H", "JH"])


@pytest.mark.parametrize(
    ("players", "kind"),
    [(2, MeldKind.FIFTY), (3, MeldKind.FIFTY), (4, MeldKind.HUNDRED)],
)
def test_hundred_four_only(players: int, kind: MeldKind) -> None:
    rules = Rules(hundred=True, hundred_four_only=True)
    (meld,) = find_melds(FIVE, rules, players)
    assert meld.kind is kind


@pytest.mark.parametrize("players", [2, 3, 4])
def test_hundred_without_four_only_at_every_table(players: int) -> None:
    (meld,) = find_melds(FIVE, Rules(hundred=True), players)
    assert meld.kind is MeldKind.HUNDRED


def test_hundred_four_only_in_a_three_player_game() -> None:
    hands = ["7H 8H 9H 10H JH AS KS AC KC", "7C 8C 9C 7D 8D 9D AD KD QD", ""]
    game = deal(3, 2, hands, "7S", Rules(hundred=True, hundred_four_only=True))
    choose_trump(game, "S")
    (meld,) = [m for m in game.view(0).own_melds if m.suit.letter == "H"]
    assert meld.kind is MeldKind.FIFTY
    assert meld.points == 50
