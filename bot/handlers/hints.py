"""💡 in a solo game's hand message."""

from __future__ import annotations

from aiogram import Router
from aiogram.types import CallbackQuery

from bot.callbacks import HintCb
from bot.handlers.common import answer_callback
from bot.i18n import pick_language
from bot.services import hints
from bot.services.context import AppContext


async def hint(callback: CallbackQuery, callback_data: HintCb, app: AppContext) -> None:
    lang = pick_language(callback.from_user.language_code, app.settings.default_language)
    answer = await hints.ask_hint(
        app, callback_data.game_id, callback_data.move, callback.from_user.id, lang
    )
    await answer_callback(callback, answer)


def build_router() -> Router:
    """A fresh router: one per Dispatcher (aiogram attaches a router to one parent)."""
    router = Router(name=__name__)
    router.callback_query.register(hint, HintCb.filter())
    return router
