"""How far one bot process scales: N tables of people at once, against the fake Bot API.

    python -m benchmarks.scale [--tables 1,10,20,50,100] [--seconds 20] [--players 4]
                               [--no-pacing] [--db URL] [--search-tables K] [--quick]

For each N, a fresh fake Telegram (real HTTP) and a fresh bot process (``python -m bot``
forked by tests/e2e/process.py's Zygote, SQLite in a temporary directory or a fresh
database on the PostgreSQL server of ``--db``) serve N tables of ``--players`` simulated
people. Each person watches only their private chat: when the newest inline keyboard the
fake recorded there shows that it is their turn (bids, or cards marked legal), they press
one of its buttons 0.5-1.5 s later, reading the screen again at that moment. A keyboard
the bot has moved past by then gets the stale alert, and is counted as such. Pacing is on
as in production (the bot keeps Telegram's ~30 calls/s, 1/s per chat, 20/min per group);
``--no-pacing`` (PACING=false) measures the bot without that ceiling. The fake itself only
limits sendMessage into groups (20/min), as tests/fakeapi/limits.py's defaults do.

Measured over ``--seconds`` after a short warm-up, per N:

- presses/s: presses the bot accepted (bids and cards), per second;
- CPU ms/press: the bot process's own user+system CPU time (/proc/PID/stat) over the
  window, per accepted press (search workers, child processes, are reported apart);
- calls/card: Bot API calls into the groups and into the private chats (all methods but
  answerCallbackQuery and getUpdates) per card played, in the tables of people only;
- press -> answer: p50/p99 from the moment the fake queued the press (the callback
  query's ``created_at``) to the moment it recorded answerCallbackQuery, both on the
  fake's clock;
- RSS of the bot process at the end of the window, and the load average.

Games are played to the chat's default target (501): a game lasts minutes, longer than a
measurement; a table whose game ends would stay idle.

``--search-tables K`` adds K tables of one person and computer players of the searching
kind: their decision times (logged by the bot, bot/services/autoplay.py) are reported,
and the tables of people are measured beside them.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import re
import signal
import statistics
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from bot.callbacks import LobbyAction, LobbyCb, MoveCb
from bot.render.names import COMPUTER_KINDS
from engine import PlayCard
from tests.e2e.harness import decision_of, fresh_database
from tests.e2e.process import ForkedBot, Zygote
from tests.fakeapi import FakeChat, FakeTelegram, FakeUser, StoredMessage

DEFAULT_TABLES = (1, 10, 20, 50, 100)
THINK = (0.5, 1.5)
"""Seconds a person takes to press once their screen shows their turn."""
SETUP_TIMEOUT = 180.0
_CLK_TCK = os.sysconf("SC_CLK_TCK")
_PAGE = os.sysconf("SC_PAGE_SIZE")
_DECISION_RE = re.compile(r"search decision in (\d+\.\d+) s")


# -- the bot process, from outside ------------------------------------------------------


def cpu_seconds(pid: int) -> float:
    """User plus system CPU time of one process, from /proc (Linux)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    # After the command: state is field 3, utime 14 and stime 15 (1-based, man proc).
    return (int(fields[11]) + int(fields[12])) / _CLK_TCK


def children(pid: int) -> list[int]:
    """Processes whose parent is ``pid`` (the search workers of a bot process)."""
    out = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        with contextlib.suppress(OSError, IndexError, ValueError):
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            if int(fields[1]) == pid:
                out.append(int(entry.name))
    return out


def children_cpu(pid: int) -> dict[int, float]:
    out = {}
    for child in children(pid):
        with contextlib.suppress(OSError):
            out[child] = cpu_seconds(child)
    return out


def rss_bytes(pid: int) -> int:
    return int(Path(f"/proc/{pid}/statm").read_text().split()[1]) * _PAGE


# -- simulated people -------------------------------------------------------------------


@dataclass
class Press:
    query_id: str
    table: Table
    card: bool


