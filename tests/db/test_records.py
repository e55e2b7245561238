"""A finished game's record: ratings as openskill computes them for 2, 3 and 4 players,
pairs and computer players, recorded once; the lines /stats, /top and /history read."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Sequence
from dataclasses import dataclass

import pytest
from openskill.models import PlackettLuce
from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.db import (
    GameStatus,
    add_seat,
    append_action,
    cancel_game,
    create_lobby,
    get_or_create_chat,
    load_game,
    save,
    start_game,
    upsert_user,
)
from bot.db import records as repo
from bot.db.models import GameResult, Rating
from bot.db.session import create_sessionmaker
from bot.services.ratings import COMPUTER_RATINGS, shown_rating
from bot.services.records import record_finished_game
from bot.services.stats import player_stats
from bot.services.tables import load_table
from engine import DECK, Game, Outcome, Rules, find_melds
from tests.db.conftest import Storage

CHAT = -100500
OTHER_CHAT = -100600

Occupant = int | str
"""A user id, or a computer player's kind."""


@dataclass
class Played:
    game_id: int
    game: Game


async def play_game(
    storage: Storage,
    seats: Sequence[Occupant],
    seed: int,
    chat_id: int = CHAT,
    *,
    record: bool = True,
    deck: Sequence[str] | None = None,
) -> Played:
    """A game from its lobby to its end by random legal moves, its last move recorded as
    the bot's move service does (save, log, then the record), in one transaction."""
    players = len(seats)
    rules = Rules()
    people = [occupant for occupant in seats if isinstance(occupant, int)]
    async with storage.sessions.begin() as session:
        await get_or_create_chat(session, chat_id, language="en")
        for user_id in people:
            await upsert_user(session, user_id, f"P{user_id}")
        row = await create_lobby(
            session, chat_id, rules=rules, seed=seed, player_count=players, opened_by=people[0]
        )
        for occupant in seats:
            if isinstance(occupant, int):
                await add_seat(session, row.id, user_id=occupant)
            else:
                await add_seat(session, row.id, bot_kind=occupant)
        dealt = (
            Game.new(players, rules, seed)
            if deck is None
            else Game.from_deck(players, rules, deck, dealer=0, seed=seed)
        )
        await start_game(session, row, dealt, row.version)
        game_id = row.id
    rng = random.Random(seed)
    async with storage.sessions.begin() as session:
        active = await load_game(session, game_id)
        game = active.game
        assert game is not None
        moves: list[tuple[int | None, str]] = []
        while game.legal_actions():
            seat = game.to_act
            action = rng.choice(game.legal_actions())
            game.apply(action, seat)
            moves.append((seat, action.code))
        await save(session, active.row, game, active.row.version)
        for seq, (actor, code) in enumerate(moves, start=1):
            await append_action(session, active.row, seq, actor, code)
        if record:
            table = await load_table(session, active.row, game)
            assert await record_finished_game(session, table)
    return Played(game_id, game)


def expected_places(game: Game) -> list[float]:
    """The ranking the ratings should use, worked out here from the final scores: the
    winner first, the others by score."""
    winner = game.winner
    assert winner is not None
    scores = game.scores
    return [
        1
        if side == winner
        else 2
        + sum(1 for s in range(len(scores)) if s not in (winner, side) and scores[s] > scores[side])
        for side in range(len(scores))
    ]


async def stored_ratings(storage: Storage) -> dict[int, tuple[float, float, int]]:
    async with storage.sessions() as session:
        rows = await session.scalars(select(Rating))
        return {row.user_id: (row.mu, row.sigma, row.games) for row in rows}


def assert_ratings(
    stored: dict[int, tuple[float, float, int]], expected: dict[int, tuple[float, float]]
) -> None:
    assert set(stored) == set(expected)
    for user_id, (mu, sigma) in expected.items():
        assert stored[user_id][0] == pytest.approx(mu, rel=1e-12)
        assert stored[user_id][1] == pytest.approx(sigma, rel=1e-12)


