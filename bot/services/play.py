"""Moves: a player's press, a computer player's turn, a turn that timed out.

Every move is one transaction: load the game, apply the engine action, save with the
version check, log the action, store the durable messages it caused, set the next
deadline. What changed is handed to the outbox only after the commit.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

from sqlalchemy.ext.asyncio import AsyncSession

from bot import db
from bot.db import GameStatus, lookups
from bot.outbox.db_store import enqueue_durable, store_slots
from bot.render.hand import seats_to_redraw
from bot.render.messages import Alert, alert, auto_played, redeal_text, turn_reminder
from bot.render.reasons import reason_text, render_reason
from bot.services.answers import Answer
from bot.services.autoplay import TIMEOUT_STAND_IN
from bot.services.context import AppContext
from bot.services.mistakes import after_move
from bot.services.presenter import (
    enqueue_durable_events,
    hand_screens,
    hand_states,
    show_ping,
    table_state,
)
from bot.services.records import record_finished_game
from bot.services.tables import Table, load_game_table, load_table
from engine import (
    Action,
    Event,
    Game,
    HandDealt,
    IllegalActionError,
    Phase,
    Reason,
    Redeal,
    RedealClaimed,
)
from engine.ai import decision_seed, stand_in_choice, without_offers

__all__ = ["auto_act", "play", "remind", "schedule_next_decision"]

log = logging.getLogger(__name__)


async def play(ctx: AppContext, game_id: int, move: int, user_id: int, action: Action) -> Answer:
    """A player pressed a decision button in their private chat."""
    for _ in range(2):
        chat_id = ctx.game_chats.get(game_id)
        if chat_id is None:
            async with ctx.sessionmaker() as session:
                # Only the chat, for its lock: the state is decoded once, under the lock.
                chat_id = await lookups.chat_of_game(session, game_id)
            if chat_id is None:
                return Answer.refuse(alert(Alert.STALE, ctx.settings.default_language))
            if len(ctx.game_chats) >= _GAME_CHATS_MAX:
                ctx.game_chats.clear()
            ctx.game_chats[game_id] = chat_id
        answer = await _play_in_chat(ctx, chat_id, game_id, move, user_id, action)
        if answer is not None:
            return answer
        # The game moved to another chat (a group became a supergroup) since it was
        # remembered: its lock is the new chat's.
        ctx.game_chats.pop(game_id, None)
    return Answer.refuse(alert(Alert.TOO_LATE, ctx.settings.default_language))


# A press costs no transaction for the lookup of its game's chat (it was one in six),
# and a game's chat changes only when its group becomes a supergroup.
_GAME_CHATS_MAX = 100_000


async def _play_in_chat(
    ctx: AppContext, chat_id: int, game_id: int, move: int, user_id: int, action: Action
) -> Answer | None:
    """``play`` under the chat's lock; None when the game is no longer in that chat."""
    async with ctx.chat_lock(chat_id), ctx.sessionmaker() as session:
        try:
            async with session.begin():
                try:
                    active, table = await load_game_table(session, game_id)
                except db.GameNotFound:
                    return Answer.refuse(alert(Alert.STALE, ctx.settings.default_language))
                if active.row.chat_id != chat_id:
                    return None
                lang = table.user_language(user_id)
                seat = table.seat_of(user_id)
                if seat is None:
                    return Answer.refuse(alert(Alert.NOT_YOUR_GAME, lang))
                game = active.game
                if active.row.status is not GameStatus.PLAYING or game is None:
                    return Answer.refuse(alert(Alert.GAME_OVER, lang))
                if move != game.move_number:
                    if await _waiting_keyboard(session, game_id, game, seat, move):
                        return Answer.refuse(reason_text(Reason.NOT_YOUR_TURN, lang))
                    return Answer.refuse(alert(Alert.STALE, lang))
                before = hand_screens(game)
                try:
                    events = game.apply(action, seat=seat)
                except IllegalActionError as error:
                    return Answer.refuse(render_reason(error, lang))
                deadline = await _store_move(ctx, session, table, seat, action, events, before)
        except db.VersionConflict:
            return Answer.refuse(alert(Alert.TOO_LATE, lang))
    ctx.record_move("player")
    ctx.wake_timers(deadline)
    after_move(ctx, table, events)
    return Answer()


async def _waiting_keyboard(
    session: AsyncSession, game_id: int, game: Game, seat: int, move: int
) -> bool:
    """Whether an old button was pressed on a message shown while the presser waited, and
    it is still not their turn: a waiting message keeps the buttons of the move it was
    drawn at, and "not your turn" is what they need to hear. A button of a decision they
    made since is stale."""
    if game.to_act == seat or game.phase is Phase.FINISHED or move >= game.move_number:
        return False
    return await db.action_seat(session, game_id, move + 1) != seat


