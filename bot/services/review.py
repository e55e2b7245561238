"""Looking back at a finished hand: the hand-result message turns into pages.

The hand is replayed from the action log by the engine (``engine.finished_hands``), which
also decides what is public: a hand still being played is refused. The pages are states of
a slot that adopts the hand-result message, so a press edits that one message in place.
"""

from __future__ import annotations

import asyncio

from bot import db
from bot.db.slots import adopt_message
from bot.i18n import pick_language
from bot.outbox.db_store import store_slot
from bot.render.messages import Alert, alert
from bot.render.review import render_review
from bot.services.answers import Answer
from bot.services.context import AppContext
from bot.services.presenter import hand_result_message
from bot.services.tables import load_game_table
from engine import HandRecord, finished_hands

__all__ = ["review_slot", "show_review"]


def review_slot(game_id: int, hand: int) -> str:
    return f"review:{game_id}:{hand}"


async def show_review(
    ctx: AppContext,
    game_id: int,
    hand: int,
    page: int,
    *,
    chat_id: int,
    message_id: int,
    asker_language: str | None,
) -> Answer:
    """Show page ``page`` of hand ``hand`` in the message ``message_id`` of ``chat_id``
    (the hand-result message whose button was pressed)."""
    asker = pick_language(asker_language, ctx.settings.default_language)
    async with ctx.sessionmaker() as session:
        try:
            active, table = await load_game_table(session, game_id)
        except db.GameNotFound:
            return Answer.refuse(alert(Alert.STALE, asker))
        if table.chat_id != chat_id or active.game is None:
            return Answer.refuse(alert(Alert.STALE, asker))
        log = [(record.seat, record.code) for record in await db.list_actions(session, game_id)]
    game = active.game
    # A replay of many hands is CPU work: off the event loop.
    records = await asyncio.to_thread(
        finished_hands, game.players, game.rules, game.seed, log, until=hand
    )
    record = _hand(records, hand)
    lang = table.language
    if record is None:
        return Answer.refuse(alert(Alert.REVIEW_NOT_YET, lang))
    if page == 0:
        text, markup = hand_result_message(table, record.result, record.totals)
    else:
        text, markup = render_review(record, table.names(lang), game_id, page, lang)
    key = review_slot(game_id, hand)
    async with ctx.chat_lock(chat_id), ctx.sessionmaker.begin() as session:
        await adopt_message(session, chat_id, key, message_id)
        await store_slot(session, chat_id, key, text, markup)
    return Answer()


def _hand(records: tuple[HandRecord, ...], hand: int) -> HandRecord | None:
    for record in records:
        if record.hand_number == hand:
            return record
    return None
