"""Read-only answers: the score sheet, the rules, the private hand again."""

from __future__ import annotations

from bot import db
from bot.db import lookups
from bot.outbox.db_store import store_slot
from bot.render.messages import Notice, notice
from bot.render.rules_text import RULES_PAGES, render_rules_page
from bot.render.sheet import render_score_sheet, sheet_extra
from bot.services.context import AppContext
from bot.services.presenter import show_hands, show_table, side_names
from bot.services.tables import load_table

__all__ = ["resend_hands", "score_text", "show_rules"]


async def score_text(ctx: AppContext, chat_id: int) -> str:
    """The score sheet of the chat's current game, or of its last one."""
    async with ctx.sessionmaker() as session:
        chat = await db.get_or_create_chat(session, chat_id, language=ctx.settings.default_language)
        await session.commit()
        row = await db.get_active_game(session, chat_id)
        if row is None or row.state is None:
            history = [g for g in await db.game_history(session, chat_id, limit=5) if g.state]
            row = history[0] if history else None
        if row is None or row.state is None:
            return notice(Notice.NO_GAME, chat.language)
        active = await db.load_game(session, row.id)
        assert active.game is not None
        table = await load_table(session, active.row, active.game)
        game = active.game
        names = side_names(table, chat.language)
        return render_score_sheet(
            game.sheet,
            game.scores,
            names,
            None if game.rules.one_hand else game.rules.target,
            chat.language,
            hanging=game.hanging,
            visyak_pool=game.visyak_pool,
            extra=sheet_extra(game.public_view(), names, chat.language),
        )


def rules_slot(chat_id: int) -> str:
    return f"rules:{chat_id}"


async def show_rules(ctx: AppContext, chat_id: int, *, page: int = 0, new: bool = False) -> bool:
    """The rules in force on page ``page``: those of the chat's running game (for its
    number of players), else the chat's settings. ``new`` posts a new message at the
    bottom of the chat; otherwise the last one turns its page in place. Returns False
    for a page that does not exist."""
    if not 0 <= page < len(RULES_PAGES):
        return False
    async with ctx.sessionmaker() as session, session.begin():
        chat = await db.get_or_create_chat(session, chat_id, language=ctx.settings.default_language)
        row = await db.get_active_game(session, chat_id)
        rules = db.chat_rules(chat)
        players = None
        if row is not None and row.state is not None:
            active = await db.load_game(session, row.id)
            if active.game is not None:
                rules = active.game.rules
                players = active.game.players
        text, markup = render_rules_page(
            rules,
            chat.language,
            page=page,
            turn_timeout=chat.turn_timeout or ctx.settings.turn_timeout,
            players=players,
        )
        await store_slot(session, chat_id, rules_slot(chat_id), text, markup, new=new)
    return True


async def resend_hands(ctx: AppContext, user_id: int) -> int:
    """/start in private: show the user's hand in each game they are playing again, as a
    new message at the bottom of the chat. Returns how many games."""
    async with ctx.sessionmaker() as session, session.begin():
        rows = await lookups.active_games_of_user(session, user_id)
        count = 0
        for row in rows:
            active = await db.load_game(session, row.id)
            if active.game is None:
                continue
            table = await load_table(session, active.row, active.game)
            await show_hands(session, table, only_user=user_id, new=True)
            if table.chat_id == user_id:
                await show_table(session, table)
            count += 1
        return count