async def test_two_players_rate_as_openskill_says(storage: Storage) -> None:
    played = await play_game(storage, [1, 2], seed=11)
    model = PlackettLuce()
    places = expected_places(played.game)
    after = model.rate([[model.rating()], [model.rating()]], ranks=places)
    stored = await stored_ratings(storage)
    assert_ratings(
        stored, {1: (after[0][0].mu, after[0][0].sigma), 2: (after[1][0].mu, after[1][0].sigma)}
    )
    winner_id = 1 if played.game.winner == 0 else 2
    loser_id = 3 - winner_id
    assert stored[winner_id][0] > stored[loser_id][0]
    assert {games for _, _, games in stored.values()} == {1}


async def test_three_players_are_ranked_by_place(storage: Storage) -> None:
    played = await play_game(storage, [1, 2, 3], seed=5)
    model = PlackettLuce()
    after = model.rate([[model.rating()] for _ in range(3)], ranks=expected_places(played.game))
    assert_ratings(
        await stored_ratings(storage),
        {seat + 1: (team[0].mu, team[0].sigma) for seat, team in enumerate(after)},
    )


async def test_four_players_rate_as_two_pairs(storage: Storage) -> None:
    played = await play_game(storage, [1, 2, 3, 4], seed=8)
    model = PlackettLuce()
    # Seats 0 and 2 are one pair, 1 and 3 the other.
    teams = [[model.rating(), model.rating()], [model.rating(), model.rating()]]
    after = model.rate(teams, ranks=expected_places(played.game))
    expected = {
        1: (after[0][0].mu, after[0][0].sigma),
        3: (after[0][1].mu, after[0][1].sigma),
        2: (after[1][0].mu, after[1][0].sigma),
        4: (after[1][1].mu, after[1][1].sigma),
    }
    stored = await stored_ratings(storage)
    assert_ratings(stored, expected)
    # Partners share the result: their ratings move the same way.
    assert stored[1][0] == pytest.approx(stored[3][0])


async def test_computer_players_have_fixed_ratings_and_a_solo_game_rates(
    storage: Storage,
) -> None:
    played = await play_game(storage, [1, "search", "heuristic"], seed=3)
    model = PlackettLuce()
    search = model.rating(*COMPUTER_RATINGS[("search", 3)])
    easy = model.rating(*COMPUTER_RATINGS[("heuristic", 3)])
    after = model.rate([[model.rating()], [search], [easy]], ranks=expected_places(played.game))
    assert_ratings(await stored_ratings(storage), {1: (after[0][0].mu, after[0][0].sigma)})
    async with storage.sessions() as session:
        lines = {line.seat: line for line in await session.scalars(select(GameResult))}
    assert lines[1].bot_kind == "search"
    assert lines[1].mu_after is None
    assert lines[0].mu_before == pytest.approx(model.mu)


async def test_a_second_game_rates_from_the_first_ones_result(storage: Storage) -> None:
    first = await play_game(storage, [1, 2], seed=11)
    second = await play_game(storage, [2, 1], seed=12)
    model = PlackettLuce()
    one, two = model.rating(), model.rating()
    [[one], [two]] = model.rate([[one], [two]], ranks=expected_places(first.game))
    # In the second game user 2 sits at seat 0.
    [[two], [one]] = model.rate([[two], [one]], ranks=expected_places(second.game))
    stored = await stored_ratings(storage)
    assert_ratings(stored, {1: (one.mu, one.sigma), 2: (two.mu, two.sigma)})
    assert stored[1][2] == stored[2][2] == 2


async def test_a_game_is_recorded_once(storage: Storage) -> None:
    played = await play_game(storage, [1, 2], seed=11)
    before = await stored_ratings(storage)
    async with storage.sessions.begin() as session:
        active = await load_game(session, played.game_id)
        table = await load_table(session, active.row, active.game)
        assert not await record_finished_game(session, table)
    assert await stored_ratings(storage) == before
    async with storage.sessions() as session:
        count = await session.scalar(select(func.count()).select_from(GameResult))
    assert count == 2


