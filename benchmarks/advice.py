"""What the strong player's advice costs: a hint's time and deals, a hand's review.

    python -m benchmarks.advice --hands 6 --players 2 --hint-budget 1.0 --review-budget 0.15

Hands are played at random (seat 0 plays badly, as a learner might); in each, a hint is
asked at seat 0's first choice of each phase (the bidding, the play, ...), and the hand
is reviewed afterwards with the per-decision budget the bot uses. One process, no pool: the
figures are one worker's.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from engine import Game, Phase, Rules
from engine.ai.advice import advise, strong_evaluator
from engine.ai.review import review, seat_decisions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=6)
    parser.add_argument("--players", type=int, default=2, choices=(2, 3, 4))
    parser.add_argument("--hint-budget", type=float, default=1.0)
    parser.add_argument("--review-budget", type=float, default=0.15)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    hint_times: list[float] = []
    hint_deals: list[int] = []
    review_times: list[float] = []
    decisions_per_hand: list[int] = []
    named: list[int] = []
    for hand in range(args.hands):
        seed = args.seed * 1000 + hand
        game, log, rng = Game.new(args.players, Rules(), seed), [], random.Random(seed)
        hinted: set[Phase] = set()
        while game.phase is not Phase.FINISHED and not game.sheet:
            seat = game.to_act
            assert seat is not None
            view = game.view(seat)
            # one hint a hand in the bidding and one in the play, at seat 0's first choice
            if seat == 0 and len(view.legal_actions) > 1 and view.phase not in hinted:
                hinted.add(view.phase)
                began = time.perf_counter()
                advice = advise(view, strong_evaluator(seed, budget=args.hint_budget))
                hint_times.append(time.perf_counter() - began)
                hint_deals.append(advice.deals or 0)
            action = rng.choice(game.legal_actions())
            game.apply(action)
            log.append((seat, action))
        decisions = seat_decisions(args.players, Rules(), seed, log, seat=0, hand=1)
        began = time.perf_counter()
        found = review(decisions, strong_evaluator(seed, budget=args.review_budget))
        review_times.append(time.perf_counter() - began)
        decisions_per_hand.append(len(decisions))
        named.append(len(found))
    print(
        f"players {args.players}, {args.hands} hands; hint budget {args.hint_budget} s, "
        f"review budget {args.review_budget} s a decision"
    )
    print(
        f"hint: {len(hint_times)} asked, median {statistics.median(hint_times):.3f} s, "
        f"max {max(hint_times):.3f} s, median {statistics.median(hint_deals):.0f} deals"
    )
    print(
        f"review: median {statistics.median(decisions_per_hand):.0f} decisions a hand, "
        f"median {statistics.median(review_times):.2f} s, max {max(review_times):.2f} s, "
        f"mistakes named per hand {named}"
    )


if __name__ == "__main__":
    main()
