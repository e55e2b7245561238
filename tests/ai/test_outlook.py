"""The game outlook: the chance to win from the scores, and search scoring hands by it."""

from __future__ import annotations

import pytest

from engine import Game, Phase, Rules
from engine.ai import ExpertPlayer, make_player
from engine.ai.infer import MeldLayout
from engine.ai.outlook import STEP, outlook_for
from engine.ai.rollout import HandFrame, written_worth
from engine.ai.simulate import simulate_hand
from engine.rules import FourPlayerMode, GameFormat, TargetTie


@pytest.mark.parametrize("players", [2, 4])
def test_the_chance_is_fair_and_grows_with_the_score(players: int) -> None:
    outlook = outlook_for(Rules(), players)
    assert outlook is not None
    for mine in range(0, 500, 50):
        for theirs in range(0, 500, 50):
            chance = outlook.chance(mine, theirs)
            assert chance + outlook.chance(theirs, mine) == pytest.approx(1.0, abs=1e-9)
            assert outlook.chance(mine + STEP, theirs) > chance
            assert outlook.chance(mine, theirs + STEP) < chance
    assert outlook.chance(0, 0) == pytest.approx(0.5)
    # read between the grid points, not rounded to them
    assert outlook.chance(200, 300) < outlook.chance(204, 300) < outlook.chance(210, 300)


def test_scores_at_the_target_are_the_games_end() -> None:
    outlook = outlook_for(Rules(), 2)
    assert outlook is not None
    assert outlook.value(0, (501, 300)) == 1000.0
    assert outlook.value(1, (501, 300)) == -1000.0
    # both past the target: the highest wins, a tie plays on from even
    assert outlook.value(1, (530, 540)) == 1000.0
    assert outlook.value(0, (530, 530)) == 0.0
    assert -1000.0 < outlook.value(0, (500, 300)) < 1000.0


@pytest.mark.parametrize(
    ("rules", "players"),
    [
        (Rules(), 3),
        (Rules(four_player_mode=FourPlayerMode.SOLO), 4),
        (Rules(format=GameFormat.ONE_HAND), 2),
        (Rules(gap_win=300), 2),
        (Rules(target_tie=TargetTie.LAST_TRICK), 2),
    ],
)
def test_no_outlook_where_the_race_is_not_the_plain_one(rules: Rules, players: int) -> None:
    assert outlook_for(rules, players) is None


def test_a_hand_that_goes_out_is_worth_the_game_not_its_points() -> None:
    outlook = outlook_for(Rules(), 2)
    scores = (480, 490)
    # 30 against 100 is the better points; going out first with 21 against 10 wins
    assert written_worth(0, [30, 100], scores, None) < written_worth(0, [21, 10], scores, None)
    assert written_worth(0, [30, 100], scores, outlook) == -1000.0
    assert written_worth(0, [21, 10], scores, outlook) == 1000.0
    # without the outlook nothing changes: the points' difference
    assert written_worth(0, [21, 10], scores, None) == 11.0


def test_the_frame_scores_a_hand_from_the_scores_before_it() -> None:
    rules = Rules()
    layout = MeldLayout(side=None, points=0, bella=None)
    frame = HandFrame(rules, 2, 5, 0, 0, 0, 0, (0, 0), scores=(450, 300), outlook=None)
    with_outlook = HandFrame(
        rules, 2, 5, 0, 0, 0, 0, (0, 0), scores=(450, 300), outlook=outlook_for(rules, 2)
    )
    # the bidder (seat 0) makes it with 60 and the last trick: 70 to 30
    points, tricks = [60, 30], [5, 4]
    assert frame.utility(0, layout, points, tricks, 0) == 40.0
    assert with_outlook.utility(0, layout, points, tricks, 0) == 1000.0  # 520: out
    assert with_outlook.utility(1, layout, points, tricks, 0) == -1000.0


def _near_the_end(seed: int) -> Game:
    game = Game.new(2, Rules(), seed)
    data = game.to_dict()
    data["scores"] = [470, 480]
    return Game.from_dict(data)


def test_simulated_hands_near_the_end_are_wins_and_losses() -> None:
    outlook = outlook_for(Rules(), 2)
    assert outlook is not None
    ends = set()
    for seed in range(12):
        game = _near_the_end(seed)
        assert game.phase is Phase.BIDDING
        ends.add(simulate_hand(game, 0, None, (0, 0), outlook))
    # at 470 against 480 nearly every hand ends the game (a redeal leaves it open)
    assert ends <= {1000.0, -1000.0, 0.0, outlook.value(0, (470, 480))}
    assert {1000.0, -1000.0} <= ends


def test_the_expert_takes_the_outlook_as_an_option() -> None:
    game = _near_the_end(3)
    assert game.to_act is not None
    view = game.view(game.to_act)
    plain = ExpertPlayer(1, budget=None, samples=24)
    racing = ExpertPlayer(1, budget=None, samples=24, outlook=True)
    assert set(plain.action_values(view)) == set(racing.action_values(view))
    assert plain.action_values(view) != racing.action_values(view)
    with pytest.raises(ValueError, match="outlook"):
        make_player("heuristic", outlook=True)
