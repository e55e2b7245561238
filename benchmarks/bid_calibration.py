"""Whether the search's bids are calibrated: its value of bidding against what bidding
brought on the true deal.

    python -m benchmarks.bid_calibration [--players 2] [--deals 400] [--seed 1]
        [--judge strong] [--judge-options JSON] [--finish medium] [--jobs 2]

The first hand of each deal seed (preset odessa) is bid by the judge, an expert level
with no clock by default, which takes the candidate with the best mean. At every bid
with a choice between passing and bidding, the judge's mean value of each candidate
(:meth:`~engine.ai.players.expert.ExpertPlayer.action_values`, in hand points for the
seat's side) is set beside its realized value: the candidate applied to the true deal
and the hand finished by ``--finish`` players in every seat, scored the same way
(:func:`~engine.ai.simulate.ended_worth`; a redeal is worth 0).

Per position the simulation's margin of bidding is its best bid's value minus the
pass's, and the realized margin the same two on the true deal. The report bins
positions by the simulation's margin (a calibrated search realizes about what it
expects in each bin), and replays other rules on the same positions, paired: the
realized gain per position of bidding only past a shifted margin, and of the judge's
best mean over the rule-based bid (the candidate it would keep with a caution). One
realized hand is one deal's luck, so the bins are wide and the gains carry their
standard errors.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine import Game, Redeal, Rules
from engine.actions import PASS, Action
from engine.ai import make_player
from engine.ai.players.expert import ExpertPlayer
from engine.ai.simulate import ended_worth
from engine.game import Phase

from .hand_diagnosis import mean_and_error, shown
from .jobs import map_jobs

BINS = (-math.inf, -40.0, -20.0, -10.0, 0.0, 10.0, 20.0, 40.0, math.inf)
"""Edges of the simulation's margin bins, in hand points."""

SHIFTS = (-20.0, -10.0, -5.0, 5.0, 10.0, 20.0)
"""Margins past which the shifted rules bid, instead of past 0."""


@dataclass(frozen=True, slots=True)
class Position:
    """One bid decision: each candidate's simulated and realized value."""

    simulated: dict[str, float]
    realized: dict[str, float]
    rule_based: str
    """The candidate the rule-based bidder chose (the judge's first)."""

    @property
    def best_bid(self) -> str:
        """The bid (not the pass) with the best simulated value."""
        bids = [action for action in self.simulated if action != repr(PASS)]
        return max(bids, key=lambda action: self.simulated[action])

    @property
    def expected(self) -> float:
        """The simulation's margin of bidding over passing."""
        return self.simulated[self.best_bid] - self.simulated[repr(PASS)]

    @property
    def outcome(self) -> float:
        """The realized margin of the same bid over passing on the true deal."""
        return self.realized[self.best_bid] - self.realized[repr(PASS)]


Job = tuple[int, int, str, dict[str, Any], str]


def realized_value(game: Game, action: Action, kind: str, seed: int) -> float:
    """What ``action`` brings the side to act on the true deal, the hand finished by
    ``kind`` in every seat and scored as the simulation scores it."""
    seat = game.to_act
    assert seat is not None
    side = game.side_of(seat)
    after = game.copy()
    players = [make_player(kind, seed * 10 + other) for other in range(game.players)]
    before = (game.scores, None)
    while True:
        worth = ended_worth(after.apply(action), side, before)
        if worth is not None:
            return worth
        to_act = after.to_act
        assert to_act is not None
        action = players[to_act].choose(after.view(to_act))


