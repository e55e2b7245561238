"""What the review after a solo hand asks the database: the running solo games, and
whether a review message was stored already."""

from __future__ import annotations

from bot.db import cancel_game, enqueue, load_game
from bot.db import outbox as outbox_repo
from bot.db.lookups import playing_in_private
from tests.db.conftest import Storage
from tests.db.helpers import CHAT_ID, USER_IDS, start_new_game


async def test_the_running_games_of_private_chats_newest_first(storage: Storage) -> None:
    group = await start_new_game(storage.sessions, CHAT_ID)
    solo = [await start_new_game(storage.sessions, USER_IDS[n], seed=n) for n in range(3)]
    async with storage.sessions.begin() as session:
        await cancel_game(session, (await load_game(session, solo[1])).row)
    async with storage.sessions() as session:
        assert await playing_in_private(session, 10) == [solo[2], solo[0]]
        assert await playing_in_private(session, 1) == [solo[2]]
    assert group not in solo


async def test_a_message_is_known_by_its_dedupe_key_sent_or_not(storage: Storage) -> None:
    async with storage.sessions.begin() as session:
        assert not await outbox_repo.is_enqueued(session, "game:1:mistakes:2")
        await enqueue(session, USER_IDS[0], "review", {"text": "x"}, dedupe_key="game:1:mistakes:2")
        assert await outbox_repo.is_enqueued(session, "game:1:mistakes:2")
        assert not await outbox_repo.is_enqueued(session, "game:1:mistakes:3")
