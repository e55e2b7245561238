"""Storage benchmark: many games played concurrently through the repository.

Each action is what the bot does for a button press, in one transaction: load the chat's
game, apply a random legal action, save with the version check, append to the log. A game
that ends is replaced by a new one.

    python -m benchmarks.storage [--db sqlite|postgres|both]

(a) throughput: 200 games acting as fast as they can -> actions/s;
(b) latency: a fixed offered load (300 actions/s over the 200 games, ~10 s), measured from
    when each action was due to its commit -> p50 / p99 in ms.

PostgreSQL: BENCH_DATABASE_URL, else TEST_DATABASE_URL, else the local `test` database;
the benchmark works in a schema of its own and drops it afterwards.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import tempfile
import time
import uuid
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker
from sqlalchemy.pool import NullPool

from bot.config import async_database_url
from bot.db import (
    VersionConflict,
    add_seat,
    append_action,
    create_lobby,
    get_or_create_chat,
    load_for_update,
    save,
    start_game,
    upgrade_to_head,
)
from bot.db.session import create_engine, create_sessionmaker
from engine import Game, Phase, Rules

DEFAULT_PG_URL = "postgresql+asyncpg://postgres@127.0.0.1:5432/test"
FIRST_CHAT_ID = -1_000_000_000_000

# The targets for SQLite on a 2-core machine.
TARGET_THROUGHPUT = 1_000.0
TARGET_P99_MS = 20.0


@dataclass
class Table:
    """One chat of the benchmark, with the random source that picks its moves."""

    chat_id: int
    rng: random.Random
    games_started: int = 0
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)


@dataclass
class Counters:
    actions: int = 0
    conflicts: int = 0
    games_finished: int = 0


class Bench:
    def __init__(
        self, sessions: async_sessionmaker[AsyncSession], seed: int, rules: Rules | None = None
    ) -> None:
        self.sessions = sessions
        self.seed = seed
        self.rules = rules or Rules()
        self.counters = Counters()

    async def start_game(self, table: Table) -> None:
        """A new lobby with computer players, started at once (one transaction)."""
        table.games_started += 1
        game_seed = table.rng.randrange(2**62)
        players = table.rng.choice((2, 3, 4))
        rules = self.rules
        async with self.sessions.begin() as session:
            row = await create_lobby(
                session, table.chat_id, rules=rules, seed=game_seed, player_count=players
            )
            for _ in range(players):
                await add_seat(session, row.id, bot_kind="random")
            await start_game(session, row, Game.new(players, rules, game_seed), row.version)

    async def act(self, table: Table) -> None:
        """One button press: load, apply a random legal action, save, log."""
        try:
            async with self.sessions.begin() as session:
                active = await load_for_update(session, table.chat_id)
                if active is None or active.game is None:
                    raise RuntimeError(f"chat {table.chat_id} has no game being played")
                game = active.game
                seat = game.to_act
                action = table.rng.choice(game.legal_actions())
                game.apply(action, seat)
                await save(session, active.row, game, active.row.version)
                await append_action(session, active.row, game.move_number, seat, action.code)
        except VersionConflict:
            self.counters.conflicts += 1
            return
        self.counters.actions += 1
        if game.phase is Phase.FINISHED:
            self.counters.games_finished += 1
            await self.start_game(table)

    async def setup(self, games: int) -> list[Table]:
        master = random.Random(self.seed)
        tables = [
            Table(FIRST_CHAT_ID - index, random.Random(master.randrange(2**62)))
            for index in range(games)
        ]
        async with self.sessions.begin() as session:
            for table in tables:
                await get_or_create_chat(session, table.chat_id, language="ru")
        for table in tables:
            await self.start_game(table)
        return tables


async def run_throughput(bench: Bench, tables: Sequence[Table], seconds: float) -> float:
    """Every game acts again as soon as its previous action committed."""
    stop_at = 0.0

    async def worker(table: Table) -> None:
        while time.perf_counter() < stop_at:
            await bench.act(table)

    # A short warm-up fills the statement caches and the pool.
    stop_at = time.perf_counter() + min(1.0, seconds / 5)
    await asyncio.gather(*(worker(table) for table in tables))

    bench.counters = Counters()
    started = time.perf_counter()
    stop_at = started + seconds
    await asyncio.gather(*(worker(table) for table in tables))
    elapsed = time.perf_counter() - started
    return bench.counters.actions / elapsed


async def run_latency(
    bench: Bench, tables: Sequence[Table], rate: float, seconds: float
) -> tuple[list[float], float]:
    """Actions started on a fixed schedule (an open loop: a slow commit does not slow the
    arrivals), round robin over the games; latency counts from the scheduled moment, so
    time spent queueing for the connection is included."""
    bench.counters = Counters()
    total = int(rate * seconds)
    latencies: list[float] = []
    tasks: list[asyncio.Task[None]] = []

    async def one(table: Table, due: float) -> None:
        async with table.lock:
            await bench.act(table)
        latencies.append(time.perf_counter() - due)

    started = time.perf_counter()
    for index in range(total):
        due = started + index / rate
        delay = due - time.perf_counter()
        if delay > 0:
            await asyncio.sleep(delay)
        tasks.append(asyncio.create_task(one(tables[index % len(tables)], due)))
    await asyncio.gather(*tasks)
    elapsed = time.perf_counter() - started
    return latencies, total / elapsed


def percentile(values: Sequence[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


@asynccontextmanager
async def sqlite_database() -> AsyncIterator[tuple[str, dict[str, Any]]]:
    with tempfile.TemporaryDirectory(prefix="debertz-bench-") as directory:
        yield f"sqlite+aiosqlite:///{Path(directory) / 'bench.sqlite3'}", {}


@asynccontextmanager
async def postgres_database(url: str) -> AsyncIterator[tuple[str, dict[str, Any]]]:
    schema = f"bench_{uuid.uuid4().hex[:12]}"
    admin = create_engine(url, poolclass=NullPool)
    async with admin.begin() as connection:
        await connection.execute(text(f'CREATE SCHEMA "{schema}"'))
    try:
        yield url, {"connect_args": {"server_settings": {"search_path": schema}}}
    finally:
        async with admin.begin() as connection:
            await connection.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
        await admin.dispose()


async def bench_backend(name: str, url: str, engine_kwargs: dict[str, Any], args: Any) -> bool:
    await upgrade_to_head(url, **engine_kwargs)
    engine = create_engine(url, **engine_kwargs)
    try:
        bench = Bench(create_sessionmaker(engine), args.seed, Rules().replace(target=args.target))
        tables = await bench.setup(args.games)

        throughput = await run_throughput(bench, tables, args.seconds)
        finished = bench.counters.games_finished
        print(
            f"[{name}] (a) {args.games} games as fast as they can, {args.seconds:g} s: "
            f"{throughput:,.0f} actions/s ({finished} games finished and replaced)"
        )

        latencies, achieved = await run_latency(bench, tables, args.rate, args.load_seconds)
        p50 = percentile(latencies, 0.50) * 1000
        p99 = percentile(latencies, 0.99) * 1000
        worst = max(latencies) * 1000
        print(
            f"[{name}] (b) {args.rate:g} actions/s offered over {args.games} games for "
            f"{args.load_seconds:g} s ({achieved:,.0f}/s achieved, {len(latencies)} actions): "
            f"p50 {p50:.2f} ms, p99 {p99:.2f} ms, max {worst:.2f} ms, "
            f"mean {statistics.fmean(latencies) * 1000:.2f} ms, "
            f"{bench.counters.conflicts} version conflicts"
        )
    finally:
        await engine.dispose()
    if name != "sqlite":
        return True
    met = throughput >= TARGET_THROUGHPUT and p99 < TARGET_P99_MS
    print(
        f"[{name}] targets (>= {TARGET_THROUGHPUT:,.0f} actions/s, p99 < {TARGET_P99_MS:g} ms): "
        + ("met" if met else "MISSED")
    )
    return met


async def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.storage", description=__doc__)
    parser.add_argument("--db", choices=("sqlite", "postgres", "both"), default="sqlite")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=10.0, help="throughput run length")
    parser.add_argument("--rate", type=float, default=300.0, help="offered actions/s in (b)")
    parser.add_argument("--load-seconds", type=float, default=10.0, help="latency run length")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--target", type=int, default=501, help="points that end a game (lower: more new games)"
    )
    parser.add_argument(
        "--pg-url",
        default=os.environ.get("BENCH_DATABASE_URL")
        or os.environ.get("TEST_DATABASE_URL")
        or DEFAULT_PG_URL,
    )
    args = parser.parse_args(argv)
    args.pg_url = async_database_url(args.pg_url)

    ok = True
    if args.db in ("sqlite", "both"):
        async with sqlite_database() as (url, kwargs):
            ok = await bench_backend("sqlite", url, kwargs, args) and ok
    if args.db in ("postgres", "both"):
        async with postgres_database(args.pg_url) as (url, kwargs):
            ok = await bench_backend("postgresql", url, kwargs, args) and ok
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(asyncio.run(main()))
