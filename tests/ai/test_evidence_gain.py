"""The evidence benchmark: its gain, and what it finds against the rule-based player."""

from __future__ import annotations

import math

import pytest

from benchmarks.evidence_gain import gain, main


def test_the_gain_is_the_log_of_the_truths_weight_over_the_drawn_mean() -> None:
    # plays: the truth missed once, the drawn deals 0 and 2 times, at play_trust 0.5
    assert gain([(1.0, [0.0, 2.0])], 0.5, plays=True) == pytest.approx(
        math.log(0.5 / ((1.0 + 0.25) / 2))
    )
    # bids: the truth agrees, half the drawn deals do not, at trust 0.8
    assert gain([(1.0, [1.0, 0.0])], 0.8, plays=False) == pytest.approx(
        math.log(1.0 / ((1.0 + 0.2) / 2))
    )
    # a model that tells the truth from no drawn deal gains nothing
    assert gain([(1.0, [1.0, 1.0]), (0.0, [0.0])], 0.9, plays=True) == 0.0


def test_against_the_rule_based_player_its_plays_inform_and_more_so_the_more_believed(
    capsys: pytest.CaptureFixture[str],
) -> None:
    summary = main(["--opponent", "heuristic", "--games", "2", "--deals", "12"])
    plays = summary["plays"]
    assert plays["decisions"] > 20
    # the heuristic plays exactly as the model says: the truth never misses
    assert plays["true"] == 0.0
    assert plays["drawn"] > 0.5
    gains = list(plays["gain"].values())
    assert gains == sorted(gains)
    assert gains[0] > 0.0
    assert summary["bids, bidding"]["true"] == 1.0
    assert "plays" in capsys.readouterr().out
