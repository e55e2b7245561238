"""The hint: the searching player's choice with its reason and its figures."""

from __future__ import annotations

import random

import pytest

from engine import Action, Game, Phase, PlayCard, Rules, TrickWon
from engine.ai import make_player
from engine.ai.advice import Advice, Reason, advise, reason_for, strong_evaluator

from .positions import positions


class Fixed:
    """Scores given in advance; counts the views it was asked about."""

    def __init__(self, values: dict[Action, float]) -> None:
        self.values = values
        self.asked = 0

    def action_values(self, view: object) -> dict[Action, float]:
        self.asked += 1
        return dict(self.values)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_advice_is_what_the_strong_level_plays_without_caution(players: int) -> None:
    compared = 0
    for game in positions(players, Rules(), seed=players, count=2):
        seat = game.to_act
        assert seat is not None
        view = game.view(seat)
        advice = advise(view, strong_evaluator(seed=3, budget=None, samples=6))
        strong = make_player("strong", seed=3, budget=None, samples=6, caution=0.0)
        assert advice.action == strong.choose(view)
        assert advice.action in view.legal_actions
        if len(view.legal_actions) > 1 and game.phase is not Phase.DAVE:
            assert advice.deals == 6
            assert advice.gain is not None
            assert advice.gain >= 0
            compared += 1
    assert compared >= 3


def test_the_figures_come_from_the_best_two_values() -> None:
    game = Game.new(2, Rules(), seed=3)
    view = game.view(game.to_act or 0)
    first, second = view.legal_actions[:2]
    advice = advise(view, Fixed({first: 3.0, second: 17.5}))
    assert advice.action == second
    assert advice.runner_up == first
    assert advice.gain == 14.5
    assert advice.value_of(first) == 3.0
    assert advice.deals is None
    assert advice.reason is reason_for(view, second)


def test_values_of_actions_that_are_not_legal_are_ignored() -> None:
    game = Game.new(2, Rules(), seed=3)
    view = game.view(game.to_act or 0)
    foreign = PlayCard.parse("card:AS")
    legal = view.legal_actions[0]
    assert advise(view, Fixed({foreign: 99.0, legal: 1.0})).action == legal
    with pytest.raises(ValueError, match="none of the legal"):
        advise(view, Fixed({foreign: 99.0}))


def test_no_advice_without_a_decision_and_no_search_for_a_forced_one() -> None:
    game = Game.new(2, Rules(), seed=3)
    waiting = 1 - (game.to_act or 0)
    with pytest.raises(ValueError, match="no decision"):
        advise(game.view(waiting), Fixed({}))
    rng = random.Random(1)
    while game.phase is not Phase.FINISHED:
        view = game.view(game.to_act or 0)
        if len(view.legal_actions) == 1:
            evaluator = Fixed({})
            advice = advise(view, evaluator)
            assert (advice.action, advice.reason, evaluator.asked) == (
                view.legal_actions[0],
                Reason.ONLY,
                0,
            )
            return
        game.apply(rng.choice(view.legal_actions))
    pytest.fail("no forced decision in the game")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_card_said_to_win_takes_the_trick_when_it_is_played_last(players: int) -> None:
    checked = 0
    rng = random.Random(players)
    for seed in range(6):
        game = Game.new(players, Rules(), seed)
        while game.phase is not Phase.FINISHED and game.hand_number == 1:
            seat = game.to_act
            assert seat is not None
            view = game.view(seat)
            choice = len(view.legal_actions) > 1
            if choice and game.phase is Phase.PLAY and len(view.trick) == players - 1:
                for action in view.legal_actions:
                    if not isinstance(action, PlayCard):
                        continue
                    events = game.copy().apply(action)
                    won = next(e for e in events if isinstance(e, TrickWon)).winner == seat
                    reason = reason_for(view, action)
                    assert won == (reason in (Reason.WIN, Reason.RUFF)), (action, reason)
                    checked += 1
            if choice and game.phase is Phase.PLAY and not view.trick:
                for action in view.legal_actions:
                    if isinstance(action, PlayCard) and action.card.suit == view.trump:
                        assert reason_for(view, action) is Reason.DRAW_TRUMPS
            game.apply(rng.choice(view.legal_actions))
    assert checked >= 20


def test_an_advice_is_a_value() -> None:
    game = Game.new(2, Rules(), seed=3)
    view = game.view(game.to_act or 0)
    one = advise(view, strong_evaluator(seed=2, budget=None, samples=3))
    assert one == advise(view, strong_evaluator(seed=2, budget=None, samples=3))
    assert isinstance(one, Advice)
    with pytest.raises(AttributeError):
        one.action = view.legal_actions[0]  # type: ignore[misc]
