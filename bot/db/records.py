"""Ratings and result lines: what finished games leave for /stats, /top and /history.

The lines are written in the transaction of a game's last move (bot.services.records);
everything else here only reads.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, cast

from sqlalchemy import Table, case, func, insert, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from bot.db.base import utcnow
from bot.db.dialect import upsert_insert
from bot.db.models import GameRecord, GameResult, GameStatus, Rating, Seat, User
from engine import Meld, MeldKind, Rank, Suit
from engine.summary import Figures

__all__ = [
    "LeaderLine",
    "StatsLine",
    "add_results",
    "decode_meld",
    "encode_meld",
    "figure_columns",
    "figures_of",
    "finished_games",
    "has_results",
    "leaderboard",
    "lock_ratings",
    "store_rating",
    "user_lines",
]

_results = cast(Table, GameResult.__table__)


def encode_meld(meld: Meld | None) -> str | None:
    """``suit.top.length.kind`` as numbers: short, and :func:`decode_meld` reads it back."""
    if meld is None:
        return None
    return f"{int(meld.suit)}.{int(meld.top)}.{meld.length}.{int(meld.kind)}"


def decode_meld(code: str | None) -> Meld | None:
    """The meld of :func:`encode_meld`; None for none, or for text that is not one (a line
    is statistics, not worth a crash)."""
    if not code:
        return None
    try:
        suit, top, length, kind = (int(part) for part in code.split("."))
        return Meld(Suit(suit), Rank(top), length, MeldKind(kind))
    except ValueError:
        return None


async def has_results(session: AsyncSession, game_id: int) -> bool:
    """Whether the game's lines are written (then it has been rated too)."""
    result = await session.execute(
        select(GameResult.seat).where(GameResult.game_id == game_id).limit(1)
    )
    return result.first() is not None


async def add_results(session: AsyncSession, lines: Sequence[dict[str, Any]]) -> None:
    """Insert a finished game's lines (GameResult's columns); a second insert of a game
    violates the primary key: a game is recorded once."""
    if lines:
        await session.execute(insert(_results), list(lines))


async def lock_ratings(
    session: AsyncSession, user_ids: Iterable[int], mu: float, sigma: float
) -> dict[int, Rating]:
    """The people's ratings, locked until the transaction ends (two games finishing at
    once each rate from what the other wrote); a person without one gets ``mu``/``sigma``.
    Rows are locked in user order, so two such transactions cannot deadlock."""
    ids = sorted(set(user_ids))
    if not ids:
        return {}
    now = utcnow()
    await session.execute(
        upsert_insert(session, Rating)
        .values(
            [{"user_id": i, "mu": mu, "sigma": sigma, "games": 0, "updated_at": now} for i in ids]
        )
        .on_conflict_do_nothing(index_elements=[Rating.user_id])
    )
    rows = await session.scalars(
        select(Rating)
        .where(Rating.user_id.in_(ids))
        .order_by(Rating.user_id)
        .with_for_update()
        .execution_options(populate_existing=True)
    )
    return {row.user_id: row for row in rows}


async def store_rating(session: AsyncSession, user_id: int, mu: float, sigma: float) -> None:
    """A rated game's new rating; counts the game."""
    await session.execute(
        update(Rating)
        .where(Rating.user_id == user_id)
        .values(mu=mu, sigma=sigma, games=Rating.games + 1, updated_at=utcnow())
        .execution_options(synchronize_session=False)
    )


def figure_columns(figures: Figures) -> dict[str, Any]:
    """GameResult's columns of a seat's figures (:func:`figures_of` reads them back)."""
    return {
        "hands": figures.hands,
        "bids": figures.bids,
        "made": figures.made,
        "baits": figures.baits,
        "bolts": figures.bolts,
        "points": figures.points,
        "best_meld": encode_meld(figures.best_meld),
    }


def figures_of(line: GameResult) -> Figures:
    return Figures(
        line.hands,
        line.bids,
        line.made,
        line.baits,
        line.bolts,
        line.points,
        decode_meld(line.best_meld),
    )


