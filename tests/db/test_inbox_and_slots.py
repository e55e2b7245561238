"""The inbox (each update applied once), the commit hooks that mark it, slot states, and
timer leases — on SQLite and on PostgreSQL."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Sequence
from datetime import timedelta
from typing import Any

import pytest
from sqlalchemy import event, func, select

from bot.db import claim_timer, due_timers, set_timer, toggle_turn_pings, upsert_user, utcnow
from bot.db import inbox as inbox_repo
from bot.db.models import InboxUpdate, OutboxMessage
from bot.db.slots import SlotPut, clear_slot, mark_slot_sent, put_slot, put_slots, unsent_slots
from bot.db.unit import AlreadyHandled, handling, install_commit_hooks, stage
from bot.outbox.db_store import enqueue_durable, store_slot
from tests.db.conftest import Storage
from tests.db.helpers import CHAT_ID, start_new_game

LEASE = timedelta(seconds=30)


async def test_an_update_is_stored_once(storage: Storage) -> None:
    async with storage.sessions.begin() as session:
        assert await inbox_repo.store(session, 7, "{}", LEASE)
        assert not await inbox_repo.store(session, 7, '{"again": 1}', LEASE)
        stored = await session.scalars(select(InboxUpdate.payload))
        assert list(stored) == ["{}"]


async def test_undone_updates_are_taken_over_only_when_their_lease_ran_out(
    storage: Storage,
) -> None:
    async with storage.sessions.begin() as session:
        await inbox_repo.store(session, 1, "a", LEASE)
        await inbox_repo.store(session, 2, "b", timedelta(seconds=-1))
    async with storage.sessions.begin() as session:
        assert await inbox_repo.claim_stale(session, LEASE) == [(2, "b")]
        # Now leased again: nobody else takes it.
        assert await inbox_repo.claim_stale(session, LEASE) == []
        # The only process there is takes everything not done.
        assert await inbox_repo.claim_stale(session, LEASE, take_all=True) == [(1, "a"), (2, "b")]


async def test_the_first_writing_commit_marks_the_update_and_a_second_handling_is_refused(
    storage: Storage,
) -> None:
    committed: list[Sequence[Any]] = []
    install_commit_hooks(storage.sessions, committed.append)
    async with storage.sessions.begin() as session:
        await inbox_repo.store(session, 42, "{}", LEASE)

    with handling(42) as state:
        # Reading commits nothing: the update is not done yet.
        async with storage.sessions.begin() as session:
            await session.scalar(select(func.count()).select_from(InboxUpdate))
        assert not state.done
        async with storage.sessions.begin() as session:
            await enqueue_durable(session, CHAT_ID, "first")
        assert state.done
        # Later transactions of the same handling go through.
        async with storage.sessions.begin() as session:
            await enqueue_durable(session, CHAT_ID, "second")

    with handling(42), pytest.raises(AlreadyHandled):
        async with storage.sessions.begin() as session:
            await enqueue_durable(session, CHAT_ID, "applied twice")

    async with storage.sessions() as session:
        texts = [row.payload["text"] for row in await session.scalars(select(OutboxMessage))]
        done = await session.scalar(select(InboxUpdate.done_at).where(InboxUpdate.update_id == 42))
    assert texts == ["first", "second"]
    assert done is not None
    # What each committed transaction staged reached the hook, in order; the refused one's
    # did not.
    assert [[item.text for item in batch] for batch in committed] == [["first"], ["second"]]


async def test_staged_items_of_a_rolled_back_transaction_are_dropped(storage: Storage) -> None:
    committed: list[Sequence[Any]] = []
    install_commit_hooks(storage.sessions, committed.append)
    session = storage.sessions()
    async with session:
        await session.begin()
        stage(session, "lost")
        await session.rollback()
    async with storage.sessions.begin() as session:
        stage(session, "kept")
    assert committed == [["kept"]]


async def test_slot_states_count_up_skip_repeats_and_order_after_messages(
    storage: Storage,
) -> None:
    async with storage.sessions.begin() as session:
        first = await put_slot(session, CHAT_ID, "table:1", '{"text": "a"}')
        assert first is not None
        assert (first.rev, first.new_rev, first.after_id) == (1, 0, 0)
        # The same state again is nothing to deliver.
        assert await put_slot(session, CHAT_ID, "table:1", '{"text": "a"}') is None
        row_id = await enqueue_durable(session, CHAT_ID, "hand result")
        second = await put_slot(session, CHAT_ID, "table:1", '{"text": "b"}')
        assert second is not None
        # Not delivered yet: it keeps its place before the message.
        assert (second.rev, second.after_id) == (2, 0)
        new = await put_slot(session, CHAT_ID, "table:1", '{"text": "b"}', new=True)
        assert new is not None
        # A new message goes after what was stored meanwhile.
        assert (new.rev, new.new_rev, new.after_id) == (3, 3, row_id)
    async with storage.sessions.begin() as session:
        assert [(s.key, s.rev) for s in await unsent_slots(session)] == [("table:1", 3)]
        assert await mark_slot_sent(session, CHAT_ID, "table:1", 3, 555)
        assert not await mark_slot_sent(session, CHAT_ID, "table:1", 2, 554)
        assert await unsent_slots(session) == []
        later = await put_slot(session, CHAT_ID, "table:1", '{"text": "c"}')
        assert later is not None
        assert (later.message_id, later.sent_rev, later.after_id) == (555, 3, row_id)


async def test_a_moves_slot_states_are_one_statement_compiled_once(storage: Storage) -> None:
    """Every move stores its table and hands: that is one statement sent to the database,
    and it is compiled once, not at every move (a multi-row VALUES built in SQLAlchemy is
    never cached, and compiling it cost about half a millisecond a row)."""
    sent: list[tuple[str, object]] = []

    def record(_conn: Any, _cursor: Any, sql: str, _params: Any, context: Any, _many: Any) -> None:
        if sql.lstrip().upper().startswith("INSERT INTO SLOTS"):
            sent.append((sql, context.compiled))

    event.listen(storage.engine.sync_engine, "before_cursor_execute", record)
    try:
        for move in range(2):
            async with storage.sessions.begin() as session:
                written = await put_slots(
                    session,
                    [
                        SlotPut(CHAT_ID, "table:1", f'{{"move": {move}}}'),
                        SlotPut(101, "hand:1", f'{{"anna": {move}}}'),
                        SlotPut(102, "hand:1", f'{{"boris": {move}}}'),
                    ],
                )
                assert None not in written
    finally:
        event.remove(storage.engine.sync_engine, "before_cursor_execute", record)
    assert len(sent) == 2, "one statement per move"
    (first_sql, first_compiled), (second_sql, second_compiled) = sent
    assert first_sql == second_sql
    assert first_compiled is second_compiled, "the second move reused the compiled statement"


async def test_several_slot_states_are_stored_as_one_at_a_time_would_store_them(
    storage: Storage,
) -> None:
    """A move's table and hands in one statement: each state is what ``put_slot`` alone
    would have written, the same slot twice included (the later state counts up)."""
    group, anna, boris = CHAT_ID, 101, 102
    async with storage.sessions.begin() as session:
        row_id = await enqueue_durable(session, group, "hand result")
        await put_slot(session, anna, "hand:1", '{"text": "anna 1"}')
        assert await mark_slot_sent(session, anna, "hand:1", 1, 9)
        written = await put_slots(
            session,
            [
                SlotPut(group, "table:1", '{"text": "table"}', new=True),
                SlotPut(anna, "hand:1", '{"text": "anna 1"}'),  # wanted already
                SlotPut(boris, "hand:1", '{"text": "boris 1"}'),
                SlotPut(boris, "hand:1", '{"text": "boris 2"}'),
                SlotPut(anna, "hand:1", '{"text": "anna 2"}'),
            ],
        )
        table, unchanged, boris_1, boris_2, anna_2 = written
        assert unchanged is None
        assert table is not None
        assert (table.chat_id, table.rev, table.new_rev, table.after_id) == (group, 1, 1, row_id)
        assert boris_1 is not None
        assert boris_2 is not None
        assert (boris_1.rev, boris_2.rev, boris_2.payload) == (1, 2, '{"text": "boris 2"}')
        assert boris_2.after_id == boris_1.after_id == 0  # not delivered: keeps its place
        assert anna_2 is not None
        assert (anna_2.rev, anna_2.new_rev, anna_2.message_id, anna_2.sent_rev) == (2, 0, 9, 1)
        assert await put_slots(session, []) == []
    async with storage.sessions.begin() as session:
        unsent = {(s.chat_id, s.payload) for s in await unsent_slots(session)}
        assert unsent == {
            (group, '{"text": "table"}'),
            (anna, '{"text": "anna 2"}'),
            (boris, '{"text": "boris 2"}'),
        }


async def test_a_slot_can_want_no_message_and_then_a_new_one(storage: Storage) -> None:
    user = 42
    async with storage.sessions.begin() as session:
        # Nothing there: nothing to delete.
        assert await clear_slot(session, user, "ping:1") is None
        ping = await put_slot(session, user, "ping:1", '{"text": "ход"}', new=True)
        assert ping is not None
        assert not ping.absent
        assert await mark_slot_sent(session, user, "ping:1", ping.rev, 77)
        gone = await clear_slot(session, user, "ping:1")
        assert gone is not None
        assert (gone.absent, gone.rev, gone.message_id, gone.sent_rev) == (True, 2, 77, 1)
        # Wanted absent already: no second delete.
        assert await clear_slot(session, user, "ping:1") is None
    async with storage.sessions.begin() as session:
        (unsent,) = await unsent_slots(session)
        assert (unsent.absent, unsent.rev, unsent.message_id) == (True, 2, 77)
        assert await mark_slot_sent(session, user, "ping:1", 2, None)
        assert await unsent_slots(session) == []
        again = await put_slot(session, user, "ping:1", '{"text": "ход"}', new=True)
        assert again is not None
        assert (again.absent, again.rev, again.new_rev, again.message_id) == (False, 3, 3, None)


async def test_notify_toggles_the_pings_of_a_known_user(storage: Storage) -> None:
    async with storage.sessions.begin() as session:
        assert await toggle_turn_pings(session, 5) is None
        user = await upsert_user(session, 5, "Аня")
        assert user.turn_pings
        assert await toggle_turn_pings(session, 5) is False
        assert await toggle_turn_pings(session, 5) is True


async def test_store_slot_keeps_text_and_keyboard_as_json(storage: Storage) -> None:
    async with storage.sessions.begin() as session:
        await store_slot(session, CHAT_ID, "lobby:1", "Стол <b>открыт</b>")
        (slot,) = await unsent_slots(session)
    assert json.loads(slot.payload) == {"text": "Стол <b>открыт</b>"}


async def test_a_due_deadline_is_claimed_by_one_process(storage: Storage) -> None:
    game_id = await start_new_game(storage.sessions, CHAT_ID)
    async with storage.sessions.begin() as session:
        await set_timer(session, game_id, 5, utcnow() - timedelta(seconds=1))

    async def claim() -> bool:
        async with storage.sessions.begin() as session:
            return await claim_timer(session, game_id, 5, LEASE)

    results = await asyncio.gather(claim(), claim())
    assert sorted(results) == [False, True]
    async with storage.sessions() as session:
        assert await due_timers(session) == []  # held until the lease ends
        assert len(await due_timers(session, utcnow() + LEASE * 2)) == 1
    # The next decision's deadline frees it.
    async with storage.sessions.begin() as session:
        await set_timer(session, game_id, 6, utcnow() - timedelta(seconds=1))
        assert [t.decision_key for t in await due_timers(session)] == [6]
