"""After each hand of a solo game: the person's two or three costliest decisions.

Started once the move that scored the hand is committed, and computed off the event
loop: the hand is replayed from the action log (engine.ai.review rebuilds the seat's
view at each of its decisions), each decision is searched in the worker pool with a
small budget, in a queue of the game's own beside the table's (so that the next deal's
computer players take turns with it rather than wait for all of it), and the message is
stored when ready. Nothing is sent when no decision cost more than the threshold.

A bot that stops before the message is stored loses no game, only the search: at the
next start the last scored hand of each running solo game is reviewed again unless its
message was stored (the dedupe key says so), and stored at most once.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from typing import Final

from bot import db
from bot.db import GameStatus, lookups
from bot.db import outbox as outbox_repo
from bot.outbox.db_store import enqueue_durable
from bot.render.advice import mistakes_text
from bot.services.context import AppContext
from bot.services.tables import Table, load_game_table
from engine import Event, HandScored
from engine.ai import decision_seed
from engine.ai.review import costliest, mistake, seat_decisions

__all__ = ["REVIEW_BUDGET", "after_move", "resume_reviews", "review_key"]

log = logging.getLogger(__name__)

REVIEW_BUDGET: Final = 0.2
"""Seconds per decision from asking to answer (the search gets that less the pool's
margin), and never more than a computer player's own decision."""
RESUMED_GAMES: Final = 200
"""Running solo games looked at when the bot starts (the newest)."""


def review_key(game_id: int, hand: int) -> str:
    return f"game:{game_id}:mistakes:{hand}"


def after_move(ctx: AppContext, table: Table, events: Sequence[Event]) -> None:
    """After a committed move of ``table``'s game: a solo hand it scored gets reviewed."""
    if not table.in_private:
        return
    for event in events:
        if isinstance(event, HandScored):
            _start(ctx, table.game_id, event.result.hand_number)


async def resume_reviews(ctx: AppContext) -> None:
    """At start: review again the last scored hand of running solo games whose review
    was not stored (the process that was computing it stopped)."""
    async with ctx.sessionmaker() as session:
        game_ids = await lookups.playing_in_private(session, RESUMED_GAMES)
    for game_id in game_ids:
        async with ctx.sessionmaker() as session:
            try:
                active = await db.load_game(session, game_id)
            except db.GameNotFound:  # deleted meanwhile
                continue
        game = active.game
        if game is not None and game.sheet:
            _start(ctx, game_id, game.sheet[-1].hand_number)


def _start(ctx: AppContext, game_id: int, hand: int) -> None:
    key = ("review", game_id, hand)
    ctx.spawn_once(key, lambda: _review(ctx, key))


async def _review(ctx: AppContext, key: tuple[str, int, int]) -> None:
    _, game_id, hand = key
    async with ctx.sessionmaker() as session:
        active, table = await load_game_table(session, game_id)
        if await outbox_repo.is_enqueued(session, review_key(game_id, hand)):
            return
        records = await db.list_actions(session, game_id)
    actions = [(record.seat, record.code) for record in records]
    game = active.game
    if game is None or active.row.status is GameStatus.CANCELLED:
        return
    person = table.chat_id  # a solo game's chat is its one person's
    seat = table.seat_of(person)
    if seat is None:  # they left: a computer plays the seat now
        return
    # A replay of the game so far is CPU work too: off the event loop.
    decisions = await asyncio.to_thread(
        seat_decisions, game.players, game.rules, game.seed, actions, seat=seat, hand=hand
    )
    budget = min(REVIEW_BUDGET, ctx.players.budget)
    advices = await asyncio.gather(
        *(
            ctx.players.advise(
                decision_seed(game.seed, d.move), d.view, queue=-game_id, budget=budget
            )
            for d in decisions
        )
    )
    found = costliest(mistake(d, a) for d, a in zip(decisions, advices, strict=True))
    if not found:
        return
    text = mistakes_text(hand, found, table.user_language(person))
    async with ctx.sessionmaker.begin() as session:
        await enqueue_durable(
            session, person, text, kind="review", dedupe_key=review_key(game_id, hand)
        )
