"""RULES.md §8: the game to a target, who wins, and who deals the next hand."""

from __future__ import annotations

import pytest

from engine import (
    DealerRotation,
    Game,
    GameOver,
    HandDealt,
    HandScored,
    IllegalActionError,
    Phase,
    Reason,
    Redeal,
    Rules,
)

from .decks import choose_trump, deal, events_of, first_policy, play, play_out
from .test_scoring import FOUR_BAIT, FOUR_MADE, SWEEP, THREE_RICHER, THREE_SPLIT, three


def sweep(bidder: int, rules: Rules) -> Game:
    """Two players, dealer 1: seat 0 takes every trick, 124 against seat 1's fifty (50)."""
    game = deal(2, 1, SWEEP, "KD", rules)
    choose_trump(game, "S", bidder=bidder)
    return game


def test_the_default_target_is_501_and_options_change_it() -> None:
    assert Rules().target == 501
    assert Rules(target=301).target == 301
    assert Rules().replace(target=1001).target == 1001
    assert Rules(target=777).target == 777


@pytest.mark.parametrize(
    ("target", "over"), [(501, False), (301, False), (125, False), (124, True), (100, True)]
)
def test_a_side_that_reaches_the_target_after_a_hand_wins(target: int, over: bool) -> None:
    game = sweep(0, Rules(target=target))
    events = play_out(game)
    assert game.scores == (124, 50)
    if over:
        assert events_of(events, GameOver) == [GameOver(0, (124, 50))]
        assert game.phase is Phase.FINISHED
        assert game.winner == 0
        assert game.to_act is None
        assert not events_of(events, HandDealt), "no new hand after the end"
        kinds = [type(e).__name__ for e in events]
        assert kinds.index("HandScored") < kinds.index("GameOver")
    else:
        assert not events_of(events, GameOver)
        assert game.phase is Phase.BIDDING
        assert game.winner is None
        assert game.hand_number == 2
        assert [e.hand_number for e in events_of(events, HandDealt)] == [2]


def test_when_several_reach_the_target_the_highest_wins() -> None:
    game = sweep(0, Rules(target=40))
    events = play_out(game)
    assert game.scores == (124, 50)
    assert events_of(events, GameOver) == [GameOver(0, (124, 50))]
    # also when the leader is not the bidder
    game = sweep(1, Rules(target=1))
    play_out(game)
    assert game.scores == (174, 0)
    assert game.winner == 0


def test_equal_scores_at_the_target_mean_another_hand() -> None:
    game = sweep(0, Rules(target=100))
    state = game.to_dict()
    state["scores"] = [0, 74]  # seat 1 has 74 before this hand: 124 and 124 after
    game = Game.from_dict(state)
    events = play_out(game)
    assert game.scores == (124, 124)
    assert not events_of(events, GameOver)
    assert game.phase is Phase.BIDDING
    assert game.hand_number == 2
    # play on until someone is ahead at the target
    for _ in range(50):
        if game.winner is not None:
            break
        events = play_out(game)
        over = events_of(events, GameOver)
        scores = game.scores
        if over:
            assert over[0].winner == max(range(2), key=lambda s: scores[s])
            assert scores[0] != scores[1]
            assert max(scores) >= 100
        else:
            assert max(scores) < 100 or scores[0] == scores[1]
    assert game.winner is not None


@pytest.mark.parametrize(
    ("hands", "proposed", "target", "winner", "scores"),
    [
        (FOUR_MADE, "7D", 80, 0, (87, 75)),
        (FOUR_BAIT, "7S", 100, 1, (0, 162)),
        (FOUR_MADE, "7D", 70, 0, (87, 75)),
    ],
)
def test_four_players_the_pair_wins(
    hands: list[str], proposed: str, target: int, winner: int, scores: tuple[int, int]
) -> None:
    game = deal(4, 3, hands, proposed, Rules(target=target))
    play(game, "play")
    events = play_out(game)
    assert game.sides == 2
    assert events_of(events, GameOver) == [GameOver(winner, scores)]
    assert game.winner == winner


