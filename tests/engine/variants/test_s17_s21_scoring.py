"""RULES-VARIANTS.md §17 ``three_player_contract`` and §21 ``bolt_by_players``,
``third_bait_repeat``: the arithmetic of ``score_hand``."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from engine import HandResult, Outcome, Rules, RulesError, Suit, ThirdBaitRepeat
from engine import ThreePlayerContract as Contract
from engine.scoring import score_hand


def score(
    players: int,
    cards: Sequence[int],
    rules: Rules,
    *,
    tricks: Sequence[int] | None = None,
    baits: Sequence[int] | None = None,
) -> HandResult:
    """Seat 0 bids and takes the last trick."""
    sides = 2 if players == 4 else players
    return score_hand(
        rules=rules,
        players=players,
        hand_number=1,
        dealer=players - 1,
        bidder=0,
        trump=Suit.SPADES,
        card_points=tuple(cards),
        tricks=tuple(tricks) if tricks is not None else (1,) * players,
        last_trick_seat=0,
        meld_side=None,
        meld_points=0,
        bella_seat=None,
        hanging_before=0,
        baits_before=tuple(baits) if baits is not None else (0,) * sides,
    )


def written(result: HandResult) -> list[int]:
    return [side.written for side in result.sides]


SUM = Rules(three_player_contract=Contract.SUM)


def test_s17_sum_the_bidder_beats_both_defenders_together() -> None:
    result = score(3, [62, 40, 30], SUM)  # 72 > 70
    assert result.outcome is Outcome.MADE
    assert written(result) == [72, 40, 30]


def test_s17_sum_less_than_the_sum_is_a_bait_even_above_each() -> None:
    result = score(3, [60, 50, 42], SUM)  # 70 < 92, though 70 > 50
    assert result.outcome is Outcome.BAIT
    assert written(result) == [0, 50 + 70, 42]  # the richer defender takes it
    assert score(3, [60, 50, 42], Rules()).outcome is Outcome.MADE


def test_s17_sum_equal_is_a_tie_bait_without_hanging_bait() -> None:
    result = score(3, [66, 40, 36], SUM)  # 76 == 76
    assert result.outcome is Outcome.BAIT


def test_s17_sum_equal_hangs_with_hanging_bait() -> None:
    result = score(3, [66, 40, 36], SUM.replace(hanging_bait=True))
    assert result.outcome is Outcome.HANGING
    assert result.hanging == 76
    assert written(result) == [0, 40, 36]


def test_s17_sum_does_nothing_with_two_or_four_players() -> None:
    assert score(2, [60, 92], SUM).outcome is Outcome.BAIT
    assert score(4, [50, 30, 30, 42], SUM).outcome is Outcome.MADE  # 90 > 72


@pytest.mark.parametrize(("players", "cost"), [(2, 50), (3, 100), (4, 100)])
def test_s21_bolt_by_players(players: int, cost: int) -> None:
    cards = [152] + [0] * (players - 1)
    tricks = [9] + [0] * (players - 1)
    result = score(players, cards, Rules(bolt_by_players=True), tricks=tricks)
    assert [side.bolt for side in result.sides][1:] == [-cost] * (len(result.sides) - 1)
    assert result.sides[0].bolt == 0


def test_s21_bolt_by_players_needs_bolt_penalty_0() -> None:
    with pytest.raises(RulesError, match=r"bolt_by_players.*bolt_penalty"):
        Rules(bolt_by_players=True, bolt_penalty=50)


@pytest.mark.parametrize(
    ("repeat", "penalized"),
    [
        (ThirdBaitRepeat.EVERY_THIRD, {3, 6, 9}),
        (ThirdBaitRepeat.THIRD_AND_LATER, {3, 4, 5, 6, 7, 8, 9}),
        (ThirdBaitRepeat.THIRD_ONLY, {3}),
    ],
)
def test_s21_third_bait_repeat(repeat: ThirdBaitRepeat, penalized: set[int]) -> None:
    rules = Rules(third_bait_penalty=100, third_bait_repeat=repeat)
    charged = set()
    for before in range(9):
        result = score(2, [40, 112], rules, baits=[before, 0])
        assert result.outcome is Outcome.BAIT
        if result.sides[0].bait_penalty == -100:
            charged.add(before + 1)
    assert charged == penalized