@dataclass
class Person:
    """Someone who acts on what their private chat shows, and on nothing else."""

    user: FakeUser
    table: Table
    crowd: Crowd
    handled_move: int = -1
    """The decision (move number) last scheduled or pressed."""
    timer: asyncio.TimerHandle | None = None

    def look(self) -> None:
        """Their screen changed: when it shows their turn, press in a moment."""
        crowd = self.crowd
        if self.timer is not None or self.table.game_id is None or not crowd.playing:
            return
        decision = decision_of(self.user, self.table.game_id)
        if decision is None or decision.move <= self.handled_move:
            return
        self.handled_move = decision.move
        delay = self.crowd.rng.uniform(*THINK)
        self.timer = asyncio.get_running_loop().call_later(delay, self.press)

    def press(self) -> None:
        self.timer = None
        if self.crowd.stopped:
            return
        # What the screen shows now, which may be older than the game: a keyboard the
        # bot has moved past is pressed all the same, as a person would.
        decision = decision_of(self.user, self.table.game_id)
        if decision is None:
            return
        data = self.crowd.rng.choice(decision.options)[1]
        query = self.user.press_raw(self.user, decision.message.message_id, data)
        card = isinstance(MoveCb.unpack(data).action(), PlayCard)
        self.crowd.presses.append(Press(query, self.table, card))
        self.handled_move = max(self.handled_move, decision.move)


@dataclass
class Table:
    index: int
    group: FakeChat
    users: list[FakeUser]
    computers: int = 0
    game_id: int | None = None
    lobby_id: int | None = None

    @property
    def chat_ids(self) -> set[int]:
        return {self.group.id, *(u.id for u in self.users)}


@dataclass
class Crowd:
    """Everyone at every table; the fake tells them when a message changes."""

    fake: FakeTelegram
    rng: random.Random
    people: dict[int, Person] = field(default_factory=dict)
    presses: list[Press] = field(default_factory=list)
    stopped: bool = False
    playing: bool = False
    """Whether people press yet: not while tables are still being set up, so that the
    setup does not queue behind the play in the pacing."""

    def watch(self, message: StoredMessage) -> None:
        person = self.people.get(message.chat.id)
        if person is not None and message.from_bot:
            person.look()

    def sweep(self) -> None:
        """A look at every screen, in case a turn came without a message changing."""
        for person in self.people.values():
            person.look()

    def stop(self) -> None:
        self.stopped = True
        self.playing = False
        for person in self.people.values():
            if person.timer is not None:
                person.timer.cancel()
                person.timer = None


async def _press_lobby(
    fake: FakeTelegram, table: Table, user: FakeUser, action: LobbyAction, kind: str = ""
) -> None:
    assert table.lobby_id is not None
    message = fake.message(table.group, table.lobby_id)
    for data in message.callback_data():
        if data.startswith("lb:"):
            cb = LobbyCb.unpack(data)
            if cb.action is action and (not kind or cb.bot_kind == kind):
                break
    else:
        raise RuntimeError(f"table {table.index}: no {action} button on the lobby")
    before = message.text
    answer = await fake.wait_answer(user.press(message, callback_data=data), SETUP_TIMEOUT)
    if answer.get("show_alert"):
        raise RuntimeError(f"table {table.index}: {action} refused: {answer}")
    if action is not LobbyAction.START:
        await fake.wait_for(
            lambda: fake.message(table.group, table.lobby_id or 0).text != before, SETUP_TIMEOUT
        )


async def open_table(fake: FakeTelegram, table: Table, search_kind: str) -> None:
    """/newgame, the others join, computers sit down, the first person starts."""
    opener = table.users[0]
    opener.send(table.group, "/newgame")
    lobby = await fake.wait_message(
        table.group,
        lambda m: any(d.startswith("lb:") for d in m.callback_data()),
        timeout=SETUP_TIMEOUT,
    )
    table.lobby_id = lobby.message_id
    game_id = LobbyCb.unpack(lobby.callback_data()[0]).game_id
    await fake.wait_for(
        lambda: opener.first_name in (fake.message(table.group, lobby.message_id).text or ""),
        SETUP_TIMEOUT,
    )
    for user in table.users[1:]:
        await _press_lobby(fake, table, user, LobbyAction.JOIN)
    for _ in range(table.computers):
        await _press_lobby(fake, table, opener, LobbyAction.ADD_BOT, search_kind)
    table.game_id = game_id
    await _press_lobby(fake, table, opener, LobbyAction.START)


# -- figures -----------------------------------------------------------------------------


def percentile(values: Sequence[float], p: int) -> float | None:
    ordered = sorted(values)
    if not ordered:
        return None
    if len(ordered) == 1:
        return ordered[0]
    return statistics.quantiles(ordered, n=100, method="inclusive")[p - 1]


