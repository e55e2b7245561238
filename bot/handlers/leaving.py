"""/leave during a game, and its confirmation buttons."""

from __future__ import annotations

from aiogram import Bot, F, Router
from aiogram.filters import Command
from aiogram.types import CallbackQuery, Message

from bot.callbacks import LeaveCb
from bot.handlers.common import answer_callback, is_admin, person_of, speaks_for_a_chat
from bot.render.messages import Alert, Notice, alert, notice
from bot.services.answers import Answer
from bot.services.chat_settings import chat_language
from bot.services.context import AppContext
from bot.services.leaving import ask_to_leave, give_seat_away


async def leave(message: Message, app: AppContext, bot: Bot) -> None:
    assert message.from_user is not None
    chat_id = message.chat.id
    if speaks_for_a_chat(message):
        await app.post(chat_id, notice(Notice.ANONYMOUS_ADMIN, await chat_language(app, chat_id)))
        return
    asker = person_of(message.from_user)
    replied = message.reply_to_message
    target = None
    if replied is not None and replied.from_user is not None and not replied.from_user.is_bot:
        target = person_of(replied.from_user)
    admin = await is_admin(bot, chat_id, asker.id)
    question = await ask_to_leave(app, chat_id, asker, target=target, is_admin=admin)
    if question is not None:
        await app.post(chat_id, *question)


async def leave_button(
    callback: CallbackQuery, callback_data: LeaveCb, app: AppContext, bot: Bot
) -> None:
    if callback.message is None:
        await callback.answer()
        return
    chat_id = callback.message.chat.id
    if not callback_data.confirm:
        lang = await chat_language(app, chat_id)
        await answer_callback(callback, Answer(alert(Alert.LEAVE_KEPT, lang)))
        return
    person = person_of(callback.from_user)
    admin = person.id != callback_data.user_id and await is_admin(bot, chat_id, person.id)
    answer = await give_seat_away(
        app, callback_data.game_id, callback_data.user_id, person, is_admin=admin, chat_id=chat_id
    )
    await answer_callback(callback, answer)


def build_router() -> Router:
    """A fresh router: one per Dispatcher (aiogram attaches a router to one parent)."""
    router = Router(name=__name__)
    router.message.register(leave, Command("leave"), F.from_user)
    router.callback_query.register(leave_button, LeaveCb.filter())
    return router
