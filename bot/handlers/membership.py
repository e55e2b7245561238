"""The bot removed from a group; a group upgraded to a supergroup."""

from __future__ import annotations

from aiogram import F, Router
from aiogram.filters import KICKED, LEFT, ChatMemberUpdatedFilter
from aiogram.types import ChatMemberUpdated, Message

from bot.services import membership
from bot.services.context import AppContext


async def bot_removed(event: ChatMemberUpdated, app: AppContext) -> None:
    await membership.bot_removed(app, event.chat.id)


async def migrated(message: Message, app: AppContext) -> None:
    assert message.migrate_to_chat_id is not None
    await membership.chat_migrated(app, message.chat.id, message.migrate_to_chat_id)


def build_router() -> Router:
    """A fresh router: one per Dispatcher (aiogram attaches a router to one parent)."""
    router = Router(name=__name__)
    router.my_chat_member.register(
        bot_removed, ChatMemberUpdatedFilter(member_status_changed=KICKED | LEFT)
    )
    router.message.register(migrated, F.migrate_to_chat_id)
    return router
