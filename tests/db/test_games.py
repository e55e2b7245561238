"""Games: one active game per chat, versioned saves, the action log, replay, history."""

from __future__ import annotations

import asyncio
import json
import random

import pytest
from sqlalchemy import func, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from bot.db import (
    ActionRecord,
    ActiveGameExists,
    GameNotFound,
    GameRecord,
    GameStatus,
    VersionConflict,
    add_seat,
    append_action,
    cancel_game,
    create_lobby,
    finish_game,
    game_history,
    get_active_game,
    get_or_create_chat,
    list_actions,
    load_for_update,
    load_game,
    replay_check,
    replay_matches,
    save,
    set_timer,
    start_game,
)
from bot.db.base import utcnow
from bot.db.models import Timer
from engine import Game, Phase, Rules
from tests.db.conftest import Storage
from tests.db.helpers import CHAT_ID, open_lobby, play_random_move, start_new_game


def _raw_game(chat_id: int, status: GameStatus) -> GameRecord:
    now = utcnow()
    return GameRecord(
        chat_id=chat_id,
        status=status,
        rules=Rules().to_json(),
        seed=1,
        player_count=2,
        version=1,
        created_at=now,
        updated_at=now,
    )


async def _action_count(storage: Storage, game_id: int) -> int:
    async with storage.sessions() as session:
        count = await session.scalar(
            select(func.count()).select_from(ActionRecord).where(ActionRecord.game_id == game_id)
        )
    return int(count or 0)


async def _version(storage: Storage, game_id: int) -> int:
    async with storage.sessions() as session:
        return (await load_game(session, game_id)).row.version


@pytest.mark.parametrize(
    ("first", "second"),
    [
        (GameStatus.LOBBY, GameStatus.LOBBY),
        (GameStatus.LOBBY, GameStatus.PLAYING),
        (GameStatus.PLAYING, GameStatus.PLAYING),
    ],
)
async def test_database_refuses_a_second_active_game(
    storage: Storage, first: GameStatus, second: GameStatus
) -> None:
    async with storage.sessions.begin() as session:
        await get_or_create_chat(session, CHAT_ID, language="ru")
        session.add(_raw_game(CHAT_ID, first))
    # Straight into the table, past the repository's own check.
    async with storage.sessions() as session:
        session.add(_raw_game(CHAT_ID, second))
        with pytest.raises(IntegrityError):
            await session.commit()


async def test_ended_games_do_not_block_a_new_one(storage: Storage) -> None:
    async with storage.sessions.begin() as session:
        await get_or_create_chat(session, CHAT_ID, language="ru")
        await get_or_create_chat(session, CHAT_ID + 1, language="ru")
        session.add_all(
            [
                _raw_game(CHAT_ID, GameStatus.FINISHED),
                _raw_game(CHAT_ID, GameStatus.CANCELLED),
                _raw_game(CHAT_ID, GameStatus.FINISHED),
                _raw_game(CHAT_ID, GameStatus.LOBBY),
                # Another chat's game is no obstacle either.
                _raw_game(CHAT_ID + 1, GameStatus.PLAYING),
            ]
        )
    async with storage.sessions() as session:
        assert len(await game_history(session, CHAT_ID)) == 4


async def test_create_lobby_refuses_when_a_game_is_active(storage: Storage) -> None:
    async with storage.sessions.begin() as session:
        await open_lobby(session)
    async with storage.sessions() as session:
        with pytest.raises(ActiveGameExists) as caught:
            await create_lobby(session, CHAT_ID, rules=Rules(), seed=2, player_count=2)
    assert caught.value.chat_id == CHAT_ID


async def test_seeds_use_the_whole_64_bit_column(storage: Storage) -> None:
    async with storage.sessions.begin() as session:
        await get_or_create_chat(session, CHAT_ID, language="ru")
        with pytest.raises(ValueError, match="64-bit"):
            await create_lobby(session, CHAT_ID, rules=Rules(), seed=2**63, player_count=2)
        row = await create_lobby(session, CHAT_ID, rules=Rules(), seed=2**63 - 1, player_count=2)
        game_id = row.id
    async with storage.sessions() as session:
        assert (await load_game(session, game_id)).row.seed == 2**63 - 1


