"""RULES-VARIANTS.md §24 ``four_player_mode`` with H12: four players each for himself."""

from __future__ import annotations

import pytest

from engine import (
    DealerRotation,
    FourPlayerMode,
    Game,
    GameOver,
    HandResult,
    HandScored,
    MeldTie,
    Outcome,
    Phase,
    Rules,
    Suit,
    ThreePlayerBait,
    ThreePlayerContract,
    TrickWon,
)
from engine.ai import HeuristicPlayer
from engine.ai.policy import _partner
from engine.legal import PlayRules
from engine.scoring import bolt_cost, score_hand, side_count

from ..decks import deal, events_of, play, play_out
from .helpers import legal

SOLO = Rules(four_player_mode=FourPlayerMode.SOLO)


def solo_hand(
    card_points: tuple[int, int, int, int],
    last_trick_seat: int,
    rules: Rules = SOLO,
    bidder: int = 0,
) -> HandResult:
    """A 4-player hand without melds or bella, each seat with two tricks."""
    return score_hand(
        rules=rules,
        players=4,
        hand_number=1,
        dealer=3,
        bidder=bidder,
        trump=Suit.HEARTS,
        card_points=card_points,
        tricks=(2, 2, 2, 2),
        last_trick_seat=last_trick_seat,
        meld_side=None,
        meld_points=0,
        bella_seat=None,
        hanging_before=0,
        baits_before=(0, 0, 0, 0),
    )


def scored(
    card_points: tuple[int, int, int, int],
    last_trick_seat: int,
    rules: Rules = SOLO,
    bidder: int = 0,
) -> list[int]:
    """What each seat writes for :func:`solo_hand`."""
    return [line.written for line in solo_hand(card_points, last_trick_seat, rules, bidder).sides]


def test_each_seat_is_a_side() -> None:
    game = Game.new(4, SOLO, seed=3)
    assert game.sides == 4
    assert game.scores == (0, 0, 0, 0)
    assert [game.side_of(seat) for seat in range(4)] == [0, 1, 2, 3]
    assert Game.new(4, Rules(), seed=3).sides == 2  # pairs stay the default


@pytest.mark.parametrize(
    ("rules", "players", "beside"),
    [
        (Rules(), 4, [0b0101, 0b1010, 0b0101, 0b1010]),
        (SOLO, 4, [0b0001, 0b0010, 0b0100, 0b1000]),
        (Rules(), 3, [0b001, 0b010, 0b100]),
        (Rules(), 2, [0b01, 0b10]),
    ],
)
def test_the_seats_beside_a_seat_are_its_partner_only_in_pairs(
    rules: Rules, players: int, beside: list[int]
) -> None:
    game = Game.new(players, rules, seed=3)
    assert [game.seats_beside(seat) for seat in range(players)] == beside
    view = game.view(0)
    assert [view.seats_beside(seat) for seat in range(players)] == beside


@pytest.mark.parametrize(
    ("rules", "players", "pairs"),
    [(Rules(), 4, True), (SOLO, 4, False), (Rules(), 3, False), (SOLO, 2, False)],
)
def test_pairs_only_with_four_players_not_solo(rules: Rules, players: int, pairs: bool) -> None:
    assert rules.in_pairs(players) is pairs
    assert PlayRules.of(rules, players).pairs is pairs
    assert rules.in_pairs(players) is (side_count(players, rules.solo(players)) < players)


def test_the_bidder_must_beat_each_opponent() -> None:
    # totals 50, 40, 40, 32: made
    assert scored((40, 40, 40, 32), 0) == [50, 40, 40, 32]


def test_a_bait_goes_to_the_richest_opponent() -> None:
    # totals 30, 70, 30, 32: seat 1 takes the bidder's 30
    assert scored((30, 60, 30, 32), 1) == [0, 100, 30, 32]


def test_tied_richest_opponents_share_the_bait_remainder_clockwise_from_the_bidder() -> None:
    # totals 31, 50, 50, 31: seats 1 and 2 share 31 (16 to seat 1, first after the bidder)
    assert scored((31, 50, 50, 21), 3) == [0, 66, 65, 31]
    # the same with the bidder at seat 2: seat 3 is the first clockwise after him
    assert scored((50, 21, 31, 50), 1, bidder=2) == [50 + 15, 31, 0, 50 + 16]


def test_half_splits_the_bait_among_all_three() -> None:
    rules = SOLO.replace(three_player_bait=ThreePlayerBait.HALF)
    # totals 31, 60, 40, 31: 31 = 11 + 10 + 10, the odd point to seat 1
    assert scored((31, 50, 40, 31), 1, rules) == [0, 60 + 11, 40 + 10, 31 + 10]


def test_richer_else_hang_keeps_the_bait_for_the_tied_richest() -> None:
    rules = SOLO.replace(three_player_bait=ThreePlayerBait.RICHER_ELSE_HANG)
    result = solo_hand((31, 50, 50, 21), 3, rules)
    assert [line.written for line in result.sides] == [0, 50, 50, 31]
    assert result.pools == ((31, (1, 2)),)


