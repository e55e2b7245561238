"""/newgame and the lobby buttons."""

from __future__ import annotations

from aiogram import Bot, F, Router
from aiogram.filters import Command
from aiogram.types import CallbackQuery, Message

from bot.callbacks import LobbyAction, LobbyCb
from bot.handlers.common import answer_callback, is_admin, is_group, person_of, speaks_for_a_chat
from bot.render.messages import Notice, notice
from bot.services import lobby
from bot.services.chat_settings import chat_language, show_settings
from bot.services.context import AppContext


async def new_game(message: Message, app: AppContext) -> None:
    assert message.from_user is not None
    if speaks_for_a_chat(message):
        lang = await chat_language(app, message.chat.id)
        await app.post(message.chat.id, notice(Notice.ANONYMOUS_ADMIN, lang))
        return
    solo = not is_group(message.chat)
    answer = await lobby.new_game(
        app, message.chat.id, message.chat.title or "", person_of(message.from_user), solo=solo
    )
    if answer.text:
        await app.post(message.chat.id, answer.text)


async def lobby_button(
    callback: CallbackQuery, callback_data: LobbyCb, app: AppContext, bot: Bot
) -> None:
    person = person_of(callback.from_user)
    if callback.message is None:
        await callback.answer()
        return
    chat = callback.message.chat
    title = chat.title or ""
    game_id = callback_data.game_id
    match callback_data.action:
        case LobbyAction.JOIN:
            answer = await lobby.join(app, game_id, title, person, chat_id=chat.id)
        case LobbyAction.LEAVE:
            answer = await lobby.leave(app, game_id, person, chat_id=chat.id)
        case LobbyAction.ADD_BOT:
            answer = await lobby.add_computer(
                app, game_id, person, callback_data.bot_kind, chat_id=chat.id
            )
        case LobbyAction.START:
            admin = await is_admin(bot, chat.id, person.id)
            answer = await lobby.start(app, game_id, person, is_admin=admin, chat_id=chat.id)
        case LobbyAction.SETTINGS:
            await show_settings(app, chat.id)
            await callback.answer()
            return
    await answer_callback(callback, answer)


def build_router() -> Router:
    """A fresh router: one per Dispatcher (aiogram attaches a router to one parent)."""
    router = Router(name=__name__)
    router.message.register(new_game, Command("newgame"), F.from_user)
    router.callback_query.register(lobby_button, LobbyCb.filter())
    return router