async def test_a_cancelled_game_does_not_rate(storage: Storage) -> None:
    async with storage.sessions.begin() as session:
        await get_or_create_chat(session, CHAT, language="en")
        await upsert_user(session, 1, "P1")
        row = await create_lobby(session, CHAT, rules=Rules(), seed=1, player_count=2, opened_by=1)
        await add_seat(session, row.id, user_id=1)
        await add_seat(session, row.id, bot_kind="heuristic")
        await start_game(session, row, Game.new(2, Rules(), 1), row.version)
    async with storage.sessions.begin() as session:
        active = await load_game(session, row.id)
        await cancel_game(session, active.row)
        table = await load_table(session, active.row, active.game)
        # Not over: nothing to record, whoever asks.
        assert not await record_finished_game(session, table)
    assert await stored_ratings(storage) == {}
    async with storage.sessions() as session:
        assert await repo.finished_games(session, CHAT, 10) == []
        assert (await load_game(session, row.id)).row.status is GameStatus.CANCELLED


async def test_lines_and_stats_add_up_to_the_games_played(storage: Storage) -> None:
    games = [await play_game(storage, [1, 2], seed=seed) for seed in (21, 22, 23)]
    async with storage.sessions() as session:
        lines = await repo.user_lines(session, 1, CHAT)
        rating = await session.get(Rating, 1)
    assert [line.game_id for line in lines] == [played.game_id for played in games]
    assert rating is not None
    stats = player_stats(lines, shown_rating(rating.mu, rating.sigma))
    # The same figures worked out from the engine's score sheets here.
    sheets = [played.game.sheet for played in games]
    assert stats.games == 3
    assert stats.wins == sum(played.game.winner == 0 for played in games)
    assert stats.figures.hands == sum(len(sheet) for sheet in sheets)
    bids = [result for sheet in sheets for result in sheet if result.bidder == 0]
    assert stats.figures.bids == len(bids)
    assert stats.figures.made == sum(r.outcome in (Outcome.MADE, Outcome.FIFTY) for r in bids)
    assert stats.figures.baits == sum(r.outcome is Outcome.BAIT for r in bids)
    assert stats.figures.points == sum(r.sides[0].written for sheet in sheets for r in sheet)
    assert stats.per_rules[0].rules_name == "odessa"
    assert stats.per_rules[0].games == 3
    streak = longest = 0
    for played in games:
        streak = streak + 1 if played.game.winner == 0 else 0
        longest = max(longest, streak)
    assert stats.longest_streak == longest
    assert stats.rating == shown_rating(rating.mu, rating.sigma)
    # The last game moved the rating from what the one before left.
    async with storage.sessions() as session:
        last = await session.get(GameResult, (games[-1].game_id, 0))
    assert last is not None
    assert last.mu_after == rating.mu
    assert last.mu_before is not None
    assert last.sigma_before is not None
    assert stats.last_change == shown_rating(rating.mu, rating.sigma) - shown_rating(
        last.mu_before, last.sigma_before
    )
    assert stats.last_change != 0


async def test_the_leaderboard_counts_the_chats_games_from_three_on(storage: Storage) -> None:
    here = [await play_game(storage, [1, 2], seed=seed) for seed in (31, 32, 33)]
    await play_game(storage, [1, 3], seed=34, chat_id=OTHER_CHAT)
    async with storage.sessions() as session:
        board = await repo.leaderboard(session, CHAT, min_games=3, limit=10)
        other = await repo.leaderboard(session, OTHER_CHAT, min_games=3, limit=10)
        everyone = await repo.leaderboard(session, None, min_games=3, limit=10)
        ratings = {row.user_id: row for row in await session.scalars(select(Rating))}
    wins_of_1 = sum(played.game.winner == 0 for played in here)
    assert {(line.user_id, line.games, line.wins) for line in board} == {
        (1, 3, wins_of_1),
        (2, 3, 3 - wins_of_1),
    }
    assert other == []
    assert [line.user_id for line in everyone] == sorted(
        (1, 2), key=lambda u: -(ratings[u].mu - 3 * ratings[u].sigma)
    )
    assert next(line for line in everyone if line.user_id == 1).games == 4


async def test_finished_games_lists_the_chats_games_newest_first(storage: Storage) -> None:
    first = await play_game(storage, [1, 2], seed=41)
    second = await play_game(storage, [2, "heuristic"], seed=42)
    async with storage.sessions() as session:
        listed = await repo.finished_games(session, CHAT, 10)
    assert [row.id for row, _, _ in listed] == [second.game_id, first.game_id]
    _row, seats, users = listed[0]
    assert [(seat.user_id, seat.bot_kind) for seat in seats] == [(2, None), (None, "heuristic")]
    # The people of every listed game, by id.
    assert set(users) == {1, 2}


