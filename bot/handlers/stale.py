"""Buttons nobody recognises: forged data, or a keyboard from an older version."""

from __future__ import annotations

from aiogram import Router
from aiogram.types import CallbackQuery

from bot.i18n import pick_language
from bot.render.messages import Alert, alert
from bot.services.context import AppContext


async def unknown_button(callback: CallbackQuery, app: AppContext) -> None:
    lang = pick_language(callback.from_user.language_code, app.settings.default_language)
    await callback.answer(alert(Alert.STALE, lang), show_alert=True)


def build_router() -> Router:
    """A fresh router: one per Dispatcher (aiogram attaches a router to one parent)."""
    router = Router(name=__name__)
    router.callback_query.register(unknown_button)
    return router
