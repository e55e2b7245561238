"""What the other seats' bids and plays tell a searching seat about their hands.

    python -m benchmarks.evidence_gain --opponent search [--players 2] [--games 20]
        [--seed 1] [--deals 40] [--jobs 2] [--opponent-options JSON]

Seat 0 is a ``search`` player at 30 deals a decision; every other seat plays
``--opponent``. At each decision of seat 0 with a choice, once another seat has bid or
played, the true deal and ``--deals`` deals drawn from seat 0's view (every constraint of
:mod:`engine.ai.infer`, no evidence) are judged by the two models the search reads:

- the plays (:mod:`engine.ai.play_evidence`): a deal where the rule-based policy would
  have played ``m`` of the other seats' cards otherwise weighs ``(1 - play_trust)**m``;
- the bids (:mod:`engine.ai.evidence`): a deal whose hands would have bid otherwise weighs
  ``1 - trust`` (with 2-3 players in the play, on six of the nine cards, three set aside
  at random as the search does: the true deal is judged eight times and averaged).

For each weight it prints the information gain, the mean over decisions of
``log(weight of the true deal / mean weight of the drawn deals)`` in nats: how much more
likely than a drawn deal the model makes the truth. Above 0 the model informs the
search; below 0 it misleads it, and the deals it keeps lie further from the truth than
deals drawn blind. A play that neither the true deal nor a drawn one explains counts
against all alike and cancels.

The plays are judged apart by what the earlier hands of the game showed of the other
seats: none yet (the first hand), every card played by the rules, or some card played
otherwise (:func:`~engine.ai.play_evidence.off_rules_seats`). Then the search's own
weights (:class:`~engine.ai.play_evidence.PlayBeliefs`, :data:`BELIEFS`) judge every
decision whole, each seat weighed as what its earlier hands show it to be; their
"true" and "drawn" columns are the mean weights.
"""

from __future__ import annotations

import argparse
import json
import math
import random
from collections.abc import Sequence
from typing import Any

from engine import Game, Phase, Rules
from engine.ai import KINDS, make_player
from engine.ai.arena import SEARCHING
from engine.ai.evidence import bids_agree
from engine.ai.infer import Deal, hand_plays, knowledge
from engine.ai.play_evidence import PlayBeliefs, PlayEvidence, off_rules_seats
from engine.view import PlayerView

from .jobs import map_jobs

TRUSTS = (0.3, 0.5, 0.6, 0.7, 0.8, 0.9, 0.95, 0.99)
"""The weights (``trust``, ``play_trust``) the gains are printed for."""
BELIEFS: tuple[tuple[float, float | None], ...] = (
    (0.9, None), (0.95, None), (0.9, 0.6), (0.95, 0.6), (0.99, 0.6), (0.95, 0.5),
)  # fmt: skip
"""The search's own weights of the plays, ``play_trust`` and ``play_trust_off``
(:class:`~engine.ai.play_evidence.PlayBeliefs`), judged whole: each seat weighed as
what its earlier hands show it to be."""

_TRUE_BID_DRAWS = 8
_OBSERVER_DEALS = 30

Judged = tuple[str, float, list[float]]
"""(model and phase, the true deal's judgement, the drawn deals'): misses for the plays,
the share agreeing for the bids."""
Job = tuple[int, int, str, dict[str, Any], int]


def judge_game(job: Job) -> list[Judged]:
    """Play one game from ``seed`` and judge the deals at seat 0's decisions."""
    seed, players, opponent, options, deals = job
    rules = Rules.preset("odessa")
    game = Game.new(players, rules, seed)
    seats = [make_player("search", seed * 10, samples=_OBSERVER_DEALS, budget=None)]
    seats += [make_player(opponent, seed * 10 + seat, **options) for seat in range(1, players)]
    judged: list[Judged] = []
    while game.phase is not Phase.FINISHED:
        seat = game.to_act
        assert seat is not None
        view = game.view(seat)
        if seat == 0 and len(view.legal_actions) > 1:
            judged += _judge(game, view, random.Random(seed * 1000 + len(judged)), deals)
        game.apply(seats[seat].choose(view))
    return judged