async def test_racing_lobbies_one_wins_the_other_gets_active_game_exists(
    storage: Storage,
) -> None:
    async with storage.sessions.begin() as session:
        await get_or_create_chat(session, CHAT_ID, language="ru")
    # A second engine: a second connection, as a second bot process would have.
    other_engine = storage.database.engine()
    try:
        async with storage.engine.connect() as first, other_engine.connect() as second:
            winner = AsyncSession(first, expire_on_commit=False)
            loser = AsyncSession(second, expire_on_commit=False)
            await create_lobby(winner, CHAT_ID, rules=Rules(), seed=1, player_count=2)
            # The loser has to wait for the winner at the database. PostgreSQL: the loser
            # passes the repository's check (nothing committed yet) and the unique index
            # decides. SQLite: the loser's BEGIN IMMEDIATE waits for the winner's commit,
            # and then the repository's check sees the winner's lobby.
            late = asyncio.create_task(
                create_lobby(loser, CHAT_ID, rules=Rules(), seed=2, player_count=2)
            )
            await asyncio.sleep(0.2)
            assert not late.done()
            await winner.commit()
            with pytest.raises(ActiveGameExists) as caught:
                await late
            if storage.backend == "postgresql":
                assert isinstance(caught.value.__cause__, IntegrityError)
            await loser.rollback()
            await winner.close()
            await loser.close()
    finally:
        await other_engine.dispose()
    async with storage.sessions() as session:
        row = await get_active_game(session, CHAT_ID)
        assert row is not None
        assert row.seed == 1


async def test_lifecycle_lobby_play_finish_then_a_new_game(storage: Storage) -> None:
    async with storage.sessions.begin() as session:
        row = await open_lobby(session, players=2, seed=11)
        await add_seat(session, row.id, bot_kind="random")
        active = await load_for_update(session, CHAT_ID)
        assert active is not None
        assert active.game is None
        assert active.row.status is GameStatus.LOBBY
        game = Game.new(2, Rules().replace(target=301), 11)
        version = await start_game(session, row, game, row.version)
        assert version == 4  # 1 at the lobby, 2 and 3 for the seats, 4 at the start
        game_id = row.id

    async with storage.sessions.begin() as session:
        active = await load_for_update(session, CHAT_ID)
        assert active is not None
        assert active.game is not None
        assert active.row.status is GameStatus.PLAYING
        # start_game stored what rebuilds the game: its rules, seed and player count.
        assert Rules.from_json(active.row.rules).target == 301
        assert active.game == game

    async with storage.sessions.begin() as session:
        active = await load_for_update(session, CHAT_ID)
        assert active is not None
        await finish_game(session, active.row)

    async with storage.sessions.begin() as session:
        assert await load_for_update(session, CHAT_ID) is None
        kept = await load_game(session, game_id)
        assert kept.row.status is GameStatus.FINISHED
        assert kept.row.finished_at is not None
        assert kept.game == game
        new = await create_lobby(session, CHAT_ID, rules=Rules(), seed=12, player_count=3)
        assert new.id != game_id

    async with storage.sessions() as session:
        history = await game_history(session, CHAT_ID)
        assert [(g.id, g.status) for g in history] == [
            (new.id, GameStatus.LOBBY),
            (game_id, GameStatus.FINISHED),
        ]


async def test_cancel_keeps_the_game_and_removes_its_timer(storage: Storage) -> None:
    game_id = await start_new_game(storage.sessions)
    async with storage.sessions.begin() as session:
        await set_timer(session, game_id, 0, utcnow())
        active = await load_for_update(session, CHAT_ID)
        assert active is not None
        await cancel_game(session, active.row)
    async with storage.sessions() as session:
        kept = await load_game(session, game_id)
        assert kept.row.status is GameStatus.CANCELLED
        assert await session.get(Timer, game_id) is None
        # A cancelled game cannot be cancelled or saved again.
        with pytest.raises(VersionConflict):
            await cancel_game(session, kept.row)


async def test_load_game_unknown_id(storage: Storage) -> None:
    async with storage.sessions() as session:
        with pytest.raises(GameNotFound):
            await load_game(session, 987654)


async def test_save_with_a_stale_version_is_refused(storage: Storage) -> None:
    await start_new_game(storage.sessions)
    async with storage.sessions.begin() as session:
        active = await load_for_update(session, CHAT_ID)
        assert active is not None
        assert active.game is not None
        stale = active.row.version
        await save(session, active.row, active.game, stale)
        assert active.row.version == stale + 1
    async with storage.sessions() as session:
        active = await load_for_update(session, CHAT_ID)
        assert active is not None
        assert active.game is not None
        with pytest.raises(VersionConflict) as caught:
            await save(session, active.row, active.game, stale)
        assert caught.value.expected_version == stale


