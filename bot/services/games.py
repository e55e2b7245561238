"""Finding games."""

from __future__ import annotations

from bot import db
from bot.services.context import AppContext

__all__ = ["active_game_id"]


async def active_game_id(ctx: AppContext, chat_id: int) -> int | None:
    async with ctx.sessionmaker() as session:
        row = await db.get_active_game(session, chat_id)
        return row.id if row is not None else None
