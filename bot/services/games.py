"""Finding games, and keeping the outbox's message slots in step with the database."""

from __future__ import annotations

from bot import db
from bot.db import lookups
from bot.services.context import AppContext
from bot.services.presenter import hand_slot, lobby_slot, show_hands, show_table, table_slot
from bot.services.tables import load_table

__all__ = ["active_game_id", "remember_slot", "restore_slots"]


async def active_game_id(ctx: AppContext, chat_id: int) -> int | None:
    async with ctx.sessionmaker() as session:
        row = await db.get_active_game(session, chat_id)
        return row.id if row is not None else None


async def remember_slot(ctx: AppContext, chat_id: int, slot: str, message_id: int) -> None:
    """The outbox sent a slot's message: store its id so a restarted bot edits it."""
    kind, _, game = slot.partition(":")
    if not game.isdigit():
        return
    game_id = int(game)
    async with ctx.sessionmaker() as session, session.begin():
        try:
            active = await db.load_game(session, game_id)
        except db.GameNotFound:
            return
        if kind == "table":
            await db.set_message_ids(session, active.row, table_message_id=message_id)
        elif kind == "lobby":
            await db.set_message_ids(session, active.row, lobby_message_id=message_id)
        elif kind == "hand":
            for seat in await db.list_seats(session, game_id):
                if seat.user_id == chat_id:
                    await db.set_hand_message_id(session, game_id, seat.seat, message_id)


async def restore_slots(ctx: AppContext) -> int:
    """At start: give the outbox the message ids of every active game, and bring the
    table and hands up to date (edits queued before a stop may have been lost)."""
    count = 0
    async with ctx.sessionmaker() as session:
        for row in await lookups.active_games(session):
            if row.lobby_message_id is not None:
                ctx.outbox.remember(row.chat_id, lobby_slot(row.id), row.lobby_message_id)
            if row.table_message_id is not None:
                ctx.outbox.remember(row.chat_id, table_slot(row.id), row.table_message_id)
            active = await db.load_game(session, row.id)
            table = await load_table(session, active.row, active.game)
            for seat in table.seats:
                if seat.user_id is not None and seat.hand_message_id is not None:
                    ctx.outbox.remember(seat.user_id, hand_slot(row.id), seat.hand_message_id)
            if active.game is not None:
                show_table(ctx, table)
                show_hands(ctx, table)
            count += 1
    return count