@dataclass(frozen=True, slots=True)
class StatsLine:
    """A person's line of one game, with the game's chat, for /stats."""

    game_id: int
    chat_id: int
    finished_at: datetime
    players: int
    won: bool
    rules_name: str | None
    figures: Figures
    rating_before: tuple[float, float] | None = None
    """(mu, sigma) before and after this game (None for a line without them)."""
    rating_after: tuple[float, float] | None = None


def _rating(mu: float | None, sigma: float | None) -> tuple[float, float] | None:
    return None if mu is None or sigma is None else (mu, sigma)


async def user_lines(
    session: AsyncSession, user_id: int, chat_id: int | None = None
) -> list[StatsLine]:
    """A person's lines, oldest game first; only the chat's games when ``chat_id``."""
    statement = (
        select(GameResult, GameRecord.chat_id, GameRecord.player_count)
        .join(GameRecord, GameRecord.id == GameResult.game_id)
        .where(GameResult.user_id == user_id)
        .order_by(GameResult.game_id)
    )
    if chat_id is not None:
        statement = statement.where(GameRecord.chat_id == chat_id)
    rows = await session.execute(statement)
    return [
        StatsLine(
            game_id=line.game_id,
            chat_id=chat,
            finished_at=line.finished_at,
            players=players,
            won=line.won,
            rules_name=line.rules_name,
            figures=figures_of(line),
            rating_before=_rating(line.mu_before, line.sigma_before),
            rating_after=_rating(line.mu_after, line.sigma_after),
        )
        for line, chat, players in rows
    ]


@dataclass(frozen=True, slots=True)
class LeaderLine:
    user_id: int
    name: str
    mu: float
    sigma: float
    games: int
    wins: int


async def leaderboard(
    session: AsyncSession, chat_id: int | None, *, min_games: int, limit: int
) -> list[LeaderLine]:
    """People with at least ``min_games`` recorded games (in the chat, or anywhere when
    ``chat_id`` is None), best rating (mu - 3 sigma) first, with their games and wins
    there. Equal ratings: more games first, then the older account."""
    wins = func.sum(case((GameResult.won, 1), else_=0))
    counted = (
        select(
            GameResult.user_id.label("user_id"),
            func.count().label("games"),
            wins.label("wins"),
        )
        .join(GameRecord, GameRecord.id == GameResult.game_id)
        .where(GameResult.user_id.is_not(None))
        .group_by(GameResult.user_id)
        .having(func.count() >= min_games)
    )
    if chat_id is not None:
        counted = counted.where(GameRecord.chat_id == chat_id)
    sub = counted.subquery()
    ordinal = Rating.mu - 3 * Rating.sigma
    rows = await session.execute(
        select(sub.c.user_id, User.first_name, Rating.mu, Rating.sigma, sub.c.games, sub.c.wins)
        .join(Rating, Rating.user_id == sub.c.user_id)
        .join(User, User.id == sub.c.user_id)
        .order_by(ordinal.desc(), sub.c.games.desc(), sub.c.user_id)
        .limit(limit)
    )
    return [
        LeaderLine(user_id, name, mu, sigma, games, int(won or 0))
        for user_id, name, mu, sigma, games, won in rows
    ]


async def finished_games(
    session: AsyncSession, chat_id: int, limit: int
) -> list[tuple[GameRecord, list[Seat], dict[int, User]]]:
    """The chat's last finished games, newest first, with their seats in order and the
    people on them. Old games (before ratings were kept) are here too: their seats and
    state are enough to show them."""
    games = list(
        await session.scalars(
            select(GameRecord)
            .where(GameRecord.chat_id == chat_id, GameRecord.status == GameStatus.FINISHED)
            .order_by(GameRecord.id.desc())
            .limit(limit)
        )
    )
    if not games:
        return []
    rows = await session.execute(
        select(Seat, User)
        .outerjoin(User, User.id == Seat.user_id)
        .where(Seat.game_id.in_([game.id for game in games]))
        .order_by(Seat.game_id, Seat.seat)
    )
    seats: dict[int, list[Seat]] = {game.id: [] for game in games}
    users: dict[int, User] = {}
    for seat, user in rows:
        seats[seat.game_id].append(seat)
        if user is not None:
            users[user.id] = user
    return [(game, seats[game.id], users) for game in games]