def test_after_the_game_is_over_nothing_more_happens() -> None:
    game = sweep(0, Rules(target=1))
    play_out(game)
    assert game.legal_actions() == []
    assert game.view(0).legal_actions == ()
    before = game.to_json()
    with pytest.raises(IllegalActionError) as info:
        game.apply(first_policy(Game.new(2, Rules(), 0)))
    assert info.value.reason is Reason.GAME_OVER
    assert game.to_json() == before


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_deal_passes_clockwise(players: int) -> None:
    game = Game.new(players, Rules(target=100_000), seed=5)
    dealer = game.dealer
    for hand in range(2, 8):
        events = play_out(game)
        dealt = events_of(events, HandDealt)
        assert len(dealt) == 1
        dealer = (dealer + 1) % players
        assert dealt[0] == HandDealt(hand, dealer, dealt[0].proposed)
        assert game.dealer == dealer
        assert game.hand_number == hand
        assert game.to_act == (dealer + 1) % players


def test_redeals_pass_the_deal_clockwise_too() -> None:
    game = Game.new(3, Rules(), seed=8)
    dealer = game.dealer
    events = play(game, *["pass"] * 6)
    assert events_of(events, Redeal) == [Redeal((dealer + 1) % 3)]
    assert game.hand_number == 1


WINNER = Rules(dealer_rotation=DealerRotation.WINNER)


def test_winner_deals_two_players() -> None:
    # Dealer 1; seat 1 writes the most (134) and deals again (clockwise would be seat 0).
    hands = ["AS 7C 8C 9C 10D JD 10C 7D KH", "JS QS QC AD 7H QH 8S AC KD"]
    game = deal(2, 1, hands, "10H", WINNER)
    choose_trump(game, "H")
    events = play_out(game)
    assert [s.written for s in events_of(events, HandScored)[0].result.sides] == [0, 134]
    assert game.dealer == 1
    # with the default rotation the deal passes on
    game = deal(2, 1, hands, "10H")
    choose_trump(game, "H")
    play_out(game)
    assert game.dealer == 0


def test_winner_deals_three_players() -> None:
    # Dealer 2; seat 2 writes the most (136) and deals again.
    game = three(THREE_RICHER, "8D", WINNER)
    events = play_out(game)
    assert [s.written for s in events_of(events, HandScored)[0].result.sides] == [0, 36, 136]
    assert game.dealer == 2
    assert game.to_act == 0


def test_winner_deals_on_a_tie_passes_clockwise() -> None:
    game = three(THREE_SPLIT, "AS", WINNER)
    events = play_out(game)
    assert [s.written for s in events_of(events, HandScored)[0].result.sides] == [0, 73, 73]
    assert game.dealer == 0


@pytest.mark.parametrize(
    ("hands", "proposed", "written", "dealer"),
    [
        # pair {1, 3} wrote most; dealer 3 is of that pair: the next seat of the pair
        # clockwise is 1 (not the dealer again, and not seat 0)
        (FOUR_BAIT, "7S", [0, 162], 1),
        # pair {0, 2} wrote most: seat 0 is the next of that pair clockwise from dealer 3
        (FOUR_MADE, "7D", [87, 75], 0),
    ],
)
def test_winner_deals_four_players_next_seat_of_the_pair_clockwise(
    hands: list[str], proposed: str, written: list[int], dealer: int
) -> None:
    game = deal(4, 3, hands, proposed, WINNER)
    play(game, "play")
    events = play_out(game)
    assert [s.written for s in events_of(events, HandScored)[0].result.sides] == written
    assert game.dealer == dealer


def test_moscow_preset_has_the_winner_deal() -> None:
    game = three(THREE_RICHER, "8D", Rules.preset("moscow"))
    play_out(game)
    assert game.dealer == 2


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_whole_game_ends_with_one_winner_at_the_target(players: int) -> None:
    game = Game.new(players, Rules(target=301), seed=11)
    hands = 0
    while game.phase is not Phase.FINISHED:
        events = play_out(game)
        hands += len(events_of(events, HandScored))
        assert hands < 100
    winner = game.winner
    assert winner is not None
    scores = game.scores
    assert scores[winner] >= 301
    assert all(scores[winner] > s for i, s in enumerate(scores) if i != winner)
    assert len(game.sheet) == hands
    assert tuple(sum(r.sides[s].written for r in game.sheet) for s in range(game.sides)) == scores
