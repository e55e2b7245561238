"""Who is in a chat: the bot removed from a group, the group become a supergroup, a
person the bot cannot write to, whether someone is a member of a group."""

from __future__ import annotations

import logging

from aiogram import Bot
from aiogram.enums import ChatMemberStatus
from aiogram.exceptions import TelegramBadRequest, TelegramForbiddenError
from aiogram.types import ChatMemberRestricted

from bot import db
from bot.db import lookups
from bot.db.slots import delete_chat_slots
from bot.outbox.db_store import enqueue_durable
from bot.render.messages import unreachable
from bot.services.context import AppContext
from bot.services.links import join_payload
from bot.services.presenter import show_lobby, show_table
from bot.services.tables import load_table

__all__ = ["bot_removed", "chat_migrated", "is_chat_member", "user_unreachable"]

log = logging.getLogger(__name__)

_IN_THE_CHAT = frozenset(
    {ChatMemberStatus.CREATOR, ChatMemberStatus.ADMINISTRATOR, ChatMemberStatus.MEMBER}
)


async def is_chat_member(bot: Bot, chat_id: int, user_id: int) -> bool:
    """Whether the user is in the chat now (a restricted user counts while in it)."""
    if chat_id > 0:  # a private chat (a solo game): its one person is the only member
        return chat_id == user_id
    try:
        member = await bot.get_chat_member(chat_id, user_id)
    except (TelegramBadRequest, TelegramForbiddenError) as error:
        # An id Telegram does not know, or a group the bot is no longer in: nobody to admit.
        log.info("chat %s: membership of %s unknown: %s", chat_id, user_id, error)
        return False
    if isinstance(member, ChatMemberRestricted):
        return member.is_member
    return member.status in _IN_THE_CHAT


async def bot_removed(ctx: AppContext, chat_id: int) -> None:
    """End the chat's game cleanly: nobody could see it any more."""
    async with ctx.sessionmaker() as session, session.begin():
        row = await db.get_active_game(session, chat_id)
        if row is None:
            return
        await db.cancel_game(session, row)
    log.info("chat %s: bot removed, game %s cancelled", chat_id, row.id)


async def chat_migrated(ctx: AppContext, old_chat_id: int, new_chat_id: int) -> None:
    """Move the chat's settings and game to the supergroup's id, and show the game's
    lobby or table there (the group's messages cannot be edited under the new id)."""
    async with ctx.chat_lock(old_chat_id), ctx.sessionmaker() as session, session.begin():
        try:
            moved = await db.migrate_chat(session, old_chat_id, new_chat_id)
        except db.ChatMigrationConflict:
            log.warning(
                "chat %s -> %s: both have a game; keeping them apart", old_chat_id, new_chat_id
            )
            return
        if moved is None:
            return  # moved already (the outbox met the new id first), or never stored
        # The group's messages cannot be edited under the new id: drawn anew there.
        await delete_chat_slots(session, old_chat_id)
        row = await db.get_active_game(session, new_chat_id)
        if row is not None:
            active = await db.load_game(session, row.id)
            table = await load_table(session, active.row, active.game)
            if table.game is None:
                await show_lobby(session, table)
            else:
                await show_table(session, table, new=True)
    log.info("chat %s moved to %s", old_chat_id, new_chat_id)


async def user_unreachable(ctx: AppContext, user_id: int) -> None:
    """A 403 from a private chat: remember it, and tell the groups where the user plays."""
    async with ctx.sessionmaker() as session, session.begin():
        await db.set_user_reachable(session, user_id, False)
        rows = await lookups.active_games_of_user(session, user_id)
        user = await db.get_user(session, user_id)
        for row in rows:
            if row.chat_id == user_id:
                continue
            chat = await db.get_chat(session, row.chat_id)
            lang = chat.language if chat else ctx.settings.default_language
            name = user.first_name if user else str(user_id)
            text, markup = unreachable(name, ctx.bot_username, join_payload(row.id), lang)
            await enqueue_durable(session, row.chat_id, text, markup, kind="unreachable")
