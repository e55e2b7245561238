"""The exact endgame solver against plain minimax."""

from __future__ import annotations

import random

import pytest

from engine import Game, Phase, Rules
from engine.ai.solver import Solver, brute_force, decode
from engine.playout import PlayState, play_state


def _endgame(players: int, cards: int, seed: int, rules: Rules) -> PlayState | None:
    rng = random.Random(seed)
    game = Game.new(players, rules, seed)
    while game.phase is not Phase.PLAY:
        game.apply(rng.choice(game.legal_actions()))
    hand_number = game.hand_number
    while game.phase is Phase.PLAY and game.hand_number == hand_number:
        seat = game.to_act
        assert seat is not None
        if game.hand_mask(seat).bit_count() <= cards and rng.random() < 0.5:
            return play_state(game)
        game.apply(rng.choice(game.legal_actions()))
    return None


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("overtrump", [True, False])
def test_solver_agrees_with_brute_force(players: int, overtrump: bool) -> None:
    rules = Rules(overtrump=overtrump)
    cards = 4 if players < 4 else 3
    checked = 0
    for seed in range(40):
        state = _endgame(players, cards, seed, rules)
        if state is None:
            continue
        seat = (state.trick_leader + len(state.trick_cards)) % players
        side = 1 << seat
        if players == 4:
            side |= 1 << ((seat + 2) % 4)
        solver = Solver(players, state.trump, side, overtrump=overtrump)
        expected = brute_force(
            state.hands,
            state.trump,
            state.trick_leader,
            state.trick_cards,
            side,
            overtrump=overtrump,
        )
        assert solver.value(state.hands, state.trick_leader, state.trick_cards) == expected
        # a second question to the same solver reuses its table and must still be exact
        assert solver.value(state.hands, state.trick_leader, state.trick_cards) == expected
        checked += 1
    assert checked >= 20


def test_solver_value_counts_the_last_trick() -> None:
    # 2 players, trump spades, one card each: seat 0 leads A♥, seat 1 has only 7♥.
    ace, seven = 3 * 8 + 7, 3 * 8 + 0
    solver = Solver(2, 0, 1 << 0)
    taken, last = decode(solver.value([1 << ace, 1 << seven], 0, []))
    assert (taken, last) == (11 + 10, True)
    assert decode(Solver(2, 0, 1 << 1).value([1 << ace, 1 << seven], 0, [])) == (0, False)
