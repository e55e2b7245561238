"""Playing strength on fixed deals: deterministic, so these are not flaky."""

from __future__ import annotations

import random

import pytest

from engine import Game, HandScored, Phase, Rules
from engine.ai.arena import MatchSpec, play_game, seatings
from engine.ai.infer import meld_layout
from engine.ai.rollout import HandFrame, play_out


@pytest.mark.parametrize(("players", "games", "minimum"), [(2, 40, 34), (3, 30, 15), (4, 20, 16)])
def test_heuristic_beats_random(players: int, games: int, minimum: int) -> None:
    wins = 0
    plan = seatings(players)
    rules = Rules(target=301)
    for k in range(games):
        spec = MatchSpec(
            players=players,
            rules=rules,
            seed=k // len(plan),
            seats=plan[k % len(plan)],
            kinds={"A": "heuristic", "B": "random"},
            options={},
        )
        wins += play_game(spec).winner == "A"
    assert wins >= minimum


@pytest.mark.parametrize("players", [2, 3, 4])
def test_rollout_scoring_matches_the_engine(players: int) -> None:
    rng = random.Random(players)
    for seed in range(30):
        game = Game.new(players, Rules.preset("kharkiv" if seed % 2 else "odessa"), seed)
        while game.phase is not Phase.PLAY:
            game.apply(rng.choice(game.legal_actions()))
        assert game.trump is not None
        assert game.bidder is not None
        assert game.to_act is not None
        trump = int(game.trump)
        start = [game.hand_mask(s) for s in range(players)]
        layout = meld_layout(start, trump, game.to_act, game.rules)
        frame = HandFrame(
            game.rules,
            players,
            game.hand_number,
            game.dealer,
            game.bidder,
            trump,
            0,
            (0,) * game.sides,
        )
        card_points = [0] * players
        tricks = [0] * players
        last = play_out(
            list(start),
            trump,
            game.to_act,
            [],
            card_points,
            tricks,
            0,
            [0] * players,
            game.bidder,
            game.rules.overtrump,
        )
        played = sum(h.bit_count() for h in start)
        assert sum(tricks) * players == played
        # replay the same hand in the engine with random cards and compare scoring
        result = None
        while result is None:
            for event in game.apply(rng.choice(game.legal_actions())):
                if isinstance(event, HandScored):
                    result = event.result
        points = [0] * players
        won = [0] * players
        for line in result.sides:
            for seat in range(players):
                if (seat % 2 if players == 4 else seat) == line.side:
                    points[seat] = line.card_points
                    won[seat] = line.tricks
                    break
        last_seat = next(
            s for s in range(players) if result.sides[s % 2 if players == 4 else s].last_trick
        )
        written = [line.written for line in result.sides]
        for side in range(len(written)):
            mine = written[side]
            expected = mine - (sum(written) - mine) / (len(written) - 1)
            assert frame.utility(side, layout, points, won, last_seat) == pytest.approx(expected)
        del last, card_points


def test_search_beats_heuristic_in_its_own_bidding_positions() -> None:
    # A cheap sanity check: search with a few samples chooses legal bids and plays a
    # whole game against the heuristic without error.
    spec = MatchSpec(
        players=2,
        rules=Rules(target=151),
        seed=3,
        seats=("A", "B"),
        kinds={"A": "search", "B": "heuristic"},
        options={"search": {"budget": None, "samples": 6}},
    )
    record = play_game(spec)
    assert record.winner in ("A", "B")
    assert record.hands >= 1
