"""Chats, their settings and their move to a supergroup id; users; seats."""

from __future__ import annotations

import random

import pytest
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from bot.db import (
    AlreadySeated,
    Chat,
    ChatMigrationConflict,
    ChatNotFound,
    OutboxMessage,
    Seat,
    SeatTaken,
    TableFull,
    add_seat,
    chat_rules,
    compact_seats,
    create_lobby,
    enqueue,
    get_chat,
    get_or_create_chat,
    get_timer,
    get_user,
    list_actions,
    list_seats,
    load_for_update,
    migrate_chat,
    remove_seat,
    replay_matches,
    set_timer,
    set_user_reachable,
    update_chat_settings,
    upsert_user,
)
from bot.db.base import utcnow
from engine import Rules
from tests.db.conftest import Storage
from tests.db.helpers import CHAT_ID, USER_IDS, open_lobby, play_random_move, start_new_game

SUPERGROUP_ID = -1009876543210


async def test_get_or_create_chat_creates_once(storage: Storage) -> None:
    async with storage.sessions.begin() as session:
        chat = await get_or_create_chat(session, CHAT_ID, language="uk")
        assert (chat.id, chat.language, chat.rules, chat.turn_timeout) == (
            CHAT_ID,
            "uk",
            None,
            None,
        )
        created = chat.created_at
    async with storage.sessions.begin() as session:
        # The language given later does not overwrite the stored one.
        again = await get_or_create_chat(session, CHAT_ID, language="en")
        assert (again.language, again.created_at) == ("uk", created)
        assert created.tzinfo is not None
        count = len((await session.scalars(select(Chat))).all())
        assert count == 1


async def test_chat_settings_update_and_back_to_defaults(storage: Storage) -> None:
    async with storage.sessions.begin() as session:
        chat = await get_or_create_chat(session, CHAT_ID, language="ru")
        assert chat_rules(chat) == Rules.preset("odessa")
        await update_chat_settings(
            session, CHAT_ID, rules=Rules.preset("kharkiv"), turn_timeout=90, language="en"
        )
    async with storage.sessions.begin() as session:
        stored = await get_chat(session, CHAT_ID)
        assert stored is not None
        assert (chat_rules(stored), stored.turn_timeout, stored.language) == (
            Rules.preset("kharkiv"),
            90,
            "en",
        )
        # Only what is passed changes; None means "the default".
        await update_chat_settings(session, CHAT_ID, rules=None)
    async with storage.sessions() as session:
        reset = await get_chat(session, CHAT_ID)
        assert reset is not None
        assert (reset.rules, reset.turn_timeout, reset.language) == (None, 90, "en")
        with pytest.raises(ChatNotFound):
            await update_chat_settings(session, 42, language="ru")
        with pytest.raises(ValueError, match="positive"):
            await update_chat_settings(session, CHAT_ID, turn_timeout=0)


async def test_migrate_chat_moves_game_seats_log_timer_and_outbox(storage: Storage) -> None:
    game_id = await start_new_game(storage.sessions)
    rng = random.Random(3)
    for _ in range(5):
        await play_random_move(storage.sessions, CHAT_ID, rng)
    deadline = utcnow()
    async with storage.sessions.begin() as session:
        await update_chat_settings(session, CHAT_ID, turn_timeout=30, language="uk")
        await set_timer(session, game_id, 5, deadline)
        await enqueue(session, CHAT_ID, "table", {"text": "hi"}, dedupe_key="t1")
        await enqueue(session, USER_IDS[0], "hand", {"text": "private"})

    async with storage.sessions.begin() as session:
        moved = await migrate_chat(session, CHAT_ID, SUPERGROUP_ID)
        assert moved is not None
        assert moved.id == SUPERGROUP_ID

    async with storage.sessions() as session:
        assert await get_chat(session, CHAT_ID) is None
        chat = await get_chat(session, SUPERGROUP_ID)
        assert chat is not None
        assert (chat.turn_timeout, chat.language) == (30, "uk")
        assert await load_for_update(session, CHAT_ID) is None
        active = await load_for_update(session, SUPERGROUP_ID)
        assert active is not None
        assert active.row.id == game_id
        assert active.game is not None
        assert active.game.move_number == 5
        assert len(await list_seats(session, game_id)) == 3
        assert len(await list_actions(session, game_id)) == 5
        timer = await get_timer(session, game_id)
        assert timer is not None
        assert timer.deadline == deadline
        targets = sorted((m.kind, m.chat_id) for m in await session.scalars(select(OutboxMessage)))
        # The private message to a user stays addressed to the user.
        assert targets == [("hand", USER_IDS[0]), ("table", SUPERGROUP_ID)]
        assert await replay_matches(session, game_id)

    # The game goes on under the new id.
    assert await play_random_move(storage.sessions, SUPERGROUP_ID, rng) is not None


