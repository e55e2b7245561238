"""Calibrating the heuristic bidder: what a hand's estimated worth is worth in play.

    python -m benchmarks.arena_calibrate [--deals 3000] [--players 2]

For random deals, the first to speak is made to take the proposed trump; the hand is
then finished by the rule-based players. Prints, per band of
:func:`engine.ai.bidding.hand_worth`, the mean value of
the hand to the bidder's side: the threshold belongs where that value turns positive.
"""

from __future__ import annotations

import argparse
from collections import defaultdict

from engine import Game, Rules
from engine.actions import TAKE_PROPOSED
from engine.ai.bidding import hand_worth
from engine.ai.simulate import simulate_hand


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=3000)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--round", type=int, default=1)
    args = parser.parse_args()
    rules = Rules()
    n = args.players
    bands: dict[int, list[float]] = defaultdict(list)
    for seed in range(args.deals):
        game = Game.new(n, rules, seed)
        seat = game.to_act
        assert seat is not None
        assert game.proposed is not None
        trump = game.proposed.index >> 3
        worth = hand_worth(game.hand_mask(seat), trump, rules)
        side = seat % 2 if n == 4 else seat
        value = simulate_hand(game, side, TAKE_PROPOSED)
        band = int(worth // 10) * 10
        bands[band].append(value)
    for band in sorted(bands):
        values = bands[band]
        mean = sum(values) / len(values)
        print(f"worth {band:4d}-{band + 9:<4d} n={len(values):5d} value={mean:7.1f}")


if __name__ == "__main__":
    main()
