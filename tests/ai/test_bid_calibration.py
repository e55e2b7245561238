"""The bid calibration benchmark: paired rule gains, and a small run end to end."""

from __future__ import annotations

import pytest

from benchmarks.bid_calibration import (
    Position,
    best_mean_gain,
    bid_positions,
    main,
    realized_value,
    shift_gain,
)
from engine import Game, Rules
from engine.actions import PASS, TAKE_PROPOSED

_PASS = repr(PASS)
_TAKE = repr(TAKE_PROPOSED)


def _position(expected: float, outcome: float, rule_based: str = _PASS) -> Position:
    return Position(
        simulated={_PASS: 0.0, _TAKE: expected},
        realized={_PASS: 0.0, _TAKE: outcome},
        rule_based=rule_based,
    )


def test_a_shift_gains_what_the_changed_decisions_realized() -> None:
    positions = [_position(3.0, -40.0), _position(8.0, 30.0), _position(-4.0, 20.0)]
    # past +5 the first position passes: its bid realized -40, so passing gains 40
    assert shift_gain(positions, 5.0)[0] == pytest.approx(40.0 / 3, abs=1e-3)
    assert shift_gain(positions, 5.0)[2] == 1
    # past -5 the third bids too and gains its +20
    assert shift_gain(positions, -5.0)[0] == pytest.approx(20.0 / 3, abs=1e-3)
    # past +10 both bids pass: +40 and -30
    assert shift_gain(positions, 10.0)[0] == pytest.approx(10.0 / 3, abs=1e-3)
    assert shift_gain(positions, 10.0)[2] == 2


def test_the_best_mean_gains_over_the_rule_based_bid_only_where_they_differ() -> None:
    positions = [_position(10.0, 25.0), _position(10.0, 25.0, rule_based=_TAKE)]
    mean, _, differ = best_mean_gain(positions)
    assert mean == pytest.approx(12.5)
    assert differ == 1


def test_realized_values_are_the_true_deal_finished_and_a_run_repeats() -> None:
    judge = {"budget": None, "samples": 8}
    positions = bid_positions((5, 2, "strong", judge, "heuristic"))
    assert positions
    for position in positions:
        assert _PASS in position.simulated
        assert position.realized.keys() == position.simulated.keys()
    assert bid_positions((5, 2, "strong", judge, "heuristic")) == positions
    # the first decision of seed 5, seen again from outside
    game = Game.new(2, Rules.preset("odessa"), 5)
    first = positions[0]
    assert list(game.legal_actions()) == [PASS, TAKE_PROPOSED]
    assert first.simulated.keys() == {_PASS, _TAKE}
    assert realized_value(game, PASS, "heuristic", 5) == first.realized[_PASS]
    assert realized_value(game, TAKE_PROPOSED, "heuristic", 5) == first.realized[_TAKE]


def test_the_judge_must_be_an_expert_level() -> None:
    with pytest.raises(ValueError, match="expert level"):
        bid_positions((5, 2, "search", {}, "heuristic"))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_small_run_reports_every_position(
    players: int, capsys: pytest.CaptureFixture[str]
) -> None:
    summary = main(
        [
            "--players", str(players), "--deals", "2", "--finish", "heuristic",
            "--judge", "easy", "--judge-options", '{"budget": null}',
        ]
    )  # fmt: skip
    assert summary["positions"] == sum(part["positions"] for part in summary["bins"])
    assert summary["positions"] > 0
    assert "realized gain of the best mean" in capsys.readouterr().out
