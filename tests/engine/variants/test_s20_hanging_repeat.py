"""RULES-VARIANTS.md §20 ``hanging_repeat`` with H14: a new hanging bait while points
still hang."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from engine import HandResult, HangingRepeat, Outcome, Rules, Suit
from engine.scoring import score_hand


def score(
    cards: Sequence[int],
    repeat: HangingRepeat,
    *,
    hanging: int = 0,
    queue: tuple[int, ...] = (),
) -> HandResult:
    """Seat 0 bids and takes the last trick (+10); every seat took a trick."""
    players = len(cards)
    return score_hand(
        rules=Rules(hanging_bait=True, hanging_repeat=repeat),
        players=players,
        hand_number=2,
        dealer=players - 1,
        bidder=0,
        trump=Suit.SPADES,
        card_points=tuple(cards),
        tricks=(1,) * players,
        last_trick_seat=0,
        meld_side=None,
        meld_points=0,
        bella_seat=None,
        hanging_before=hanging,
        baits_before=(0,) * (2 if players == 4 else players),
        hanging_queue=queue,
    )


def won(result: HandResult) -> list[int]:
    return [side.hanging_won for side in result.sides]


@pytest.mark.parametrize("repeat", list(HangingRepeat))
def test_a_first_hanging_bait_hangs_under_every_value(repeat: HangingRepeat) -> None:
    result = score([60, 70, 20], repeat)  # 70 == 70
    assert result.outcome is Outcome.HANGING
    assert result.hanging == 70


def test_add_a_new_hanging_bait_adds_and_nobody_collects() -> None:
    result = score([60, 70, 20], HangingRepeat.ADD, hanging=50)
    assert won(result) == [0, 0, 0]
    assert result.hanging == 120


def test_add_the_single_top_scorer_takes_everything() -> None:
    result = score([90, 40, 20], HangingRepeat.ADD, hanging=120)
    assert won(result) == [120, 0, 0]
    assert result.hanging == 0


def test_queue_the_amounts_stay_apart_and_the_top_scorer_takes_the_oldest() -> None:
    tie = score([60, 70, 20], HangingRepeat.QUEUE, hanging=50, queue=(50,))
    assert tie.hanging_queue == (50, 70)
    assert tie.hanging == 120
    after = score([90, 40, 20], HangingRepeat.QUEUE, hanging=120, queue=tie.hanging_queue)
    assert won(after) == [50, 0, 0]
    assert after.hanging_queue == (70,)
    assert after.hanging == 70


def test_queue_a_stored_total_without_a_list_is_one_amount() -> None:
    after = score([90, 40, 20], HangingRepeat.QUEUE, hanging=64)
    assert won(after) == [64, 0, 0]
    assert after.hanging_queue == ()


def test_split_three_players_the_old_points_go_to_the_new_defenders() -> None:
    result = score([60, 70, 20], HangingRepeat.SPLIT, hanging=51)
    assert result.outcome is Outcome.HANGING
    # an odd point to the first defender clockwise after the bidder (seat 1)
    assert won(result) == [0, 26, 25]
    assert [side.written for side in result.sides] == [0, 70 + 26, 20 + 25]
    assert result.hanging == 70


def test_split_with_two_players_is_add() -> None:
    result = score([70, 80], HangingRepeat.SPLIT, hanging=50)
    assert result.outcome is Outcome.HANGING
    assert won(result) == [0, 0]
    assert result.hanging == 130
