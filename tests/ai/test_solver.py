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


def _twin_positions(
    players: int, cards: int, count: int
) -> list[tuple[list[int], int, int, list[int]]]:
    """Random positions (hands, trump, leader, open trick) in which one seat holds the 7
    and the 9 of a plain suit, worth nothing, and another seat the 8 between them, or the
    seat holds the 8 too: where the solver may play only one of them, or must try both."""
    rng = random.Random(players * 100 + cards)
    found: list[tuple[list[int], int, int, list[int]]] = []
    while len(found) < count:
        trump = rng.randrange(4)
        suit = rng.choice([other for other in range(4) if other != trump])
        seven, eight, nine = suit * 8, suit * 8 + 1, suit * 8 + 2
        holder, other = rng.sample(range(players), 2)
        rest = rng.sample([c for c in range(32) if c not in (seven, eight, nine)], 32 - 3)
        dealt: list[list[int]] = [[] for _ in range(players)]
        dealt[holder] += [seven, nine]
        dealt[holder if rng.random() < 0.3 else other].append(eight)
        for seat in range(players):
            while len(dealt[seat]) < cards:
                dealt[seat].append(rest.pop())
        hands = [sum(1 << c for c in hand) for hand in dealt]
        leader = rng.randrange(players)
        trick: list[int] = []
        if rng.random() < 0.5:
            card = rng.choice(dealt[leader])
            hands[leader] ^= 1 << card
            trick.append(card)
        found.append((hands, trump, leader, trick))
    return found


@pytest.mark.parametrize("players", [2, 3])
@pytest.mark.parametrize("overtrump", [True, False])
def test_solver_is_exact_where_worthless_cards_play_alike(players: int, overtrump: bool) -> None:
    # the solver tries one of two worthless cards of a suit with no live card between
    # them, and cuts off windows that the points left cannot reach: neither may change
    # a value
    cards = 5 if players == 2 else 4
    for hands, trump, leader, trick in _twin_positions(players, cards, 40):
        seat = (leader + len(trick)) % players
        side = 1 << seat
        expected = brute_force(hands, trump, leader, trick, side, overtrump=overtrump)
        solver = Solver(players, trump, side, overtrump=overtrump)
        assert solver.value(hands, leader, trick) == expected
