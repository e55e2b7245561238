"""The score chart: the data plotted (one point per hand, baits marked) and its PNG."""

from __future__ import annotations

import itertools
import random
import struct

from bot.render.chart import ScoreChart, draw_chart, score_chart
from engine import Game, Outcome, Rules


def _finished_game(players: int, seed: int) -> Game:
    game = Game.new(players, Rules.preset("odessa"), seed)
    rng = random.Random(seed)
    while game.winner is None:
        game.apply(rng.choice(game.legal_actions()))
    return game


def test_the_chart_has_each_sides_running_score_and_the_baits() -> None:
    game = _finished_game(3, seed=4)
    names = ["Аня", "Борис", "🤖 Компьютер (лёгкий)"]
    chart = score_chart(game.sheet, names, target=501, lang="ru")
    assert chart.hands == tuple(r.hand_number for r in game.sheet)
    for side in range(3):
        written = [next(x.written for x in r.sides if x.side == side) for r in game.sheet]
        assert chart.series(side) == list(itertools.accumulate(written))
    assert chart.totals[-1] == game.scores
    baits = [(i, r.bidder_side) for i, r in enumerate(game.sheet) if r.outcome is Outcome.BAIT]
    assert baits, "random play sits often"
    assert sorted(chart.baits) == sorted(baits)
    assert chart.sides[2] == "Компьютер (лёгкий)"  # no emoji the font cannot draw
    assert chart.bait_mark == "Б"
    assert ScoreChart.from_json(chart.to_json()) == chart


def test_the_chart_is_a_small_png() -> None:
    game = _finished_game(2, seed=5)
    chart = score_chart(game.sheet, ["Anna", "Boris"], target=501, lang="en")
    png = draw_chart(chart.to_json())
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    assert struct.unpack(">II", png[16:24]) == (640, 360)
    assert len(png) < 100_000
