"""RULES-VARIANTS.md §C (§14 ``must_trump``, §15 ``overtrump_scope``, §16
``overtrump_partner``): the legal cards, in the game and in the playout path."""

from __future__ import annotations

import pytest

from engine import Game, IllegalActionError, OvertrumpScope, PlayCard, Reason, Rules
from engine.legal import PlayRules, legal_mask

from ..decks import C, choose_trump, deal, play
from .helpers import legal

# Three players, dealer 2: seat 0 leads; hearts named in round 2 (face-up 7S).
THREE = [
    "AS 10S KS AC 10C AD 10D KD 8H",
    "7C 8C 9C QC 7D 8D 9D JD 10H",  # no spades, one trump
    "JC KC QD 7H 9H JH QH KH AH",  # no spades, six trumps
]


def three(rules: Rules) -> Game:
    game = deal(3, 2, THREE, "7S", rules)
    choose_trump(game, "H")
    return game


def agrees_with_playout(game: Game) -> None:
    """The playout path's legal cards are the game's."""
    trick = [card.index for _, card in game.trick]
    seat = game.to_act
    assert seat is not None
    mask = legal_mask(game.hand_mask(seat), trick, 3, PlayRules.of(game.rules, game.players))
    assert mask == game.legal_card_mask()


def test_s14_must_trump_on_a_void_player_trumps() -> None:
    game = three(Rules())
    play(game, "AS")
    assert legal(game) == {"10H"}
    agrees_with_playout(game)


def test_s14_must_trump_off_a_void_player_may_discard() -> None:
    game = three(Rules(must_trump=False))
    play(game, "AS")
    assert legal(game) == {"7C", "8C", "9C", "QC", "7D", "8D", "9D", "JD", "10H"}
    agrees_with_playout(game)


def test_s14_a_trump_played_by_choice_still_beats_the_highest_trump() -> None:
    game = three(Rules(must_trump=False))
    play(game, "AS", "10H")
    # discards are free; a trump must beat the 10: J, 9 or A
    assert legal(game) == {"JC", "KC", "QD", "9H", "JH", "AH"}
    agrees_with_playout(game)
    with pytest.raises(IllegalActionError) as info:
        game.apply(PlayCard(C("KH")))
    assert info.value.reason is Reason.MUST_OVERTRUMP


def test_s14_without_the_overtrump_duty_a_free_player_plays_anything() -> None:
    game = three(Rules(must_trump=False, overtrump=False))
    play(game, "AS", "10H")
    assert legal(game) == {"JC", "KC", "QD", "7H", "9H", "JH", "QH", "KH", "AH"}


def test_s15_led_and_ruff_the_duty_holds_over_a_ruff() -> None:
    game = three(Rules())
    play(game, "AS", "10H")
    assert legal(game) == {"9H", "JH", "AH"}


def test_s15_trump_led_only_no_duty_over_a_ruff_but_still_a_trump() -> None:
    game = three(Rules(overtrump_scope=OvertrumpScope.TRUMP_LED))
    play(game, "AS", "10H")
    assert legal(game) == {"7H", "9H", "JH", "QH", "KH", "AH"}
    agrees_with_playout(game)


@pytest.mark.parametrize("scope", list(OvertrumpScope))
def test_s15_when_trump_is_led_the_duty_holds_under_both_scopes(scope: OvertrumpScope) -> None:
    game = three(Rules(overtrump_scope=scope))
    play(game, "8H", "10H")
    assert legal(game) == {"9H", "JH", "AH"}
    agrees_with_playout(game)


# Four players, dealer 3 (face-up 7H in its hand): seat 0 takes hearts and leads AS;
# seat 1 ruffs with its only trump 8H, seat 2 follows, seat 3 (seat 1's partner) is void.
FOUR = [
    "AS KS QS JS 10S 9S AC 10C",
    "8H 7C 8C 9C JC QC KC 7D",
    "7S 8S AD JD 10H KH AH JH",
    "7H 9H QH 8D 9D 10D QD KD",
]


def four(rules: Rules) -> Game:
    game = deal(4, 3, FOUR, "7H", rules)
    play(game, "play")
    play(game, "AS", "8H", "7S")
    assert game.to_act == 3
    return game


def test_s16_overtrump_partner_on_the_partners_trump_must_be_beaten() -> None:
    game = four(Rules())
    assert legal(game) == {"9H", "QH"}
    agrees_with_playout(game)


def test_s16_overtrump_partner_off_any_trump_over_the_partners() -> None:
    game = four(Rules(overtrump_partner=False))
    assert legal(game) == {"7H", "9H", "QH"}
    agrees_with_playout(game)


def test_s16_overtrump_partner_off_an_opponents_trump_must_still_be_beaten() -> None:
    game = deal(4, 3, FOUR, "7H", Rules(overtrump_partner=False))
    play(game, "play", "AC")  # seat 1 follows clubs; seat 2 void ruffs; seat 3 ...
    play(game, "7C", "10H")
    # seat 3 holds no club: the 10 of hearts is an opponent's, so 9H (above it) is forced
    assert game.to_act == 3
    assert legal(game) == {"9H"}
    agrees_with_playout(game)


def test_s16_does_nothing_with_three_players() -> None:
    game = three(Rules(overtrump_partner=False))
    play(game, "AS", "10H")
    assert legal(game) == {"9H", "JH", "AH"}
