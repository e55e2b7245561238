"""Turn deadlines and the outbox; datetimes come back aware and in UTC on both databases."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

import pytest
from sqlalchemy import select
from sqlalchemy.exc import StatementError

from bot.db import (
    NaiveDatetimeError,
    OutboxMessage,
    cancel_game,
    clear_timer,
    due_timers,
    enqueue,
    get_or_create_chat,
    get_timer,
    load_game,
    mark_failed,
    mark_reminder_sent,
    mark_retry,
    mark_sent,
    pending,
    set_timer,
    timers_needing_reminder,
)
from tests.db.conftest import Storage
from tests.db.helpers import CHAT_ID, start_new_game

NOW = datetime(2026, 3, 1, 12, 0, 0, 123456, tzinfo=UTC)


async def test_due_timers_in_deadline_order_for_playing_games_only(storage: Storage) -> None:
    games = [await start_new_game(storage.sessions, CHAT_ID - n, seed=n) for n in range(4)]
    async with storage.sessions.begin() as session:
        await set_timer(session, games[0], 3, NOW - timedelta(seconds=1))
        await set_timer(session, games[1], 8, NOW - timedelta(seconds=30))
        await set_timer(session, games[2], 1, NOW + timedelta(seconds=1))
        await set_timer(session, games[3], 2, NOW - timedelta(minutes=5))
        await cancel_game(session, (await load_game(session, games[3])).row)
    async with storage.sessions() as session:
        due = await due_timers(session, NOW)
        assert [(t.game_id, t.chat_id, t.decision_key) for t in due] == [
            (games[1], CHAT_ID - 1, 8),
            (games[0], CHAT_ID, 3),
        ]
        assert due[0].deadline == NOW - timedelta(seconds=30)
        assert due[0].deadline.tzinfo is not None
        assert [t.game_id for t in await due_timers(session, NOW, limit=1)] == [games[1]]
        assert len(await due_timers(session, NOW + timedelta(seconds=1))) == 3


async def test_set_timer_replaces_the_previous_decision(storage: Storage) -> None:
    game_id = await start_new_game(storage.sessions)
    async with storage.sessions.begin() as session:
        await set_timer(session, game_id, 1, NOW)
        assert await mark_reminder_sent(session, game_id, 1)
        await set_timer(session, game_id, 2, NOW + timedelta(seconds=60))
    async with storage.sessions.begin() as session:
        timer = await get_timer(session, game_id)
        assert timer is not None
        assert (timer.decision_key, timer.deadline, timer.reminder_sent) == (
            2,
            NOW + timedelta(seconds=60),
            False,
        )
        # A reminder or a clear for a decision already made does nothing.
        assert not await mark_reminder_sent(session, game_id, 1)
        assert not await clear_timer(session, game_id, decision_key=1)
        assert await clear_timer(session, game_id, decision_key=2)
        assert await get_timer(session, game_id) is None


async def test_reminders_are_due_once_before_the_deadline(storage: Storage) -> None:
    first = await start_new_game(storage.sessions, CHAT_ID, seed=1)
    second = await start_new_game(storage.sessions, CHAT_ID - 1, seed=2)
    async with storage.sessions.begin() as session:
        await set_timer(session, first, 4, NOW + timedelta(seconds=10))
        await set_timer(session, second, 4, NOW + timedelta(seconds=50))
        lead = timedelta(seconds=15)
        assert [t.game_id for t in await timers_needing_reminder(session, lead, NOW)] == [first]
        assert await mark_reminder_sent(session, first, 4)
        assert await timers_needing_reminder(session, lead, NOW) == []
        # Past the deadline it is auto-play's business, not a reminder's.
        assert await timers_needing_reminder(session, lead, NOW + timedelta(seconds=60)) == []


async def test_datetimes_are_utc_whatever_zone_they_came_in(storage: Storage) -> None:
    game_id = await start_new_game(storage.sessions)
    kyiv_winter = timezone(timedelta(hours=2))
    async with storage.sessions.begin() as session:
        await set_timer(session, game_id, 1, datetime(2026, 3, 1, 14, 0, 0, 123456, kyiv_winter))
    async with storage.sessions() as session:
        timer = await get_timer(session, game_id)
        assert timer is not None
        assert timer.deadline == NOW
        assert timer.deadline.utcoffset() == timedelta(0)
        assert [t.game_id for t in await due_timers(session, NOW)] == [game_id]
        assert await due_timers(session, NOW - timedelta(microseconds=1)) == []
        # SQLAlchemy wraps errors raised while binding parameters.
        with pytest.raises(StatementError) as caught:
            await set_timer(session, game_id, 2, datetime(2026, 3, 1, 12, 0))
        assert isinstance(caught.value.orig, NaiveDatetimeError)


async def test_outbox_enqueue_pending_sent_and_dedupe(storage: Storage) -> None:
    async with storage.sessions.begin() as session:
        await get_or_create_chat(session, CHAT_ID, language="ru")
        first = await enqueue(session, CHAT_ID, "hand_result", {"hand": 1}, dedupe_key="g1:h1")
        second = await enqueue(session, CHAT_ID, "table", {"text": "♠ 10"})
        again = await enqueue(session, CHAT_ID, "hand_result", {"hand": 99}, dedupe_key="g1:h1")
        assert first is not None
        assert second is not None
        assert again is None

    async with storage.sessions.begin() as session:
        waiting = await pending(session)
        assert [(m.id, m.kind, m.payload) for m in waiting] == [
            (first, "hand_result", {"hand": 1}),
            (second, "table", {"text": "♠ 10"}),
        ]
        assert waiting[0].created_at.tzinfo is not None
        assert await mark_sent(session, [first]) == 1
        # Marking twice does not count twice.
        assert await mark_sent(session, [first]) == 0

    async with storage.sessions.begin() as session:
        assert [m.id for m in await pending(session)] == [second]
        # A sent message's key still refuses a duplicate: a replayed transaction after a
        # restart must not post the hand result twice.
        assert await enqueue(session, CHAT_ID, "hand_result", {}, dedupe_key="g1:h1") is None
        sent = await session.get(OutboxMessage, first)
        assert sent is not None
        assert sent.sent_at is not None
        assert sent.attempts == 1


async def test_outbox_retry_later_and_give_up(storage: Storage) -> None:
    async with storage.sessions.begin() as session:
        a = await enqueue(session, CHAT_ID, "send", {"n": 1})
        b = await enqueue(session, CHAT_ID, "send", {"n": 2})
        later = await enqueue(session, CHAT_ID, "send", {"n": 3}, not_before=NOW + timedelta(1))
        assert a is not None
        assert b is not None
        assert later is not None
    async with storage.sessions.begin() as session:
        assert [m.id for m in await pending(session, NOW)] == [a, b]
        await mark_retry(session, a, "429: retry after 5", NOW + timedelta(seconds=5))
        await mark_failed(session, b, "403: bot was blocked by the user", NOW)
    async with storage.sessions() as session:
        assert await pending(session, NOW) == []
        assert [m.id for m in await pending(session, NOW + timedelta(seconds=5))] == [a]
        assert [m.id for m in await pending(session, NOW + timedelta(days=1))] == [a, later]
        rows = {
            m.id: m for m in await session.scalars(select(OutboxMessage).order_by(OutboxMessage.id))
        }
        assert (rows[a].attempts, rows[a].last_error) == (1, "429: retry after 5")
        assert (rows[b].attempts, rows[b].failed_at, rows[b].sent_at) == (1, NOW, None)
