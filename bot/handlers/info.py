"""/score, /rules, /help."""

from __future__ import annotations

from aiogram import Router
from aiogram.filters import Command
from aiogram.types import Message

from bot.render.messages import help_text
from bot.services import info
from bot.services.chat_settings import chat_language
from bot.services.context import AppContext

router = Router(name=__name__)


@router.message(Command("score"))
async def score(message: Message, app: AppContext) -> None:
    app.outbox.send(message.chat.id, await info.score_text(app, message.chat.id))


@router.message(Command("rules"))
async def rules(message: Message, app: AppContext) -> None:
    app.outbox.send(message.chat.id, await info.rules_text(app, message.chat.id))


@router.message(Command("help"))
async def help_(message: Message, app: AppContext) -> None:
    lang = await chat_language(app, message.chat.id)
    app.outbox.send(message.chat.id, help_text(lang))
