"""Races between two bot processes on one database: seat changes, starts, cancels and
moves pressed at the same moment.

Each race runs on two engines (two connections, as two processes would have), the two
sides released together by a barrier, or ordered by an event where one interleaving must
be forced. What is checked is what a game needs to stay playable: as many seats as the
engine has players, one start, no move lost or doubled.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass

import pytest
from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from bot.db import (
    ActiveGame,
    GameStatus,
    LobbyClosed,
    SeatTaken,
    TableFull,
    VersionConflict,
    add_seat,
    append_action,
    cancel_game,
    compact_seats,
    list_actions,
    list_seats,
    load_for_update,
    load_game,
    lock_game,
    remove_seat,
    replay_matches,
    save,
    set_timer,
    start_game,
    upsert_user,
)
from bot.db.base import utcnow
from bot.db.models import Timer
from bot.db.seats import MAX_SEATS
from bot.db.session import create_sessionmaker
from engine import Game, Rules
from tests.db.conftest import Storage
from tests.db.helpers import USER_IDS, open_lobby, start_new_game

# Several lobbies per test: a race that goes the harmless way once rarely does every time.
ROUNDS = 3
CHATS = tuple(-1001000000001 - number for number in range(ROUNDS))
GUEST = USER_IDS[1]

Sessions = async_sessionmaker[AsyncSession]


@dataclass
class Processes:
    """Two bot processes' session factories on the test's database.

    ``serial``: SQLite, where a transaction takes the write lock at BEGIN, so the two
    sides cannot both be inside a transaction; they race at BEGIN instead (one waits for
    the other), and interleavings inside transactions cannot happen there at all."""

    a: Sessions
    b: Sessions
    serial: bool

    @contextlib.asynccontextmanager
    async def racing(self, sessions: Sessions, go: asyncio.Barrier) -> AsyncIterator[AsyncSession]:
        """A transaction that starts together with the other side's (see ``serial``)."""
        if self.serial:
            await go.wait()
        async with sessions.begin() as session:
            if not self.serial:
                await go.wait()
            yield session

    def inside_only(self) -> None:
        if self.serial:
            pytest.skip("on SQLite a transaction holds the write lock from BEGIN on")


@pytest.fixture
async def processes(storage: Storage) -> AsyncIterator[Processes]:
    # Two engines, as two processes would have: each statement goes through aiosqlite's
    # worker thread and gives the event loop back, so the two sides' reads and writes
    # interleave instead of running one transaction through.
    engines = [storage.database.engine() for _ in range(2)]
    try:
        yield Processes(
            create_sessionmaker(engines[0]),
            create_sessionmaker(engines[1]),
            serial=storage.backend == "sqlite",
        )
    finally:
        for engine in engines:
            await engine.dispose()


async def _lobby(
    sessions: Sessions, chat_id: int, *, guest_seated: bool = False, computers: int = 1
) -> int:
    """A committed lobby: its opener at seat 0, the guest if asked, then computers."""
    async with sessions.begin() as session:
        row = await open_lobby(session, chat_id)
        await upsert_user(session, GUEST, "Boris", "boris")
        if guest_seated:
            await add_seat(session, row.id, user_id=GUEST)
        for _ in range(computers):
            await add_seat(session, row.id, bot_kind="random")
        return row.id


async def _join(session: AsyncSession, game_id: int) -> None:
    await add_seat(session, game_id, user_id=GUEST)


async def _leave(session: AsyncSession, game_id: int) -> None:
    assert await remove_seat(session, game_id, user_id=GUEST) is not None


async def _add_computer(session: AsyncSession, game_id: int) -> None:
    await add_seat(session, game_id, bot_kind="heuristic")


@dataclass(frozen=True)
class SeatChange:
    apply: Callable[[AsyncSession, int], Awaitable[None]]
    guest_seated: bool
    delta: int


SEAT_CHANGES = {
    "join": SeatChange(_join, guest_seated=False, delta=+1),
    "leave": SeatChange(_leave, guest_seated=True, delta=-1),
    "add computer": SeatChange(_add_computer, guest_seated=False, delta=+1),
}


