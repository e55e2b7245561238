"""/notify: a player switches their "your turn" pings off and on."""

from __future__ import annotations

from bot import db
from bot.i18n import pick_language
from bot.outbox.db_store import enqueue_durable
from bot.render.messages import notify_state
from bot.services.context import AppContext
from bot.services.lobby import Person, remember_person

__all__ = ["toggle_pings"]


async def toggle_pings(ctx: AppContext, person: Person) -> bool:
    """Flip the person's pings and tell them the new state (one transaction: the answer
    is stored with the change). Returns the new state."""
    async with ctx.sessionmaker.begin() as session:
        user = await remember_person(session, person, reachable=True)
        on = await db.toggle_turn_pings(session, user.id)
        assert on is not None
        lang = pick_language(user.language, ctx.settings.default_language)
        await enqueue_durable(session, person.id, notify_state(on, lang))
    return on
