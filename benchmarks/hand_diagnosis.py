"""Where two players' points differ on the same cards: the bidding or the play.

    python -m benchmarks.hand_diagnosis --a strong --b search [--players 2] [--deals 100]
        [--seed 1] [--budget 1.0] [--jobs 2] [--a-options JSON] [--b-options JSON]

The first hand of each deal seed is played, preset odessa, at every seating of the
arena (:func:`engine.ai.arena.seatings`: with 2 players A and B swapped, with 3 one A
in each seat, with 4 A's pair in each place), so each kind holds every hand. Per deal,
the mean written points of A's sides minus B's, summed over the tables, are split by
whether every table reached the same contract (the same seat named the same trump: the
difference came from the play) or not (from the bidding). Every play decision with a
choice is also scored against double dummy: the card points (last trick's 10 included)
that the card chosen gives up for its side (the seat, or its pair) against the best
card with every hand known, by the exact solver; per kind and role (bidder, defender).
Part of that loss is only what the seat could not see, so compare kinds on the same
deals.
"""

from __future__ import annotations

import argparse
import json
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from engine import Game, HandScored, PlayCard, Rules
from engine.ai import make_player
from engine.ai.arena import SEARCHING, seatings
from engine.ai.bits import POINTS_BY_TRUMP
from engine.ai.policy import trick_winner
from engine.ai.solver import Solver, decode
from engine.legal import PlayRules

from .jobs import map_jobs

Job = tuple[int, int, tuple[str, ...], dict[str, str], dict[str, dict[str, Any]]]


@dataclass(slots=True)
class Table:
    """One hand at one seating."""

    seats: tuple[str, ...]
    contract: tuple[int, int]
    """(the bidder's seat, the trump)."""
    margin: float
    """The mean written points of A's sides minus B's."""
    losses: list[tuple[str, str, int]] = field(default_factory=list)
    """(kind label, role, double-dummy loss) per play decision with a choice."""


def double_dummy_loss(game: Game, chosen: PlayCard, solvers: dict[int, Solver]) -> int:
    """What ``chosen`` gives up against the best legal card, every hand known: card points
    the side of the seat to act (the seat, or its pair) takes from now on, the last
    trick's 10 included."""
    seat = game.to_act
    assert seat is not None
    assert game.trump is not None
    trump = int(game.trump)
    n = game.players
    side = game.side_of(seat)
    side_seats = game.seats_beside(seat)
    solver = solvers.get(side)
    if solver is None:
        solver = solvers[side] = Solver(n, trump, side_seats, overtrump=PlayRules.of(game.rules, n))
    view = game.view(seat)
    hands = [game.hand_mask(other) for other in range(n)]
    trick = [card.index for _, card in view.trick]
    leader = view.trick[0][0] if view.trick else seat
    points = POINTS_BY_TRUMP[trump]
    values: dict[int, int] = {}
    for action in game.legal_actions():
        assert isinstance(action, PlayCard)
        card = action.card.index
        after = list(hands)
        after[seat] ^= 1 << card
        current = [*trick, card]
        if len(current) < n:
            values[card] = decode(solver.value(after, leader, current))[0]
            continue
        winner = trick_winner(current, leader, n, trump)
        ours = side_seats >> winner & 1
        taken = sum(points[index] for index in current) if ours else 0
        if any(after):
            taken += decode(solver.value(after, winner, []))[0]
        elif ours:
            taken += 10
        values[card] = taken
    return max(values.values()) - values[chosen.card.index]


def play_table(job: Job) -> Table:
    """Play the first hand of a deal seed at one seating."""
    seed, players, seats, kinds, options = job
    game = Game.new(players, Rules.preset("odessa"), seed)
    agents = [
        make_player(kinds[label], seed * 10 + seat, **options[label])
        for seat, label in enumerate(seats)
    ]
    solvers: dict[int, Solver] = {}
    losses: list[tuple[str, str, int]] = []
    while True:
        seat = game.to_act
        assert seat is not None
        action = agents[seat].choose(game.view(seat))
        if isinstance(action, PlayCard) and len(game.legal_actions()) > 1:
            assert game.bidder is not None
            bidders = game.side_of(seat) == game.side_of(game.bidder)
            role = "bidder" if bidders else "defender"
            losses.append((seats[seat], role, double_dummy_loss(game, action, solvers)))
        for event in game.apply(action):
            if isinstance(event, HandScored):
                result = event.result
                written = {line.side: line.written for line in result.sides}
                a_points = _mean_of(game, seats, written, "A")
                return Table(
                    seats=seats,
                    contract=(result.bidder, int(result.trump)),
                    margin=a_points - _mean_of(game, seats, written, "B"),
                    losses=losses,
                )