def _judge(game: Game, view: PlayerView, rng: random.Random, deals: int) -> list[Judged]:
    info = knowledge(view)
    true = Deal(tuple(game.hand_mask(seat) for seat in range(view.players)), ())
    drawn = [info.sample(rng) for _ in range(deals)]
    judged: list[Judged] = []
    if any(seat != view.seat for seat, _ in view.bids):
        agree = sum(bids_agree(view, info, true, rng) for _ in range(_TRUE_BID_DRAWS))
        judged.append(
            (
                f"bids, {view.phase.name.lower()}",
                agree / _TRUE_BID_DRAWS,
                [float(bids_agree(view, info, deal, rng)) for deal in drawn],
            )
        )
    if view.phase is Phase.PLAY and any(
        seat != view.seat for trick in hand_plays(view) for seat, _ in trick
    ):
        plays = PlayEvidence(view, info)
        judged.append(
            (
                f"plays, {_past(view)}",
                float(plays.misses(true.hands)),
                [float(plays.misses(deal.hands)) for deal in drawn],
            )
        )
        true_misses = plays.misses_by_seat(true.hands)
        drawn_misses = [plays.misses_by_seat(deal.hands) for deal in drawn]
        for trust, trust_off in BELIEFS:
            beliefs = PlayBeliefs(view, trust, trust_off)
            judged.append(
                (
                    _weighed(trust, trust_off),
                    beliefs.weight(true_misses),
                    [beliefs.weight(misses) for misses in drawn_misses],
                )
            )
    return judged


_WEIGHED = "plays weighed"


def _weighed(trust: float, trust_off: float | None) -> str:
    return f"{_WEIGHED} {trust} / {trust_off}"


def _past(view: PlayerView) -> str:
    """What the earlier hands of the game showed of the other seats' play."""
    if not view.past_hands:
        return "first hand"
    others = ((1 << view.players) - 1) & ~(1 << (view.seat or 0))
    return "found off the rules" if off_rules_seats(view) & others else "by the rules so far"


def gain(judged: Sequence[tuple[float, Sequence[float]]], trust: float, plays: bool) -> float:
    """The mean information gain in nats at ``trust``: see the module docstring."""
    spared = 1.0 - trust

    def weight(value: float) -> float:
        # misses for the plays; for the bids the share of draws that agree
        return spared**value if plays else value + (1.0 - value) * spared

    return weighed_gain(
        [(weight(truth), [weight(value) for value in drawn]) for truth, drawn in judged]
    )


def weighed_gain(weights: Sequence[tuple[float, Sequence[float]]]) -> float:
    """The mean information gain in nats of deals already weighed: see the module
    docstring."""
    total = 0.0
    for truth, drawn in weights:
        total += math.log(truth / (sum(drawn) / len(drawn)))
    return total / len(weights)


def report(judged: Sequence[Judged]) -> dict[str, Any]:
    """Per model and phase: decisions, the true and drawn means, the gain per weight."""
    by_model: dict[str, list[tuple[float, list[float]]]] = {}
    for model, truth, drawn in judged:
        by_model.setdefault(model, []).append((truth, drawn))
    summary: dict[str, Any] = {}
    for model, rows in sorted(by_model.items()):
        plays = model.startswith("plays")
        summary[model] = {
            "decisions": len(rows),
            "true": sum(truth for truth, _ in rows) / len(rows),
            "drawn": sum(sum(drawn) / len(drawn) for _, drawn in rows) / len(rows),
            "gain": (
                {"as weighed": weighed_gain(rows)}
                if model.startswith(_WEIGHED)
                else {str(trust): gain(rows, trust, plays) for trust in TRUSTS}
            ),
        }
    return summary


def main(argv: Sequence[str] | None = None) -> dict[str, Any]:
    """Run the benchmark from the command line; returns the summary it prints."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--opponent", choices=KINDS, required=True, help="the other seats' kind")
    parser.add_argument("--players", type=int, choices=(2, 3, 4), default=2)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1, help="first game seed")
    parser.add_argument("--deals", type=int, default=40, help="deals drawn per decision")
    parser.add_argument("--opponent-options", default=None, help="JSON options of the kind")
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args(argv)
    options: dict[str, Any] = (
        json.loads(args.opponent_options)
        if args.opponent_options is not None
        else {"samples": _OBSERVER_DEALS, "budget": None}
        if args.opponent in SEARCHING
        else {}
    )
    jobs = [
        (seed, args.players, args.opponent, options, args.deals)
        for seed in range(args.seed, args.seed + args.games)
    ]
    games = map_jobs(judge_game, jobs, args.jobs)
    summary = report([row for game in games for row in game])
    print(
        f"seat 0 (search, {_OBSERVER_DEALS} deals) against {args.opponent}, {args.players} "
        f"players, {args.games} games from seed {args.seed}, {args.deals} deals drawn a decision"
    )
    print(f"{'model':18s} {'decisions':>9s} {'true':>5s} {'drawn':>5s}  gain at each weight")
    for model, line in summary.items():
        gains = "  ".join(f"{trust}: {value:+.3f}" for trust, value in line["gain"].items())
        print(
            f"{model:18s} {line['decisions']:9d} {line['true']:5.2f} {line['drawn']:5.2f}  {gains}"
        )
    return summary


if __name__ == "__main__":
    main()
