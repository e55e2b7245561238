"""Small helpers the routers share."""

from __future__ import annotations

from aiogram import Bot
from aiogram.enums import ChatMemberStatus, ChatType
from aiogram.types import CallbackQuery, Chat, Message, User

from bot.services.answers import Answer
from bot.services.lobby import Person

__all__ = [
    "answer_callback",
    "is_admin",
    "is_group",
    "person_of",
    "sent_by_admin",
    "speaks_for_a_chat",
]

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


def speaks_for_a_chat(message: Message) -> bool:
    """Written on behalf of a chat, not by a person the bot can tell: an anonymous admin
    (Telegram names GroupAnonymousBot as the sender, the group as sender_chat) or a
    channel. Such a "user" must not be seated or remembered."""
    return message.sender_chat is not None


async def sent_by_admin(bot: Bot, message: Message) -> bool:
    """Whether the message's author administers its chat. Only admins can write as the
    group itself; a channel speaking in the group administers nothing there."""
    if message.sender_chat is not None:
        return message.sender_chat.id == message.chat.id
    if message.from_user is None:
        return False
    return await is_admin(bot, message.chat.id, message.from_user.id)


async def answer_callback(callback: CallbackQuery, answer: Answer) -> None:
    await callback.answer(answer.text, show_alert=answer.alert, url=answer.url)
