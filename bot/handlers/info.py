"""/score, /rules, /help."""

from __future__ import annotations

from aiogram import Router
from aiogram.filters import Command
from aiogram.types import Message

from bot.render.messages import help_text
from bot.services import info
from bot.services.chat_settings import chat_language
from bot.services.context import AppContext


async def score(message: Message, app: AppContext) -> None:
    await app.post(message.chat.id, await info.score_text(app, message.chat.id))


async def rules(message: Message, app: AppContext) -> None:
    await app.post(message.chat.id, await info.rules_text(app, message.chat.id))


async def help_(message: Message, app: AppContext) -> None:
    lang = await chat_language(app, message.chat.id)
    await app.post(message.chat.id, help_text(lang))


def build_router() -> Router:
    """A fresh router: one per Dispatcher (aiogram attaches a router to one parent)."""
    router = Router(name=__name__)
    router.message.register(score, Command("score"))
    router.message.register(rules, Command("rules"))
    router.message.register(help_, Command("help"))
    return router
