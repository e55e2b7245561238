"""Turning a game into what people see, stored in the action's transaction.

Slots are messages edited in place: the group's lobby and table, each player's private
hand, and the "your turn" ping (a message that exists only while its player is to act);
their wanted state is stored (``store_slot``, ``clear_slot``) and the outbox delivers it
after the commit. Hand results and the game's end are stored messages (``enqueue_durable``). A
crash after the commit loses neither: a restarted bot delivers what is stored.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import timedelta

from aiogram.types import InlineKeyboardMarkup
from sqlalchemy.ext.asyncio import AsyncSession

from bot import db
from bot.db import GameStatus
from bot.db.rematch import lobby_rules
from bot.outbox.db_store import SlotState, clear_slot, enqueue_durable, store_slot, store_slots
from bot.render.chart import chart_caption, score_chart
from bot.render.hand import hand_screen, render_hand
from bot.render.lobby import render_lobby
from bot.render.messages import dave_text, match_game_text, play_again_keyboard, turn_ping
from bot.render.names import side_names as render_side_names
from bot.render.review import review_keyboard
from bot.render.sheet import render_game_over, render_hand_result, sheet_extra
from bot.render.table import render_table
from bot.services.tables import Table
from engine import (
    DaveConceded,
    DaveOffered,
    DavePlayedOn,
    Event,
    Game,
    GameOver,
    HandResult,
    HandScored,
    MatchGameWon,
    Phase,
    totals_after,
)

__all__ = [
    "DURABLE_KIND",
    "clear_pings",
    "enqueue_chart",
    "enqueue_durable_events",
    "hand_result_message",
    "hand_screens",
    "hand_slot",
    "hand_states",
    "lobby_slot",
    "ping_slot",
    "show_hands",
    "show_lobby",
    "show_ping",
    "show_table",
    "side_names",
    "table_slot",
    "table_state",
]

DURABLE_KIND = "hand_result"


def lobby_slot(game_id: int) -> str:
    return f"lobby:{game_id}"


def table_slot(game_id: int) -> str:
    return f"table:{game_id}"


def hand_slot(game_id: int) -> str:
    return f"hand:{game_id}"


def ping_slot(game_id: int) -> str:
    return f"ping:{game_id}"


def side_names(table: Table, lang: str) -> tuple[str, ...]:
    game = table.game
    solo = game is not None and game.rules.solo(game.players)
    return render_side_names(table.names(lang), lang, solo)


async def show_lobby(session: AsyncSession, table: Table) -> None:
    """The lobby message; once the game started or was cancelled, without buttons."""
    lang = table.language
    opener_id = table.row.opened_by
    opener = table.users.get(opener_id or 0)
    if opener is None and opener_id is not None:
        # Not seated (the bot cannot write to them yet): still the one who opened it.
        opener = await db.get_user(session, opener_id)
    status = table.row.status
    closed = None
    if status is GameStatus.CANCELLED:
        closed = "cancelled"
    elif status is not GameStatus.LOBBY:
        closed = "started"
    text, markup = render_lobby(
        table.game_id,
        table.occupants(),
        opener.first_name if opener else "",
        await lobby_rules(session, table.row, table.chat),
        lang,
        closed=closed,
    )
    await store_slot(session, table.chat_id, lobby_slot(table.game_id), text, markup)


def table_state(table: Table, *, new: bool = False) -> SlotState | None:
    """What the group's table message should show (None before the game has a state)."""
    game = table.game
    if game is None:
        return None
    lang = table.language
    text = render_table(
        game.public_view(),
        table.names(lang),
        lang,
        user_ids=table.mentions(),
    )
    return SlotState(table.chat_id, table_slot(table.game_id), text, new=new)


async def show_table(session: AsyncSession, table: Table, *, new: bool = False) -> None:
    state = table_state(table, new=new)
    if state is not None:
        await store_slots(session, [state])


def hand_screens(game: Game) -> tuple[object, ...]:
    """What each seat's hand message shows now (see bot.render.hand.seats_to_redraw)."""
    return tuple(hand_screen(game.view(seat)) for seat in range(game.players))


def hand_states(
    table: Table,
    *,
    only_user: int | None = None,
    seats: frozenset[int] | None = None,
    new: bool = False,
) -> list[SlotState]:
    """What the hand message of each person at the table should show (``seats``: of
    those seats only; the others' stored state stays what their message shows)."""
    game = table.game
    if game is None:
        return []
    states: list[SlotState] = []
    for seat in table.human_seats():
        assert seat.user_id is not None
        if only_user is not None and seat.user_id != only_user:
            continue
        if seats is not None and seat.seat not in seats:
            continue
        lang = table.user_language(seat.user_id)
        text, markup = render_hand(
            game.view(seat.seat),
            table.names(lang),
            lang,
            table.game_id,
            game.move_number,
            hints=table.in_private,
        )
        states.append(SlotState(seat.user_id, hand_slot(table.game_id), text, markup, new))
    return states


