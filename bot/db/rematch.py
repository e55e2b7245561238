"""Who confirmed a rematch, kept in the outbox without a table of its own.

A confirmation is the group message that announces it, stored with a dedupe key that
names the lobby and the person: storing it twice stores one message, and the keys found
are the confirmations. The lobby's opener confirms by opening it, so a lobby is a rematch
exactly when its opener's key is there.
"""

from __future__ import annotations

from collections.abc import Iterable

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from bot.db.chats import chat_rules
from bot.db.models import Chat, GameRecord, OutboxMessage
from engine import Rules

__all__ = ["confirmation_key", "confirmed", "is_rematch", "lobby_rules"]


def confirmation_key(lobby_id: int, user_id: int) -> str:
    return f"rematch:{lobby_id}:{user_id}"


async def confirmed(session: AsyncSession, lobby_id: int, user_ids: Iterable[int]) -> set[int]:
    """Those of ``user_ids`` who confirmed the rematch ``lobby_id``."""
    keys = {confirmation_key(lobby_id, user_id): user_id for user_id in user_ids}
    if not keys:
        return set()
    found = await session.scalars(
        select(OutboxMessage.dedupe_key).where(OutboxMessage.dedupe_key.in_(keys))
    )
    return {keys[key] for key in found if key is not None}


async def is_rematch(session: AsyncSession, row: GameRecord) -> bool:
    opener = row.opened_by
    return opener is not None and bool(await confirmed(session, row.id, [opener]))


async def lobby_rules(session: AsyncSession, row: GameRecord, chat: Chat) -> Rules:
    """The rules a lobby starts with: a rematch's are its game's; any other lobby takes
    the chat's settings as they are at the start."""
    if await is_rematch(session, row):
        return Rules.from_json(row.rules)
    return chat_rules(chat)
