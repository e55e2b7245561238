"""Joining by deep link: ``/start join-<game>`` in the private chat.

The link is shown in the group for someone the bot could not write to yet, but the
payload is in plain sight and game ids are sequential: anyone could type
``/start join-<n>`` and sit at another group's table. So the link seats only a member of
the game's group.
"""

from __future__ import annotations

from bot.db import lookups
from bot.i18n import pick_language
from bot.render.messages import Notice, notice
from bot.services import lobby
from bot.services.answers import Answer
from bot.services.context import AppContext
from bot.services.lobby import Person
from bot.services.membership import is_chat_member

__all__ = ["join_by_link"]


async def join_by_link(ctx: AppContext, game_id: int, person: Person) -> Answer:
    """Seat a member of the game's group. A player of the game coming back (after
    blocking the bot) is let through: they sit there already. An unknown game is left to
    the lobby, which refuses it as stale."""
    async with ctx.sessionmaker() as session:
        chat_id = await lookups.chat_of_game(session, game_id)
        own_games = await lookups.active_games_of_user(session, person.id)
    seated = any(row.id == game_id for row in own_games)
    if chat_id is not None and not seated and not await is_chat_member(ctx.bot, chat_id, person.id):
        lang = pick_language(person.language, ctx.settings.default_language)
        return Answer.refuse(notice(Notice.NOT_A_MEMBER, lang))
    return await lobby.join_from_private(ctx, game_id, person)