async def auto_act(ctx: AppContext, game_id: int, decision_key: int) -> bool:
    """The deadline of a decision passed: a computer player's turn, or a player who ran
    out of time (the bot passes or keeps the seven for them, and the heuristic player
    picks their card). Returns whether a move was made.

    The choice is made with no database connection held (SQLite has one), then the move
    is applied in its own transaction, which the version check guards like any other.
    """
    async with ctx.sessionmaker() as session:
        try:
            active, table = await load_game_table(session, game_id)
        except db.GameNotFound:
            return False
        game = active.game
        if active.row.status is not GameStatus.PLAYING or game is None:
            return False
        if game.move_number != decision_key or game.to_act is None:
            return False
    seat = game.to_act
    seat_row = table.seat(seat)
    kind = seat_row.bot_kind or TIMEOUT_STAND_IN
    view = game.view(seat)
    if seat_row.bot_kind is None:
        view = without_offers(view)  # a person's stand-in raises no «даве» stake
    action = stand_in_choice(view) if seat_row.bot_kind is None else None
    if action is None:
        seed = decision_seed(game.seed, game.move_number)
        action = await ctx.players.choose(kind, seed, view, game=game_id)
    async with ctx.chat_lock(table.chat_id), ctx.sessionmaker() as session:
        try:
            async with session.begin():
                active, table = await load_game_table(session, game_id)
                game = active.game
                if (
                    active.row.status is not GameStatus.PLAYING
                    or game is None
                    or game.move_number != decision_key
                ):
                    return False
                before = hand_screens(game)
                events = game.apply(action, seat=seat)
                if seat_row.user_id is not None:
                    lang = table.language
                    name = table.names(lang)[seat]
                    await enqueue_durable(session, table.chat_id, auto_played(name, action, lang))
                deadline = await _store_move(ctx, session, table, seat, action, events, before)
        except db.VersionConflict:
            return False
    ctx.record_move("computer" if seat_row.user_id is None else "timeout")
    ctx.wake_timers(deadline)
    after_move(ctx, table, events)
    return True


async def remind(ctx: AppContext, game_id: int, decision_key: int) -> None:
    """Half the turn time is gone: mention the player in the group, and move the
    deadline to the full turn time."""
    async with ctx.sessionmaker() as session, session.begin():
        active = await db.load_game(session, game_id)
        game = active.game
        if game is None or game.move_number != decision_key or game.to_act is None:
            return
        table = await load_table(session, active.row, game)
        half = _turn_timeout(ctx, table) / 2
        deadline = ctx.clock() + timedelta(seconds=half)
        if not await lookups.postpone_timer(session, game_id, decision_key, deadline):
            return
        seat_row = table.seat(game.to_act)
        if seat_row.user_id is not None:
            lang = table.language
            name = table.names(lang)[game.to_act]
            text = turn_reminder(name, seat_row.user_id, max(1, round(half)), lang)
            await enqueue_durable(session, table.chat_id, text)
    ctx.wake_timers(deadline)


def _turn_timeout(ctx: AppContext, table: Table) -> int:
    return table.chat.turn_timeout or ctx.settings.turn_timeout


async def _store_move(
    ctx: AppContext,
    session: AsyncSession,
    table: Table,
    seat: int,
    action: Action,
    events: list[Event],
    before: tuple[object, ...],
) -> datetime | None:
    """``before``: the hand screens before the move (presenter.hand_screens). Returns the
    next decision's deadline."""
    game = table.game
    assert game is not None
    row = table.row
    await db.save(session, row, game, row.version)
    await db.append_action(session, row, game.move_number, seat, action.code)
    if game.phase is Phase.FINISHED:
        await record_finished_game(session, table)
    redraw = seats_to_redraw(before, hand_screens(game), seat)
    await _publish(session, table, events, redraw)
    await show_ping(session, table, seat, idle=ctx.ping_idle)
    return await schedule_next_decision(ctx, session, table)


async def schedule_next_decision(
    ctx: AppContext, session: AsyncSession, table: Table
) -> datetime | None:
    """Set the deadline of the decision the game now waits for (none once it is over);
    returns it, for the timer loop once the transaction has committed."""
    game = table.game
    assert game is not None
    if game.phase is Phase.FINISHED or game.to_act is None:
        await db.clear_timer(session, table.game_id)
        return None
    seat_row = table.seat(game.to_act)
    now = ctx.clock()
    if seat_row.user_id is None:
        # Nobody to remind: the deadline is the computer player's pause.
        deadline = now + timedelta(seconds=ctx.computer_pause)
        await db.set_timer(session, table.game_id, game.move_number, deadline)
        await db.mark_reminder_sent(session, table.game_id, game.move_number)
    else:
        deadline = now + timedelta(seconds=_turn_timeout(ctx, table) / 2)
        await db.set_timer(session, table.game_id, game.move_number, deadline)
    return deadline


async def _publish(
    session: AsyncSession, table: Table, events: list[Event], redraw: frozenset[int]
) -> None:
    """In the move's transaction: the hand results, a redeal notice, the table (a new
    message for a new hand, after the result), the hands of the seats in ``redraw``."""
    new_hand = any(isinstance(event, HandDealt) for event in events)
    await enqueue_durable_events(session, table, events)
    claimed = next((event.seat for event in events if isinstance(event, RedealClaimed)), None)
    for event in events:
        if isinstance(event, Redeal):
            lang = table.language
            names = table.names(lang)
            claimant = None if claimed is None else names[claimed]
            text = redeal_text(names[event.dealer], lang, claimed_by=claimant)
            await enqueue_durable(session, table.chat_id, text)
    # The table and the hands that changed: one statement.
    table_now = table_state(table, new=new_hand)
    hands_now = hand_states(table, seats=redraw)
    await store_slots(session, hands_now if table_now is None else [table_now, *hands_now])