async def show_hands(
    session: AsyncSession,
    table: Table,
    *,
    only_user: int | None = None,
    seats: frozenset[int] | None = None,
    new: bool = False,
) -> None:
    """Store the hand messages of :func:`hand_states`."""
    await store_slots(session, hand_states(table, only_user=only_user, seats=seats, new=new))


async def show_ping(session: AsyncSession, table: Table, actor: int, *, idle: float) -> None:
    """After ``actor``'s move: their ping goes, and the person whose turn came after
    others moved gets one — unless they turned pings off (/notify) or acted less than
    ``idle`` seconds ago (they are looking). A private chat thus holds at most one ping:
    a new one is only wanted after its player acted, which removed the last."""
    game = table.game
    assert game is not None
    acted = table.seat(actor).user_id
    if acted is not None:
        await clear_slot(session, acted, ping_slot(table.game_id))
    seat = game.to_act
    if seat is None or seat == actor or game.phase is Phase.FINISHED:
        return
    user_id = table.seat(seat).user_id
    if user_id is None:
        return
    user = table.users.get(user_id)
    if user is None or not user.turn_pings:
        return
    # Loaded with the game before this move, which is not theirs: still when they acted.
    assert table.last_acted is not None, "a move's table comes from load_game_table"
    last = table.last_acted.get(seat)
    if last is not None and db.utcnow() - last < timedelta(seconds=idle):
        return
    text = turn_ping(table.user_language(user_id))
    await store_slot(session, user_id, ping_slot(table.game_id), text, new=True)


async def clear_pings(session: AsyncSession, table: Table) -> None:
    """The game stopped without its players (cancelled): no ping may stay behind."""
    for seat in table.human_seats():
        assert seat.user_id is not None
        await clear_slot(session, seat.user_id, ping_slot(table.game_id))


async def enqueue_durable_events(session: AsyncSession, table: Table, events: list[Event]) -> None:
    """Store the hand results and the game's end caused by an action."""
    game = table.game
    assert game is not None
    lang = table.language
    names = side_names(table, lang)
    pairs = _in_pairs(game)
    target = None if game.rules.one_hand else game.rules.target
    for event in events:
        text: str | None = None
        key = ""
        markup: InlineKeyboardMarkup | None = None
        if isinstance(event, DaveOffered | DaveConceded | DavePlayedOn):
            text = dave_text(event, table.names(lang)[event.seat], lang)
            key = f"game:{table.game_id}:dave:{game.move_number}"  # one «даве» event a move
        elif isinstance(event, MatchGameWon):
            text = match_game_text(event, names, lang)
            key = f"game:{table.game_id}:match:{event.game_number}"
        elif isinstance(event, HandScored):
            totals = totals_after(game, event.result, events)
            text, markup = hand_result_message(table, event.result, totals)
            key = f"game:{table.game_id}:hand:{event.result.hand_number}"
        elif isinstance(event, GameOver):
            text = render_game_over(
                event.winner,
                event.scores,
                names,
                game.sheet,
                lang,
                target=target,
                hanging=game.hanging,
                pairs=pairs,
                winners=event.winners,
                stakes=event.stakes,
                extra=sheet_extra(game.public_view(), names, lang),
            )
            key = f"game:{table.game_id}:over"
            markup = play_again_keyboard(table.game_id, lang)
        if text is None:
            continue
        await enqueue_durable(
            session, table.chat_id, text, markup, kind=DURABLE_KIND, dedupe_key=key
        )
        if isinstance(event, GameOver):
            await enqueue_chart(session, table)


def _in_pairs(game: Game) -> bool:
    """Four players in two pairs (not each for himself, RULES-VARIANTS §24)."""
    return game.players == 4 and game.sides == 2


async def enqueue_chart(session: AsyncSession, table: Table) -> None:
    """The game's chart, stored as the data to draw it: drawn when it is sent."""
    game = table.game
    assert game is not None
    lang = table.language
    chart = score_chart(game.sheet, side_names(table, lang), target=game.rules.target, lang=lang)
    await enqueue_durable(
        session,
        table.chat_id,
        chart_caption(lang),
        kind="chart",
        dedupe_key=f"game:{table.game_id}:chart",
        picture=chart.to_json(),
    )


def hand_result_message(
    table: Table, result: HandResult, totals: Sequence[int]
) -> tuple[str, InlineKeyboardMarkup]:
    """A hand's result, with each side's ``totals`` right after it
    (:func:`engine.totals_after`), and the button that opens the hand
    (bot.services.review)."""
    game = table.game
    assert game is not None
    lang = table.language
    text = render_hand_result(
        result,
        side_names(table, lang),
        totals,
        lang,
        target=None if game.rules.one_hand else game.rules.target,
        bidder_name=table.names(lang)[result.bidder],
        pairs=_in_pairs(game),
    )
    return text, review_keyboard(table.game_id, result.hand_number, lang)