@dataclass
class Figures:
    tables: int
    players: int
    search_tables: int
    seconds: float
    presses: int
    """Presses the bot accepted at the tables of people (bids and cards)."""
    cards: int
    stale: int
    """Presses answered with an alert (a keyboard the game had moved past)."""
    unanswered: int
    bot_cpu: float
    workers_cpu: float
    group_calls: Counter[str]
    private_calls: Counter[str]
    latencies: list[float]
    rss: int
    load: tuple[float, float, float]
    decisions: list[float]
    driver_cpu: float = 0.0
    """CPU seconds of this process (the fake Bot API and the people) over the window."""
    errors: list[str] = field(default_factory=list)
    """ERROR lines of the bot's log."""

    @property
    def presses_per_second(self) -> float:
        return self.presses / self.seconds

    @property
    def cpu_ms_per_press(self) -> float | None:
        return None if not self.presses else self.bot_cpu * 1000 / self.presses

    def per_card(self, calls: Counter[str]) -> float | None:
        return None if not self.cards else sum(calls.values()) / self.cards

    @property
    def calls_per_second(self) -> float:
        return (sum(self.group_calls.values()) + sum(self.private_calls.values())) / self.seconds

    def check(self) -> list[str]:
        """What makes the figures not sane (for the smoke test)."""
        problems = []
        if self.presses == 0 or self.cards == 0:
            problems.append("no press was accepted")
        if not self.latencies:
            problems.append("no press was answered")
        if self.unanswered:
            problems.append(f"{self.unanswered} presses were never answered")
        if self.bot_cpu <= 0:
            problems.append("no CPU time measured for the bot")
        if self.rss <= 0:
            problems.append("no RSS measured")
        if self.errors:
            problems.append(f"the bot logged errors: {self.errors[:3]}")
        return problems


HEADER = (
    f"{'tables':>6} {'presses/s':>9} {'CPU ms/press':>12} {'calls/card':>10} "
    f"{'group':>6} {'private':>7} {'calls/s':>7} {'p50 ms':>7} {'p99 ms':>7} "
    f"{'stale':>5} {'RSS MB':>6} {'load 1m':>7}"
)


def _num(value: float | None, fmt: str) -> str:
    return "-" if value is None else format(value, fmt)


def row(f: Figures) -> str:
    group, private = f.per_card(f.group_calls), f.per_card(f.private_calls)
    total = None if group is None or private is None else group + private
    return (
        f"{f.tables:>6} {f.presses_per_second:>9.1f} {_num(f.cpu_ms_per_press, '.1f'):>12} "
        f"{_num(total, '.2f'):>10} {_num(group, '.2f'):>6} {_num(private, '.2f'):>7} "
        f"{f.calls_per_second:>7.1f} {_num(_ms(percentile(f.latencies, 50)), '.0f'):>7} "
        f"{_num(_ms(percentile(f.latencies, 99)), '.0f'):>7} {f.stale:>5} "
        f"{f.rss / 2**20:>6.0f} {f.load[0]:>7.2f}"
    )


def _ms(seconds: float | None) -> float | None:
    return None if seconds is None else seconds * 1000


def details(f: Figures) -> list[str]:
    lines = [
        f"  calls: group {dict(f.group_calls)}, private {dict(f.private_calls)}; "
        f"{f.cards} cards, {f.presses} presses accepted in {f.seconds:.0f} s"
    ]
    if f.search_tables:
        lines.append(
            f"  {f.search_tables} search table(s): {len(f.decisions)} decisions, "
            f"p50 {_num(_ms(percentile(f.decisions, 50)), '.0f')} ms, "
            f"p99 {_num(_ms(percentile(f.decisions, 99)), '.0f')} ms, "
            f"max {_num(_ms(max(f.decisions, default=None)), '.0f')} ms; "
            f"search workers' CPU {f.workers_cpu:.1f} s"
        )
    return lines


# -- one run -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Options:
    players: int = 4
    seconds: float = 20.0
    warmup: float = 3.0
    pacing: bool = True
    db: str | None = None
    search_tables: int = 0
    search_kind: str = "strong"
    seed: int = 1
    env: tuple[tuple[str, str], ...] = ()
    keep_log: Path | None = None


