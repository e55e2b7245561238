"""💡 in a solo game: what the strong player would do at the person's decision, and why.

The press is answered at once (a toast); the search runs in the worker pool, in the
table's own queue, from the seat's view only; its line is then written into the
person's hand message, above the buttons it is about, where the player looks while
choosing (an alert would vanish with a tap, a new message would push the cards up).
A move made meanwhile makes the hint moot: it is dropped. A second press while the
search runs searches nothing more; after it, the same hint is shown again.
"""

from __future__ import annotations

import logging

from bot import db
from bot.db import GameStatus
from bot.outbox.db_store import store_slot
from bot.render.advice import hint_line
from bot.render.hand import render_hand
from bot.render.messages import Alert, alert
from bot.services.answers import Answer
from bot.services.context import AppContext
from bot.services.presenter import hand_slot
from bot.services.tables import load_game_table
from engine import PlayerView
from engine.ai import decision_seed
from engine.ai.advice import Advice

__all__ = ["ask_hint"]

log = logging.getLogger(__name__)


async def ask_hint(
    ctx: AppContext, game_id: int, move: int, user_id: int, asker_language: str
) -> Answer:
    """The person pressed 💡 at decision ``move``: the answer to the press, the hint
    itself comes later into their hand message."""
    async with ctx.sessionmaker() as session:
        try:
            active, table = await load_game_table(session, game_id)
        except db.GameNotFound:
            return Answer.refuse(alert(Alert.STALE, asker_language))
    lang = table.user_language(user_id)
    seat = table.seat_of(user_id)
    game = active.game
    if seat is None:
        return Answer.refuse(alert(Alert.NOT_YOUR_GAME, lang))
    if active.row.status is not GameStatus.PLAYING or game is None:
        return Answer.refuse(alert(Alert.GAME_OVER, lang))
    if not table.in_private or move != game.move_number or game.to_act != seat:
        # A group's hand has no 💡: such a press is forged, like one of a past decision.
        return Answer.refuse(alert(Alert.STALE, lang))
    key = ("hint", game_id, move)
    seed, view = decision_seed(game.seed, move), game.view(seat)
    if not ctx.spawn_once(key, lambda: _hint(ctx, key, seed, view, table.chat_id, user_id)):
        return Answer(alert(Alert.HINT_BUSY, lang))
    return Answer(alert(Alert.HINT_THINKING, lang))


async def _hint(
    ctx: AppContext,
    key: tuple[str, int, int],
    seed: int,
    view: PlayerView,
    chat_id: int,
    user_id: int,
) -> None:
    _, game_id, move = key
    advice = ctx.known_hint(game_id, move)
    if advice is None:
        advice = await ctx.players.advise(seed, view, queue=game_id)
        ctx.remember_hint(game_id, move, advice)
    await _show(ctx, game_id, move, chat_id, user_id, advice)


async def _show(
    ctx: AppContext, game_id: int, move: int, chat_id: int, user_id: int, advice: Advice
) -> None:
    """The hand message with the hint line, if the decision is still open."""
    async with ctx.chat_lock(chat_id), ctx.sessionmaker.begin() as session:
        active, table = await load_game_table(session, game_id)
        game = active.game
        seat = table.seat_of(user_id)
        if game is None or seat is None or game.move_number != move or game.to_act != seat:
            log.debug("game %s: the hint for move %s came after the move", game_id, move)
            return
        lang = table.user_language(user_id)
        text, markup = render_hand(
            game.view(seat),
            table.names(lang),
            lang,
            game_id,
            move,
            hints=True,
            hint=hint_line(advice, lang),
        )
        await store_slot(session, user_id, hand_slot(game_id), text, markup)
