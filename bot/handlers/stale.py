"""Buttons nobody recognises: forged data, or a keyboard from an older version."""

from __future__ import annotations

from aiogram import Router
from aiogram.types import CallbackQuery

from bot.i18n import pick_language
from bot.render.messages import Alert, alert

router = Router(name=__name__)


@router.callback_query()
async def unknown_button(callback: CallbackQuery) -> None:
    lang = pick_language(callback.from_user.language_code)
    await callback.answer(alert(Alert.STALE, lang), show_alert=True)
