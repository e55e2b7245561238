"""RULES-VARIANTS.md §18 ``three_player_bait=richer_else_hang`` (with H6)."""

from __future__ import annotations

from collections.abc import Sequence

from engine import HandResult, Outcome, Rules, Suit, ThreePlayerBait
from engine.scoring import score_hand

RULES = Rules(three_player_bait=ThreePlayerBait.RICHER_ELSE_HANG, third_bait_penalty=100)


def score(
    cards: Sequence[int],
    *,
    bidder: int = 0,
    pools: tuple[tuple[int, tuple[int, ...]], ...] = (),
    baits: tuple[int, ...] = (0, 0, 0),
) -> HandResult:
    """Three players; seat 0 takes the last trick (+10); everyone took a trick."""
    return score_hand(
        rules=RULES,
        players=3,
        hand_number=2,
        dealer=2,
        bidder=bidder,
        trump=Suit.SPADES,
        card_points=tuple(cards),
        tricks=(1, 1, 1),
        last_trick_seat=0,
        meld_side=None,
        meld_points=0,
        bella_seat=None,
        hanging_before=0,
        baits_before=baits,
        pools=pools,
    )


def written(result: HandResult) -> list[int]:
    return [side.written for side in result.sides]


def test_unequal_defenders_the_richer_takes_the_bait() -> None:
    result = score([30, 70, 52])  # bidder 40 sits
    assert result.outcome is Outcome.BAIT
    assert written(result) == [0, 110, 52]
    assert result.pools == ()


def test_tied_defenders_the_bait_is_kept_for_those_two() -> None:
    result = score([40, 56, 56])  # bidder 50 sits, defenders tie at 56
    assert result.outcome is Outcome.BAIT
    assert written(result) == [0, 56, 56]
    assert result.pools == ((50, (1, 2)),)
    assert result.sides[0].bait  # still a bait of the bidder's


def test_the_first_later_hand_one_of_them_outscores_the_other_takes_it() -> None:
    pools = ((50, (1, 2)),)
    still = score([60, 40, 40], pools=pools)  # seats 1 and 2 tie again: kept
    assert still.pools == pools
    assert [side.pool_won for side in still.sides] == [0, 0, 0]
    taken = score([90, 20, 40], pools=pools)  # seat 2 beats seat 1
    assert [side.pool_won for side in taken.sides] == [0, 0, 50]
    assert written(taken)[2] == 40 + 50
    assert taken.pools == ()


def test_the_bidder_can_never_claim_the_pool() -> None:
    pools = ((50, (1, 2)),)
    result = score([140, 3, 9], pools=pools)  # the bidder is top, seat 2 beats seat 1
    assert [side.pool_won for side in result.sides] == [0, 0, 50]


def test_pools_never_merge_and_the_bait_counts_for_the_third_bait_penalty() -> None:
    result = score([40, 56, 56], pools=((20, (1, 2)),), baits=(2, 0, 0))
    assert result.pools == ((20, (1, 2)), (50, (1, 2)))
    assert result.sides[0].bait_penalty == -100


def test_richer_and_half_do_not_hang() -> None:
    for bait in (ThreePlayerBait.RICHER, ThreePlayerBait.HALF):
        result = score_hand(
            rules=Rules(three_player_bait=bait),
            players=3,
            hand_number=1,
            dealer=2,
            bidder=0,
            trump=Suit.SPADES,
            card_points=(40, 56, 56),
            tricks=(1, 1, 1),
            last_trick_seat=0,
            meld_side=None,
            meld_points=0,
            bella_seat=None,
            hanging_before=0,
            baits_before=(0, 0, 0),
        )
        assert written(result) == [0, 56 + 25, 56 + 25]
        assert result.pools == ()
