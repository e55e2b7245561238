"""Building blocks the DB tests share: a started game, one move as the service makes it."""

from __future__ import annotations

import random

from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from bot.db import (
    ActiveGame,
    GameRecord,
    add_seat,
    append_action,
    create_lobby,
    get_or_create_chat,
    load_for_update,
    save,
    start_game,
    upsert_user,
)
from engine import Game, Rules

CHAT_ID = -1001234567890
USER_IDS = (111, 222, 333, 444)


async def open_lobby(
    session: AsyncSession, chat_id: int = CHAT_ID, *, players: int = 3, seed: int = 7
) -> GameRecord:
    """A chat with a lobby opened by its first user, who has taken seat 0."""
    await get_or_create_chat(session, chat_id, language="ru")
    await upsert_user(session, USER_IDS[0], "Anna", "anna")
    row = await create_lobby(
        session, chat_id, rules=Rules(), seed=seed, player_count=players, opened_by=USER_IDS[0]
    )
    await add_seat(session, row.id, user_id=USER_IDS[0])
    return row


async def start_new_game(
    sessions: async_sessionmaker[AsyncSession],
    chat_id: int = CHAT_ID,
    *,
    players: int = 3,
    seed: int = 7,
) -> int:
    """A committed game being played by one user and computer players; returns its id."""
    async with sessions.begin() as session:
        row = await open_lobby(session, chat_id, players=players, seed=seed)
        for _ in range(players - 1):
            await add_seat(session, row.id, bot_kind="random")
        await start_game(session, row, Game.new(players, Rules(), seed), row.version)
        return row.id


async def play_random_move(
    sessions: async_sessionmaker[AsyncSession], chat_id: int, rng: random.Random
) -> ActiveGame | None:
    """One service-style transaction: load, a random legal action, save, log.

    Returns what was saved, or None when the chat has no game being played.
    """
    async with sessions.begin() as session:
        active = await load_for_update(session, chat_id)
        if active is None or active.game is None:
            return None
        game = active.game
        seat = game.to_act
        action = rng.choice(game.legal_actions())
        game.apply(action, seat)
        await save(session, active.row, game, active.row.version)
        await append_action(session, active.row, game.move_number, seat, action.code)
        return active
