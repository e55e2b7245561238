"""RULES-VARIANTS.md §12 ``klabor_wins`` (with ``debertz_score``)."""

from __future__ import annotations

import pytest

from engine import DebertzScore, Game, Phase, Rules

from ..decks import deck_for

KLABOR = ["9H", "10H", "JH", "QH", "KH", "AH"]


def dealt(players: int, hands: list[list[str]], rules: Rules) -> Game:
    return Game.from_deck(players, rules, deck_for(players, players - 1, hands=hands), players - 1)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_klabor_wins_at_once_before_bidding(players: int) -> None:
    game = dealt(players, [[], KLABOR], Rules(klabor_wins=True))
    assert game.phase is Phase.FINISHED
    assert game.winner == game.side_of(1)
    assert game.sheet == ()  # no hand result


def test_off_a_klabor_is_just_a_hand() -> None:
    game = dealt(3, [[], KLABOR], Rules())
    assert game.phase is Phase.BIDDING


def test_four_players_only_the_first_two_packets_count() -> None:
    # deck_for deals hands[seat][:3], [3:6], then the last packet [6:8]
    late = ["9H", "10H", "JH", "QH", "7S", "8S", "KH", "AH"]
    game = dealt(4, [[], late], Rules(klabor_wins=True))
    assert game.phase is Phase.BIDDING


def test_two_klabors_the_first_from_the_left_of_the_dealer_wins() -> None:
    other = ["9S", "10S", "JS", "QS", "KS", "AS"]
    game = dealt(3, [KLABOR, other], Rules(klabor_wins=True))  # dealer 2: seat 0 first
    assert game.winner == 0


def test_debertz_score_target_applies_to_klabor() -> None:
    rules = Rules(klabor_wins=True, debertz_score=DebertzScore.TARGET, target=301)
    game = dealt(2, [[], KLABOR], rules)
    assert game.scores == (0, 301)