async def _start_as_the_lobby_does(session: AsyncSession, game_id: int) -> bool:
    """The storage steps of ``lobby.start``: lock, read the seats, deal for them.
    False when the game had left the lobby by the time the lock was granted."""
    await lock_game(session, game_id)
    active = await load_game(session, game_id)
    if active.row.status is not GameStatus.LOBBY:
        return False
    seats = await compact_seats(session, game_id)
    game = Game.new(len(seats), Rules(), active.row.seed)
    await start_game(session, active.row, game, active.row.version)
    return True


async def _seat_count(sessions: Sessions, game_id: int) -> int:
    async with sessions() as session:
        return len(await list_seats(session, game_id))


async def _assert_playable(sessions: Sessions, game_id: int) -> None:
    """A started game has exactly the seats 0..n-1 for its n players."""
    async with sessions() as session:
        active = await load_game(session, game_id)
        seats = await list_seats(session, game_id)
    assert active.row.status is GameStatus.PLAYING
    assert active.game is not None
    assert active.game.players == active.row.player_count
    assert [seat.seat for seat in seats] == list(range(active.row.player_count))


@pytest.mark.parametrize("name", list(SEAT_CHANGES))
async def test_a_seat_change_racing_the_start_is_dealt_in_or_refused(
    storage: Storage, processes: Processes, name: str
) -> None:
    for chat_id in CHATS:
        await _seat_change_racing_the_start(processes, chat_id, SEAT_CHANGES[name])


async def _seat_change_racing_the_start(
    processes: Processes, chat_id: int, change: SeatChange
) -> None:
    game_id = await _lobby(processes.a, chat_id, guest_seated=change.guest_seated)
    before = await _seat_count(processes.a, game_id)
    go = asyncio.Barrier(2)

    async def start() -> bool:
        async with processes.racing(processes.a, go) as session:
            return await _start_as_the_lobby_does(session, game_id)

    async def change_seats() -> bool:
        try:
            async with processes.racing(processes.b, go) as session:
                await change.apply(session, game_id)
        except LobbyClosed:
            return False
        return True

    started, changed = await asyncio.gather(start(), change_seats())
    assert started
    await _assert_playable(processes.a, game_id)
    async with processes.a() as session:
        players = (await load_game(session, game_id)).row.player_count
    # Committed before the start took the lock, the change is dealt in; after, it is
    # refused. Never half of each.
    assert players == before + (change.delta if changed else 0)


@pytest.mark.parametrize("name", list(SEAT_CHANGES))
async def test_a_start_dealt_from_seats_read_before_a_change_fails_its_version_check(
    storage: Storage, processes: Processes, name: str
) -> None:
    """A start that read the seats without the lock (as an older bot process would) and
    a seat change that committed in between: the start must not deal for the old seats."""
    processes.inside_only()
    change = SEAT_CHANGES[name]
    game_id = await _lobby(processes.a, CHATS[0], guest_seated=change.guest_seated)
    seats_read = asyncio.Event()
    changed = asyncio.Event()

    async def start() -> None:
        async with processes.a.begin() as session:
            active = await load_game(session, game_id)
            seats = await list_seats(session, game_id)
            version = active.row.version
            seats_read.set()
            await changed.wait()
            game = Game.new(len(seats), Rules(), active.row.seed)
            await start_game(session, active.row, game, version)

    async def change_seats() -> None:
        await seats_read.wait()
        async with processes.b.begin() as session:
            await change.apply(session, game_id)
        changed.set()

    outcomes = await asyncio.gather(start(), change_seats(), return_exceptions=True)
    assert isinstance(outcomes[0], VersionConflict)
    assert outcomes[1] is None
    async with processes.a() as session:
        kept = await load_game(session, game_id)
    assert kept.row.status is GameStatus.LOBBY
    assert kept.row.state is None


async def test_a_seat_change_after_the_start_is_refused(
    storage: Storage, processes: Processes
) -> None:
    game_id = await _lobby(processes.a, CHATS[0], guest_seated=True)
    async with processes.a.begin() as session:
        assert await _start_as_the_lobby_does(session, game_id)
    for change in SEAT_CHANGES.values():
        with pytest.raises(LobbyClosed):
            async with processes.b.begin() as session:
                await change.apply(session, game_id)
    await _assert_playable(processes.a, game_id)


