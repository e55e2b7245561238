"""/stats, /top and /history texts in every language."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from bot.callbacks import HistoryCb
from bot.i18n import SUPPORTED
from bot.render.records import (
    HistoryEntry,
    PlayerStats,
    RulesStats,
    render_history,
    render_history_sheet,
    render_no_stats,
    render_stats,
    render_stats_refusal,
    render_top,
    rules_label,
)
from engine import Meld, MeldKind, Rank, Rules, Suit
from engine.summary import Figures

from .helpers import check_html, walk

STATS = PlayerStats(
    games=4,
    wins=3,
    figures=Figures(
        hands=30,
        bids=9,
        made=6,
        baits=3,
        bolts=1,
        points=1234,
        best_meld=Meld(Suit.HEARTS, Rank.ACE, 4, MeldKind.FIFTY),
    ),
    longest_streak=2,
    per_rules=(RulesStats("odessa", 3, 2), RulesStats(None, 1, 1)),
    rating=1043,
    last_change=-12,
)
WHEN = datetime(2026, 12, 1, 14, 0, tzinfo=UTC)


@pytest.mark.parametrize("lang", SUPPORTED)
def test_stats_show_every_figure(lang: str) -> None:
    text = render_stats("Anna <3", STATS, lang, in_chat=True)
    check_html(text)
    assert "Anna &lt;3" in text
    for figure in ("1043", "-12", "4", "3", "75%", "67%", "41", "♥"):
        assert figure in text
    assert ("41.1" if lang == "en" else "41,1") in text
    assert rules_label("odessa", lang) in text
    assert rules_label(None, lang) in text
    check_html(render_stats("Anna", STATS, lang, in_chat=False))
    check_html(render_no_stats("Anna", lang, in_chat=True))
    check_html(render_stats_refusal("bot", lang))
    check_html(render_stats_refusal("anonymous", lang))


@pytest.mark.parametrize("lang", SUPPORTED)
def test_the_leaderboard_lists_in_order(lang: str) -> None:
    text = render_top([("Anna", 1100, 5, 4), ("Boris", 990, 3, 1)], lang, in_chat=True, min_games=3)
    check_html(text)
    assert text.index("Anna") < text.index("Boris")
    assert "1. Anna — <b>1100</b>" in text
    empty = render_top([], lang, in_chat=False, min_games=3)
    check_html(empty)
    assert "3" in empty


@pytest.mark.parametrize("lang", SUPPORTED)
def test_history_has_a_button_per_game_and_the_sheet_one_back(lang: str) -> None:
    entries = [
        HistoryEntry(7, WHEN, ("Anna", "Boris"), (501, 344), 0, "odessa"),
        HistoryEntry(5, WHEN, ("Anna и Vika", "Boris и Gena"), (230, 512), 1, None),
    ]
    text, markup = render_history(entries, lang)
    check_html(text)
    assert "01.12.2026" in text
    assert markup is not None
    assert [b.callback_data for row in markup.inline_keyboard for b in row] == [
        HistoryCb(game_id=7).pack(),
        HistoryCb(game_id=5).pack(),
    ]
    empty, none = render_history([], lang)
    check_html(empty)
    assert none is None
    *_, game = walk(2, Rules(), 3)
    sheet, back = render_history_sheet(WHEN, game, ("Anna", "Boris"), lang)
    check_html(sheet)
    assert [b.callback_data for row in back.inline_keyboard for b in row] == [
        HistoryCb(game_id=0).pack()
    ]


def test_a_preset_without_a_label_is_named_as_it_is() -> None:
    assert rules_label("no-such-preset", "en") == "no-such-preset"
    assert rules_label("odessa", "ru") == "одесский деберц"
