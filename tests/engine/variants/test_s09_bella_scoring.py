"""RULES-VARIANTS.md §9 ``bella_scoring``: who writes bella's 20."""

from __future__ import annotations

import pytest

from engine import BellaAnnouncement, BellaScoring, HandScored, Rules, Suit
from engine.scoring import score_hand

from ..decks import choose_trump, deal, events_of, play, play_out

# Two players, dealer 1, spades proposed (7S, out of play): seat 0 bids and leads.
# Seat 0 leads KS, seat 1 must beat it with JS; seat 1 leads 7H, AH wins; seat 0 leads QS
# and seat 1's 8S cannot beat it: the K trick goes to seat 1, the Q trick to seat 0.
SPLIT = [
    "KS QS AH AD AC 10H 10D 10C KH",
    "JS 8S 7H 8H 9H 7D 8D 7C 8C",
]
# Seat 0 takes both bella tricks.
BOTH = [
    "KS QS AH AD AC 10H 10D 10C KH",
    "8S 9H 7H 8H 7D 8D 9D 7C 8C",
]
# Seat 1 holds bella and takes no trick at all.
NO_TRICK = [
    "JS 9S AS 10S AH AD AC 10H 10D",
    "KS QS 7H 8H 9H 7D 8D 7C 8C",
]


def bella_written(hands: list[str], rules: Rules, opening: tuple[str, ...]) -> list[int]:
    game = deal(2, 1, hands, "7S", rules)
    choose_trump(game, "S")
    assert game.trump is Suit.SPADES
    events = play(game, *opening)
    events += play_out(game)
    (scored,) = events_of(events, HandScored)
    return [side.bella for side in scored.result.sides]


SPLIT_OPENING = ("KS", "JS", "7H", "AH", "QS", "8S")


@pytest.mark.parametrize(
    ("scoring", "announcement", "expected"),
    [
        (BellaScoring.ALWAYS, BellaAnnouncement.SECOND, [20, 0]),
        (BellaScoring.TRICK_TAKER, BellaAnnouncement.SECOND, [20, 0]),  # the Q trick
        (BellaScoring.TRICK_TAKER, BellaAnnouncement.FIRST, [0, 20]),  # the K trick
        (BellaScoring.NEEDS_TRICK, BellaAnnouncement.SECOND, [20, 0]),
        (BellaScoring.STRICT, BellaAnnouncement.SECOND, [0, 0]),
    ],
)
def test_split_bella_tricks(
    scoring: BellaScoring, announcement: BellaAnnouncement, expected: list[int]
) -> None:
    rules = Rules(bella_scoring=scoring, bella_announcement=announcement)
    assert bella_written(SPLIT, rules, SPLIT_OPENING) == expected


def test_strict_the_holder_took_both_tricks() -> None:
    rules = Rules(bella_scoring=BellaScoring.STRICT)
    assert bella_written(BOTH, rules, ("KS", "8S", "QS", "7H")) == [20, 0]


@pytest.mark.parametrize(
    ("scoring", "expected"),
    [
        (BellaScoring.ALWAYS, [0, 20]),
        (BellaScoring.NEEDS_TRICK, [0, 0]),
        (BellaScoring.STRICT, [0, 0]),
        (BellaScoring.TRICK_TAKER, [20, 0]),
    ],
)
def test_a_holder_without_a_trick(scoring: BellaScoring, expected: list[int]) -> None:
    rules = Rules(bella_scoring=scoring)
    assert bella_written(NO_TRICK, rules, ("JS", "KS", "9S", "QS")) == expected


def test_bella_counts_for_its_holder_in_the_contract_comparison() -> None:
    def result(bella_to: int | None) -> tuple[str, list[int]]:
        scored = score_hand(
            rules=Rules(bella_scoring=BellaScoring.TRICK_TAKER),
            players=2,
            hand_number=1,
            dealer=1,
            bidder=0,
            trump=Suit.SPADES,
            card_points=(70, 82),
            tricks=(4, 5),
            last_trick_seat=0,
            meld_side=None,
            meld_points=0,
            bella_seat=0,
            hanging_before=0,
            baits_before=(0, 0),
            bella_to=bella_to,
        )
        return scored.outcome.value, [side.written for side in scored.sides]

    # 70 + 10 + bella 20 = 100 beats 82 even though the opponent writes the 20
    assert result(1) == ("made", [80, 102])
    assert result(None) == ("made", [80, 82])
