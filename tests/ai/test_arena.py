"""The arena: seatings, the Wilson interval, and a tiny match from the command line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.ai.arena import MatchSpec, main, play_game, seatings, start_scores, wilson
from engine.rules import Rules


def test_every_seating_gives_each_kind_every_seat() -> None:
    for players in (2, 3, 4):
        plan = seatings(players)
        for seat in range(players):
            assert {seats[seat] for seats in plan} == {"A", "B"}
    assert seatings(3) == [("A", "B", "B"), ("B", "A", "B"), ("B", "B", "A")]


def test_wilson_interval() -> None:
    low, high = wilson(90, 100)
    assert low == pytest.approx(0.8256, abs=1e-3)
    assert high == pytest.approx(0.9448, abs=1e-3)
    assert wilson(0, 0) == (0.0, 1.0)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_small_match_runs_and_reports(
    players: int, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "summary.json"
    games = 2 * players
    main(
        [
            "--a", "heuristic", "--b", "random", "--players", str(players),
            "--games", str(games), "--target", "151", "--json", str(out),
        ]
    )  # fmt: skip
    printed = capsys.readouterr().out
    assert "heuristic (A) vs random (B)" in printed
    summary = json.loads(out.read_text())
    assert summary["games"] == games
    assert summary["A"]["wins"] + summary["B"]["wins"] == games


def test_start_scores_are_fixed_by_the_seed_and_on_the_grid_below_the_target() -> None:
    drawn = [start_scores(seed, 2, 300, 501) for seed in range(1, 60)]
    assert drawn[0] == start_scores(1, 2, 300, 501)
    assert len(set(drawn)) > 40
    for scores in drawn:
        assert all(300 <= score < 501 and score % 10 == 0 for score in scores)
    assert len(start_scores(5, 3, 0, 151)) == 3
    with pytest.raises(ValueError, match="below 501"):
        start_scores(1, 2, 501, 501)


def test_a_game_started_from_scores_counts_them_towards_the_target() -> None:
    spec = MatchSpec(
        players=2,
        rules=Rules.preset("odessa").replace(target=501),
        seed=3,
        seats=("A", "B"),
        kinds={"A": "heuristic", "B": "heuristic"},
        options={},
        start_from=470,
    )
    start = start_scores(3, 2, 470, 501)
    record = play_game(spec)
    winner_seat = spec.seats.index(record.winner)
    # one hand writes some 160 points between the sides: a game from 470-480 ends at once
    assert record.hands <= 2
    assert start[winner_seat] + sum(record.points[record.winner]) >= 501


def test_start_from_outside_the_target_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--a", "heuristic", "--b", "random", "--start-from", "600", "--games", "2"])
    assert "--start-from 600" in capsys.readouterr().err
