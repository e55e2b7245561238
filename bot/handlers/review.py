"""The pages of a finished hand, opened from its result message."""

from __future__ import annotations

from aiogram import Router
from aiogram.types import CallbackQuery

from bot.callbacks import ReviewCb
from bot.handlers.common import answer_callback
from bot.services.context import AppContext
from bot.services.review import show_review


async def review_page(callback: CallbackQuery, callback_data: ReviewCb, app: AppContext) -> None:
    if callback.message is None:
        await callback.answer()
        return
    answer = await show_review(
        app,
        callback_data.game_id,
        callback_data.hand,
        callback_data.page,
        chat_id=callback.message.chat.id,
        message_id=callback.message.message_id,
        asker_language=callback.from_user.language_code,
    )
    await answer_callback(callback, answer)


def build_router() -> Router:
    """A fresh router: one per Dispatcher (aiogram attaches a router to one parent)."""
    router = Router(name=__name__)
    router.callback_query.register(review_page, ReviewCb.filter())
    return router
