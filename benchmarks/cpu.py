"""The bot's CPU per press: process CPU time / presses, the bot in a process of its own.

    python -m benchmarks.cpu [--players 4] [--hands 8] [--database-url URL] [--py-spy OUT]

People (simulated, pressing legal cards from their own keyboards as soon as their turn
comes, one press at a time) play ``--hands`` hands against the real bot, which runs as
``python -m bot`` forked by the e2e tests' zygote (tests/e2e/zygote.py): long polling
against the fake Bot API over HTTP, pacing off, SQLite in a temporary directory unless
``--database-url`` names another database (it must be empty or migrated). The bot's CPU
time (user + system, from /proc) is read when the game starts and when the last press of
the hands was answered and everything sent; it is divided by the presses in between, so
the lobby, the imports and the migrations are left out. The fake Telegram and the players
run in this process and are not counted.

The machine's other load shows in the figure (a busy machine makes each press cost more
CPU): compare runs made one after the other, and use enough hands (8 are ~270 presses).

With ``--py-spy OUT``, py-spy (``pip install py-spy``, for measuring only) records the bot
process while the hands are played, sampling the thread that holds the GIL: a speedscope
file, a flame graph if OUT ends in .svg, collapsed stacks if it ends in .txt.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bot.callbacks import SettingsScope
from tests.e2e.harness import (
    Driver,
    choose_setting,
    game_over_message,
    hand_results,
    sqlite_url,
    start_game,
)
from tests.e2e.process import ForkedBot, Zygote
from tests.fakeapi import FakeTelegram, FloodLimits

NAMES = ("Anna", "Boris", "Vika", "Gena")


def cpu_seconds(pid: int) -> tuple[float, float]:
    """User and system CPU time of a process so far (its own, not its children's)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    # Fields 14 and 15 of stat(5) (utime, stime); the split began at field 3.
    tick = os.sysconf("SC_CLK_TCK")
    return int(fields[11]) / tick, int(fields[12]) / tick


async def measure(
    args: argparse.Namespace, workdir: Path
) -> tuple[int, tuple[float, float], float]:
    """Presses, the bot's user and system CPU seconds and wall seconds over the hands."""
    url = args.database_url or sqlite_url(workdir)
    zygote = Zygote(workdir / "zygote")
    try:
        async with FakeTelegram(clock=time.time, limits=FloodLimits(group_messages=10**9)) as fake:
            users = [fake.add_user(name) for name in NAMES[: args.players]]
            group = fake.add_group("Bench", members=users, admins=users[:1])
            bot = ForkedBot(
                fake,
                url,
                workdir / "bot",
                zygote,
                env={"PACING": "false", "COMPUTER_PAUSE": "0", "LOG_LEVEL": args.log_level},
            )
            await bot.start()
            assert bot.pid is not None
            try:
                if args.target:
                    await choose_setting(
                        fake, group, users[0], SettingsScope.TARGET, str(args.target)
                    )
                lobby = await start_game(fake, group, users[0], users[1:])
                assert lobby.game_id is not None
                driver = Driver(fake, users, rng=random.Random(args.seed), game_id=lobby.game_id)
                await fake.wait_idle(quiet=0.3, timeout=30)
                spy = _start_spy(args.py_spy, bot.pid)
                if spy is not None:
                    await asyncio.sleep(1.0)  # py-spy attaches before the first press
                cpu0, wall0 = cpu_seconds(bot.pid), time.monotonic()
                await driver.play_until(
                    lambda: len(hand_results(group)) >= args.hands or game_over_message(group),
                    timeout=1800,
                    max_presses=100_000,
                )
                await fake.wait_idle(quiet=0.3, timeout=60)
                # The quiet wait itself is idle time; the timer loop's polling is counted.
                cpu1, wall1 = cpu_seconds(bot.pid), time.monotonic()
                _stop_spy(spy)
            except BaseException:
                sys.stderr.write(bot.log())
                raise
            finally:
                code = await bot.terminate()
            if code != 0 or bot.tracebacks():
                raise RuntimeError(f"the bot exited {code}:\n{bot.log()}")
            cpu = (cpu1[0] - cpu0[0], cpu1[1] - cpu0[1])
            return driver.presses, cpu, wall1 - wall0
    finally:
        zygote.close()


def _start_spy(out: str | None, pid: int) -> subprocess.Popen[bytes] | None:
    if out is None:
        return None
    exe = shutil.which("py-spy") or str(Path(sys.executable).with_name("py-spy"))
    fmt = "flamegraph" if out.endswith(".svg") else "raw" if out.endswith(".txt") else "speedscope"
    spy = subprocess.Popen(
        [
            exe,
            "record",
            "--pid",
            str(pid),
            "--output",
            out,
            "--format",
            fmt,
            "--rate",
            "200",
            "--nonblocking",
        ]
    )
    return spy


def _stop_spy(spy: subprocess.Popen[bytes] | None) -> None:
    if spy is not None:
        spy.send_signal(2)  # SIGINT: py-spy writes its file and exits
        spy.wait(timeout=60)


async def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, default=4, choices=(2, 3, 4))
    parser.add_argument(
        "--hands", type=int, default=8, help="hands to play and measure (fewer if the game ends)"
    )
    parser.add_argument("--target", type=int, default=0, help="points to play to (0: default)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--log-level",
        default="INFO",
        help="the bot's LOG_LEVEL (INFO, its default: a line per call)",
    )
    parser.add_argument("--database-url", default=None)
    parser.add_argument("--py-spy", default=None, metavar="OUT", help="record a py-spy profile")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        presses, (user, system), wall = await measure(args, Path(tmp))
    cpu = user + system
    print(
        f"{args.players} players, {args.hands} hands: {presses} presses in {wall:.1f} s "
        f"({presses / wall:.1f}/s); bot CPU {cpu:.2f} s (user {user:.2f}, system {system:.2f})"
        f" = {cpu * 1000 / presses:.1f} ms per press"
    )
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main(sys.argv[1:])))
