"""Single hands instead of whole games: a quicker, finer measure for tuning players.

    python -m benchmarks.arena_hands --a search --b heuristic [--players 2] [--hands 200]
        [--samples 200] [--budget 0] [--jobs 2] [--set key=value ...]

Each deal is played once per seating (as in :mod:`engine.ai.arena`); prints the mean of
A's written points minus the mean of B's per hand, with its standard error, and the bait
rate of each kind. ``--set`` passes an option to the A player (e.g. ``trust=0.5``).
"""

from __future__ import annotations

import argparse
import math
from typing import Any

from engine import Game, HandScored, Rules
from engine.ai import make_player
from engine.ai.arena import seatings
from engine.scoring import side_of

from .jobs import map_jobs

Job = tuple[int, tuple[str, ...], dict[str, str], dict[str, dict[str, Any]], int]


def _hand(job: Job) -> tuple[float, dict[str, int], dict[str, int]]:
    seed, seats, kinds, options, players = job
    game = Game.new(players, Rules(target=100_000), seed)
    agents = [
        make_player(kinds[label], seed * 10 + s, **options[label]) for s, label in enumerate(seats)
    ]
    while True:
        seat = game.to_act
        assert seat is not None
        for event in game.apply(agents[seat].choose(game.view(seat))):
            if isinstance(event, HandScored):
                result = event.result
                totals = {"A": 0.0, "B": 0.0}
                counts = {"A": 0, "B": 0}
                for s, label in enumerate(seats):
                    totals[label] += result.sides[side_of(s, players)].written
                    counts[label] += 1
                diff = totals["A"] / counts["A"] - totals["B"] / counts["B"]
                bidder = seats[result.bidder]
                bids = {bidder: 1}
                baits = {bidder: int(result.sides[result.bidder_side].bait)}
                return diff, bids, baits


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--a", required=True)
    parser.add_argument("--b", required=True)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--hands", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--samples", type=int, default=200)
    parser.add_argument("--budget", type=float, default=0.0)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--set", action="append", default=[])
    args = parser.parse_args()
    search = {"samples": args.samples, "budget": args.budget or None}
    extra: dict[str, Any] = {}
    for item in args.set:
        key, _, value = item.partition("=")
        extra[key] = float(value) if "." in value else int(value)
    options = {
        "A": {**(search if args.a == "search" else {}), **extra},
        "B": search if args.b == "search" else {},
    }
    kinds = {"A": args.a, "B": args.b}
    plan = seatings(args.players)
    jobs: list[Job] = []
    seed = args.seed
    while len(jobs) < args.hands:
        for seats in plan:
            jobs.append((seed, seats, kinds, options, args.players))
        seed += 1
    results = map_jobs(_hand, jobs, args.jobs)
    diffs = [r[0] for r in results]
    mean = sum(diffs) / len(diffs)
    var = sum((d - mean) ** 2 for d in diffs) / max(1, len(diffs) - 1)
    bids = {label: sum(r[1].get(label, 0) for r in results) for label in "AB"}
    baits = {label: sum(r[2].get(label, 0) for r in results) for label in "AB"}
    print(
        f"{args.a} vs {args.b} {args.players}p {len(diffs)} hands {extra}: "
        f"A-B per hand {mean:+.2f} ± {math.sqrt(var / len(diffs)):.2f}  "
        f"bids A {bids['A']} (bait {baits['A']}) B {bids['B']} (bait {baits['B']})"
    )


if __name__ == "__main__":
    main()
