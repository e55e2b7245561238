"""/stats, /top and /history: read-only answers from the finished games' records.

Figures are sums over the result lines (bot.db.records), which the engine's summary
wrote when each game ended; nothing here knows a rule. In a group /stats and /top count
that chat's games, in private all of a person's games; the rating is always the
person's one rating.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Final

from aiogram.types import InlineKeyboardMarkup
from sqlalchemy.ext.asyncio import AsyncSession

from bot import db
from bot.db import records as repo
from bot.db import slots as slot_repo
from bot.db.models import Rating
from bot.outbox.db_store import store_slot
from bot.render.messages import Alert, alert
from bot.render.records import (
    HistoryEntry,
    PlayerStats,
    RulesStats,
    render_history,
    render_history_sheet,
    render_no_stats,
    render_stats,
    render_top,
)
from bot.services.answers import Answer
from bot.services.context import AppContext
from bot.services.presenter import side_names
from bot.services.ratings import shown_rating
from bot.services.tables import Table
from engine import Game
from engine.summary import Figures

__all__ = [
    "HISTORY_GAMES",
    "TOP_MIN_GAMES",
    "TOP_SIZE",
    "history_slot",
    "player_stats",
    "show_history",
    "show_history_game",
    "stats_or_none",
    "stats_text",
    "top_text",
]

TOP_MIN_GAMES: Final = 3
"""Games a person must have finished (in the chat, for a group's /top) to be listed: one
lucky game says little, and openskill's sigma is still large after it."""
TOP_SIZE: Final = 10
HISTORY_GAMES: Final = 10


def player_stats(lines: list[repo.StatsLine], rating: int | None) -> PlayerStats:
    """The sums of a person's lines (oldest game first, as bot.db.records gives them)."""
    streak = longest = 0
    per_rules: dict[str | None, list[int]] = defaultdict(lambda: [0, 0])
    for line in lines:
        streak = streak + 1 if line.won else 0
        longest = max(longest, streak)
        counts = per_rules[line.rules_name]
        counts[0] += 1
        counts[1] += line.won
    return PlayerStats(
        games=len(lines),
        wins=sum(line.won for line in lines),
        figures=sum((line.figures for line in lines), Figures()),
        longest_streak=longest,
        per_rules=tuple(
            RulesStats(name, games, wins)
            for name, (games, wins) in sorted(
                per_rules.items(), key=lambda item: (-item[1][0], item[0] or "")
            )
        ),
        rating=rating,
        last_change=_last_change(lines),
    )


def _last_change(lines: list[repo.StatsLine]) -> int | None:
    if not lines:
        return None
    last = lines[-1]
    if last.rating_before is None or last.rating_after is None:
        return None
    return shown_rating(*last.rating_after) - shown_rating(*last.rating_before)


async def _rating(session: AsyncSession, user_id: int) -> int | None:
    row = await session.get(Rating, user_id)
    return None if row is None or row.games == 0 else shown_rating(row.mu, row.sigma)


async def stats_text(
    ctx: AppContext, user_id: int, name: str, lang: str, *, chat_id: int | None
) -> str:
    """/stats of a person: the chat's games (``chat_id``), or all of theirs (None)."""
    text = await stats_or_none(ctx, user_id, name, lang, chat_id=chat_id)
    return text or render_no_stats(name, lang, in_chat=chat_id is not None)


async def stats_or_none(
    ctx: AppContext, user_id: int, name: str, lang: str, *, chat_id: int | None
) -> str | None:
    """``stats_text``, or None for a person without a recorded game."""
    async with ctx.sessionmaker() as session:
        lines = await repo.user_lines(session, user_id, chat_id)
        if not lines:
            return None
        stats = player_stats(lines, await _rating(session, user_id))
    return render_stats(name, stats, lang, in_chat=chat_id is not None)


async def top_text(ctx: AppContext, lang: str, *, chat_id: int | None) -> str:
    """/top: the chat's leaderboard (``chat_id``) or everyone's (None)."""
    async with ctx.sessionmaker() as session:
        lines = await repo.leaderboard(session, chat_id, min_games=TOP_MIN_GAMES, limit=TOP_SIZE)
    return render_top(
        [(line.name, shown_rating(line.mu, line.sigma), line.games, line.wins) for line in lines],
        lang,
        in_chat=chat_id is not None,
        min_games=TOP_MIN_GAMES,
    )


def history_slot(chat_id: int) -> str:
    """The chat's one /history message: a new /history moves it to the bottom."""
    return f"history:{chat_id}"


async def _history(
    session: AsyncSession, chat_id: int, lang: str
) -> tuple[str, InlineKeyboardMarkup | None]:
    entries: list[HistoryEntry] = []
    chat = await db.get_or_create_chat(session, chat_id, language=lang)
    for row, seats, users in await repo.finished_games(session, chat_id, HISTORY_GAMES):
        if row.state is None:
            continue
        game = Game.from_json(row.state)
        table = Table(row, game, tuple(seats), users, chat)
        entries.append(
            HistoryEntry(
                game_id=row.id,
                finished_at=row.finished_at or row.updated_at,
                sides=side_names(table, lang),
                scores=game.scores,
                winner=game.winner,
                rules_name=game.rules.preset_name,
            )
        )
    return render_history(entries, lang)


async def show_history(ctx: AppContext, chat_id: int, lang: str) -> None:
    """/history: the chat's last finished games as a new message, a button for each."""
    async with ctx.sessionmaker() as session, session.begin():
        text, markup = await _history(session, chat_id, lang)
        await store_slot(session, chat_id, history_slot(chat_id), text, markup, new=True)


async def show_history_game(
    ctx: AppContext, chat_id: int, message_id: int, game_id: int, lang: str
) -> Answer:
    """A /history button: the game's score sheet (``game_id``), or the list again (0),
    edited into the history message. A button of an older /history message, or of a
    game that is not this chat's finished one, is stale."""
    async with ctx.sessionmaker() as session, session.begin():
        key = history_slot(chat_id)
        if await slot_repo.slot_message_id(session, chat_id, key) != message_id:
            return Answer.refuse(_stale(lang))
        if game_id == 0:
            text, markup = await _history(session, chat_id, lang)
        else:
            try:
                loaded = await db.load_game_with_seats(session, game_id)
            except db.GameNotFound:
                return Answer.refuse(_stale(lang))
            row, game = loaded.active
            if (
                row.chat_id != chat_id
                or row.status is not db.GameStatus.FINISHED
                or game is None
                or loaded.chat is None
            ):
                return Answer.refuse(_stale(lang))
            table = Table(row, game, tuple(loaded.seats), loaded.users, loaded.chat)
            text, markup = render_history_sheet(
                row.finished_at or row.updated_at, game, side_names(table, lang), lang
            )
        await store_slot(session, chat_id, key, text, markup)
    return Answer()


def _stale(lang: str) -> str:
    return alert(Alert.STALE, lang)
