"""What the table's features keep in the existing tables: a seat given to a computer
mid-game, rematch confirmations in the outbox, a message adopted by a slot."""

from __future__ import annotations

import pytest

from bot import db
from bot.db.rematch import confirmation_key, confirmed, is_rematch, lobby_rules
from bot.db.slots import adopt_message, put_slot, slot_message_id
from bot.outbox.db_store import enqueue_durable
from engine import Rules
from tests.db.conftest import Storage
from tests.db.helpers import CHAT_ID, USER_IDS, open_lobby, start_new_game


async def test_a_seat_given_to_a_computer_bumps_the_version(storage: Storage) -> None:
    game_id = await start_new_game(storage.sessions)
    async with storage.sessions.begin() as session:
        before = (await db.load_game(session, game_id)).row.version
        seat = await db.give_seat_to_computer(session, game_id, USER_IDS[0], "heuristic")
        assert seat is not None
        assert (seat.user_id, seat.bot_kind) == (None, "heuristic")
    async with storage.sessions() as session:
        row = (await db.load_game(session, game_id)).row
        assert row.version == before + 1
        seats = await db.list_seats(session, game_id)
    assert all(s.user_id is None for s in seats)
    async with storage.sessions.begin() as session:
        # Nobody of that id sits there any more.
        assert await db.give_seat_to_computer(session, game_id, USER_IDS[0], "heuristic") is None


async def test_a_lobby_seat_is_not_given_away(storage: Storage) -> None:
    async with storage.sessions.begin() as session:
        row = await open_lobby(session)
        assert await db.give_seat_to_computer(session, row.id, USER_IDS[0], "heuristic") is None


async def test_rematch_confirmations_are_the_messages_that_announce_them(
    storage: Storage,
) -> None:
    async with storage.sessions.begin() as session:
        row = await open_lobby(session)
        row.rules = Rules.preset("odessa").replace(target=101).to_json()
        chat = await db.get_or_create_chat(session, CHAT_ID, language="ru")
        assert not await is_rematch(session, row)
        assert (await lobby_rules(session, row, chat)) == db.chat_rules(chat)
        for user_id in USER_IDS[:2]:
            key = confirmation_key(row.id, user_id)
            assert await enqueue_durable(session, CHAT_ID, "in", dedupe_key=key) is not None
        assert await enqueue_durable(session, CHAT_ID, "again", dedupe_key=key) is None
        assert await confirmed(session, row.id, USER_IDS) == set(USER_IDS[:2])
        assert await is_rematch(session, row)
        assert (await lobby_rules(session, row, chat)).target == 101


@pytest.mark.parametrize("twice", [False, True])
async def test_an_adopted_message_is_edited_by_the_slots_states(
    storage: Storage, twice: bool
) -> None:
    async with storage.sessions.begin() as session:
        await db.get_or_create_chat(session, CHAT_ID, language="ru")
        await adopt_message(session, CHAT_ID, "review:1:1", 42)
        if twice:
            await adopt_message(session, CHAT_ID, "review:1:1", 99)
        written = await put_slot(session, CHAT_ID, "review:1:1", '{"text": "page"}')
    assert written is not None
    assert (written.message_id, written.rev, written.new_rev) == (42, 1, 0)
    async with storage.sessions() as session:
        assert await slot_message_id(session, CHAT_ID, "review:1:1") == 42
