"""Small helpers the routers share."""

from __future__ import annotations

from aiogram import Bot
from aiogram.enums import ChatMemberStatus, ChatType
from aiogram.types import CallbackQuery, Chat, User

from bot.services.answers import Answer
from bot.services.lobby import Person

__all__ = ["answer_callback", "is_admin", "is_group", "person_of"]

_ADMIN_STATUSES = frozenset({ChatMemberStatus.CREATOR, ChatMemberStatus.ADMINISTRATOR})


def person_of(user: User) -> Person:
    return Person(user.id, user.first_name, user.username, user.language_code)


def is_group(chat: Chat) -> bool:
    return chat.type in (ChatType.GROUP, ChatType.SUPERGROUP)


async def is_admin(bot: Bot, chat_id: int, user_id: int) -> bool:
    """Whether the user administers the group (always true in their private chat)."""
    if chat_id == user_id:
        return True
    member = await bot.get_chat_member(chat_id, user_id)
    return member.status in _ADMIN_STATUSES


async def answer_callback(callback: CallbackQuery, answer: Answer) -> None:
    await callback.answer(answer.text, show_alert=answer.alert)
