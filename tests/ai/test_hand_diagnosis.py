"""The per-deal diagnosis benchmark: its double-dummy loss, and a small run end to end."""

from __future__ import annotations

import random

import pytest

from benchmarks.hand_diagnosis import double_dummy_loss, main
from engine import Game, Phase, PlayCard, Rules
from engine.ai.bits import POINTS_BY_TRUMP
from engine.ai.policy import trick_winner
from engine.ai.solver import Solver, brute_force, decode
from engine.legal import PlayRules


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_double_dummy_loss_is_what_plain_minimax_gives_up(players: int) -> None:
    rng = random.Random(5)
    rules = Rules.preset("odessa")
    play = PlayRules.of(rules, players)
    checked = 0
    for seed in range(12):
        game = Game.new(players, rules, seed)
        while game.phase is not Phase.PLAY:
            game.apply(rng.choice(game.legal_actions()))
        solvers: dict[int, Solver] = {}
        while game.phase is Phase.PLAY:
            seat = game.to_act
            assert seat is not None
            assert game.trump is not None
            legal = [a for a in game.legal_actions() if isinstance(a, PlayCard)]
            if game.hand_mask(seat).bit_count() <= 3 and len(legal) > 1:
                view = game.view(seat)
                # the seat's side: itself, or its pair with 4 players
                side = sum(
                    1 << other
                    for other in range(players)
                    if other == seat or (players == 4 and other % 2 == seat % 2)
                )
                hands = [game.hand_mask(other) for other in range(players)]
                trick = [card.index for _, card in view.trick]
                leader = view.trick[0][0] if view.trick else seat
                best = decode(
                    brute_force(hands, int(game.trump), leader, trick, side, overtrump=play)
                )[0]
                for action in legal:
                    # the position after the card, valued by minimax from the root's side
                    after = list(hands)
                    after[seat] ^= 1 << action.card.index
                    current = [*trick, action.card.index]
                    forced = decode(_after_card(after, int(game.trump), leader, current, side))[0]
                    assert double_dummy_loss(game, action, solvers) == best - forced
                checked += 1
            game.apply(rng.choice(legal))
    assert checked > 10


def _after_card(hands: list[int], trump: int, leader: int, trick: list[int], side: int) -> int:
    """Minimax of the position right after a card, the side's points from there on."""
    n = len(hands)
    play = PlayRules.of(Rules.preset("odessa"), n)
    if len(trick) < n:
        return brute_force(hands, trump, leader, trick, side, overtrump=play)
    winner = trick_winner(trick, leader, n, trump)
    ours = side >> winner & 1
    taken = sum(POINTS_BY_TRUMP[trump][index] for index in trick) if ours else 0
    if not any(hands):
        return (taken + (10 if ours else 0)) << 1
    return brute_force(hands, trump, winner, [], side, overtrump=play) + (taken << 1)


@pytest.mark.parametrize(("players", "deals"), [(2, 4), (3, 2), (4, 2)])
def test_a_small_run_splits_every_deal_and_scores_every_choice(
    players: int, deals: int, capsys: pytest.CaptureFixture[str]
) -> None:
    summary = main(
        ["--a", "heuristic", "--b", "random", "--deals", str(deals), "--players", str(players)]
    )
    assert summary["deals"] == deals
    assert summary["same contract"]["deals"] + summary["different contract"]["deals"] == deals
    losses = summary["double dummy"]
    assert set(losses) <= {"A bidder", "A defender", "B bidder", "B defender"}
    assert sum(part["decisions"] for part in losses.values()) > 20
    assert "A's written points minus B's per deal" in capsys.readouterr().out


def test_the_same_player_on_both_sides_makes_the_same_contract_and_no_margin(
    capsys: pytest.CaptureFixture[str],
) -> None:
    summary = main(["--a", "heuristic", "--b", "heuristic", "--deals", "2"])
    assert summary["same contract"] == {"deals": 2, "margin": (0.0, 0.0)}
    assert summary["different contract"]["deals"] == 0
    assert "different contract (0 deals): none" in capsys.readouterr().out
