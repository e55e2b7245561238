"""The expert search behind the easy, medium and strong levels."""

from __future__ import annotations

import pytest

from engine import ALL_PRESETS, Game, NameSuit, OfferDave, Pass, Phase, Rules, TakeProposed
from engine.ai import LEVELS, ExpertPlayer, SearchPlayer, make_player
from engine.ai.players.expert import Evaluation

from .positions import positions


@pytest.mark.parametrize("play_trust", [0.0, 0.9])
def test_without_caution_the_expert_chooses_as_search_does(play_trust: float) -> None:
    # same random stream, same deals, same scoring: only the loop around them is new;
    # with play_trust, the plays some deal explains are learnt once per decision, as
    # search does, not again before every deal
    compared = 0
    for players in (2, 3, 4):
        for game in positions(players, Rules(), seed=players, count=4, every=3):
            seat = game.to_act
            assert seat is not None
            view = game.view(seat)
            expert = ExpertPlayer(3, budget=None, samples=5, caution=0.0, play_trust=play_trust)
            search = SearchPlayer(3, budget=None, samples=5, play_trust=play_trust)
            assert expert.choose(view) == search.choose(view)
            compared += 1
    assert compared >= 12


def test_caution_keeps_the_rule_based_action_against_a_noisy_gain() -> None:
    evaluation = Evaluation(["rule", "other"])  # type: ignore[list-item]
    evaluation.values = [[0.0, 30.0], [0.0, -28.0], [0.0, 26.0], [0.0, -24.0]]
    assert evaluation.means() == [0.0, 1.0]
    assert evaluation.best(0.0) == 1  # the plain best mean
    assert evaluation.best(1.0) == 0  # +1 on a spread of about 30: noise
    evaluation.values = [[0.0, 9.0], [0.0, 11.0], [0.0, 10.0], [0.0, 10.0]]
    assert evaluation.best(1.0) == 1  # +10 every time: a real gain


def test_a_bonus_counts_in_the_means_and_not_in_the_paired_spread() -> None:
    evaluation = Evaluation(["rule", "other"])  # type: ignore[list-item]
    evaluation.values = [[0.0, -4.0], [0.0, -6.0], [0.0, -5.0], [0.0, -5.0]]
    assert evaluation.best(1.0) == 0
    assert evaluation.best(1.0, [0.0, 4.0]) == 0  # still a point short, every time
    assert evaluation.best(1.0, [0.0, 6.0]) == 1  # a point ahead, every time
    assert evaluation.best(1.0, [2.0, 6.0]) == 0  # the same bonus to both: the same order


def test_bid_edge_bids_where_the_simulation_alone_passes_and_plays_as_before() -> None:
    passed_then_bid = 0
    for seed in range(12):
        game = Game.new(2, Rules(), seed=seed)
        seat = game.to_act
        assert seat is not None
        assert game.phase is Phase.BIDDING
        view = game.view(seat)
        plain = ExpertPlayer(1, budget=None, samples=8)
        edged = ExpertPlayer(1, budget=None, samples=8, bid_edge=1000.0)
        if isinstance(plain.choose(view), Pass):
            assert isinstance(edged.choose(view), TakeProposed | NameSuit)
            passed_then_bid += 1
        # what a bid is worth is still the simulation's own, for hints and reviews
        assert edged.action_values(view) == plain.action_values(view)
    assert passed_then_bid >= 3
    for game in positions(2, Rules(), seed=5, count=6, every=2):
        seat = game.to_act
        assert seat is not None
        if game.phase is Phase.PLAY:
            view = game.view(seat)
            assert ExpertPlayer(1, budget=None, samples=8, bid_edge=1000.0).choose(
                view
            ) == ExpertPlayer(1, budget=None, samples=8).choose(view)


def test_action_values_are_the_means_behind_the_choice() -> None:
    for game in positions(2, Rules(), seed=8, count=6, every=2):
        seat = game.to_act
        assert seat is not None
        view = game.view(seat)
        player = ExpertPlayer(2, budget=None, samples=6, caution=0.0)
        values = player.action_values(view)
        assert set(values) <= set(view.legal_actions)
        if len(view.legal_actions) > 1 and game.phase is not Phase.DAVE:
            # every legal action is valued (the «даве» offer is a rule's, never sampled)
            assert len(values) == len(view.legal_actions) - sum(
                1 for action in view.legal_actions if isinstance(action, OfferDave)
            )
        best = max(values.values())
        assert values[player.choose(view)] == best


def test_the_expert_stops_at_its_share_of_the_budget() -> None:
    now = [0.0]

    def clock() -> float:
        now[0] += 0.01  # every reading is 10 ms later: one deal costs about 20 ms
        return now[0]

    player = ExpertPlayer(1, budget=1.0, samples=10_000, clock=clock)
    game = Game.new(2, Rules(), seed=2)
    seat = game.to_act
    assert seat is not None
    start = now[0]
    player.choose(game.view(seat))
    assert now[0] - start <= 0.85 + 0.02
    assert player.last_samples >= 20  # and uses most of that share


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_levels_play_whole_games_under_every_preset(players: int) -> None:
    for name, rules in ALL_PRESETS.items():
        rules = rules if rules.one_hand else rules.replace(target=51)
        game = Game.new(players, rules, seed=players + len(name))
        kinds = list(LEVELS)
        seats = [
            make_player(kinds[s % len(kinds)], seed=s, budget=None, samples=1)
            for s in range(players)
        ]
        decisions = 0
        while game.phase is not Phase.FINISHED:
            seat = game.to_act
            assert seat is not None
            action = seats[seat].choose(game.view(seat))
            assert action in game.legal_actions(), (name, game.phase, action)
            game.apply(action)
            decisions += 1
            assert decisions < 5000, name


def test_level_options_can_be_overridden_and_are_checked() -> None:
    player = make_player("strong", budget=0.5, caution=0.0)
    assert isinstance(player, ExpertPlayer)
    assert player.budget == 0.5
    assert player.samples == LEVELS["strong"]["samples"]
    assert player.caution == 0.0
    # A level's own caution unless overridden: easy sticks to the rule-based play more.
    easy, strong = make_player("easy"), make_player("strong")
    assert isinstance(easy, ExpertPlayer)
    assert isinstance(strong, ExpertPlayer)
    assert (easy.caution, strong.caution) == (1.0, 0.25)
    with pytest.raises(ValueError, match="spend"):
        make_player("medium", spend=1.5)
    with pytest.raises(ValueError, match="caution"):
        make_player("easy", caution=-1.0)
    with pytest.raises(ValueError, match="bid_edge"):
        make_player("strong", bid_edge=float("nan"))