def bid_positions(job: Job) -> list[Position]:
    """The bid decisions of one deal seed's first hand, bid by the judge."""
    seed, players, judge_kind, judge_options, finish = job
    game = Game.new(players, Rules.preset("odessa"), seed)
    judge = make_player(judge_kind, seed, **judge_options)
    if not isinstance(judge, ExpertPlayer):
        raise ValueError(f"the judge must be an expert level, not {judge_kind!r}")
    positions: list[Position] = []
    while game.phase is Phase.BIDDING:
        seat = game.to_act
        assert seat is not None
        values = judge.action_values(game.view(seat))
        best = max(values, key=lambda action: values[action])
        if len(values) > 1 and PASS in values:
            positions.append(
                Position(
                    simulated={repr(a): value for a, value in values.items()},
                    realized={repr(a): realized_value(game, a, finish, seed) for a in values},
                    rule_based=repr(next(iter(values))),
                )
            )
        if any(isinstance(event, Redeal) for event in game.apply(best)):
            break
    return positions


def shift_gain(positions: Sequence[Position], shift: float) -> tuple[float, float, int]:
    """The realized gain per position of bidding past ``shift`` instead of past 0
    (mean, standard error), and the number of decisions that changed."""
    gains = []
    changed = 0
    for position in positions:
        shifted = position.expected > shift
        if shifted != (position.expected > 0):
            changed += 1
        gains.append(position.outcome * (int(shifted) - int(position.expected > 0)))
    return (*mean_and_error(gains), changed)


def best_mean_gain(positions: Sequence[Position]) -> tuple[float, float, int]:
    """The realized gain per position of the best mean over the rule-based bid (mean,
    standard error), and the number of positions where the two differ."""
    gains = []
    for position in positions:
        best = max(position.simulated, key=lambda action: position.simulated[action])
        gains.append(position.realized[best] - position.realized[position.rule_based])
    return (*mean_and_error(gains), sum(1 for gain in gains if gain))


def report(positions: Sequence[Position]) -> dict[str, Any]:
    """Calibration by bins of the simulation's margin, and the paired rule gains."""
    bins = []
    for low, high in itertools.pairwise(BINS):
        inside = [p for p in positions if low <= p.expected < high]
        bins.append(
            {
                "from": low,
                "to": high,
                "positions": len(inside),
                "expected": mean_and_error([p.expected for p in inside]),
                "realized": mean_and_error([p.outcome for p in inside]),
            }
        )
    return {
        "positions": len(positions),
        "bins": bins,
        "shifts": {shift: shift_gain(positions, shift) for shift in SHIFTS},
        "best mean over rule-based": best_mean_gain(positions),
    }


def main(argv: Sequence[str] | None = None) -> dict[str, Any]:
    """The command line entry point; returns the summary it prints."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, choices=(2, 3, 4), default=2)
    parser.add_argument("--deals", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1, help="first deal seed")
    parser.add_argument("--judge", default="strong", help="the expert level that bids")
    parser.add_argument(
        "--judge-options",
        default='{"budget": null}',
        help="JSON options of the judge (default: no clock, its cap of deals)",
    )
    parser.add_argument("--finish", default="medium", help="the kind that finishes hands")
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args(argv)
    options = json.loads(args.judge_options)
    jobs: list[Job] = [
        (seed, args.players, args.judge, options, args.finish)
        for seed in range(args.seed, args.seed + args.deals)
    ]
    found = map_jobs(bid_positions, jobs, args.jobs, chunksize=1)
    summary = report([position for positions in found for position in positions])
    print(
        f"{args.judge} bids, {args.finish} finishes, {args.players} players: "
        f"{summary['positions']} positions from {args.deals} deals"
    )
    print("  the simulation's margin of bidding: expected, realized")
    for part in summary["bins"]:
        if part["positions"]:
            print(
                f"    [{part['from']:+.0f}, {part['to']:+.0f}): {part['positions']:5d} positions"
                f"  {shown(part['expected'])}  {shown(part['realized'])}"
            )
    print("  realized gain per position of bidding past a shifted margin instead of 0:")
    for shift, (mean, error, changed) in summary["shifts"].items():
        print(f"    {shift:+.0f}: {shown((mean, error))}, {changed} decisions changed")
    mean, error, changed = summary["best mean over rule-based"]
    print(
        f"  realized gain of the best mean over the rule-based bid: {shown((mean, error))},"
        f" {changed} positions differ"
    )
    return summary


if __name__ == "__main__":
    main()
