"""Read-only answers: the score sheet, the rules, the private hand again."""

from __future__ import annotations

from bot import db
from bot.db import lookups
from bot.render.messages import Notice, notice
from bot.render.rules_text import render_rules
from bot.render.sheet import render_score_sheet, sheet_extra
from bot.services.context import AppContext
from bot.services.presenter import show_hands, show_table, side_names
from bot.services.tables import load_table

__all__ = ["resend_hands", "rules_text", "score_text"]


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
            extra=sheet_extra(game.public_view(), names, chat.language),
        )


async def rules_text(ctx: AppContext, chat_id: int) -> str:
    async with ctx.sessionmaker() as session:
        chat = await db.get_or_create_chat(session, chat_id, language=ctx.settings.default_language)
        await session.commit()
        row = await db.get_active_game(session, chat_id)
        rules = db.chat_rules(chat)
        if row is not None and row.state is not None:
            active = await db.load_game(session, row.id)
            if active.game is not None:
                rules = active.game.rules
        return render_rules(
            rules, chat.language, turn_timeout=chat.turn_timeout or ctx.settings.turn_timeout
        )


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
