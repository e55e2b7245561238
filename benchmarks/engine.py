"""Engine speed: random full hands through the public API, the playout fast path, and
what the search player burns per decision.

    python -m benchmarks.engine [--seconds 3] [--repeat 1] [--clock wall|cpu] [--only ...]

Prints, for 2, 3 and 4 players:

- hands per second through ``legal_actions()`` and ``apply()`` (deal, bidding, play,
  scoring, random legal actions);
- random playouts per second from the first lead (:func:`engine.playout.random_playout`);
- policy rollouts per second from the first lead (:func:`engine.ai.rollout.play_out`,
  the rule-based play search uses for every seat of a sampled deal);
- search samples per second: deals a :class:`~engine.ai.players.search.SearchPlayer`
  (no clock, a fixed sample cap) scores per second of its decisions, over a fixed set
  of play-phase views (sampling, meld layouts, rollouts or the solver, scoring);
- solver positions per second: endgames solved exactly by :class:`engine.ai.solver.Solver`.

One process, so one core. On a busy machine ``--clock cpu --repeat 5 --seconds 1``
counts this process's CPU time and prints the best of five runs of each measurement:
other work only ever slows a run down.
"""

from __future__ import annotations

import argparse
import random
import time

from engine import Game, HandScored, Phase, Rules
from engine.ai.players.search import DEFAULT_SOLVER_CARDS, SearchPlayer
from engine.ai.rollout import play_out
from engine.ai.solver import Solver
from engine.legal import PlayRules
from engine.playout import play_state, random_playout
from engine.view import PlayerView

KINDS = ("api", "random", "rollout", "search", "solver")

clock = time.perf_counter
"""What the rates are per second of: wall time, or with ``--clock cpu`` this process's
CPU time (steadier when other work shares the cores)."""


def hands_per_second(players: int, seconds: float) -> float:
    rng = random.Random(players)
    rules = Rules().replace(target=100_000)  # long games: the figure is about hands
    hands = 0
    game = Game.new(players, rules, seed=1)
    start = clock()
    deadline = start + seconds
    while clock() < deadline:
        for _ in range(200):
            if game.phase is Phase.FINISHED:
                game = Game.new(players, rules, seed=hands)
            for event in game.apply(rng.choice(game.legal_actions())):
                if type(event) is HandScored:
                    hands += 1
    return hands / (clock() - start)


def _first_leads(players: int, count: int) -> list[Game]:
    """Games at the first lead of a hand, dealt and bid with seeded random actions."""
    rng = random.Random(players)
    games = []
    for seed in range(count):
        game = Game.new(players, Rules(), seed)
        while game.phase is not Phase.PLAY:
            game.apply(rng.choice(game.legal_actions()))
        games.append(game)
    return games


def playouts_per_second(players: int, seconds: float) -> float:
    rng = random.Random(players)
    states = [play_state(game) for game in _first_leads(players, 50)]
    random_float = rng.random
    done = 0
    start = clock()
    deadline = start + seconds
    while clock() < deadline:
        for state in states:
            random_playout(state, random_float)
        done += len(states)
    return done / (clock() - start)


def rollouts_per_second(players: int, seconds: float) -> float:
    starts = []
    for game in _first_leads(players, 50):
        assert game.trump is not None
        assert game.bidder is not None
        assert game.to_act is not None
        hands = [game.hand_mask(seat) for seat in range(players)]
        gone = 0
        for card in game.refused:
            gone |= card.mask
        starts.append(
            (
                hands,
                int(game.trump),
                game.to_act,
                gone,
                game.bidder,
                PlayRules.of(game.rules, players),
            )
        )
    done = 0
    start = clock()
    deadline = start + seconds
    while clock() < deadline:
        for hands, trump, leader, gone, bidder, play in starts:
            play_out(
                list(hands), trump, leader, [], [0] * players, [0] * players, gone,
                [0] * players, bidder, play,
            )  # fmt: skip
        done += len(starts)
    return done / (clock() - start)