async def measure(tables: int, options: Options, zygote: Zygote, workdir: Path) -> Figures:
    """One bot process serving ``tables`` tables of people (and the search tables)."""
    names = ("Anna", "Boris", "Vika", "Gena")
    async with contextlib.AsyncExitStack() as stack:
        fake = await stack.enter_async_context(FakeTelegram(clock=time.time))
        url = await stack.enter_async_context(fresh_database(options.db, workdir, prefix="scale"))
        crowd = Crowd(fake, random.Random(options.seed))
        all_tables: list[Table] = []
        for index in range(tables + options.search_tables):
            search = index >= tables
            people = 1 if search else options.players
            users = [fake.add_user(f"{names[s]}{index}") for s in range(people)]
            group = fake.add_group(f"Table {index}", members=users, admins=users[:1])
            table = Table(index, group, users, computers=options.players - people)
            all_tables.append(table)
            for user in users:
                crowd.people[user.id] = Person(user, table, crowd)
        fake.world.message_watchers.append(crowd.watch)
        env = {"COMPUTER_PAUSE": "1.0", **dict(options.env)}
        if not options.pacing:
            env["PACING"] = "false"
        bot = ForkedBot(fake, url, workdir / "bot", zygote, env=env)
        await bot.start(ready_timeout=60)
        try:
            # A few lobbies at a time: all at once, their first calls would queue behind
            # each other in the pacing and time out nothing but the setup.
            gate = asyncio.Semaphore(10)

            async def setup(table: Table) -> None:
                async with gate:
                    await open_table(fake, table, options.search_kind)

            await asyncio.gather(*(setup(t) for t in all_tables))
            crowd.playing = True
            crowd.sweep()
            sweeper = asyncio.create_task(_sweep(crowd))
            try:
                await asyncio.sleep(options.warmup)
                assert bot.pid is not None
                figures = await _window(fake, crowd, bot, all_tables[:tables], options)
            finally:
                crowd.stop()
                sweeper.cancel()
        finally:
            crowd.stop()
            # Killed, not stopped: a stop would wait for the paced backlog to drain.
            log = bot.current_log()
            workers = children(bot.pid) if bot.pid is not None else []
            await bot.kill()
            for worker in workers:
                with contextlib.suppress(OSError):
                    os.kill(worker, signal.SIGKILL)
            if options.keep_log is not None:
                options.keep_log.mkdir(parents=True, exist_ok=True)
                (options.keep_log / f"bot-{tables}-tables.log").write_text(log)
    figures.decisions = [float(m) for m in _DECISION_RE.findall(log)]
    figures.errors = [line for line in log.splitlines() if " ERROR " in line]
    return figures


async def _sweep(crowd: Crowd) -> None:
    while True:
        await asyncio.sleep(1.0)
        crowd.sweep()


async def _window(
    fake: FakeTelegram,
    crowd: Crowd,
    bot: ForkedBot,
    people_tables: list[Table],
    options: Options,
) -> Figures:
    assert bot.pid is not None
    pid = bot.pid
    clock = fake.world.clock
    calls_before = len(fake.world.calls)
    presses_before = len(crowd.presses)
    cpu0, workers0 = cpu_seconds(pid), children_cpu(pid)
    driver0 = cpu_seconds(os.getpid())
    began = clock()
    await asyncio.sleep(options.seconds)
    ended = clock()
    cpu1, workers1 = cpu_seconds(pid), children_cpu(pid)
    driver = cpu_seconds(os.getpid()) - driver0
    rss = rss_bytes(pid)
    load = os.getloadavg()
    crowd.stop()
    # Presses of the window get their answers a little later.
    presses = crowd.presses[presses_before:]
    queries = fake.world.callback_queries
    with contextlib.suppress(TimeoutError):
        await fake.wait_for(lambda: all(queries[p.query_id].answer for p in presses), 30)
    people_chats = {c for t in people_tables for c in t.chat_ids}
    group_ids = {t.group.id for t in people_tables}
    group_calls: Counter[str] = Counter()
    private_calls: Counter[str] = Counter()
    answered_at: dict[str, float] = {}
    for call in fake.world.calls[calls_before:]:
        if call.method == "answerCallbackQuery":
            answered_at[str(call.params.get("callback_query_id"))] = call.at
        elif call.method == "getUpdates" or call.at > ended:
            continue
        elif call.chat_id in group_ids:
            group_calls[call.method] += 1
        elif call.chat_id in people_chats:
            private_calls[call.method] += 1
    accepted = cards = stale = unanswered = 0
    latencies = []
    people_table_ids = {t.index for t in people_tables}
    for press in presses:
        if press.table.index not in people_table_ids:
            continue
        query = queries[press.query_id]
        answer = query.answer
        if answer is None or press.query_id not in answered_at:
            unanswered += 1
            continue
        latencies.append(answered_at[press.query_id] - query.created_at)
        if answer.get("show_alert"):
            stale += 1
        else:
            accepted += 1
            cards += press.card
    return Figures(
        tables=len(people_tables),
        players=options.players,
        search_tables=options.search_tables,
        seconds=ended - began,
        presses=accepted,
        cards=cards,
        stale=stale,
        unanswered=unanswered,
        bot_cpu=cpu1 - cpu0,
        workers_cpu=sum(t - workers0.get(p, 0.0) for p, t in workers1.items()),
        group_calls=group_calls,
        private_calls=private_calls,
        latencies=latencies,
        rss=rss,
        load=load,
        decisions=[],
        driver_cpu=driver,
    )


