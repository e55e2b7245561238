"""The whole bot under load: complete games through the fake Bot API server.

    python -m benchmarks.bot [--target 501] [--games 1] [--paced-hands 1] [--no-paced]

For 2, 3 and 4 players (all people, pressing the buttons the bot marks as legal), the
real bot plays complete games against the fake Telegram over HTTP (long polling, SQLite
in a temporary directory):

1. with the outbox's pacing off (``Limits.unlimited()``): what the bot itself costs;
2. with Telegram's real pacing on (``Limits()``, against the fake's flood control), for
   ``--paced-hands`` hands per table size (a full game with pacing takes minutes).

Printed per hand: the Bot API calls made into the group and into the private chats, by
method, and the p50 / p99 time from a button press to the bot's answer — from the moment
the fake server queued the callback-query update (the query's ``created_at``) to the
moment it recorded the bot's ``answerCallbackQuery`` call (both on the fake's clock).
Calls and presses are given to the hand whose move they followed: each is attributed to
the last move stored before it (the move that caused it), by the action log's times. With
pacing on, calls lag behind the moves, so the split between hands is approximate there.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import random
import statistics
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from bot import db
from bot.callbacks import SettingsScope
from bot.outbox import Limits
from tests.e2e.harness import (
    UNLIMITED,
    Driver,
    Lobby,
    Oracle,
    RunningBot,
    choose_setting,
    database,
    game_over_message,
    hand_results,
    sqlite_url,
)
from tests.fakeapi import Call, FakeTelegram, FloodLimits

NAMES = ("Anna", "Boris", "Vika", "Gena")
OUTPUT_METHODS = ("sendMessage", "editMessageText")


@dataclass
class HandFigures:
    hand: int
    moves: int = 0
    cards: int = 0
    group: Counter[str] = field(default_factory=Counter)
    private: Counter[str] = field(default_factory=Counter)
    answers: int = 0
    latencies: list[float] = field(default_factory=list)

    def row(self) -> str:
        lat = sorted(self.latencies)
        return (
            f"{self.hand:>5} {self.moves:>5}  "
            f"{_methods(self.group):<30} {_methods(self.private):<30} "
            f"{self.answers:>7} {_ms(percentile(lat, 50)):>7} {_ms(percentile(lat, 99)):>7}"
        )


@dataclass
class GameFigures:
    players: int
    paced: bool
    seconds: float
    hands: list[HandFigures]
    setup: HandFigures

    def latencies(self) -> list[float]:
        return sorted(x for h in self.hands for x in h.latencies)


def percentile(values: list[float], p: int) -> float | None:
    """The p-th percentile (1..99) of sorted values."""
    if not values:
        return None
    if len(values) == 1:
        return values[0]
    return statistics.quantiles(values, n=100, method="inclusive")[p - 1]


def _ms(value: float | None) -> str:
    return "-" if value is None else f"{value * 1000:.0f}"


_SHORT = {"sendMessage": "send", "editMessageText": "edit"}


def _methods(counter: Counter[str], per: int = 1) -> str:
    """«send 2, edit 14, getChatMember 1»; with ``per``, averages."""
    names = sorted(counter, key=lambda m: (m not in _SHORT, m))
    if per == 1:
        parts = [f"{_SHORT.get(m, m)} {counter[m]}" for m in names]
    else:
        parts = [f"{_SHORT.get(m, m)} {counter[m] / per:.1f}" for m in names]
    return ", ".join(parts) if parts else "-"


async def play_game(
    players: int, *, paced: bool, target: int, hands: int | None, seed: int
) -> GameFigures:
    """One game (or its first ``hands`` hands) at a table of ``players`` people."""
    with tempfile.TemporaryDirectory() as tmp:
        url = sqlite_url(Path(tmp))
        # Unpaced, the bot is measured alone: the fake's flood control is off too (with
        # it, the bot's calls would wait out 429s and the figures would measure those).
        limits = FloodLimits() if paced else FloodLimits(group_messages=10**9)
        async with FakeTelegram(clock=time.time, limits=limits) as fake:
            users = [fake.add_user(name) for name in NAMES[:players]]
            group = fake.add_group("Bench", members=users, admins=users[:1])
            running = RunningBot(
                fake,
                url,
                computer_pause=0.0,
                limits=Limits() if paced else UNLIMITED,
                shutdown_drain=1.0,
            )
            await running.start()
            try:
                await choose_setting(fake, group, users[0], SettingsScope.TARGET, str(target))
                lobby = Lobby(fake, group)
                await lobby.open(users[0])
                await lobby.wait_seated(users[0].first_name)
                await lobby.join(*users[1:])
                began = time.time()
                await lobby.start(users[0])
                assert lobby.game_id is not None
                driver = Driver(fake, users, rng=random.Random(seed), game_id=lobby.game_id)

                def done() -> object:
                    if hands is not None:
                        return len(hand_results(group)) >= hands
                    return game_over_message(group)

                await driver.play_until(done, timeout=3600, max_presses=100_000)
                await fake.wait_idle(quiet=0.2, timeout=120)
                seconds = time.time() - began
                oracle = await Oracle.load(url, lobby.game_id)
                figures = await _figures(fake, url, oracle, group.id, began)
            finally:
                await running.stop()
            if running.errors:
                raise RuntimeError("the bot logged errors:\n" + "\n".join(running.errors))
    setup, per_hand = figures
    return GameFigures(players, paced, seconds, per_hand, setup)


async def _figures(
    fake: FakeTelegram, url: str, oracle: Oracle, group_id: int, began: float
) -> tuple[HandFigures, list[HandFigures]]:
    async with database(url) as session:
        actions = await db.list_actions(session, oracle.game_id)
    # The hand each move was made in: the hand of the state before it.
    move_times = [a.created_at.timestamp() for a in actions]
    move_hands = [step.hand_number for step in oracle.steps[:-1]]
    setup = HandFigures(0)
    per_hand: dict[int, HandFigures] = {}

    def bucket(at: float) -> HandFigures:
        index = -1
        lo, hi = 0, len(move_times)
        while lo < hi:  # the last move stored before `at`
            mid = (lo + hi) // 2
            if move_times[mid] < at:
                index, lo = mid, mid + 1
            else:
                hi = mid
        if index < 0:
            return setup
        hand = move_hands[index]
        return per_hand.setdefault(hand, HandFigures(hand))

    for hand, action in zip(move_hands, actions, strict=True):
        figures = per_hand.setdefault(hand, HandFigures(hand))
        figures.moves += 1
        figures.cards += action.code.startswith("card:")
    answers: dict[str, Call] = {}
    for call in fake.calls():
        if call.at < began:
            continue
        if call.method == "answerCallbackQuery":
            answers[str(call.params.get("callback_query_id"))] = call
            bucket(call.at).answers += 1
        elif call.chat_id == group_id:
            bucket(call.at).group[call.method] += 1
        elif call.chat_id is not None and call.chat_id > 0:
            bucket(call.at).private[call.method] += 1
    for query in fake.world.callback_queries.values():
        answer = answers.get(query.id)
        if answer is None or query.created_at < began:
            continue
        bucket(query.created_at).latencies.append(answer.at - query.created_at)
    return setup, [per_hand[h] for h in sorted(per_hand)]


def report(game: GameFigures) -> None:
    mode = "pacing ON (Telegram's limits)" if game.paced else "pacing OFF"
    lat = game.latencies()
    total = HandFigures(0)
    for hand in game.hands:
        total.moves += hand.moves
        total.cards += hand.cards
        total.group.update(hand.group)
        total.private.update(hand.private)
        total.answers += hand.answers
    print(
        f"\n{game.players} players, {mode}: {len(game.hands)} hands, {total.moves} moves, "
        f"{game.seconds:.1f} s; press -> answer p50 {_ms(percentile(lat, 50))} ms, "
        f"p99 {_ms(percentile(lat, 99))} ms"
    )
    print(
        f"{'hand':>5} {'moves':>5}  {'group calls':<30} {'private calls':<30} "
        f"{'answers':>7} {'p50 ms':>7} {'p99 ms':>7}"
    )
    print(
        f"{'start':>5} {'':>5}  {_methods(game.setup.group):<30} "
        f"{_methods(game.setup.private):<30} {game.setup.answers:>7}"
    )
    for hand in game.hands:
        print(hand.row())
    n = max(len(game.hands), 1)
    print(
        f"{'avg':>5} {total.moves / n:>5.1f}  "
        f"{_methods(total.group, n):<30} {_methods(total.private, n):<30} {total.answers / n:>7.1f}"
    )
    cards = max(total.cards, 1)
    group, private = sum(total.group.values()), sum(total.private.values())
    print(
        f"per card played ({total.cards} cards): group {group / cards:.2f}, "
        f"private {private / cards:.2f}, all {(group + private) / cards:.2f} calls"
        " (no answerCallbackQuery)"
    )


async def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--target", type=int, default=501, help="points to play to (301/501/1001)")
    parser.add_argument("--games", type=int, default=1, help="unpaced games per table size")
    parser.add_argument(
        "--paced-hands", type=int, default=1, help="hands per table size with pacing on"
    )
    parser.add_argument("--no-paced", action="store_true", help="skip the run with pacing on")
    parser.add_argument("--sizes", default="2,3,4", help="table sizes, e.g. 2,4")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.WARNING)
    sizes = [int(s) for s in args.sizes.split(",")]
    print(f"Debertz bot through the fake Bot API; games to {args.target}")
    for players in sizes:
        for game in range(args.games):
            figures = await play_game(
                players, paced=False, target=args.target, hands=None, seed=players * 100 + game
            )
            report(figures)
    if not args.no_paced:
        for players in sizes:
            figures = await play_game(
                players, paced=True, target=args.target, hands=args.paced_hands, seed=players
            )
            report(figures)
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main(sys.argv[1:])))
