"""/score, /rules, /help."""

from __future__ import annotations

from aiogram import Router
from aiogram.filters import Command
from aiogram.types import CallbackQuery, Message

from bot.callbacks import RulesCb
from bot.handlers.common import answer_callback
from bot.render.messages import Alert, alert, help_text
from bot.services import info
from bot.services.answers import Answer
from bot.services.chat_settings import chat_language
from bot.services.context import AppContext


async def score(message: Message, app: AppContext) -> None:
    await app.post(message.chat.id, await info.score_text(app, message.chat.id))


async def rules(message: Message, app: AppContext) -> None:
    await info.show_rules(app, message.chat.id, new=True)


async def rules_page(callback: CallbackQuery, callback_data: RulesCb, app: AppContext) -> None:
    if callback.message is None:
        await callback.answer()
        return
    chat_id = callback.message.chat.id
    if await info.show_rules(app, chat_id, page=callback_data.page):
        await answer_callback(callback, Answer())
        return
    lang = await chat_language(app, chat_id)
    await answer_callback(callback, Answer.refuse(alert(Alert.STALE, lang)))


async def help_(message: Message, app: AppContext) -> None:
    lang = await chat_language(app, message.chat.id)
    await app.post(message.chat.id, help_text(lang))


def build_router() -> Router:
    """A fresh router: one per Dispatcher (aiogram attaches a router to one parent)."""
    router = Router(name=__name__)
    router.message.register(score, Command("score"))
    router.message.register(rules, Command("rules"))
    router.callback_query.register(rules_page, RulesCb.filter())
    router.message.register(help_, Command("help"))
    return router
