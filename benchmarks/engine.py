"""Engine speed: random full hands through the public API, and the playout fast path.

    python -m benchmarks.engine [--seconds 3]

Prints hands per second for 2, 3 and 4 players (deal, bidding, play, scoring through
``legal_actions()`` and ``apply()``), and random playouts per second from the start of
the play on :mod:`engine.playout`. One process, so one core.
"""

from __future__ import annotations

import argparse
import random
import time

from engine import Game, HandScored, Phase, Rules
from engine.playout import play_state, random_playout


def hands_per_second(players: int, seconds: float) -> float:
    rng = random.Random(players)
    rules = Rules().replace(target=100_000)  # long games: the figure is about hands
    hands = 0
    game = Game.new(players, rules, seed=1)
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        for _ in range(200):
            if game.phase is Phase.FINISHED:
                game = Game.new(players, rules, seed=hands)
            for event in game.apply(rng.choice(game.legal_actions())):
                if type(event) is HandScored:
                    hands += 1
    return hands / (time.perf_counter() - start)


def playouts_per_second(players: int, seconds: float) -> float:
    rng = random.Random(players)
    states = []
    for seed in range(50):
        game = Game.new(players, Rules(), seed)
        while game.phase is not Phase.PLAY:
            game.apply(rng.choice(game.legal_actions()))
        states.append(play_state(game))
    random_float = rng.random
    done = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        for state in states:
            random_playout(state, random_float)
        done += len(states)
    return done / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    args = parser.parse_args()
    print("public API (legal_actions + apply, random legal actions):")
    for players in (2, 3, 4):
        rate = hands_per_second(players, args.seconds)
        print(f"  {players} players: {rate:9,.0f} hands/s")
    print("playout fast path (engine.playout.random_playout, from the first lead):")
    for players in (2, 3, 4):
        rate = playouts_per_second(players, args.seconds)
        print(f"  {players} players: {rate:9,.0f} playouts/s")


if __name__ == "__main__":
    main()
