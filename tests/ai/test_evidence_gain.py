"""The evidence benchmark: its gain, and what it finds against the rule-based player."""

from __future__ import annotations

import math
from typing import Any

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
    for phase in ("plays, first hand", "plays, by the rules so far"):
        plays = summary[phase]
        assert plays["decisions"] > 5
        # the heuristic plays exactly as the model says: the truth never misses
        assert plays["true"] == 0.0
        assert plays["drawn"] > 0.5
        gains = list(plays["gain"].values())
        assert gains == sorted(gains)
        assert gains[0] > 0.0
    assert "plays, found off the rules" not in summary
    # the search's own weights: believed more, a player of the rules tells more
    weighed = _as_weighed(summary)
    assert 0.0 < weighed["plays weighed 0.9 / None"] < weighed["plays weighed 0.95 / None"]
    assert 0.0 < weighed["plays weighed 0.95 / 0.6"] < weighed["plays weighed 0.99 / 0.6"]
    assert summary["bids, bidding"]["true"] == 1.0
    assert "plays" in capsys.readouterr().out


def test_a_random_seat_is_found_off_the_rules_and_then_weighed_as_such() -> None:
    summary = main(["--opponent", "random", "--games", "1", "--deals", "12"])
    assert summary["plays, found off the rules"]["true"] > 0.5
    weighed = _as_weighed(summary)
    # taken for a player of the rules, its plays mislead; as one of its own ways, less
    assert weighed["plays weighed 0.95 / None"] < weighed["plays weighed 0.95 / 0.6"] < 0.1


def _as_weighed(summary: dict[str, Any]) -> dict[str, float]:
    return {
        model: line["gain"]["as weighed"]
        for model, line in summary.items()
        if model.startswith("plays weighed")
    }
