"""/start in the private chat: greeting with the person's statistics, finishing a join,
showing the hand again; /notify: the "your turn" pings off and on."""

from __future__ import annotations

from aiogram import F, Router
from aiogram.enums import ChatType
from aiogram.filters import Command, CommandObject, CommandStart
from aiogram.types import Message

from bot.handlers.common import person_of
from bot.i18n import pick_language
from bot.render.messages import private_start
from bot.services import info, notify, stats
from bot.services.context import AppContext
from bot.services.invites import join_by_link
from bot.services.links import parse_join_payload


async def start(message: Message, command: CommandObject, app: AppContext) -> None:
    assert message.from_user is not None
    person = person_of(message.from_user)
    game_id = parse_join_payload(command.args or "")
    if game_id is not None:
        answer = await join_by_link(app, game_id, person)
        if answer.text:
            await app.post(person.id, answer.text)
    shown = await info.resend_hands(app, person.id)
    if game_id is None and shown == 0:
        lang = pick_language(person.language, app.settings.default_language)
        text = private_start(person.first_name, lang)
        figures = await stats.stats_or_none(app, person.id, person.first_name, lang, chat_id=None)
        await app.post(person.id, text if figures is None else f"{text}\n\n{figures}")


async def notify_(message: Message, app: AppContext) -> None:
    assert message.from_user is not None
    await notify.toggle_pings(app, person_of(message.from_user))


def build_router() -> Router:
    """A fresh router: one per Dispatcher (aiogram attaches a router to one parent)."""
    router = Router(name=__name__)
    router.message.filter(F.chat.type == ChatType.PRIVATE)
    router.message.register(start, CommandStart(), F.from_user)
    router.message.register(notify_, Command("notify"), F.from_user)
    return router