def search_views(players: int, count: int) -> list[PlayerView]:
    """Views of the seat to act at seeded random points of the play (every stage of it)."""
    rng = random.Random(1000 + players)
    views: list[PlayerView] = []
    seed = 0
    while len(views) < count:
        seed += 1
        game = Game.new(players, Rules(), seed)
        while game.phase is not Phase.PLAY:
            game.apply(rng.choice(game.legal_actions()))
        for _ in range(rng.randrange(players * 8 - 1)):
            game.apply(rng.choice(game.legal_actions()))
        if game.phase is Phase.PLAY and len(game.legal_actions()) > 1:
            assert game.to_act is not None
            views.append(game.view(game.to_act))
    return views


def search_samples_per_second(players: int, seconds: float) -> float:
    views = search_views(players, 12)
    # 200 deals a decision: the real player's cap is 1000, and what search keeps per
    # decision (the solver's table, scored outcomes) pays off over many deals
    player = SearchPlayer(seed=7, budget=None, samples=200)
    done = 0
    start = clock()
    deadline = start + seconds
    while clock() < deadline:
        for view in views:
            player.choose(view)
            done += player.last_samples
    return done / (clock() - start)


def solver_positions(players: int, count: int) -> list[tuple[list[int], int, int, int, PlayRules]]:
    """Endgames at the first lead with the search's solver depth left in every hand."""
    rng = random.Random(2000 + players)
    left = DEFAULT_SOLVER_CARDS[players]
    found = []
    for game in _first_leads(players, count):
        while len(game.hand(0)) > left or game.trick:
            game.apply(rng.choice(game.legal_actions()))
        assert game.trump is not None
        assert game.to_act is not None
        hands = [game.hand_mask(seat) for seat in range(players)]
        side = 0b101 if players == 4 else 1 << game.to_act
        found.append((hands, int(game.trump), game.to_act, side, PlayRules.of(game.rules, players)))
    return found


def solved_per_second(players: int, seconds: float) -> float:
    positions = solver_positions(players, 50)
    done = 0
    start = clock()
    deadline = start + seconds
    while clock() < deadline:
        for hands, trump, leader, side, play in positions:
            Solver(players, trump, side, overtrump=play).value(hands, leader, [])
        done += len(positions)
    return done / (clock() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    parser.add_argument(
        "--repeat", type=int, default=1, help="runs per measurement; the best is printed"
    )
    parser.add_argument(
        "--clock", choices=("wall", "cpu"), default="wall", help="rates per wall or CPU second"
    )
    parser.add_argument(
        "--only", default=",".join(KINDS), help=f"comma-separated subset of {','.join(KINDS)}"
    )
    args = parser.parse_args()
    kinds = args.only.split(",")
    global clock
    clock = time.process_time if args.clock == "cpu" else time.perf_counter
    measures = (
        ("api", "public API (legal_actions + apply, random legal actions)", "hands/s",
         hands_per_second),
        ("random", "playout fast path (engine.playout.random_playout, from the first lead)",
         "playouts/s", playouts_per_second),
        ("rollout", "policy rollouts (engine.ai.rollout.play_out, from the first lead)",
         "rollouts/s", rollouts_per_second),
        ("search", "search samples (SearchPlayer, budget=None, samples=200, 12 play views)",
         "samples/s", search_samples_per_second),
        ("solver", "solver (engine.ai.solver.Solver, endgames from the search's depth)",
         "positions/s", solved_per_second),
    )  # fmt: skip
    for kind, title, unit, measure in measures:
        if kind not in kinds:
            continue
        print(f"{title}:")
        for players in (2, 3, 4):
            rate = max(measure(players, args.seconds) for _ in range(args.repeat))
            print(f"  {players} players: {rate:9,.0f} {unit}", flush=True)


if __name__ == "__main__":
    main()
