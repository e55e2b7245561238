"""The scaling benchmark (benchmarks/scale.py) for one table, a few seconds: its figures
must stay sane, so that it cannot rot between the times someone runs it in full."""

from __future__ import annotations

from pathlib import Path

from benchmarks.scale import Options, details, measure, percentile, row
from tests.e2e.process import Zygote


async def test_one_table_gives_sane_figures(zygote: Zygote, tmp_path: Path) -> None:
    # Beside one table of a person and three easy computers, whose decisions are timed.
    options = Options(seconds=3.0, warmup=1.0, search_tables=1, search_kind="easy")
    figures = await measure(1, options, zygote, tmp_path)
    assert figures.check() == []
    assert figures.decisions
    assert max(figures.decisions) < 1.0
    # People who press 0.5-1.5 s after their turn shows cannot press twice a second.
    assert 0.1 < figures.presses_per_second < 2.0
    cpu = figures.cpu_ms_per_press
    assert cpu is not None
    assert 0 < cpu < 1000
    group, private = figures.per_card(figures.group_calls), figures.per_card(figures.private_calls)
    assert group is not None
    assert private is not None
    assert 0 < group + private < 20
    p99 = percentile(figures.latencies, 99)
    assert p99 is not None
    assert 0 < p99 < 5.0
    assert figures.rss > 10 * 2**20
    assert str(figures.tables) in row(figures)
    assert details(figures)
