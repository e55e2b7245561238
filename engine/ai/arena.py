"""Matches between two kinds of computer player, duplicate style.

    python -m engine.ai.arena --a heuristic --b random --players 2 --preset odessa \\
        --games 200 --target 501 [--seed S] [--budget 1.0] [--samples N] [--jobs 2] \\
        [--a-options JSON] [--b-options JSON] [--start-from LOW]

Every game seed is played once per seating: with 2 players twice (A first, then B
first), with 3 players three times (one A against two B, A in each seat), with 4
players twice (the A pair in seats 0 and 2, then in 1 and 3). A seed fixes the first
dealer and every deck, so each seating meets the same cards. Prints games won with a
95% Wilson interval, average written points per hand, how often each kind's bids sat
(bait), and the time per decision (p50/p99, decisions with a real choice only).

``--budget``, ``--samples`` and ``--solver-cards`` set those options of every searching
kind (``search``, ``medium``, ``strong``; ``easy`` keeps its small fixed effort);
``--a-options``/``--b-options`` add options (a JSON object) to one side only, e.g.
``--a-options '{"caution": 0}'``, and win over the flags.

``--start-from LOW`` starts every game from scores drawn per side on a grid of 10
between LOW and the target (the same for every seating of a seed), to measure the end of
games, where the scores should change decisions, on more such hands than whole games
give.
"""

from __future__ import annotations

import argparse
import dataclasses
import functools
import json
import math
import multiprocessing
import random
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Final

from engine.events import HandScored
from engine.game import Game, Phase
from engine.rules import Rules

from . import KINDS, Player, make_player

__all__ = [
    "SEARCHING",
    "GameRecord",
    "MatchSpec",
    "SeatMaker",
    "main",
    "play_game",
    "seat_player",
    "seatings",
    "start_scores",
    "wilson",
]

SEARCHING: Final = ("search", "medium", "strong")
"""The kinds ``--budget``, ``--samples`` and ``--solver-cards`` apply to."""


@dataclasses.dataclass(frozen=True, slots=True)
class MatchSpec:
    """One game of a match: who sits where, and the options of every player."""

    players: int
    rules: Rules
    seed: int
    seats: tuple[str, ...]
    """The label ("A" or "B") of each seat."""
    kinds: dict[str, str]
    options: dict[str, dict[str, Any]]
    """Options per kind."""
    label_options: dict[str, dict[str, Any]] = dataclasses.field(default_factory=dict)
    """Options per label, added to (and winning over) the kind's."""
    start_from: int | None = None
    """Start from scores drawn by :func:`start_scores` from this low (None: from 0)."""


@dataclasses.dataclass(slots=True)
class GameRecord:
    """What one game produced, by label."""

    winner: str
    hands: int = 0
    points: dict[str, list[int]] = dataclasses.field(default_factory=dict)
    """Per label: written points per hand, one entry per seat of that label and hand."""
    bids: dict[str, int] = dataclasses.field(default_factory=dict)
    baits: dict[str, int] = dataclasses.field(default_factory=dict)
    times: dict[str, list[float]] = dataclasses.field(default_factory=dict)


def seatings(players: int) -> list[tuple[str, ...]]:
    """The seatings each game seed is played with."""
    if players == 2:
        return [("A", "B"), ("B", "A")]
    if players == 3:
        return [("A", "B", "B"), ("B", "A", "B"), ("B", "B", "A")]
    return [("A", "B", "A", "B"), ("B", "A", "B", "A")]


SeatMaker = Callable[[str, int, dict[str, Any], Game], Player]
"""Makes the player of one seat: its kind, its seed, its options and the game it sits
at (which a fair player never reads; :mod:`benchmarks.ceiling` lets one see it)."""


def seat_player(kind: str, seed: int, options: dict[str, Any], game: Game) -> Player:
    """The arena's own seats: :func:`engine.ai.make_player`, blind to ``game``."""
    return make_player(kind, seed, **options)


