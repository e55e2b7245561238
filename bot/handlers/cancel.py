"""/cancel with a confirmation."""

from __future__ import annotations

from aiogram import Bot, Router
from aiogram.filters import Command
from aiogram.types import CallbackQuery, Message

from bot.callbacks import CancelCb
from bot.handlers.common import answer_callback, is_admin, person_of
from bot.render.messages import Notice, cancel_question, notice
from bot.services import lobby
from bot.services.answers import Answer
from bot.services.chat_settings import chat_language
from bot.services.context import AppContext
from bot.services.games import active_game_id


async def cancel(message: Message, app: AppContext) -> None:
    lang = await chat_language(app, message.chat.id)
    game_id = await active_game_id(app, message.chat.id)
    if game_id is None:
        await app.post(message.chat.id, notice(Notice.NO_GAME, lang))
        return
    text, markup = cancel_question(game_id, lang)
    await app.post(message.chat.id, text, markup)


async def cancel_button(
    callback: CallbackQuery, callback_data: CancelCb, app: AppContext, bot: Bot
) -> None:
    if callback.message is None:
        await callback.answer()
        return
    chat_id = callback.message.chat.id
    if not callback_data.confirm:
        lang = await chat_language(app, chat_id)
        await answer_callback(callback, Answer(notice(Notice.CANCEL_KEPT, lang)))
        return
    person = person_of(callback.from_user)
    admin = await is_admin(bot, chat_id, person.id)
    answer = await lobby.cancel(app, callback_data.game_id, person, is_admin=admin, chat_id=chat_id)
    await answer_callback(callback, answer)


def build_router() -> Router:
    """A fresh router: one per Dispatcher (aiogram attaches a router to one parent)."""
    router = Router(name=__name__)
    router.message.register(cancel, Command("cancel"))
    router.callback_query.register(cancel_button, CancelCb.filter())
    return router
