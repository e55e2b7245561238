"""The review after a hand: the seat's decisions rebuilt from the log, the costliest kept."""

from __future__ import annotations

import random

import pytest

from engine import Action, Game, Phase, PlayerView, Rules
from engine.ai.advice import Advice, Reason, strong_evaluator
from engine.ai.review import Decision, Mistake, costliest, mistake, review, seat_decisions


def _played_hand(players: int, seed: int) -> list[tuple[int | None, Action]]:
    """The log of a game played at random past its second hand."""
    game, log, rng = Game.new(players, Rules(), seed), [], random.Random(seed)
    while game.phase is not Phase.FINISHED and game.hand_number < 3:
        seat = game.to_act
        action = rng.choice(game.legal_actions())
        game.apply(action)
        log.append((seat, action))
    return log


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_decisions_are_the_seats_views_of_that_hand(players: int) -> None:
    log = _played_hand(players, seed=players)
    seat, hand = 1, 2
    replay = Game.new(players, Rules(), players)
    expected: list[tuple[int, PlayerView, Action]] = []
    for actor, action in log:
        if replay.hand_number == hand and actor == seat and len(replay.legal_actions()) > 1:
            expected.append((replay.move_number, replay.view(seat), action))
        replay.apply(action)
    decisions = seat_decisions(players, Rules(), players, log, seat=seat, hand=hand)
    assert [(d.move, d.view, d.action) for d in decisions] == expected
    assert expected


def _first_view() -> PlayerView:
    game = Game.new(2, Rules(), seed=3)
    assert game.to_act is not None
    return game.view(game.to_act)


def _decision(move: int, view: PlayerView, action: Action) -> Decision:
    return Decision(move, view, action)


def test_a_mistake_costs_what_the_best_choice_was_better() -> None:
    view = _first_view()
    first, second = view.legal_actions[:2]
    advice = Advice(second, Reason.PASS, ((second, 20.0), (first, 8.0)), 50)
    found = mistake(_decision(0, view, first), advice)
    assert found == Mistake(_decision(0, view, first), advice, 12.0)
    assert mistake(_decision(0, view, second), advice) is None
    unscored = Advice(second, Reason.OTHER, ((second, 1.0),))
    assert mistake(_decision(0, view, first), unscored) is None


def test_the_costliest_few_above_the_threshold_in_order() -> None:
    view = _first_view()
    first, second = view.legal_actions[:2]

    def made(move: int, cost: float) -> Mistake:
        advice = Advice(second, Reason.OTHER, ((second, cost), (first, 0.0)))
        return Mistake(_decision(move, view, first), advice, cost)

    mistakes = [made(1, 4.0), made(2, 30.0), None, made(3, 9.0), made(4, 30.0), made(5, 12.0)]
    assert [m.decision.move for m in costliest(mistakes)] == [2, 4, 5]
    assert [m.decision.move for m in costliest(mistakes, top=5, threshold=8.0)] == [2, 4, 5, 3]
    assert costliest([made(1, 4.0)]) == ()


def test_a_review_of_a_random_hand_names_real_losses() -> None:
    log = _played_hand(2, seed=7)
    decisions = seat_decisions(2, Rules(), 7, log, seat=0, hand=1)
    found = review(decisions, strong_evaluator(seed=1, budget=None, samples=6), threshold=0.0)
    assert found  # random play loses points somewhere
    assert len(found) <= 3
    for one in found:
        assert one.decision in decisions
        assert one.advice.action != one.decision.action
        assert one.cost > 0
    assert [m.cost for m in found] == sorted((m.cost for m in found), reverse=True)
