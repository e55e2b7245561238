"""/settings and the settings buttons."""

from __future__ import annotations

from aiogram import Bot, Router
from aiogram.filters import Command, CommandObject
from aiogram.types import CallbackQuery, Message

from bot.callbacks import SettingsCb
from bot.handlers.common import answer_callback, is_admin, sent_by_admin
from bot.render.messages import Alert, alert
from bot.services.answers import Answer
from bot.services.chat_settings import (
    apply_setting,
    chat_language,
    may_change_settings,
    set_target_from_text,
    show_settings,
)
from bot.services.context import AppContext


async def settings(message: Message, command: CommandObject, app: AppContext, bot: Bot) -> None:
    """/settings shows the buttons; /settings 701 sets any target the buttons lack."""
    chat_id = message.chat.id
    if not command.args:
        await show_settings(app, chat_id)
        return
    lang = await chat_language(app, chat_id)
    user_id = message.from_user.id if message.from_user else 0
    admin = await sent_by_admin(bot, message)
    if not await may_change_settings(app, chat_id, user_id, is_admin=admin):
        await app.post(chat_id, alert(Alert.ONLY_OPENER, lang))
        return
    answer = await set_target_from_text(app, chat_id, command.args)
    if answer.text:
        await app.post(chat_id, answer.text)


async def settings_button(
    callback: CallbackQuery, callback_data: SettingsCb, app: AppContext, bot: Bot
) -> None:
    if callback.message is None:
        await callback.answer()
        return
    chat_id = callback.message.chat.id
    user_id = callback.from_user.id
    admin = await is_admin(bot, chat_id, user_id)
    if not await may_change_settings(app, chat_id, user_id, is_admin=admin):
        lang = await chat_language(app, chat_id)
        await answer_callback(callback, Answer.refuse(alert(Alert.ONLY_OPENER, lang)))
        return
    await answer_callback(callback, await apply_setting(app, chat_id, callback_data))


def build_router() -> Router:
    """A fresh router: one per Dispatcher (aiogram attaches a router to one parent)."""
    router = Router(name=__name__)
    router.message.register(settings, Command("settings"))
    router.callback_query.register(settings_button, SettingsCb.filter())
    return router
