"""Chats: their settings, and moving everything when a group becomes a supergroup."""

from __future__ import annotations

from enum import Enum
from typing import Final, Literal

from sqlalchemy import delete, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from bot.db.base import utcnow
from bot.db.dialect import upsert_insert
from bot.db.errors import ChatMigrationConflict, ChatNotFound
from bot.db.models import ACTIVE_STATUSES, Chat, GameRecord, OutboxMessage
from engine import Rules

__all__ = [
    "UNSET",
    "chat_rules",
    "get_chat",
    "get_or_create_chat",
    "migrate_chat",
    "update_chat_settings",
]


class _Unset(Enum):
    UNSET = "UNSET"


# "Leave as it is", where None already means "back to the default".
UNSET: Final = _Unset.UNSET


async def get_chat(session: AsyncSession, chat_id: int) -> Chat | None:
    return await session.get(Chat, chat_id)


async def get_or_create_chat(session: AsyncSession, chat_id: int, *, language: str) -> Chat:
    """The chat's row, created with ``language`` the first time the bot sees the chat."""
    chat = await session.get(Chat, chat_id)
    if chat is not None:
        return chat
    # ON CONFLICT DO NOTHING: two first updates from a new group at the same moment must
    # not fail each other.
    await session.execute(
        upsert_insert(session, Chat)
        .values(id=chat_id, language=language, created_at=utcnow())
        .on_conflict_do_nothing(index_elements=[Chat.id])
    )
    chat = await session.get(Chat, chat_id, populate_existing=True)
    if chat is None:  # pragma: no cover - the row was just inserted or already there
        raise ChatNotFound(chat_id)
    return chat


async def update_chat_settings(
    session: AsyncSession,
    chat_id: int,
    *,
    language: str | Literal[_Unset.UNSET] = UNSET,
    rules: Rules | Literal[_Unset.UNSET] | None = UNSET,
    turn_timeout: int | Literal[_Unset.UNSET] | None = UNSET,
) -> Chat:
    """Change some settings. ``rules=None`` / ``turn_timeout=None`` go back to the
    defaults; settings not passed stay as they are."""
    chat = await session.get(Chat, chat_id)
    if chat is None:
        raise ChatNotFound(chat_id)
    if language is not UNSET:
        chat.language = language
    if rules is not UNSET:
        chat.rules = None if rules is None else rules.to_json()
    if turn_timeout is not UNSET:
        if turn_timeout is not None and turn_timeout <= 0:
            raise ValueError(f"turn timeout must be positive, not {turn_timeout}")
        chat.turn_timeout = turn_timeout
    await session.flush()
    return chat


def chat_rules(chat: Chat) -> Rules:
    """The rules a new game of this chat is played by."""
    return Rules() if chat.rules is None else Rules.from_json(chat.rules)


async def migrate_chat(session: AsyncSession, old_chat_id: int, new_chat_id: int) -> Chat | None:
    """Move a group's settings, games (with their seats, actions, timers) and outbox rows
    to the id Telegram gave it as a supergroup. Returns the new chat, or None when the old
    id was never stored.

    If the bot already stored the new id (an update from the supergroup came first), the
    old group's settings win: that row can only be a few moments old, while the old one
    holds what the group chose. Raises :class:`ChatMigrationConflict` when both ids have an
    active game.
    """
    if old_chat_id == new_chat_id:
        raise ValueError("a chat cannot be moved to its own id")
    old = await session.get(Chat, old_chat_id)
    if old is None:
        return None
    active_chats = set(
        await session.scalars(
            select(GameRecord.chat_id).where(
                GameRecord.chat_id.in_((old_chat_id, new_chat_id)),
                GameRecord.status.in_(ACTIVE_STATUSES),
            )
        )
    )
    if active_chats == {old_chat_id, new_chat_id}:
        raise ChatMigrationConflict(old_chat_id, new_chat_id)

    new = await session.get(Chat, new_chat_id)
    if new is None:
        new = Chat(id=new_chat_id, created_at=old.created_at)
        session.add(new)
    new.language = old.language
    new.rules = old.rules
    new.turn_timeout = old.turn_timeout
    # The new row must exist before games point at it.
    await session.flush()

    # Seats, actions and timers hang off the game ids, which do not change.
    await session.execute(
        update(GameRecord)
        .where(GameRecord.chat_id == old_chat_id)
        .values(chat_id=new_chat_id)
        .execution_options(synchronize_session="evaluate")
    )
    await session.execute(
        update(OutboxMessage)
        .where(OutboxMessage.chat_id == old_chat_id)
        .values(chat_id=new_chat_id)
        .execution_options(synchronize_session="evaluate")
    )
    await session.execute(
        delete(Chat).where(Chat.id == old_chat_id).execution_options(synchronize_session="evaluate")
    )
    return new
