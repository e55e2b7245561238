"""Finishing a sampled hand for search: the play solved exactly (``ExactPlay``), and
the bids scored that way with 2 players (``exact_bids``)."""

from __future__ import annotations

import pytest

from engine import Action, Phase, PlayerView, Rules
from engine.ai import ExpertPlayer
from engine.ai.simulate import ExactPlay
from engine.ai.solver import brute_force, decode
from engine.legal import PlayRules

from .positions import positions
from .test_solver import _endgame


@pytest.mark.parametrize("players", [2, 4])
def test_the_exact_play_credits_the_bidders_side_with_what_minimax_finds(players: int) -> None:
    rules = Rules()
    cards = 4 if players == 2 else 3
    checked = 0
    for seed in range(40):
        state = _endgame(players, cards, seed, rules)
        if state is None or state.trick_cards:
            continue
        bidder = seed % players
        # two sides either way: the players, or the pairs
        side = sum(1 << seat for seat in range(players) if seat % 2 == bidder % 2)
        taken, bidder_last = decode(
            brute_force(state.hands, state.trump, state.trick_leader, [], side)
        )
        exact = ExactPlay(cards, PlayRules.of(rules, players))
        card_points, tricks = [0] * players, [0] * players
        last = exact.finish(
            list(state.hands), state.trump, state.trick_leader, bidder, side, card_points, tricks
        )
        assert last is not None
        assert (last % 2 == bidder % 2) is bidder_last
        bidders = sum(card_points[seat] for seat in range(players) if side >> seat & 1)
        assert bidders + (10 if bidder_last else 0) == taken
        checked += 1
    assert checked >= 10


def test_the_exact_play_leaves_larger_hands_to_the_rollouts() -> None:
    exact = ExactPlay(3, PlayRules.of(Rules(), 2))
    card_points, tricks = [0, 0], [0, 0]
    hands = [0b1111, 0b1111 << 8]
    assert exact.finish(hands, 0, 0, 0, 0b01, card_points, tricks) is None
    assert card_points == [0, 0]
    assert tricks == [0, 0]


def _bid_values(view: PlayerView, exact_bids: bool) -> dict[Action, float]:
    player = ExpertPlayer(
        3, budget=None, samples=3, caution=0.0, solver_cards={2: 9}, exact_bids=exact_bids
    )
    return player.action_values(view)


@pytest.mark.parametrize("players", [2, 3])
def test_exact_bids_play_the_sampled_hands_exactly_where_the_depth_covers_them(
    players: int,
) -> None:
    # with 2 players the depth of 9 covers the whole hand: the bids' values change; with
    # 3 the default depth does not, and the rollouts score the bids as before
    bids = changed = 0
    for game in positions(players, Rules.preset("odessa"), seed=11, count=60):
        seat = game.to_act
        if game.phase is not Phase.BIDDING or seat is None:
            continue
        view = game.view(seat)
        if len(view.legal_actions) < 2:
            continue
        exact, rolled = _bid_values(view, True), _bid_values(view, False)
        assert set(exact) == set(rolled)
        bids += 1
        changed += exact != rolled
        if bids == 6:
            break
    assert bids == 6
    if players == 2:
        assert changed >= 3
    else:
        assert changed == 0
