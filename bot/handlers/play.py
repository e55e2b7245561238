"""Decision buttons in the private hand message: bids, trump, the seven, cards."""

from __future__ import annotations

from aiogram import Router
from aiogram.types import CallbackQuery

from bot.callbacks import MoveCb
from bot.handlers.common import answer_callback
from bot.i18n import pick_language
from bot.render.messages import Alert, alert
from bot.services import play as play_service
from bot.services.answers import Answer
from bot.services.context import AppContext
from engine import ActionParseError


async def decision(callback: CallbackQuery, callback_data: MoveCb, app: AppContext) -> None:
    try:
        action = callback_data.action()
    except ActionParseError:
        lang = pick_language(callback.from_user.language_code, app.settings.default_language)
        await answer_callback(callback, Answer.refuse(alert(Alert.STALE, lang)))
        return
    answer = await play_service.play(
        app, callback_data.game_id, callback_data.move, callback.from_user.id, action
    )
    await answer_callback(callback, answer)


def build_router() -> Router:
    """A fresh router: one per Dispatcher (aiogram attaches a router to one parent)."""
    router = Router(name=__name__)
    router.callback_query.register(decision, MoveCb.filter())
    return router
