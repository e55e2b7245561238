"""``engine.playout``, the bare-mask fast path for computer players, follows the same play
rules as ``Game`` (RULES.md §6): compared on positions from random games."""

from __future__ import annotations

import random

import pytest

from engine import (
    KHARKIV_H13,
    Game,
    OvertrumpScope,
    Phase,
    PlayRules,
    Rules,
    ThreePlayerBait,
    TrickWon,
    points,
)
from engine.cards import cards_of
from engine.playout import legal_mask, play_state, random_playout

from . import reference as ref
from .decks import first_policy

# Part 1's rule sets (the reference model knows part 1): kharkiv as RULES.md had it.
RULE_SETS = [
    Rules(),
    Rules(overtrump=False),
    Rules(
        trump_priority=False,
        obligatory_dealer=True,
        bolt_penalty=50,
        third_bait_penalty=100,
        three_player_bait=ThreePlayerBait.HALF,
    ),
]
# Part 2's play rules (RULES-VARIANTS §14-16), checked against the game only.
PLAY_VARIANTS = [
    Rules(must_trump=False),
    Rules(overtrump_scope=OvertrumpScope.TRUMP_LED),
    Rules(overtrump_partner=False),
    Rules(must_trump=False, overtrump_scope=OvertrumpScope.TRUMP_LED, overtrump_partner=False),
    KHARKIV_H13,
]


def _play_positions(players: int, rules: Rules, seed: int) -> list[Game]:
    """Copies of a random game at every play decision of its first few hands."""
    rng = random.Random(seed)
    game = Game.new(players, rules.replace(target=100_000), seed)
    positions: list[Game] = []
    while game.hand_number <= 3:
        if game.phase is Phase.PLAY:
            positions.append(game.copy())
        actions = game.legal_actions()
        if game.phase is Phase.BIDDING:
            action = actions[-1] if rng.random() < 0.4 else rng.choice(actions)
        else:
            action = rng.choice(actions)
        game.apply(action)
    return positions


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("rules", RULE_SETS, ids=["odessa", "no-overtrump", "kharkiv"])
def test_legal_mask_agrees_with_the_game_and_the_rules(players: int, rules: Rules) -> None:
    for seed in range(6):
        for game in _play_positions(players, rules, seed):
            seat = game.to_act
            assert seat is not None
            trump = game.trump
            assert trump is not None
            trick = [card.index for _, card in game.trick]
            mask = legal_mask(game.hand_mask(seat), trick, int(trump), rules.overtrump)
            assert mask == game.legal_card_mask()
            expected = ref.legal_cards(
                [c.code for c in game.hand(seat)],
                [c.code for _, c in game.trick],
                trump.letter,
                rules.overtrump,
            )
            assert {c.code for c in cards_of(mask)} == expected


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("rules", PLAY_VARIANTS)
def test_legal_mask_agrees_with_the_game_under_part_two(players: int, rules: Rules) -> None:
    play_rules = PlayRules.of(rules, players)
    for seed in range(4):
        for game in _play_positions(players, rules, seed):
            seat = game.to_act
            assert seat is not None
            assert game.trump is not None
            trick = [card.index for _, card in game.trick]
            mask = legal_mask(game.hand_mask(seat), trick, int(game.trump), play_rules)
            assert mask == game.legal_card_mask()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_play_state_mirrors_the_game(players: int) -> None:
    for game in _play_positions(players, Rules(), seed=players)[:40]:
        state = play_state(game)
        assert state.players == players
        assert state.hands == [game.hand_mask(s) for s in range(players)]
        assert game.trump is not None
        assert state.trump == int(game.trump)
        assert state.trick_cards == [card.index for _, card in game.trick]
        leader = game.trick[0][0] if game.trick else game.to_act
        assert state.trick_leader == leader
        assert state.card_points == list(game.view(0).card_points)


def test_play_state_needs_the_play_phase() -> None:
    game = Game.new(3, Rules(), seed=1)
    with pytest.raises(ValueError, match="play phase"):
        play_state(game)


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("rules", RULE_SETS, ids=["odessa", "no-overtrump", "kharkiv"])
def test_a_lowest_card_playout_is_the_game_played_with_the_lowest_card(
    players: int, rules: Rules
) -> None:
    """``random_float`` always 0 picks the lowest legal card, as ``first_policy`` does."""
    for seed in range(3):
        for game in _play_positions(players, rules, seed)[::5]:
            state = play_state(game)
            start_hands = list(state.hands)
            taken = random_playout(state, lambda: 0.0)
            assert state.hands == start_hands, "the state is not changed"
            expected = list(game.view(0).card_points)
            hand = game.hand_number
            while game.hand_number == hand and game.phase is Phase.PLAY:
                events = game.apply(first_policy(game))
                for trick in (e for e in events if isinstance(e, TrickWon)):
                    expected[trick.winner] += trick.points + (10 if trick.last else 0)
            assert taken == expected


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_playouts_conserve_points(players: int) -> None:
    rng = random.Random(players)
    for game in _play_positions(players, Rules(), seed=7)[::3]:
        state = play_state(game)
        trump = game.trump
        assert trump is not None
        remaining = sum(
            points(card, trump) for seat in range(players) for card in game.hand(seat)
        ) + sum(points(card, trump) for _, card in game.trick)
        for _ in range(5):
            taken = random_playout(state, rng.random)
            assert sum(taken) == sum(state.card_points) + remaining + 10
            assert all(t >= s for t, s in zip(taken, state.card_points, strict=True))