def test_sum_contract_applies_only_with_three_players() -> None:
    rules = SOLO.replace(three_player_contract=ThreePlayerContract.SUM)
    # 50 beats each of 40, 40, 32 but not their sum: still made with 4 solo
    assert scored((40, 40, 40, 32), 0, rules) == [50, 40, 40, 32]


def test_bolt_by_players_costs_50_with_four_solo_and_100_with_pairs() -> None:
    assert bolt_cost(SOLO.replace(bolt_by_players=True), 4) == 50
    assert bolt_cost(Rules(bolt_by_players=True), 4) == 100


# Dealer 3 (face-up 7H): seat 0 holds a fifty in spades, seat 2 (his partner in pairs)
# two terzes (diamonds, hearts); nobody else has a meld.
MELDS = [
    "AS KS QS JS 10S 7C 8C AC",
    "8H 9C JC QC KC 9S 7D 8D",
    "7S 8S QD KD AD JH 10H 9H",
    "7H QH KH AH 10C 9D 10D JD",
]


@pytest.mark.parametrize(
    ("mode", "melds"), [(FourPlayerMode.PAIRS, [90, 0]), (FourPlayerMode.SOLO, [50, 0, 0, 0])]
)
def test_melds_only_the_single_highest_holder_scores(
    mode: FourPlayerMode, melds: list[int]
) -> None:
    game = deal(4, 3, MELDS, "7H", Rules(four_player_mode=mode))
    play(game, "play")  # seat 0 plays hearts
    events = play_out(game)
    (hand,) = events_of(events, HandScored)
    assert [line.melds for line in hand.result.sides] == melds


# Seat 0 leads AS, seat 1 ruffs with 8H, seat 2 follows with 7S; seat 3 is void in spades.
FOUR = [
    "AS KS QS JS 10S 9S AC 10C",
    "8H 7C 8C 9C JC QC KC 7D",
    "7S 8S AD JD 10H KH AH JH",
    "7H 9H QH 8D 9D 10D QD KD",
]


def test_overtrump_partner_does_not_apply_every_trump_is_an_opponents() -> None:
    game = deal(4, 3, FOUR, "7H", SOLO.replace(overtrump_partner=False))
    play(game, "play", "AS", "8H", "7S")
    # in pairs seat 3 could play under his partner's 8H; solo, seat 1 is an opponent
    assert legal(game) == {"9H", "QH"}


def test_winner_deals_gives_the_deal_to_the_winning_seat_itself() -> None:
    rules = SOLO.replace(dealer_rotation=DealerRotation.WINNER)
    game = deal(4, 3, MELDS, "7H", rules)
    play(game, "play")
    events = play_out(game)
    (hand,) = events_of(events, HandScored)
    # seat 0 sits; the richest opponent, seat 2, takes his points and writes most
    assert [line.written for line in hand.result.sides] == [0, 0, 155, 77]
    # in pairs the deal would go to seat 0, the first of that pair after dealer 3
    assert game.dealer == 2


def test_the_player_not_the_pair_wins_the_game() -> None:
    game = deal(4, 3, MELDS, "7H", SOLO.replace(target=1))
    play(game, "play")
    events = play_out(game)
    (over,) = events_of(events, GameOver)
    assert over.winner == 2  # seat 2 alone, not the pair of seats 0 and 2
    assert game.winners == (2,)
    assert len(over.scores) == 4


def test_computer_players_have_no_partner_and_finish_a_game() -> None:
    assert _partner(0, 4, bidder=1, solo=True) == -1
    assert _partner(0, 4, bidder=1) == 2
    game = Game.new(4, SOLO.replace(target=101), seed=11)
    players = [HeuristicPlayer(seed) for seed in range(4)]
    for _ in range(2000):
        if game.phase is Phase.FINISHED:
            break
        seat = game.to_act
        assert seat is not None
        game.apply(players[seat].choose(game.view(seat)))
    assert game.phase is Phase.FINISHED
    assert game.winner in range(4)
    assert all(result.outcome in (Outcome.MADE, Outcome.BAIT) for result in game.sheet)
    assert Game.from_json(game.to_json()) == game


# Seats 0 and 1 hold tied terzes (clubs and diamonds to the 9, hearts trump); seat 2,
# holding no meld, takes the last trick.
TIED = [
    "7C 8C 9C AS 9S 7S QD AD",
    "7D 8D 9D KC AC 8S 10S KS",
    "JH AH KH 8H QC JC 10D JD",
    "7H 9H 10H QH 10C KD QS JS",
]


def test_meld_tie_last_trick_taken_by_no_tied_holder_goes_to_the_first_to_play() -> None:
    game = deal(4, 3, TIED, "7H", SOLO.replace(meld_tie=MeldTie.LAST_TRICK))
    play(game, "play")
    events = play_out(game)
    (last,) = [event for event in events_of(events, TrickWon) if event.last]
    assert last.winner == 2
    (hand,) = events_of(events, HandScored)
    # seat 0 leads the first trick, so plays before seat 1
    assert [line.melds for line in hand.result.sides] == [20, 0, 0, 0]
