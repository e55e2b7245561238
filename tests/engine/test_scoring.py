"""RULES.md §7: scoring a hand. The arithmetic through ``engine.scoring.score_hand`` and
whole hands through ``Game``."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from engine import (
    Game,
    HandResult,
    HandScored,
    Outcome,
    Phase,
    Rules,
    Suit,
    ThreePlayerBait,
    TrickWon,
)
from engine.scoring import running_totals, score_hand

from .decks import choose_trump, deal, events_of, play, play_out


def score(
    players: int,
    bidder: int,
    cards: Sequence[int],
    *,
    last: int,
    tricks: Sequence[int] | None = None,
    meld_side: int | None = None,
    meld_points: int = 0,
    bella: int | None = None,
    hanging: int = 0,
    baits: Sequence[int] | None = None,
    rules: Rules | None = None,
) -> HandResult:
    sides = 2 if players == 4 else players
    return score_hand(
        rules=rules or Rules(),
        players=players,
        hand_number=1,
        dealer=0,
        bidder=bidder,
        trump=Suit.SPADES,
        card_points=tuple(cards),
        tricks=tuple(tricks) if tricks is not None else (1,) * players,
        last_trick_seat=last,
        meld_side=meld_side,
        meld_points=meld_points,
        bella_seat=bella,
        hanging_before=hanging,
        baits_before=tuple(baits) if baits is not None else (0,) * sides,
    )


def written(result: HandResult) -> list[int]:
    return [side.written for side in result.sides]


def totals(result: HandResult) -> list[int]:
    return [side.total for side in result.sides]


# Two players ------------------------------------------------------------------------------


def test_two_players_the_bidder_makes_it_and_each_writes_their_own() -> None:
    result = score(2, 0, [100, 52], last=0)
    assert result.outcome is Outcome.MADE
    assert totals(result) == [110, 52]
    assert written(result) == [110, 52]
    assert not any(side.bait for side in result.sides)
    assert result.sides[0].last_trick == 10
    assert result.sides[1].last_trick == 0


def test_two_players_the_bidder_sits_and_the_opponent_takes_everything() -> None:
    result = score(2, 0, [60, 92], last=1)
    assert result.outcome is Outcome.BAIT
    assert totals(result) == [60, 102]
    assert written(result) == [0, 162]
    assert result.sides[0].bait
    assert not result.sides[1].bait
    assert result.sides[1].received == 60


def test_a_tie_counts_as_bait_by_default() -> None:
    result = score(2, 1, [81, 71], last=1)
    assert totals(result) == [81, 81]
    assert result.outcome is Outcome.BAIT
    assert written(result) == [162, 0]


def test_melds_and_bella_count_in_the_comparison() -> None:
    # The bidder has fewer card points but its fifty and bella carry it.
    result = score(2, 0, [60, 92], last=1, meld_side=0, meld_points=50, bella=0)
    assert totals(result) == [130, 102]
    assert result.outcome is Outcome.MADE
    assert written(result) == [130, 102]
    assert result.sides[0].melds == 50
    assert result.sides[0].bella == 20
    # ...and are handed over with the rest when the bidder sits
    result = score(2, 0, [40, 112], last=1, meld_side=0, meld_points=20, bella=0)
    assert totals(result) == [80, 122]
    assert written(result) == [0, 202]


def test_bella_of_the_opponent_beside_the_bidders_melds() -> None:
    result = score(2, 0, [80, 72], last=0, meld_side=0, meld_points=20, bella=1)
    assert [s.melds for s in result.sides] == [20, 0]
    assert [s.bella for s in result.sides] == [0, 20]
    assert totals(result) == [110, 92]


# Three players -----------------------------------------------------------------------------


def test_three_players_the_bidder_must_beat_each_opponent() -> None:
    made = score(3, 0, [70, 40, 42], last=0)
    assert made.outcome is Outcome.MADE
    assert written(made) == [80, 40, 42]
    beaten_by_one = score(3, 0, [60, 30, 62], last=0)
    assert totals(beaten_by_one) == [70, 30, 62]
    assert beaten_by_one.outcome is Outcome.MADE
    one_better = score(3, 0, [60, 20, 72], last=0)
    assert totals(one_better) == [70, 20, 72]
    assert one_better.outcome is Outcome.BAIT


@pytest.mark.parametrize(
    ("bidder", "cards", "last", "expected"),
    [
        (0, [50, 60, 42], 2, [0, 110, 52]),  # totals 50 60 52: to seat 1
        (0, [50, 42, 60], 1, [0, 52, 110]),  # totals 50 52 60: to seat 2
        (1, [70, 40, 42], 1, [120, 0, 42]),  # totals 70 50 42: to seat 0
        (2, [42, 60, 40], 2, [42, 110, 0]),  # totals 42 60 50: to seat 1
    ],
)
def test_three_players_bait_goes_to_the_richer_opponent(
    bidder: int, cards: list[int], last: int, expected: list[int]
) -> None:
    result = score(3, bidder, cards, last=last)
    assert result.outcome is Outcome.BAIT
    assert written(result) == expected
    assert result.sides[bidder].bait
    assert sum(written(result)) == sum(totals(result))


def test_three_players_equal_opponents_split_the_bait() -> None:
    result = score(3, 0, [40, 51, 61], last=1)
    assert totals(result) == [40, 61, 61]
    assert written(result) == [0, 81, 81]
    assert [s.received for s in result.sides] == [0, 20, 20]


@pytest.mark.parametrize(
    ("bidder", "cards", "last", "expected"),
    [
        # bidder 1 sits on 41 between opponents on 60: seat 2 is first clockwise after it
        (1, [50, 41, 60], 0, [80, 0, 81]),
        # bidder 2: seat 0 is first clockwise after it
        (2, [60, 50, 41], 1, [81, 80, 0]),
        # bidder 0: seat 1
        (0, [41, 50, 60], 1, [0, 81, 80]),
    ],
)
def test_three_players_odd_point_goes_to_the_first_opponent_clockwise_after_the_bidder(
    bidder: int, cards: list[int], last: int, expected: list[int]
) -> None:
    result = score(3, bidder, cards, last=last)
    assert sorted(t for s, t in enumerate(totals(result)) if s != bidder) == [60, 60]
    assert written(result) == expected


def test_three_players_always_half_option() -> None:
    rules = Rules(three_player_bait=ThreePlayerBait.HALF)
    result = score(3, 0, [41, 60, 51], last=1, rules=rules)
    assert totals(result) == [41, 70, 51]
    assert written(result) == [0, 91, 71]
    result = score(3, 1, [60, 41, 51], last=0, rules=rules)
    assert totals(result) == [70, 41, 51]
    assert written(result) == [90, 0, 72], "the odd point to seat 2, first after bidder 1"


# Four players -------------------------------------------------------------------------------


def test_four_players_pairs_add_their_points() -> None:
    result = score(4, 1, [40, 45, 22, 45], last=3)
    assert [s.card_points for s in result.sides] == [62, 90]
    assert totals(result) == [62, 100]
    assert result.outcome is Outcome.MADE
    assert written(result) == [62, 100]
    assert result.bidder_side == 1


def test_four_players_bait_goes_to_the_other_pair() -> None:
    result = score(4, 2, [40, 45, 22, 45], last=3, meld_side=0, meld_points=20, bella=2)
    assert totals(result) == [102, 100]
    assert result.outcome is Outcome.MADE
    result = score(4, 3, [40, 45, 22, 45], last=0, meld_side=0, meld_points=20)
    assert totals(result) == [92, 90]
    assert result.outcome is Outcome.BAIT
    assert written(result) == [182, 0]
    assert result.sides[1].bait


# Options ---------------------------------------------------------------------------------------


def test_hanging_bait_sets_the_bidders_points_aside_on_a_tie() -> None:
    rules = Rules(hanging_bait=True)
    result = score(2, 1, [81, 71], last=1, rules=rules)
    assert totals(result) == [81, 81]
    assert result.outcome is Outcome.HANGING
    assert written(result) == [81, 0]
    assert result.hanging == 81
    assert not any(side.bait for side in result.sides), "a hanging bait is no bait"


def test_hanging_bait_is_collected_by_the_side_writing_most_next_hand() -> None:
    rules = Rules(hanging_bait=True)
    result = score(2, 0, [100, 52], last=0, hanging=81, rules=rules)
    assert written(result) == [191, 52]
    assert [s.hanging_won for s in result.sides] == [81, 0]
    assert result.hanging == 0
    # the opponent can collect it too, also through a bait
    result = score(2, 0, [60, 92], last=1, hanging=81, rules=rules)
    assert written(result) == [0, 243]
    assert [s.hanging_won for s in result.sides] == [0, 81]
    assert result.hanging == 0


def test_hanging_bait_stays_aside_while_the_top_is_shared() -> None:
    rules = Rules(hanging_bait=True)
    # Three players: the bidder sits and the two equal opponents split its points, so two
    # sides write the most: nobody collects, the points stay aside.
    result = score(3, 0, [40, 51, 61], last=1, hanging=30, rules=rules)
    assert written(result) == [0, 81, 81]
    assert [s.hanging_won for s in result.sides] == [0, 0, 0]
    assert result.hanging == 30


def test_a_second_hanging_bait_in_a_row_adds_to_the_points_set_aside() -> None:
    rules = Rules(hanging_bait=True)
    result = score(2, 1, [71, 81], last=0, hanging=67, rules=rules)
    assert totals(result) == [81, 81]
    assert result.outcome is Outcome.HANGING
    assert written(result) == [81, 0]
    assert [s.hanging_won for s in result.sides] == [0, 0]
    assert result.hanging == 67 + 81


def test_without_hanging_bait_nothing_is_set_aside() -> None:
    result = score(2, 0, [100, 52], last=0, hanging=0)
    assert result.hanging == 0
    assert [s.hanging_won for s in result.sides] == [0, 0]


@pytest.mark.parametrize("penalty", [100, 50])
def test_bolt_a_side_without_a_trick_loses_the_penalty(penalty: int) -> None:
    rules = Rules(bolt_penalty=penalty)
    result = score(2, 0, [152, 0], last=0, tricks=[9, 0], meld_side=1, meld_points=50, rules=rules)
    assert written(result) == [162, 50 - penalty]
    assert [s.bolt for s in result.sides] == [0, -penalty]
    # not without the option
    result = score(2, 0, [152, 0], last=0, tricks=[9, 0], meld_side=1, meld_points=50)
    assert written(result) == [162, 50]
    assert [s.bolt for s in result.sides] == [0, 0]


def test_bolt_hits_a_sitting_bidder_too() -> None:
    rules = Rules(bolt_penalty=100)
    result = score(2, 1, [152, 0], last=0, tricks=[9, 0], meld_side=1, meld_points=50, rules=rules)
    assert result.outcome is Outcome.BAIT
    assert written(result) == [212, -100]


def test_bolt_with_four_players_is_per_pair() -> None:
    rules = Rules(bolt_penalty=100)
    result = score(4, 0, [100, 0, 52, 0], last=2, tricks=[5, 0, 3, 0], rules=rules)
    assert written(result) == [162, -100]
    result = score(4, 0, [100, 0, 52, 0], last=2, tricks=[5, 1, 2, 0], rules=rules)
    assert written(result) == [162, 0], "one trick by either partner saves the pair"


@pytest.mark.parametrize(
    ("before", "penalised"),
    [(0, False), (1, False), (2, True), (3, False), (4, False), (5, True), (8, True)],
)
def test_every_third_bait_costs_100_more(before: int, penalised: bool) -> None:
    rules = Rules(third_bait_penalty=100)
    result = score(2, 0, [60, 92], last=1, baits=[before, 0], rules=rules)
    assert result.outcome is Outcome.BAIT
    assert written(result) == [-100 if penalised else 0, 162]
    assert result.sides[0].bait_penalty == (-100 if penalised else 0)


def test_the_third_bait_counts_only_the_sides_own_baits() -> None:
    rules = Rules(third_bait_penalty=100)
    result = score(2, 0, [60, 92], last=1, baits=[0, 2], rules=rules)
    assert written(result) == [0, 162]
    result = score(2, 0, [100, 52], last=0, baits=[2, 2], rules=rules)
    assert written(result) == [110, 52], "no bait this hand, no penalty"


def test_melds_need_trick_option_in_the_arithmetic() -> None:
    rules = Rules(melds_need_trick=True)
    result = score(
        2, 0, [152, 0], last=0, tricks=[9, 0], meld_side=1, meld_points=50, bella=1, rules=rules
    )
    assert [s.melds for s in result.sides] == [0, 0]
    assert [s.bella for s in result.sides] == [0, 20]
    result = score(
        2, 0, [150, 2], last=0, tricks=[8, 1], meld_side=1, meld_points=50, bella=1, rules=rules
    )
    assert [s.melds for s in result.sides] == [0, 50]


def test_hand_result_dict_round_trip() -> None:
    result = score(3, 0, [40, 51, 61], last=1, meld_side=2, meld_points=20, bella=0)
    assert HandResult.from_dict(result.to_dict()) == result


# Whole hands through Game ---------------------------------------------------------------------

# Two players, dealer 1. Seat 0 takes every trick: the 114 card points of the 18 cards
# in play + 10 = 124; seat 1 holds a fifty (50) and never takes a trick.
SWEEP = ["9S 10S JS KS AS AC AD AH 10H", "7C 8C 9C 10C 7D 8D JD 7H 8H"]


def sweep(bidder: int, rules: Rules | None = None) -> Game:
    game = deal(2, 1, SWEEP, "KD", rules)
    choose_trump(game, "S", bidder=bidder)
    return game


def hand_result(game: Game) -> HandResult:
    events = play_out(game)
    tricks = events_of(events, TrickWon)
    result = events_of(events, HandScored)[0].result
    for side in result.sides:
        won = [t for t in tricks if game.side_of(t.winner) == side.side]
        assert side.card_points == sum(t.points for t in won)
        assert side.tricks == len(won)
    assert sum(side.last_trick for side in result.sides) == 10
    return result


def test_game_two_players_made() -> None:
    game = sweep(0)
    result = hand_result(game)
    assert result.outcome is Outcome.MADE
    assert totals(result) == [124, 50]
    assert written(result) == [124, 50]
    assert game.scores == (124, 50)
    assert game.sheet == (result,)


def test_game_two_players_bait() -> None:
    game = sweep(1)
    result = hand_result(game)
    assert result.outcome is Outcome.BAIT
    assert result.bidder == 1
    assert written(result) == [174, 0]
    assert game.scores == (174, 0)


def test_game_bolt() -> None:
    game = sweep(0, Rules(bolt_penalty=100))
    assert written(hand_result(game)) == [124, -50]
    assert game.scores == (124, -50)
    game = sweep(0, Rules(bolt_penalty=50))  # part 1 kharkiv's bolt
    assert written(hand_result(game)) == [124, 0]


def test_game_every_third_bait() -> None:
    game = sweep(1, Rules(third_bait_penalty=100))
    state = game.to_dict()
    state["baits"] = [0, 2]  # seat 1 already sat twice this game
    game = Game.from_dict(state)
    result = hand_result(game)
    assert written(result) == [174, -100]
    assert game.scores == (174, -100)
    assert game.to_dict()["baits"] == [0, 3]


def test_game_two_players_tie_is_bait_or_hanging() -> None:
    hands = ["AS 7C 8C 9C 10D JD 10C 7D KH", "JS QS QC AD 7H QH 8S AC KD"]
    game = deal(2, 1, hands, "10H")
    choose_trump(game, "H")
    result = hand_result(game)
    assert totals(result) == [67, 67]
    assert result.outcome is Outcome.BAIT
    assert written(result) == [0, 134]

    game = deal(2, 1, hands, "10H", Rules(hanging_bait=True))
    choose_trump(game, "H")
    result = hand_result(game)
    assert result.outcome is Outcome.HANGING
    assert written(result) == [0, 67]
    assert game.hanging == 67
    assert game.scores == (0, 67)
    # the next hand: the side writing most collects the 67
    next_result = hand_result(game)
    lines = next_result.sides
    top = max(line.written - line.hanging_won for line in lines)
    leaders = [line.side for line in lines if line.written - line.hanging_won == top]
    if len(leaders) == 1:
        assert lines[leaders[0]].hanging_won == 67
        assert game.hanging == next_result.hanging
        assert sum(line.hanging_won for line in lines) == 67
    assert game.scores == tuple(
        a.written + b.written for a, b in zip(result.sides, next_result.sides, strict=True)
    )


THREE_RICHER = [
    "KS QC KC 7D 9H 10H 8S 10D QH",
    "10S 7C 9C 7H KH AH QS 8C AC",
    "7S AS JC 9D QD JH JS KD AD",
]
THREE_SPLIT = [
    "8S JS JC KC 9D JD 8C 7H 10H",
    "7S QS KS 7C AD QH 8D 10D QD",
    "9S 10S 9C QC 7D AH 8H JH KH",
]
THREE_TIE = [
    "QC JD QD 7H 9H JH 10C AD 10H",
    "8S 9S QS KS JC 7D AS 8C 9C",
    "7S 7C KC 9D 10D 8H AC QH AH",
]


def three(hands: list[str], proposed: str, rules: Rules | None = None) -> Game:
    game = deal(3, 2, hands, proposed, rules)
    play(game, "play")  # seat 0 takes the proposed suit
    if game.phase is Phase.EXCHANGE:
        play(game, "keep")
    assert game.bidder == 0
    return game


def test_game_three_players_bait_to_the_richer() -> None:
    result = hand_result(three(THREE_RICHER, "8D"))
    assert totals(result) == [25, 36, 111]
    assert written(result) == [0, 36, 136]


def test_game_three_players_always_half() -> None:
    rules = Rules(three_player_bait=ThreePlayerBait.HALF)
    result = hand_result(three(THREE_RICHER, "8D", rules))
    assert totals(result) == [25, 36, 111]
    assert written(result) == [0, 36 + 13, 111 + 12]


def test_game_three_players_split_between_equal_opponents() -> None:
    result = hand_result(three(THREE_SPLIT, "AS"))
    assert totals(result) == [44, 51, 51]
    assert written(result) == [0, 73, 73]


def test_game_three_players_tie_with_the_best_opponent() -> None:
    result = hand_result(three(THREE_TIE, "KD"))
    assert totals(result) == [71, 20, 71]
    assert result.outcome is Outcome.BAIT
    assert written(result) == [0, 20, 142]
    result = hand_result(three(THREE_TIE, "KD", Rules(hanging_bait=True)))
    assert result.outcome is Outcome.HANGING
    assert written(result) == [0, 20, 71]
    assert result.hanging == 71


FOUR_MADE = [
    "JS KS JC QC 8D JD 7H KH",
    "9S 10S 9C AC KD 9H JH QH",
    "8S QS AS 10C 9D QD 8H 10H",
    "7S 7C 8C KC 7D 10D AD AH",
]
FOUR_BAIT = [
    "AS 8C 10C 7D 8D 7H 9H AH",
    "8S 9S JS 7C 9C JD AD QH",
    "10S QS JC QC QD KD JH KH",
    "7S KS KC AC 9D 10D 8H 10H",
]


@pytest.mark.parametrize(
    ("hands", "proposed", "expected_totals", "expected_written"),
    [(FOUR_MADE, "7D", [87, 75], [87, 75]), (FOUR_BAIT, "7S", [59, 103], [0, 162])],
)
def test_game_four_players(
    hands: list[str], proposed: str, expected_totals: list[int], expected_written: list[int]
) -> None:
    game = deal(4, 3, hands, proposed)
    play(game, "play")
    result = hand_result(game)
    assert sum(s.card_points + s.last_trick for s in result.sides) == 162
    assert totals(result) == expected_totals
    assert written(result) == expected_written
    assert game.scores == tuple(expected_written)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_running_totals_end_at_the_scores_of_a_game_decided_by_its_hands(players: int) -> None:
    game = Game.new(players, Rules(target=301), seed=players)
    rng = random.Random(players)
    while game.phase is not Phase.FINISHED:
        game.apply(rng.choice(game.legal_actions()))
    rows = running_totals(game.sheet, len(game.scores))
    assert len(rows) == len(game.sheet)
    assert rows[-1] == game.scores
    for before, after, result in zip(rows, rows[1:], game.sheet[1:], strict=False):
        assert [a - b for a, b in zip(after, before, strict=True)] == [
            line.written for line in result.sides
        ]