async def test_a_start_for_other_seats_than_there_are_is_refused(storage: Storage) -> None:
    async with storage.sessions.begin() as session:
        row = await open_lobby(session, CHATS[0])
        with pytest.raises(ValueError, match=r"seats \[0\]"):
            await start_game(session, row, Game.new(2, Rules(), row.seed), row.version)


async def test_a_start_with_a_gap_in_the_seats_is_refused(storage: Storage) -> None:
    """Seats 0 and 2 after a leave: dealt as they are, the engine's seat 1 would belong
    to nobody."""
    async with storage.sessions.begin() as session:
        row = await open_lobby(session, CHATS[0])
        await upsert_user(session, GUEST, "Boris", "boris")
        await add_seat(session, row.id, user_id=GUEST)
        await add_seat(session, row.id, bot_kind="random")
        await remove_seat(session, row.id, user_id=GUEST)
        with pytest.raises(ValueError, match=r"seats \[0, 2\]"):
            await start_game(session, row, Game.new(2, Rules(), row.seed), row.version)
        await compact_seats(session, row.id)
        await start_game(session, row, Game.new(2, Rules(), row.seed), row.version)


async def test_two_starts_one_deals_the_other_is_refused(
    storage: Storage, processes: Processes
) -> None:
    for chat_id in CHATS:
        await _two_starts(processes, chat_id)


async def _two_starts(processes: Processes, chat_id: int) -> None:
    game_id = await _lobby(processes.a, chat_id)
    go = asyncio.Barrier(2)

    async def start(sessions: Sessions) -> bool:
        async with processes.racing(sessions, go) as session:
            return await _start_as_the_lobby_does(session, game_id)

    outcomes = await asyncio.gather(start(processes.a), start(processes.b))
    assert sorted(outcomes) == [False, True]
    await _assert_playable(processes.a, game_id)
    async with processes.a() as session:
        assert (await load_game(session, game_id)).row.version == 4  # lobby, 2 seats, start


async def test_two_starts_from_one_read_exactly_one_is_stored(
    storage: Storage, processes: Processes
) -> None:
    """Both read the lobby at the same version and deal different games: one is stored,
    the other gets VersionConflict."""
    processes.inside_only()
    game_id = await _lobby(processes.a, CHATS[0])
    read = asyncio.Barrier(2)
    dealt: dict[int, Game] = {}

    async def start(sessions: Sessions, seed: int) -> None:
        async with sessions.begin() as session:
            active = await load_game(session, game_id)
            version = active.row.version
            await read.wait()
            game = Game.new(2, Rules(), seed)
            await start_game(session, active.row, game, version)
            dealt[seed] = game

    outcomes = await asyncio.gather(
        start(processes.a, 1), start(processes.b, 2), return_exceptions=True
    )
    assert sorted(type(outcome).__name__ for outcome in outcomes) == [
        "NoneType",
        "VersionConflict",
    ]
    ((seed, game),) = dealt.items()
    async with processes.a() as session:
        kept = await load_game(session, game_id)
    assert kept.row.seed == seed
    assert kept.game == game


@pytest.mark.parametrize(("free", "added"), [(2, 2), (1, 1)])
async def test_add_computer_presses_at_once_take_every_free_seat(
    storage: Storage, processes: Processes, free: int, added: int
) -> None:
    """Two presses of "add computer": each gets a seat while one is free, and "the table
    is full" only when it is."""
    for chat_id in CHATS:
        game_id = await _lobby(processes.a, chat_id, computers=MAX_SEATS - 1 - free)
        outcomes = await _two_computer_presses(processes, game_id)
        assert sorted(outcomes) == sorted(["seated"] * added + ["full"] * (2 - added))
        async with processes.a() as session:
            seats = await list_seats(session, game_id)
        assert [seat.seat for seat in seats] == list(range(MAX_SEATS))


async def _two_computer_presses(processes: Processes, game_id: int) -> list[str]:
    go = asyncio.Barrier(2)

    async def press(sessions: Sessions) -> str:
        try:
            async with processes.racing(sessions, go) as session:
                await _add_computer(session, game_id)
        except TableFull:
            return "full"
        except SeatTaken:
            return "taken"
        return "seated"

    return list(await asyncio.gather(press(processes.a), press(processes.b)))


