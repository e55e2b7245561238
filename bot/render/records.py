"""/stats, /top and /history (HTML), and the history message's buttons.

| function | key | when |
|---|---|---|
| :func:`render_stats` | ``stats-*`` | /stats, and /start in private |
| :func:`render_no_stats` | ``stats-none``, ``stats-none-here`` | /stats of someone without games |
| :func:`render_stats_refusal` | ``stats-bot``, ``stats-anonymous`` | /stats of a bot |
| :func:`render_top` | ``top-*`` | /top |
| :func:`render_history` | ``history-*`` + ``HistoryCb`` buttons | /history |
| :func:`render_history_sheet` | ``history-game`` + a back button | a /history button |
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from aiogram.types import InlineKeyboardMarkup

from bot.callbacks import HistoryCb
from bot.i18n import Html, translator
from engine import Game
from engine.summary import Figures

from .cards import meld_shown
from .keyboard import button, markup
from .sheet import MAX_TEXT, render_score_sheet
from .table import SEP

__all__ = [
    "HistoryEntry",
    "PlayerStats",
    "RulesStats",
    "render_history",
    "render_history_sheet",
    "render_no_stats",
    "render_stats",
    "render_stats_refusal",
    "render_top",
    "rules_label",
]


@dataclass(frozen=True, slots=True)
class RulesStats:
    rules_name: str | None
    """A preset's name; None: a custom rule set."""
    games: int
    wins: int


@dataclass(frozen=True, slots=True)
class PlayerStats:
    """What /stats shows of a person (bot.services.stats sums it from their games)."""

    games: int
    wins: int
    figures: Figures
    """Added up over the games."""
    longest_streak: int
    """The most games won one after another."""
    per_rules: tuple[RulesStats, ...]
    """Most played first."""
    rating: int | None
    """The shown rating; None before a first rated game."""
    last_change: int | None = None
    """What the last game counted here changed the shown rating by."""

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def made_rate(self) -> float:
        figures = self.figures
        return figures.made / figures.bids if figures.bids else 0.0

    @property
    def points_per_hand(self) -> float:
        figures = self.figures
        return figures.points / figures.hands if figures.hands else 0.0


def rules_label(name: str | None, lang: str) -> str:
    """A rule set's name (plain text): the preset's, or «свои правила» for a custom one."""
    tr = translator(lang)
    key = f"preset-{name}" if name else "preset-custom"
    return tr.plain(key) if tr.has(key) else (name or tr.plain("preset-custom"))


def _percent(part: float) -> int:
    return round(100 * part)


def _decimal(value: float, lang: str) -> str:
    text = f"{value:.1f}"
    return text if lang == "en" else text.replace(".", ",")


def _date(moment: datetime) -> str:
    return moment.strftime("%d.%m.%Y")


def render_stats(name: str, stats: PlayerStats, lang: str, *, in_chat: bool) -> str:
    """A person's figures; ``in_chat``: counted over this chat's games."""
    tr = translator(lang)
    lines = [tr("stats-title-here" if in_chat else "stats-title", name=name)]
    if stats.rating is None:
        lines.append(tr("stats-rating-none"))
    else:
        lines.append(tr("stats-rating", rating=stats.rating))
    if stats.last_change is not None:
        lines.append(tr("stats-rating-change", change=f"{stats.last_change:+d}"))
    lines.append(
        tr("stats-games", games=stats.games, wins=stats.wins, rate=_percent(stats.win_rate))
    )
    lines.append(tr("stats-streak", n=stats.longest_streak))
    figures = stats.figures
    lines.append(
        tr("stats-bids", bids=figures.bids, made=figures.made, rate=_percent(stats.made_rate))
    )
    lines.append(tr("stats-baits", baits=figures.baits, bolts=figures.bolts))
    lines.append(tr("stats-points", points=_decimal(stats.points_per_hand, lang)))
    if figures.best_meld is not None:
        lines.append(tr("stats-best-meld", meld=meld_shown(figures.best_meld, lang)))
    lines.append(tr("stats-rules-title"))
    for rules in stats.per_rules:
        lines.append(
            tr(
                "stats-rules-line",
                rules=rules_label(rules.rules_name, lang),
                games=rules.games,
                wins=rules.wins,
            )
        )
    return "\n".join(lines)


def render_no_stats(name: str, lang: str, *, in_chat: bool) -> str:
    return translator(lang)("stats-none-here" if in_chat else "stats-none", name=name)


def render_stats_refusal(kind: str, lang: str) -> str:
    """/stats of a bot (``"bot"``), or sent on behalf of a chat (``"anonymous"``)."""
    return translator(lang)("stats-bot" if kind == "bot" else "stats-anonymous")


def render_top(
    lines: Sequence[tuple[str, int, int, int]], lang: str, *, in_chat: bool, min_games: int
) -> str:
    """The leaderboard from (name, shown rating, games, wins), best first."""
    tr = translator(lang)
    if not lines:
        return tr("top-empty", n=min_games)
    out = [tr("top-title-here" if in_chat else "top-title")]
    for place, (name, rating, games, wins) in enumerate(lines, start=1):
        out.append(tr("top-line", place=place, name=name, rating=rating, games=games, wins=wins))
    out.append(tr("top-footer", n=min_games))
    return "\n".join(out)


@dataclass(frozen=True, slots=True)
class HistoryEntry:
    game_id: int
    finished_at: datetime
    sides: tuple[str, ...]
    """The names of the sides (pairs with 4 players)."""
    scores: tuple[int, ...]
    winner: int | None
    rules_name: str | None


def render_history(
    entries: Sequence[HistoryEntry], lang: str
) -> tuple[str, InlineKeyboardMarkup | None]:
    """The chat's last games, newest first, each with a numbered button to its sheet."""
    tr = translator(lang)
    if not entries:
        return tr("history-empty"), None
    lines = [tr("history-title")]
    buttons = []
    for number, entry in enumerate(entries, start=1):
        players = SEP.join(
            tr(
                "history-side-winner" if side == entry.winner else "history-side",
                name=name,
                score=entry.scores[side],
            )
            for side, name in enumerate(entry.sides)
        )
        lines.append(
            tr(
                "history-line",
                number=number,
                date=_date(entry.finished_at),
                players=Html(players),
                rules=rules_label(entry.rules_name, lang),
            )
        )
        buttons.append(button(str(number), HistoryCb(game_id=entry.game_id)))
    return "\n".join(lines), markup([buttons])


def render_history_sheet(
    finished_at: datetime, game: Game, side_names: Sequence[str], lang: str
) -> tuple[str, InlineKeyboardMarkup]:
    """A finished game's whole score sheet, with a button back to the list."""
    tr = translator(lang)
    head = tr("history-game", date=_date(finished_at))
    body = render_score_sheet(
        game.sheet,
        game.scores,
        side_names,
        game.rules.target,
        lang,
        hanging=game.hanging,
        limit=MAX_TEXT - len(head) - 2,
    )
    back = markup([[button(tr.plain("btn-history-back"), HistoryCb(game_id=0))]])
    return f"{head}\n\n{body}", back