def test_a_meld_survives_its_encoding() -> None:
    melds = [
        meld
        for seed in range(40)
        for game in [Game.new(2, Rules(), seed)]
        for seat in range(2)
        for meld in find_melds(game.hand_mask(seat), Rules())
    ]
    assert melds
    for meld in melds:
        assert repo.decode_meld(repo.encode_meld(meld)) == meld
    assert repo.decode_meld(None) is None
    assert repo.decode_meld("not a meld") is None
    assert repo.decode_meld("9.9.9.9") is None


async def test_a_game_finished_before_records_were_kept_is_listed_but_not_counted(
    storage: Storage,
) -> None:
    # What migration 0004 leaves of the games finished before it: no lines.
    old = await play_game(storage, [1, 2], seed=51, record=False)
    async with storage.sessions() as session:
        assert [row.id for row, _, _ in await repo.finished_games(session, CHAT, 10)] == [
            old.game_id
        ]
        assert await repo.user_lines(session, 1) == []
        assert await repo.leaderboard(session, None, min_games=0, limit=10) == []


async def test_two_games_ending_at_once_both_count_for_their_shared_player(
    storage: Storage,
) -> None:
    # Two chats' games with Anna (1) end together, as two processes would record them:
    # each rates from what the other wrote, whichever goes first (no lost update). Her
    # rating exists already, so only the row lock keeps them apart.
    earlier = await play_game(storage, [1, 2], seed=60)
    first = await play_game(storage, [1, 2], seed=61, record=False)
    second = await play_game(storage, [1, 3], seed=62, chat_id=OTHER_CHAT, record=False)
    engines = [storage.database.engine() for _ in range(2)]
    serial = storage.backend == "sqlite"
    go = asyncio.Barrier(2)

    async def record(engine: AsyncEngine, game_id: int) -> None:
        if serial:
            # SQLite: a transaction holds the write lock from BEGIN, so they race there.
            await go.wait()
        async with create_sessionmaker(engine).begin() as session:
            if not serial:
                await go.wait()
            active = await load_game(session, game_id)
            assert await record_finished_game(
                session, await load_table(session, active.row, active.game)
            )

    try:
        await asyncio.gather(record(engines[0], first.game_id), record(engines[1], second.game_id))
    finally:
        for engine in engines:
            await engine.dispose()
    model = PlackettLuce()

    seats = {earlier.game_id: (1, 2), first.game_id: (1, 2), second.game_id: (1, 3)}

    def anna_after(games: Sequence[Played]) -> tuple[float, float]:
        ratings = {user: model.rating() for user in (1, 2, 3)}
        for played in [earlier, *games]:
            one, two = seats[played.game_id]
            [[ratings[one]], [ratings[two]]] = model.rate(
                [[ratings[one]], [ratings[two]]], ranks=expected_places(played.game)
            )
        return ratings[1].mu, ratings[1].sigma

    stored = await stored_ratings(storage)
    assert stored[1][2] == 3
    orders = [anna_after([first, second]), anna_after([second, first])]
    assert any(
        stored[1][0] == pytest.approx(mu, rel=1e-12) and stored[1][1] == pytest.approx(sigma)
        for mu, sigma in orders
    ), (stored[1], orders)


async def test_a_game_that_does_not_replay_is_recorded_without_best_melds(
    storage: Storage, caplog: pytest.LogCaptureFixture
) -> None:
    # A first hand dealt from a chosen deck: the seed alone does not rebuild the game.
    deck = [card.code for card in reversed(DECK)]
    played = await play_game(storage, [1, 2], seed=71, deck=deck)
    async with storage.sessions() as session:
        lines = await repo.user_lines(session, 1)
    assert [line.game_id for line in lines] == [played.game_id]
    assert lines[0].figures.best_meld is None
    assert lines[0].figures.hands == len(played.game.sheet)
    assert "does not replay" in caplog.text
