"""The arena: seatings, the Wilson interval, and a tiny match from the command line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.ai.arena import main, seatings, wilson


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
