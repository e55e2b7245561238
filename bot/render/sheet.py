"""The score sheet, the result of a hand and the end of the game.

The sheet is written like the paper one: a line per hand with what each side writes and
its running total; «Б» marks the side that sat (bait).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from typing import Final

from bot.i18n import Html, escape, translator
from engine import HandResult, Outcome, PlayerView, SideScore, running_totals

from .cards import suit_label
from .table import SEP, format_lines, match_lines, score_line

__all__ = [
    "MAX_TEXT",
    "render_game_over",
    "render_hand_result",
    "render_score_sheet",
    "sheet_extra",
]

MAX_TEXT: Final = 4096
_NAME_WIDTH: Final = 10


def _width(text: str) -> int:
    """Columns a monospace font gives the text (wide emoji take two, marks none)."""
    width = 0
    for char in text:
        if unicodedata.combining(char) or unicodedata.category(char) in ("Mn", "Cf"):
            continue
        if char == "\ufe0f":
            continue
        width += 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1
    return width


def _fit(text: str, width: int) -> str:
    """Cut to ``width`` columns with «…»."""
    if _width(text) <= width:
        return text
    out = ""
    for char in text:
        if _width(out + char) > width - 1:
            break
        out += char
    return out + "…"


def _pad(text: str, width: int) -> str:
    return " " * max(0, width - _width(text)) + text


def _written(line: SideScore, mark: str, visyak_mark: str = "") -> str:
    """A side's cell: what it writes, after «Б» when it sat, or after the висяк mark
    when ``visyak_mark`` is given (the tied bidder's side, RULES-VARIANTS §19)."""
    marked = mark if line.bait else visyak_mark
    if marked:
        return marked if line.written == 0 else f"{marked}{line.written:+d}"
    return f"{line.written:+d}" if line.written else "0"


def _visyak_mark(result: HandResult, line: SideScore, mark: str) -> str:
    tied = result.outcome is Outcome.VISYAK and line.side == result.bidder_side
    return mark if tied else ""


def render_score_sheet(
    sheet: Sequence[HandResult],
    scores: Sequence[int],
    side_names: Sequence[str],
    target: int | None,
    lang: str,
    *,
    hanging: int = 0,
    visyak_pool: int = 0,
    limit: int = MAX_TEXT,
    extra: Sequence[str] = (),
) -> str:
    """The score sheet (HTML): a ``<pre>`` table, one line per hand, oldest lines left
    out (with a note) when the text would pass ``limit`` characters. A висяк tie marks
    the bidder's cell; ``visyak_pool`` is the pool at stake in the hand being played.
    ``extra`` lines follow the title: a one-hand game's stake, a match's game
    (:func:`sheet_extra`)."""
    tr = translator(lang)
    if target is None:
        head = tr("sheet-title-plain")
    else:
        head = tr("sheet-title", target=target)
    if extra:
        head = "\n".join([head, *extra])
    footer: list[str] = []
    if any(line.bait for result in sheet for line in result.sides):
        footer.append(tr("sheet-legend"))
    if any(result.outcome is Outcome.VISYAK for result in sheet):
        footer.append(tr("sheet-visyak-legend"))
    if hanging:
        footer.append(tr("table-hanging", points=tr.plain("points", n=hanging)))
    if visyak_pool:
        footer.append(tr("table-visyak-pool", points=tr.plain("points", n=visyak_pool)))
    footer.append(score_line(scores, side_names, lang, target=None))
    if not sheet:
        return "\n".join([head, tr("sheet-empty"), *footer])

    mark = tr.plain("sheet-bait-mark")
    tied = tr.plain("sheet-visyak-mark")
    cells: list[tuple[str, list[tuple[str, str]]]] = []
    for result, totals in zip(sheet, running_totals(sheet, len(side_names)), strict=True):
        row = [
            (_written(line, mark, _visyak_mark(result, line, tied)), str(totals[line.side]))
            for line in result.sides
        ]
        cells.append((str(result.hand_number), row))

    number_width = max(len(tr.plain("sheet-hand")), *(len(n) for n, _ in cells))
    left = [max(_width(row[s][0]) for _, row in cells) for s in range(len(side_names))]
    right = [max(_width(row[s][1]) for _, row in cells) for s in range(len(side_names))]
    headers: list[str] = []
    widths: list[int] = []
    for s, name in enumerate(side_names):
        cell = left[s] + 1 + right[s]
        label = _fit(name, max(cell, _NAME_WIDTH))
        widths.append(max(cell, _width(label)))
        headers.append(label)

    def table_row(number: str, parts: Sequence[str]) -> str:
        return "  ".join(
            [_pad(number, number_width), *(_pad(p, w) for p, w in zip(parts, widths, strict=True))]
        )

    header = table_row(tr.plain("sheet-hand"), headers)
    rule = "─" * _width(header)
    rows = [
        table_row(
            number, [_pad(a, left[s]) + " " + _pad(b, right[s]) for s, (a, b) in enumerate(row)]
        )
        for number, row in cells
    ]

    def build(skipped: int) -> str:
        body = "\n".join([header, rule, *rows[skipped:]])
        parts = [head]
        if skipped:
            parts.append(tr("sheet-elided", count=skipped))
        parts.append(f"<pre>{escape(body)}</pre>")
        parts.extend(footer)
        return "\n".join(parts)

    skipped = 0
    text = build(skipped)
    while len(text) > limit and skipped < len(rows) - 1:
        # Drop roughly as many old lines as needed at once, then fine-tune.
        excess = len(text) - limit
        skipped = min(len(rows) - 1, skipped + max(1, excess // (len(rows[0]) + 1)))
        text = build(skipped)
    return text


def _side_items(line: SideScore, lang: str) -> str:
    tr = translator(lang)
    items = [tr.plain("item-tricks", n=line.tricks), tr.plain("item-cards", n=line.card_points)]
    if line.last_trick:
        items.append(tr.plain("item-last-trick", n=line.last_trick))
    if line.melds:
        items.append(tr.plain("item-melds", n=line.melds))
    if line.bella:
        items.append(tr.plain("item-bella", n=line.bella))
    return SEP.join(items)


def render_hand_result(
    result: HandResult,
    side_names: Sequence[str],
    scores: Sequence[int],
    lang: str,
    *,
    target: int | None = None,
    bidder_name: str | None = None,
    pairs: bool = False,
) -> str:
    """After a hand (HTML): each side's points in detail, the outcome (made, bait «Б»,
    hanging bait), bolt and penalties, what each side writes, and the totals.

    ``bidder_name`` is the bidder's own name (with 4 players the side is a pair);
    ``pairs`` says the sides are pairs (4 players), for the grammar.
    """
    tr = translator(lang)
    bidder = bidder_name if bidder_name is not None else side_names[result.bidder_side]
    lines = [
        tr(
            "result-title",
            number=result.hand_number,
            suit=suit_label(result.trump, lang),
            bidder=bidder,
        )
    ]
    for line in result.sides:
        lines.append(
            tr(
                "result-side",
                name=side_names[line.side],
                items=_side_items(line, lang),
                total=line.total,
            )
        )
    lines.append("")
    bidder_line = result.sides[result.bidder_side]
    if result.outcome is Outcome.MADE:
        lines.append(tr("result-made"))
    elif result.outcome is Outcome.BAIT:
        lines.append(
            tr(
                "result-bait",
                pair="yes" if pairs else "no",
                points=tr.plain("points", n=bidder_line.total),
            )
        )
        received = [
            tr("result-received", name=side_names[line.side], points=line.received)
            for line in result.sides
            if line.received
        ]
        if received:
            lines.append(SEP.join(received))
    elif result.outcome is Outcome.CLAIMED:
        lines.append(tr("result-claimed"))
    elif result.outcome is Outcome.FIFTY:
        lines.append(tr("result-fifty"))
    elif result.outcome is Outcome.VISYAK:
        lines.append(tr("result-visyak", points=tr.plain("points", n=result.visyak_pool)))
    elif result.outcome is Outcome.PLAYED:
        lines.append(tr("result-played"))
    else:
        lines.append(tr("result-hanging", points=tr.plain("points", n=result.hanging)))
    for line in result.sides:
        name = side_names[line.side]
        if line.hanging_won:
            lines.append(tr("result-hanging-won", name=name, points=line.hanging_won))
        if line.visyak_won:
            lines.append(tr("result-visyak-won", name=name, points=line.visyak_won))
        if line.bolt:
            lines.append(tr("result-bolt", name=name, points=-line.bolt))
        if line.bait_penalty:
            lines.append(tr("result-third-bait", name=name, points=-line.bait_penalty))

    mark = tr.plain("sheet-bait-mark")
    tied = tr.plain("sheet-visyak-mark")
    written = SEP.join(
        tr(
            "table-side-value",
            name=side_names[line.side],
            value=_written(line, mark, _visyak_mark(result, line, tied)),
        )
        for line in result.sides
    )
    lines.append(tr("result-written", written=Html(written)))
    lines.append(score_line(scores, side_names, lang, target=target))
    return "\n".join(lines)


def sheet_extra(view: PlayerView, side_names: Sequence[str], lang: str) -> list[str]:
    """The lines under the sheet's title: a one-hand game and its stake (§25), which
    game of a two-round match is played and the finished games' results (§27)."""
    tr = translator(lang)
    lines = format_lines(view.rules, view.stake, tr)
    lines += match_lines(view.game_number, view.final_hands_left, view.match_games, side_names, tr)
    return lines


def render_game_over(
    winner_side: int,
    scores: Sequence[int],
    side_names: Sequence[str],
    sheet: Sequence[HandResult],
    lang: str,
    *,
    target: int | None = None,
    hanging: int = 0,
    pairs: bool = False,
    winners: Sequence[int] = (),
    stakes: Sequence[int] = (),
    extra: Sequence[str] = (),
) -> str:
    """The end of the game (HTML): the winner, the final score and the whole sheet.

    ``winners`` and ``stakes`` are a one-hand game's (RULES-VARIANTS §25): every winning
    side and each side's stake units, shown instead of the winner's points; ``extra`` as
    in :func:`render_score_sheet`."""
    tr = translator(lang)
    if stakes:  # a one-hand game: the stakes say more than the points
        names = SEP.join(side_names[side] for side in winners or (winner_side,))
        head = tr("game-over-winners", names=names, count=len(winners) or 1)
    else:
        head = tr(
            "game-over-title",
            pair="yes" if pairs else "no",
            name=side_names[winner_side],
            points=tr.plain("points", n=scores[winner_side]),
        )
    if stakes:
        units = SEP.join(
            tr("table-side-value", name=name, value=f"{units:+d}")
            for name, units in zip(side_names, stakes, strict=True)
        )
        head += "\n" + tr("game-over-stakes", stakes=Html(units))
    tail = tr("game-over-new")
    budget = MAX_TEXT - len(head) - len(tail) - 4
    body = render_score_sheet(
        sheet, scores, side_names, target, lang, hanging=hanging, limit=budget, extra=extra
    )
    return "\n\n".join([head, body, tail])
