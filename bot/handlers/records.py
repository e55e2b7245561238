"""/stats, /top, /history and the history message's buttons, in groups and in private."""

from __future__ import annotations

from aiogram import Router
from aiogram.filters import Command
from aiogram.types import CallbackQuery, Message
from aiogram.types import User as TelegramUser

from bot.callbacks import HistoryCb
from bot.handlers.common import answer_callback, is_group
from bot.i18n import pick_language
from bot.render.records import render_stats_refusal
from bot.services import stats
from bot.services.chat_settings import chat_language
from bot.services.context import AppContext


async def _language(app: AppContext, message: Message, user: TelegramUser | None) -> str:
    """A group's own language; in private the person's."""
    if is_group(message.chat):
        return await chat_language(app, message.chat.id)
    code = user.language_code if user is not None else None
    return pick_language(code, app.settings.default_language)


def _whose(message: Message) -> TelegramUser | None:
    """The author of the message replied to, else the sender. In a forum topic every
    message replies to the topic's first one: that is no choice of a person."""
    reply = message.reply_to_message
    if reply is not None and reply.forum_topic_created is None and reply.from_user is not None:
        return reply.from_user
    if message.sender_chat is not None:
        return None
    return message.from_user


async def stats_(message: Message, app: AppContext) -> None:
    lang = await _language(app, message, message.from_user)
    person = _whose(message)
    if person is None or person.is_bot:
        kind = "anonymous" if person is None else "bot"
        await app.post(message.chat.id, render_stats_refusal(kind, lang))
        return
    chat_id = message.chat.id if is_group(message.chat) else None
    text = await stats.stats_text(app, person.id, person.first_name, lang, chat_id=chat_id)
    await app.post(message.chat.id, text)


async def top(message: Message, app: AppContext) -> None:
    lang = await _language(app, message, message.from_user)
    chat_id = message.chat.id if is_group(message.chat) else None
    await app.post(message.chat.id, await stats.top_text(app, lang, chat_id=chat_id))


async def history(message: Message, app: AppContext) -> None:
    lang = await _language(app, message, message.from_user)
    await stats.show_history(app, message.chat.id, lang)


async def history_button(
    callback: CallbackQuery, callback_data: HistoryCb, app: AppContext
) -> None:
    message = callback.message
    if not isinstance(message, Message):
        await callback.answer()
        return
    lang = await _language(app, message, callback.from_user)
    answer = await stats.show_history_game(
        app, message.chat.id, message.message_id, callback_data.game_id, lang
    )
    await answer_callback(callback, answer)


def build_router() -> Router:
    """A fresh router: one per Dispatcher (aiogram attaches a router to one parent)."""
    router = Router(name=__name__)
    router.message.register(stats_, Command("stats"))
    router.message.register(top, Command("top"))
    router.message.register(history, Command("history"))
    router.callback_query.register(history_button, HistoryCb.filter())
    return router
