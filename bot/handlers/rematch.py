""" "Play again" under a finished game."""

from __future__ import annotations

from aiogram import Router
from aiogram.types import CallbackQuery

from bot.callbacks import RematchCb
from bot.handlers.common import answer_callback, person_of
from bot.services.context import AppContext
from bot.services.rematch import play_again


async def play_again_button(
    callback: CallbackQuery, callback_data: RematchCb, app: AppContext
) -> None:
    if callback.message is None:
        await callback.answer()
        return
    answer = await play_again(
        app,
        callback_data.game_id,
        person_of(callback.from_user),
        chat_id=callback.message.chat.id,
    )
    await answer_callback(callback, answer)


def build_router() -> Router:
    """A fresh router: one per Dispatcher (aiogram attaches a router to one parent)."""
    router = Router(name=__name__)
    router.callback_query.register(play_again_button, RematchCb.filter())
    return router
