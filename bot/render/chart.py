"""The picture at a game's end: each side's running score hand by hand, baits marked «Б».

The chart is stored as the data to draw it (:class:`ScoreChart`, plain JSON in the
outbox) and drawn when it is sent: a PNG is no text to keep in a transaction, and drawing
takes a matplotlib figure, work for a thread rather than for the move that ended the game.
"""

from __future__ import annotations

import dataclasses
import io
from collections.abc import Mapping, Sequence
from typing import Any

from bot.i18n import translator
from engine import HandResult, running_totals

__all__ = ["ScoreChart", "chart_caption", "draw_chart", "score_chart"]

_DPI = 100
_SIZE = (6.4, 3.6)
"""Inches: 640 x 360 pixels, small enough for a phone and a quick upload."""


@dataclasses.dataclass(frozen=True, slots=True)
class ScoreChart:
    """One line per side: ``totals[i]`` are the sides' scores after hand ``hands[i]``."""

    sides: tuple[str, ...]
    hands: tuple[int, ...]
    totals: tuple[tuple[int, ...], ...]
    baits: tuple[tuple[int, int], ...]
    """(index into ``hands``, side) where that side's bidder sat."""
    target: int | None
    bait_mark: str
    title: str
    hand_label: str

    def to_json(self) -> dict[str, Any]:
        return dataclasses.asdict(self)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> ScoreChart:
        return cls(
            sides=tuple(data["sides"]),
            hands=tuple(data["hands"]),
            totals=tuple(tuple(row) for row in data["totals"]),
            baits=tuple((index, side) for index, side in data["baits"]),
            target=data["target"],
            bait_mark=data["bait_mark"],
            title=data["title"],
            hand_label=data["hand_label"],
        )

    def series(self, side: int) -> list[int]:
        """The side's running score, one point per hand."""
        return [row[side] for row in self.totals]


def chart_caption(lang: str) -> str:
    """The photo's caption (HTML)."""
    return translator(lang)("chart-caption")


def score_chart(
    sheet: Sequence[HandResult], sides: Sequence[str], *, target: int | None, lang: str
) -> ScoreChart:
    """The chart of a game's sheet: what each side wrote, added up hand by hand; its
    words in ``lang``, baits marked as on the score sheet."""
    tr = translator(lang)
    baits = [
        (index, line.side)
        for index, result in enumerate(sheet)
        for line in result.sides
        if line.bait
    ]
    return ScoreChart(
        sides=tuple(_drawable(name) for name in sides),
        hands=tuple(result.hand_number for result in sheet),
        totals=running_totals(sheet, len(sides)),
        baits=tuple(baits),
        target=target,
        bait_mark=tr.plain("sheet-bait-mark"),
        title=tr.plain("chart-title"),
        hand_label=tr.plain("chart-hand"),
    )


def _drawable(name: str) -> str:
    """The name without what the chart's font has no glyph for (emoji such as 🤖)."""
    kept = "".join(ch for ch in name if ord(ch) <= 0xFFFF and not 0xFE00 <= ord(ch) <= 0xFE0F)
    return " ".join(kept.split()) or name


def draw_chart(data: Mapping[str, Any]) -> bytes:
    """The PNG of a stored :class:`ScoreChart` (blocking: call it in a thread). The
    object API with the Agg canvas keeps pyplot's global state (and any display) out."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    chart = ScoreChart.from_json(data)
    figure = Figure(figsize=_SIZE, dpi=_DPI)
    FigureCanvasAgg(figure)
    axes = figure.add_subplot()
    for side, name in enumerate(chart.sides):
        (line,) = axes.plot(chart.hands, chart.series(side), marker="o", markersize=3, label=name)
        for index, bait_side in chart.baits:
            if bait_side == side:
                axes.annotate(
                    chart.bait_mark,
                    (chart.hands[index], chart.totals[index][side]),
                    textcoords="offset points",
                    xytext=(0, 6),
                    ha="center",
                    color=line.get_color(),
                    fontweight="bold",
                )
    if chart.target is not None:
        axes.axhline(chart.target, color="grey", linestyle="--", linewidth=0.8)
    axes.set_title(chart.title)
    axes.set_xlabel(chart.hand_label)
    axes.grid(alpha=0.3)
    axes.legend(loc="upper left", fontsize="small")
    figure.tight_layout()
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png")
    return buffer.getvalue()