@contextlib.contextmanager
def forking() -> Iterator[tuple[Zygote, Path]]:
    """The parent that forks the bot processes, and a directory for their files."""
    with tempfile.TemporaryDirectory(prefix="scale-") as tmp:
        zygote = Zygote(Path(tmp) / "zygote")
        try:
            yield zygote, Path(tmp)
        finally:
            zygote.close()


def run(table_counts: Sequence[int], options: Options) -> Iterator[Figures]:
    """The figures of each N in turn, each with its own bot process and fake."""
    with forking() as (zygote, tmp):
        for index, tables in enumerate(table_counts):
            workdir = tmp / f"run{index}"
            workdir.mkdir()
            yield asyncio.run(measure(tables, options, zygote, workdir))


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "--tables",
        default=",".join(map(str, DEFAULT_TABLES)),
        help="table counts to measure, e.g. 1,10 (default 1,10,20,50,100)",
    )
    parser.add_argument("--players", type=int, choices=(2, 3, 4), default=4)
    parser.add_argument("--seconds", type=float, default=20.0, help="measured seconds per N")
    parser.add_argument("--warmup", type=float, default=3.0, help="seconds before measuring")
    parser.add_argument(
        "--no-pacing",
        action="store_true",
        help="PACING=false: the bot does not keep Telegram's 30 calls/s",
    )
    parser.add_argument("--db", help="a PostgreSQL URL (a fresh database is made on its server)")
    parser.add_argument(
        "--search-tables", type=int, default=0, help="add K tables of one person and search players"
    )
    parser.add_argument(
        "--computer-kind",
        default="strong",
        choices=COMPUTER_KINDS,
        help="the lobby's level of the computer players of --search-tables",
    )
    parser.add_argument(
        "--search-workers", type=int, help="SEARCH_WORKERS for the bot (default: its own)"
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--keep-log", type=Path, help="a directory to keep the bot's logs in")
    parser.add_argument("--quick", action="store_true", help="a smoke test: 1 table, 4 s")
    args = parser.parse_args(argv)
    tables = [int(n) for n in args.tables.split(",") if n.strip()]
    seconds, warmup = args.seconds, args.warmup
    if args.quick:
        tables, seconds, warmup = [1], 4.0, 1.0
    env: list[tuple[str, str]] = []
    if args.search_workers is not None:
        env.append(("SEARCH_WORKERS", str(args.search_workers)))
    options = Options(
        players=args.players,
        seconds=seconds,
        warmup=warmup,
        pacing=not args.no_pacing,
        db=args.db,
        search_tables=args.search_tables,
        search_kind=args.computer_kind,
        seed=args.seed,
        env=tuple(env),
        keep_log=args.keep_log,
    )
    pacing = "off (PACING=false)" if args.no_pacing else "on (Telegram's limits)"
    backend = "PostgreSQL" if args.db else "SQLite"
    print(
        f"{args.players} people per table, a press 0.5-1.5 s after their turn shows; pacing "
        f"{pacing}; {backend}; {seconds:.0f} s per N; {os.cpu_count()} CPUs, load "
        f"{' '.join(f'{x:.2f}' for x in os.getloadavg())} before"
    )
    print(HEADER)
    # A stop (timeout, kill) still kills the bot process it started, through the
    # finally blocks: SystemExit unwinds the runs.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))
    results = []
    for figures in run(tables, options):
        results.append(figures)
        print(row(figures))
        for line in details(figures):
            print(line)
        sys.stdout.flush()
    loads = [f.load for f in results]
    print(
        "load average while measured (1 min): "
        + ", ".join(f"N={f.tables}: {f.load[0]:.2f}" for f in results)
        + (f"; 5 min at the end {loads[-1][1]:.2f}" if loads else "")
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