def _mean_of(game: Game, seats: Sequence[str], written: dict[int, int], label: str) -> float:
    """The mean written points of the sides whose seats are ``label``'s."""
    sides = {game.side_of(seat) for seat, other in enumerate(seats) if other == label}
    return sum(written[side] for side in sides) / len(sides)


def report(tables: Sequence[Sequence[Table]]) -> dict[str, Any]:
    """The per-deal margins (one deal's tables each) by where they came from, and the
    double-dummy losses."""
    margins: dict[str, list[float]] = {"same contract": [], "different contract": []}
    for deal in tables:
        same = len({table.contract for table in deal}) == 1
        margins["same contract" if same else "different contract"].append(
            sum(table.margin for table in deal)
        )
    every = [m for values in margins.values() for m in values]
    summary: dict[str, Any] = {"deals": len(every), "margin": mean_and_error(every)}
    for where, values in margins.items():
        summary[where] = {"deals": len(values), "margin": mean_and_error(values)}
    losses: dict[str, list[int]] = {}
    for table in (t for deal in tables for t in deal):
        for label, role, loss in table.losses:
            losses.setdefault(f"{label} {role}", []).append(loss)
    summary["double dummy"] = {
        key: {"decisions": len(values), "loss": mean_and_error(values)}
        for key, values in sorted(losses.items())
    }
    return summary


def mean_and_error(values: Sequence[float]) -> tuple[float, float]:
    """The mean of ``values`` and its standard error (nan where there are too few)."""
    if not values:
        return (math.nan, math.nan)
    mean = sum(values) / len(values)
    if len(values) < 2:
        return (mean, math.nan)
    spread = sum((v - mean) ** 2 for v in values) / (len(values) - 1)
    return (round(mean, 3), round(math.sqrt(spread / len(values)), 3))


def main(argv: Sequence[str] | None = None) -> dict[str, Any]:
    """The command line entry point; returns the summary it prints."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--a", required=True, help="player kind A")
    parser.add_argument("--b", required=True, help="player kind B")
    parser.add_argument("--players", type=int, choices=(2, 3, 4), default=2)
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1, help="first deal seed")
    parser.add_argument("--budget", type=float, default=None, help="seconds per decision")
    parser.add_argument("--a-options", default="{}", help="JSON options of A's player")
    parser.add_argument("--b-options", default="{}", help="JSON options of B's player")
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args(argv)
    kinds = {"A": args.a, "B": args.b}
    options: dict[str, dict[str, Any]] = {}
    for label, given in (("A", args.a_options), ("B", args.b_options)):
        effort = {"budget": args.budget} if args.budget and kinds[label] in SEARCHING else {}
        options[label] = {**effort, **json.loads(given)}
    tables = seatings(args.players)
    jobs: list[Job] = [
        (seed, args.players, seats, kinds, options)
        for seed in range(args.seed, args.seed + args.deals)
        for seats in tables
    ]
    played = map_jobs(play_table, jobs, args.jobs, chunksize=1)
    per_deal = len(tables)
    summary = report([played[i : i + per_deal] for i in range(0, len(played), per_deal)])
    print(
        f"A {args.a} vs B {args.b}, {args.players} players: {summary['deals']} deals, "
        f"each at {per_deal} seatings"
    )
    print(f"  A's written points minus B's per deal: {shown(summary['margin'])}")
    for where in ("same contract", "different contract"):
        part = summary[where]
        print(f"    {where} ({part['deals']} deals): {shown(part['margin'])}")
    print("  double-dummy loss per play decision (card points):")
    for key, part in summary["double dummy"].items():
        print(f"    {key:12s} {part['decisions']:5d} decisions  {shown(part['loss'], '')}")
    return summary


def shown(figure: tuple[float, float], sign: str = "+") -> str:
    """A mean and its standard error as the reports print them."""
    mean, error = figure
    if math.isnan(mean):
        return "none"
    if math.isnan(error):
        return f"{mean:{sign}.2f} (one value)"
    return f"{mean:{sign}.2f} ± {error:.2f}"


if __name__ == "__main__":
    main()