def play_game(spec: MatchSpec, make: SeatMaker = seat_player) -> GameRecord:
    """Play one game to its end and record it."""
    n = spec.players
    game = Game.new(n, spec.rules, spec.seed)
    if spec.start_from is not None:
        state = game.to_dict()
        state["scores"] = list(
            start_scores(spec.seed, game.sides, spec.start_from, spec.rules.target)
        )
        game = Game.from_dict(state)
    seats = []
    for seat, label in enumerate(spec.seats):
        kind = spec.kinds[label]
        options = {**spec.options.get(kind, {}), **spec.label_options.get(label, {})}
        seats.append(make(kind, spec.seed * 10 + seat, options, game))
    record = GameRecord(winner="")
    for label in ("A", "B"):
        record.points[label] = []
        record.bids[label] = 0
        record.baits[label] = 0
        record.times[label] = []
    while game.phase is not Phase.FINISHED:
        to_act = game.to_act
        assert to_act is not None
        view = game.view(to_act)
        started = time.perf_counter()
        action = seats[to_act].choose(view)
        elapsed = time.perf_counter() - started
        if len(view.legal_actions) > 1:
            record.times[spec.seats[to_act]].append(elapsed)
        for event in game.apply(action):
            if type(event) is HandScored:
                result = event.result
                record.hands += 1
                bidder_label = spec.seats[result.bidder]
                record.bids[bidder_label] += 1
                if result.sides[result.bidder_side].bait:
                    record.baits[bidder_label] += 1
                for other in range(n):
                    line = result.sides[game.side_of(other)]
                    record.points[spec.seats[other]].append(line.written)
    assert game.winner is not None
    winners = {spec.seats[s] for s in range(n) if game.side_of(s) == game.winner}
    (record.winner,) = winners
    return record


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a win rate (95% by default)."""
    if games == 0:
        return (0.0, 1.0)
    rate = wins / games
    denominator = 1 + z * z / games
    centre = (rate + z * z / (2 * games)) / denominator
    half = z * math.sqrt(rate * (1 - rate) / games + z * z / (4 * games * games)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def _percentile(values: Sequence[float], fraction: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    position = min(len(ordered) - 1, max(0, math.ceil(fraction * len(ordered)) - 1))
    return ordered[position]


def start_scores(seed: int, sides: int, low: int, target: int) -> tuple[int, ...]:
    """Scores for the sides of a game seed, each on a grid of 10 from ``low`` up to below
    ``target``; the same seed gives the same scores."""
    if not 0 <= low < target:
        raise ValueError(f"start scores from {low}: must be at least 0 and below {target}")
    draw = random.Random(f"start-scores:{seed}")
    return tuple(draw.randrange(low, target, 10) for _ in range(sides))


def _specs(args: argparse.Namespace) -> Iterator[MatchSpec]:
    rules = Rules.preset(args.preset).replace(target=args.target)
    effort: dict[str, Any] = {}
    if args.budget is not None:
        effort["budget"] = args.budget if args.budget > 0 else None
    if args.samples is not None:
        effort["samples"] = args.samples
    if args.solver_cards is not None:
        effort["solver_cards"] = args.solver_cards
    options = {kind: dict(effort) for kind in SEARCHING}
    label_options = {"A": json.loads(args.a_options), "B": json.loads(args.b_options)}
    plan = seatings(args.players)
    count = 0
    seed = args.seed
    while count < args.games:
        for seats in plan:
            if count >= args.games:
                return
            yield MatchSpec(
                players=args.players,
                rules=rules,
                seed=seed,
                seats=seats,
                kinds={"A": args.a, "B": args.b},
                options=options,
                label_options=label_options,
                start_from=args.start_from,
            )
            count += 1
        seed += 1


def _report(args: argparse.Namespace, records: list[GameRecord], seconds: float) -> dict[str, Any]:
    games = len(records)
    n = args.players
    summary: dict[str, Any] = {
        "a": args.a,
        "b": args.b,
        "players": n,
        "preset": args.preset,
        "target": args.target,
        "games": games,
        "seed": args.seed,
        "budget": args.budget,
        "samples": args.samples,
        "a_options": json.loads(args.a_options),
        "b_options": json.loads(args.b_options),
        "seconds": round(seconds, 1),
        "hands": sum(r.hands for r in records),
    }
    print(
        f"{args.a} (A) vs {args.b} (B): {n} players, preset {args.preset}, target "
        f"{args.target}, {games} games, {summary['hands']} hands, {seconds:.0f} s"
    )
    if n == 3:
        print("  seating: one A against two B, A in each seat in turn (fair share 1/3)")
    elif n == 4:
        print("  seating: the A pair against the B pair, both ways round")
    for label, kind in (("A", args.a), ("B", args.b)):
        wins = sum(1 for r in records if r.winner == label)
        low, high = wilson(wins, games)
        points = [p for r in records for p in r.points[label]]
        bids = sum(r.bids[label] for r in records)
        baits = sum(r.baits[label] for r in records)
        times = [t for r in records for t in r.times[label]]
        per_hand = sum(points) / len(points) if points else float("nan")
        bait_rate = baits / bids if bids else float("nan")
        p50 = _percentile(times, 0.5)
        p99 = _percentile(times, 0.99)
        summary[label] = {
            "kind": kind,
            "wins": wins,
            "win_rate": wins / games if games else float("nan"),
            "wilson95": [round(low, 4), round(high, 4)],
            "points_per_hand": round(per_hand, 2),
            "bids": bids,
            "baits": baits,
            "bait_rate": round(bait_rate, 4),
            "decisions": len(times),
            "p50": p50,
            "p99": p99,
            "max": max(times) if times else float("nan"),
        }
        print(
            f"  {label} {kind:9s}: won {wins}/{games} = {wins / max(games, 1):6.1%} "
            f"[95% CI {low:.1%}..{high:.1%}]  points/hand {per_hand:6.1f}  "
            f"bait {baits}/{bids} = {bait_rate:5.1%}  "
            f"decision p50 {p50 * 1000:7.1f} ms p99 {p99 * 1000:7.1f} ms "
            f"({len(times)} decisions)"
        )
    return summary


def main(
    argv: Sequence[str] | None = None,
    *,
    make: SeatMaker = seat_player,
    prog: str = "python -m engine.ai.arena",
    description: str = __doc__.splitlines()[0],
) -> None:
    """The command line entry point; ``make`` (a module-level function, so that the
    processes of ``--jobs`` can take it) builds the seats."""
    parser = argparse.ArgumentParser(prog=prog, description=description)
    parser.add_argument("--a", choices=KINDS, required=True, help="player kind A")
    parser.add_argument("--b", choices=KINDS, required=True, help="player kind B")
    parser.add_argument("--players", type=int, choices=(2, 3, 4), default=2)
    parser.add_argument("--preset", default="odessa")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--target", type=int, default=501)
    parser.add_argument("--seed", type=int, default=1, help="first game seed")
    parser.add_argument(
        "--budget", type=float, default=None, help="search: seconds per decision (0: no clock)"
    )
    parser.add_argument("--samples", type=int, default=None, help="search: deals per decision")
    parser.add_argument("--solver-cards", type=int, default=None, help="search: exact endgame")
    parser.add_argument("--a-options", default="{}", help="JSON options of A's players")
    parser.add_argument("--b-options", default="{}", help="JSON options of B's players")
    parser.add_argument(
        "--start-from",
        type=int,
        default=None,
        metavar="LOW",
        help="start each game from scores drawn between LOW and the target",
    )
    parser.add_argument("--jobs", type=int, default=1, help="processes (one per core)")
    parser.add_argument("--json", default=None, help="also write the summary to this file")
    args = parser.parse_args(argv)
    if args.start_from is not None and not 0 <= args.start_from < args.target:
        parser.error(f"--start-from {args.start_from}: must be at least 0 and below the target")
    specs = list(_specs(args))
    play = functools.partial(play_game, make=make)
    started = time.perf_counter()
    records: list[GameRecord] = []
    if args.jobs > 1:
        with multiprocessing.Pool(args.jobs) as pool:
            for record in pool.imap_unordered(play, specs):
                records.append(record)
                _progress(len(records), len(specs), started)
    else:
        for spec in specs:
            records.append(play(spec))
            _progress(len(records), len(specs), started)
    summary = _report(args, records, time.perf_counter() - started)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump(summary, out, indent=2)


def _progress(done: int, total: int, started: float) -> None:
    if done % 10 == 0 or done == total:
        elapsed = time.perf_counter() - started
        print(f"  ... {done}/{total} games, {elapsed:.0f} s", file=sys.stderr, flush=True)


if __name__ == "__main__":
    main()