async def test_migrate_chat_into_a_row_the_bot_already_made(storage: Storage) -> None:
    async with storage.sessions.begin() as session:
        await open_lobby(session)
        await update_chat_settings(session, CHAT_ID, rules=Rules.preset("moscow"))
        await get_or_create_chat(session, SUPERGROUP_ID, language="en")
    async with storage.sessions.begin() as session:
        await migrate_chat(session, CHAT_ID, SUPERGROUP_ID)
    async with storage.sessions() as session:
        chat = await get_chat(session, SUPERGROUP_ID)
        assert chat is not None
        # The group's own choices win over the moments-old row.
        assert (chat_rules(chat), chat.language) == (Rules.preset("moscow"), "ru")
        assert await load_for_update(session, SUPERGROUP_ID) is not None
        assert await migrate_chat(session, CHAT_ID, SUPERGROUP_ID) is None


async def test_migrate_chat_refuses_when_both_ids_have_an_active_game(storage: Storage) -> None:
    async with storage.sessions.begin() as session:
        await open_lobby(session, CHAT_ID)
        await get_or_create_chat(session, SUPERGROUP_ID, language="ru")
        await create_lobby(session, SUPERGROUP_ID, rules=Rules(), seed=1, player_count=2)
    async with storage.sessions() as session:
        with pytest.raises(ChatMigrationConflict):
            await migrate_chat(session, CHAT_ID, SUPERGROUP_ID)


async def test_upsert_user_keeps_what_an_update_does_not_say(storage: Storage) -> None:
    async with storage.sessions.begin() as session:
        user = await upsert_user(session, 10**12, "Олег", "oleg", language="uk")
        assert (user.first_name, user.language, user.reachable) == ("Олег", "uk", False)
        first_seen = user.updated_at
        assert await set_user_reachable(session, 10**12, True)
        assert not await set_user_reachable(session, 1, True)
    async with storage.sessions.begin() as session:
        user = await upsert_user(session, 10**12, "Oleg", None)
        assert (user.first_name, user.username, user.language, user.reachable) == (
            "Oleg",
            None,
            "uk",
            True,
        )
        assert user.updated_at >= first_seen
        user = await upsert_user(session, 10**12, "Oleg", None, reachable=False)
        assert user.reachable is False
    async with storage.sessions() as session:
        stored = await get_user(session, 10**12)
        assert stored is not None
        assert (stored.first_name, stored.reachable) == ("Oleg", False)


async def test_seats_join_leave_bots_and_compaction(storage: Storage) -> None:
    async with storage.sessions.begin() as session:
        row = await open_lobby(session)  # user 0 at seat 0
        for user_id in USER_IDS[1:3]:
            await upsert_user(session, user_id, f"u{user_id}")
            await add_seat(session, row.id, user_id=user_id)
        with pytest.raises(AlreadySeated):
            await add_seat(session, row.id, user_id=USER_IDS[1])
        with pytest.raises(SeatTaken):
            await add_seat(session, row.id, bot_kind="heuristic", seat=2)
        removed = await remove_seat(session, row.id, user_id=USER_IDS[1])
        assert removed is not None
        assert removed.seat == 1
        assert await remove_seat(session, row.id, user_id=USER_IDS[1]) is None
        assert [(s.seat, s.user_id) for s in await list_seats(session, row.id)] == [
            (0, USER_IDS[0]),
            (2, USER_IDS[2]),
        ]
        # A new player takes the lowest free seat.
        bot_seat = await add_seat(session, row.id, bot_kind="search")
        assert bot_seat.seat == 1
        await add_seat(session, row.id, bot_kind="random")
        with pytest.raises(TableFull):
            await add_seat(session, row.id, bot_kind="random")
        await remove_seat(session, row.id, seat=0)
        await remove_seat(session, row.id, seat=1)
        seats = await compact_seats(session, row.id)
        assert [(s.seat, s.user_id, s.bot_kind) for s in seats] == [
            (0, USER_IDS[2], None),
            (1, None, "random"),
        ]


async def test_a_seat_is_a_user_or_a_computer_never_both(storage: Storage) -> None:
    async with storage.sessions.begin() as session:
        row = await open_lobby(session)
        game_id = row.id
    async with storage.sessions() as session:
        with pytest.raises(ValueError, match="either"):
            await add_seat(session, game_id, user_id=USER_IDS[0], bot_kind="random")
        # The database's check, bypassing the repository:
        session.add(Seat(game_id=game_id, seat=3, user_id=None, bot_kind=None, joined_at=utcnow()))
        with pytest.raises(IntegrityError, match="ck_seats_user_or_bot"):
            await session.flush()
