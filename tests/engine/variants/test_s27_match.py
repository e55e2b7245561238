"""RULES-VARIANTS.md §27 ``match=two_rounds`` with H11: two games to the target for 4
players in pairs, then four final hands at 1-1."""

from __future__ import annotations

import pytest

from engine import (
    Event,
    FourPlayerMode,
    Game,
    GameFormat,
    GameOver,
    HandScored,
    Match,
    MatchGameWon,
    Pass,
    Phase,
    Rules,
)
from engine.phases import match

from ..decks import events_of, first_policy

MATCH = Rules(match=Match.TWO_ROUNDS, target=101)


def run(game: Game, until: type[Event] | None = None) -> list[Event]:
    """Play :func:`first_policy` until an event of ``until`` (or the end of the game)."""
    events: list[Event] = []
    while game.phase is not Phase.FINISHED:
        new = game.apply(first_policy(game))
        events += new
        if until is not None and any(isinstance(e, until) for e in new):
            break
    return events


def test_game_one_is_recorded_and_game_two_starts_from_zero() -> None:
    game = Game.new(4, MATCH, seed=1)
    dealer = game.dealer
    events = run(game, MatchGameWon)
    (won,) = events_of(events, MatchGameWon)
    assert won.game_number == 1
    assert won.next_game == 2
    assert won.winner == 0
    assert won.scores[0] >= 101
    assert not events_of(events, GameOver)
    assert game.phase is Phase.BIDDING
    assert game.game_number == 2
    assert game.match_games == ((0, won.scores),)
    assert game.scores == (0, 0)
    assert game.sheet == ()
    hands = len(events_of(events, HandScored))
    redeals = game.deal_number - hands  # the deal goes on clockwise
    assert game.dealer == (dealer + hands + redeals) % 4
    assert game.view(0).match_games == game.match_games


def test_the_pair_that_wins_both_games_wins_the_match() -> None:
    game = Game.new(4, MATCH, seed=0)
    events = run(game)
    (won,) = events_of(events, MatchGameWon)
    (over,) = events_of(events, GameOver)
    assert won.winner == over.winner == 0
    assert game.game_number == 2
    assert [winner for winner, _ in game.match_games] == [0, 0]


def test_at_one_all_four_final_hands_from_zero_decide_without_the_target() -> None:
    game = Game.new(4, MATCH, seed=1)
    run(game, MatchGameWon)
    events = run(game, MatchGameWon)
    (second,) = events_of(events, MatchGameWon)
    assert (second.game_number, second.winner, second.next_game) == (2, 1, 3)
    assert game.final_hands_left == 4
    assert game.scores == (0, 0)
    events = run(game)
    hands = events_of(events, HandScored)
    assert len(hands) == 4  # one deal per seat, even past the target of 101
    assert hands[0].result.sides[0].written + hands[1].result.sides[0].written > 101
    (over,) = events_of(events, GameOver)
    assert over.winner == (0 if game.scores[0] > game.scores[1] else 1)
    assert game.view(2).game_number == 3


def test_level_after_four_final_hands_four_more_are_played() -> None:
    game = Game.new(4, MATCH, seed=1)
    run(game, MatchGameWon)
    run(game, MatchGameWon)
    game._final_hands = 1  # the fourth hand is the next one
    game._scores = [0, 0]
    assert match.final_hand(game) is None
    assert game.final_hands_left == 4
    game._final_hands = 1
    game._scores = [10, 5]
    assert match.final_hand(game) == 0


def bid_to_the_dealer_in_round_two(game: Game) -> None:
    while not (game.bid_round == 2 and game.to_act == game.dealer):
        game.apply(Pass())


def test_in_game_two_only_a_dealer_of_game_ones_winning_pair_must_name_a_suit() -> None:
    game = Game.new(4, MATCH.replace(obligatory_dealer=True), seed=1)
    bid_to_the_dealer_in_round_two(game)
    assert Pass() in game.legal_actions()  # game 1: obligatory_dealer is ignored
    assert not game.public_view().dealer_obliged
    run(game, MatchGameWon)
    winners = game.match_games[0][0]
    obliged = game.side_of(game.dealer) == winners  # the first deal of game 2
    bid_to_the_dealer_in_round_two(game)
    assert (Pass() not in game.legal_actions()) is obliged
    assert game.public_view().dealer_obliged is obliged
    if not obliged:
        game.apply(Pass())  # all passed twice: redealt by the next seat, the other pair
        bid_to_the_dealer_in_round_two(game)
        assert Pass() not in game.legal_actions()


def test_final_hands_have_no_obligatory_dealer() -> None:
    game = Game.new(4, MATCH.replace(obligatory_dealer=True), seed=1)
    run(game, MatchGameWon)
    run(game, MatchGameWon)
    assert game.game_number == 3
    bid_to_the_dealer_in_round_two(game)
    assert Pass() in game.legal_actions()


@pytest.mark.parametrize(
    ("players", "rules"),
    [
        (2, MATCH),
        (3, MATCH),
        (4, MATCH.replace(four_player_mode=FourPlayerMode.SOLO)),
        (4, MATCH.replace(format=GameFormat.ONE_HAND)),
    ],
    ids=["2p", "3p", "solo", "one_hand"],
)
def test_two_rounds_apply_only_to_four_players_in_pairs(players: int, rules: Rules) -> None:
    game = Game.new(players, rules, seed=1)
    events = run(game)
    assert not events_of(events, MatchGameWon)
    assert game.game_number == 1


def test_a_match_round_trips_and_replays() -> None:
    game = Game.new(4, MATCH, seed=1)
    log: list[str] = []
    while game.game_number < 3:
        action = first_policy(game)
        game.apply(action)
        log.append(action.code)
    restored = Game.from_json(game.to_json())
    assert restored == game
    assert restored.match_games == game.match_games
    assert restored.final_hands_left == 4
    assert Game.replay(4, MATCH, 1, log) == game
