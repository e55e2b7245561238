"""The computer players' fast paths give exactly what they gave before they were made
fast: random playouts, policy rollouts, exact solver values, sampled deals and the search
player's choices, on seeded positions of every rule set.

The expected digests in ``fast_paths.json`` were recorded from the code before the
speed-ups (commit 2d76aec) with ``python -m tests.ai.test_fast_paths``, and recorded again
without the solver's count of positions visited before its pruning changed (the values
stayed), and again when a 3-player defender's endgame came to be solved with the other
defender as its ally (only 3-player search choices changed), and when the defenders of 4
solo players came to be solved the same way (only 4-player search choices under the solo
rules changed), and when the voids a rollout learns came to be the rules' own
(:func:`engine.legal.shown_lacking`: a trump below the highest under the duty shows none
above it, and without ``must_trump`` a discard shows no lack of trumps; only the voids
left by the 3- and 4-player rollouts changed, every value and choice stayed); a change
that is meant to alter a result re-records them and says so.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from engine import Game, Phase
from engine.ai.infer import knowledge
from engine.ai.players.search import DEFAULT_SOLVER_CARDS, SearchPlayer
from engine.ai.rollout import play_out
from engine.ai.solver import Solver
from engine.legal import PlayRules
from engine.playout import play_state, random_playout

from .positions import RULE_SETS, positions

GOLDEN = Path(__file__).with_name("fast_paths.json")
PLAYERS = (2, 3, 4)


def _digest(value: object) -> str:
    return hashlib.sha256(repr(value).encode()).hexdigest()[:16]


def _games(players: int) -> Iterator[tuple[str, Game]]:
    """Positions of every phase, and each play position also played on (seeded random
    cards) to where the search's exact solver takes over."""
    for name in sorted(RULE_SETS):
        for number, game in enumerate(positions(players, RULE_SETS[name], seed=players, count=6)):
            yield f"{name}/{number}", game
            if game.phase is not Phase.PLAY:
                continue
            rng = random.Random(number)
            late = game.copy()
            hand = late.hand_number
            while late.phase is Phase.PLAY and late.hand_number == hand:
                seat = late.to_act
                assert seat is not None
                if late.hand_mask(seat).bit_count() <= DEFAULT_SOLVER_CARDS[players]:
                    yield f"{name}/{number}/late", late
                    break
                late.apply(rng.choice(late.legal_actions()))


def _play_results(game: Game, seed: int) -> list[object]:
    """Playout, rollout and solver results from a play position, every card known."""
    n = game.players
    state = play_state(game)
    out: list[object] = [random_playout(state, random.Random(seed).random)]
    seat = game.to_act
    assert seat is not None
    assert game.trump is not None
    assert game.bidder is not None
    info = knowledge(game.view(seat))
    hands = [game.hand_mask(s) for s in range(n)]
    trick = [card.index for _, card in game.trick]
    card_points = list(game.view(0).card_points)
    tricks = list(game.view(0).tricks_won)
    voids = list(info.forbidden)
    play = PlayRules.of(game.rules, n)
    last = play_out(
        hands, int(game.trump), state.trick_leader, trick, card_points, tricks, info.gone,
        voids, game.bidder, play,
    )  # fmt: skip
    out.append((last, hands, trick, card_points, tricks, voids))
    if game.hand_mask(seat).bit_count() <= 4:
        side = 1 << seat | (1 << (seat + 2) % 4 if n == 4 else 0)
        solver = Solver(n, int(game.trump), side, overtrump=play)
        # the value, not the positions visited: pruning may visit fewer for the same value
        out.append(solver.value(state.hands, state.trick_leader, state.trick_cards))
    return out


def results(players: int) -> dict[str, str]:
    """Each position's digest of everything the fast paths return on it."""
    found: dict[str, str] = {}
    player = SearchPlayer(seed=5, budget=None, samples=8)
    for label, game in _games(players):
        seat = game.to_act
        assert seat is not None
        view = game.view(seat)
        info = knowledge(view)
        rng = random.Random(label)
        out: list[object] = [info.sample(rng) for _ in range(3)]
        if game.phase is Phase.PLAY:
            out.extend(_play_results(game, len(found)))
        out.append((player.choose(view).code, player.last_samples))
        found[label] = _digest(out)
    return found


@pytest.mark.parametrize("players", PLAYERS)
def test_fast_paths_match_the_recorded_results(players: int) -> None:
    expected = json.loads(GOLDEN.read_text())[str(players)]
    assert len(expected) > 50  # the positions are still there to compare on
    assert results(players) == expected


def _record() -> None:
    GOLDEN.write_text(
        json.dumps({str(n): results(n) for n in PLAYERS}, indent=0, sort_keys=True) + "\n"
    )


if __name__ == "__main__":
    if sys.argv[1:] != ["--record"]:
        sys.exit("usage: python -m tests.ai.test_fast_paths --record")
    _record()