async def _load(session: AsyncSession, chat_id: int) -> ActiveGame:
    active = await load_for_update(session, chat_id)
    assert active is not None
    return active


async def _move(session: AsyncSession, active: ActiveGame) -> None:
    """A move as the service stores it, on the state loaded before."""
    game = active.game
    assert game is not None
    seat = game.to_act
    assert seat is not None
    action = game.legal_actions()[0]
    game.apply(action, seat)
    await save(session, active.row, game, active.row.version)
    await append_action(session, active.row, game.move_number, seat, action.code)


async def _assert_cancelled(sessions: Sessions, game_id: int, moves: int) -> None:
    async with sessions() as session:
        kept = await load_game(session, game_id)
        assert kept.row.status is GameStatus.CANCELLED
        assert kept.game is not None
        assert kept.game.move_number == moves
        assert len(await list_actions(session, game_id)) == moves
        assert await replay_matches(session, game_id)
        timers = await session.scalar(
            select(func.count()).select_from(Timer).where(Timer.game_id == game_id)
        )
        assert timers == 0


async def _started_with_timer(sessions: Sessions, chat_id: int) -> int:
    game_id = await start_new_game(sessions, chat_id, players=2)
    async with sessions.begin() as session:
        await set_timer(session, game_id, 0, utcnow())
    return game_id


async def test_a_move_committed_during_a_cancel_is_kept_then_cancelled(
    storage: Storage, processes: Processes
) -> None:
    """The cancel loaded the game before the move was saved; the move commits while the
    cancel waits for the lock. Both happen: the move stays in the log, the game ends."""
    processes.inside_only()
    chat_id = CHATS[0]
    game_id = await _started_with_timer(processes.a, chat_id)
    loaded = asyncio.Barrier(2)
    move_written = asyncio.Event()

    async def move() -> None:
        async with processes.a.begin() as session:
            active = await _load(session, chat_id)
            await loaded.wait()
            await _move(session, active)
            move_written.set()

    async def cancel() -> None:
        async with processes.b.begin() as session:
            active = await _load(session, chat_id)
            await loaded.wait()
            await move_written.wait()
            await cancel_game(session, active.row)

    await asyncio.gather(move(), cancel())
    await _assert_cancelled(processes.a, game_id, moves=1)


async def test_a_move_racing_a_cancel_that_wrote_first_is_refused(
    storage: Storage, processes: Processes
) -> None:
    processes.inside_only()
    chat_id = CHATS[0]
    game_id = await _started_with_timer(processes.a, chat_id)
    loaded = asyncio.Barrier(2)
    cancel_written = asyncio.Event()

    async def move() -> None:
        async with processes.a.begin() as session:
            active = await _load(session, chat_id)
            await loaded.wait()
            await cancel_written.wait()
            await _move(session, active)

    async def cancel() -> None:
        async with processes.b.begin() as session:
            active = await _load(session, chat_id)
            await loaded.wait()
            await cancel_game(session, active.row)
            cancel_written.set()

    outcomes = await asyncio.gather(move(), cancel(), return_exceptions=True)
    assert isinstance(outcomes[0], VersionConflict)
    assert outcomes[1] is None
    await _assert_cancelled(processes.a, game_id, moves=0)


async def test_cancel_and_move_at_once_never_lose_a_move(
    storage: Storage, processes: Processes
) -> None:
    for chat_id in CHATS:
        await _cancel_and_move(processes, chat_id)


async def _cancel_and_move(processes: Processes, chat_id: int) -> None:
    game_id = await _started_with_timer(processes.a, chat_id)
    go = asyncio.Barrier(2)

    async def move() -> bool:
        try:
            async with processes.racing(processes.a, go) as session:
                active = await load_for_update(session, chat_id)
                if active is None:
                    return False  # the cancel committed first: nothing to play in
                await _move(session, active)
        except VersionConflict:
            return False
        return True

    async def cancel() -> None:
        async with processes.racing(processes.b, go) as session:
            active = await _load(session, chat_id)
            await cancel_game(session, active.row)

    moved, _ = await asyncio.gather(move(), cancel())
    await _assert_cancelled(processes.a, game_id, moves=1 if moved else 0)
