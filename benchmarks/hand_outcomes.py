"""Count what one hand writes, side by side, over rule-based games: the table of
``engine/ai/hand_outcomes.json`` (:data:`engine.ai.outlook.OUTCOMES_FILE`).

    python -m benchmarks.hand_outcomes --players 2 --games 1500
    python -m benchmarks.hand_outcomes --players 4 --games 1000

Prints the entries ([points of side 0, of side 1, in steps of
:data:`engine.ai.outlook.STEP`, rounded; hands], sorted) as the file holds them.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter

from engine import Game, HandScored, Phase, Rules
from engine.ai.outlook import STEP
from engine.ai.players.heuristic import heuristic_action


def hand_outcomes(players: int, games: int) -> Counter[tuple[int, int]]:
    """Hands of ``games`` rule-based games (seeds 0 up), by what each side wrote."""
    counts: Counter[tuple[int, int]] = Counter()
    rules = Rules.preset("odessa")
    for seed in range(games):
        game = Game.new(players, rules, seed)
        while game.phase is not Phase.FINISHED:
            seat = game.to_act
            assert seat is not None
            for event in game.apply(heuristic_action(game.view(seat))):
                if isinstance(event, HandScored):
                    written = [line.written for line in event.result.sides]
                    counts[round(written[0] / STEP), round(written[1] / STEP)] += 1
    return counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, choices=(2, 4), default=2)
    parser.add_argument("--games", type=int, default=1500)
    args = parser.parse_args()
    counts = hand_outcomes(args.players, args.games)
    print(f"{sum(counts.values())} hands")
    entries = [[x, y, n] for (x, y), n in sorted(counts.items())]
    print(json.dumps(entries, separators=(",", ":")))


if __name__ == "__main__":
    main()