async def test_two_concurrent_actions_exactly_one_is_stored(storage: Storage) -> None:
    """Two presses at the same moment: both load the same version and apply an action;
    one save wins, the other gets VersionConflict, and the log has one entry."""
    game_id = await start_new_game(storage.sessions, seed=5)
    started = await _version(storage, game_id)

    # Two connections, as under PostgreSQL's pool or two bot processes on one SQLite file.
    other_engine = storage.database.engine()
    loaded = asyncio.Barrier(2)
    outcomes: dict[str, str] = {}
    stored_states: dict[str, str] = {}

    async def press(name: str, engine_index: int, pick: int) -> None:
        engine = storage.engine if engine_index == 0 else other_engine
        async with AsyncSession(engine, expire_on_commit=False) as session:
            active = await load_for_update(session, CHAT_ID)
            assert active is not None
            assert active.game is not None
            if storage.backend == "sqlite":
                # A SQLite transaction holds the write lock from its first read (BEGIN
                # IMMEDIATE): the second press could not load until the first committed.
                # Each loads in one transaction and saves in the next, as auto_act does.
                await session.commit()
            await loaded.wait()
            game = active.game
            seat = game.to_act
            legal = game.legal_actions()
            action = legal[pick % len(legal)]
            game.apply(action, seat)
            try:
                await save(session, active.row, game, active.row.version)
                await append_action(session, active.row, game.move_number, seat, action.code)
                await session.commit()
            except VersionConflict:
                await session.rollback()
                outcomes[name] = "conflict"
            else:
                outcomes[name] = "saved"
                stored_states[name] = game.to_json()

    try:
        await asyncio.gather(press("a", 0, 0), press("b", 1, 1))
    finally:
        await other_engine.dispose()

    assert sorted(outcomes.values()) == ["conflict", "saved"]
    (winner,) = stored_states
    async with storage.sessions() as session:
        log = await list_actions(session, game_id)
        assert [record.seq for record in log] == [1]
        kept = await load_game(session, game_id)
        assert kept.row.version == started + 1
        assert kept.row.state == stored_states[winner]
        assert await replay_matches(session, game_id)


async def test_a_late_duplicate_log_entry_is_a_version_conflict(storage: Storage) -> None:
    game_id = await start_new_game(storage.sessions)
    assert await play_random_move(storage.sessions, CHAT_ID, random.Random(1)) is not None
    async with storage.sessions() as session:
        kept = await load_game(session, game_id)
        with pytest.raises(VersionConflict):
            await append_action(session, kept.row, 1, 0, "pass")
        await session.rollback()
    assert await _action_count(storage, game_id) == 1


async def test_many_concurrent_presses_keep_state_and_log_consistent(storage: Storage) -> None:
    """Forty presses on one game at once through the bot's own engine: whatever order
    they run in, every stored action is in the log once and the replay matches."""
    game_id = await start_new_game(storage.sessions, players=4, seed=3)
    started = await _version(storage, game_id)
    saved = 0
    conflicts = 0

    async def press(index: int) -> None:
        nonlocal saved, conflicts
        try:
            if await play_random_move(storage.sessions, CHAT_ID, random.Random(index)):
                saved += 1
        except VersionConflict:
            conflicts += 1

    await asyncio.gather(*(press(index) for index in range(40)))
    assert saved + conflicts == 40
    assert saved >= 1
    async with storage.sessions() as session:
        kept = await load_game(session, game_id)
        assert kept.game is not None
        assert kept.game.move_number == saved
        assert kept.row.version == started + saved
        assert await replay_matches(session, game_id)
    # Outside the session above: on SQLite the bot's engine has a single connection.
    assert await _action_count(storage, game_id) == saved


async def test_random_game_to_the_end_replays_exactly(storage: Storage) -> None:
    game_id = await start_new_game(storage.sessions, players=3, seed=2024)
    rng = random.Random(2024)
    moves = 0
    while await play_random_move(storage.sessions, CHAT_ID, rng) is not None:
        moves += 1
        assert moves < 5000, "the game does not end"
    async with storage.sessions() as session:
        kept = await load_game(session, game_id)
        assert kept.game is not None
        assert kept.game.phase is Phase.FINISHED
        # save() marked it finished by itself, in the transaction of the last move.
        assert kept.row.status is GameStatus.FINISHED
        assert kept.row.finished_at is not None
        report = await replay_check(session, game_id)
        assert report.matches, report.difference
        assert report.actions == moves == kept.game.move_number
        assert await load_for_update(session, CHAT_ID) is None


async def test_replay_notices_a_tampered_state_and_a_lost_action(storage: Storage) -> None:
    game_id = await start_new_game(storage.sessions, seed=9)
    rng = random.Random(9)
    for _ in range(12):
        assert await play_random_move(storage.sessions, CHAT_ID, rng) is not None
    async with storage.sessions() as session:
        assert await replay_matches(session, game_id)
        kept = await load_game(session, game_id)
        assert kept.row.state is not None
        state = json.loads(kept.row.state)
        state["scores"][0] += 10
        await session.execute(
            update(GameRecord).where(GameRecord.id == game_id).values(state=json.dumps(state))
        )
        report = await replay_check(session, game_id)
        assert not report.matches
        assert report.difference is not None
        assert "scores" in report.difference
        await session.rollback()

    async with storage.sessions() as session:
        last = (await list_actions(session, game_id))[-1]
        await session.delete(last)
        await session.flush()
        report = await replay_check(session, game_id)
        assert not report.matches
        assert report.actions == 11
        await session.rollback()
