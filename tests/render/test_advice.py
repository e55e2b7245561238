"""The 💡 button, the hint line and the review after a hand, in every language."""

from __future__ import annotations

import random

import pytest

from bot.callbacks import HintCb, MoveCb
from bot.i18n import SUPPORTED, translator
from bot.render import render_hand
from bot.render.advice import hint_line, mistakes_text
from bot.render.cards import action_label
from engine import Game, Phase, PlayerView, Rules
from engine.ai.advice import Advice, Reason
from engine.ai.review import Decision, Mistake

from .helpers import NAMES, check_html, check_keyboard


def _positions() -> list[PlayerView]:
    """Views of every seat at every step of a random 3-player game's first hand."""
    game, rng = Game.new(3, Rules(), seed=4), random.Random(4)
    views: list[PlayerView] = []
    while game.phase is not Phase.FINISHED and game.hand_number == 1:
        views.extend(game.view(seat) for seat in range(3))
        game.apply(rng.choice(game.legal_actions()))
    return views


@pytest.mark.parametrize("lang", SUPPORTED)
def test_the_hint_button_is_on_a_solo_decision_only(lang: str) -> None:
    for view in _positions():
        turn = view.to_act == view.seat
        for hints in (False, True):
            _, keyboard = render_hand(view, NAMES[:3], lang, 7, 30, hints=hints)
            data = [d for _, d in check_keyboard(keyboard)]
            hint = [d for d in data if d.startswith(HintCb.__prefix__ + ":")]
            assert hint == ([HintCb(game_id=7, move=30).pack()] if hints and turn else [])
            assert all(d.startswith(MoveCb.__prefix__ + ":") for d in data if d not in hint)


def _advice(view: PlayerView, reason: Reason, *, figures: bool = True) -> Advice:
    first, second = view.legal_actions[:2]
    values = ((second, 20.4), (first, 6.0)) if figures else ((second, 0.0),)
    return Advice(second, reason, values, 180 if figures else None)


def _play_view() -> PlayerView:
    for view in _positions():
        if view.phase is Phase.PLAY and view.to_act == view.seat and len(view.legal_actions) > 1:
            return view
    raise AssertionError("no play decision")


@pytest.mark.parametrize("lang", SUPPORTED)
@pytest.mark.parametrize("reason", list(Reason))
def test_the_hint_line_names_the_action_the_reason_and_the_figures(
    lang: str, reason: Reason
) -> None:
    view = _play_view()
    advice = _advice(view, reason)
    line = hint_line(advice, lang)
    check_html(line)
    assert line.startswith("💡")
    assert action_label(advice.action, lang) in line
    assert action_label(view.legal_actions[0], lang) in line
    assert translator(lang).plain("points", n=14) in line  # 20.4 - 6.0, rounded
    assert "180" in line
    short = hint_line(_advice(view, reason, figures=False), lang)
    check_html(short)
    assert "180" not in short
    # the hint line sits under the prompt of the hand message, which keeps its buttons
    text, _ = render_hand(view, NAMES[:3], lang, 7, 30, hints=True, hint=line)
    check_html(text)
    assert text.endswith(line)


@pytest.mark.parametrize("lang", SUPPORTED)
def test_the_review_lists_each_mistake_with_what_the_strong_player_would_do(
    lang: str,
) -> None:
    views = [v for v in _positions() if v.to_act == v.seat and len(v.legal_actions) > 1]
    bidding = next(v for v in views if v.phase is Phase.BIDDING)
    play = _play_view()
    mistakes = []
    for move, view, cost in ((3, play, 31.6), (1, bidding, 12.2)):
        advice = _advice(view, Reason.WIN)
        decision = Decision(move, view, view.legal_actions[0])
        mistakes.append(Mistake(decision, advice, cost))
    text = mistakes_text(2, mistakes, lang)
    check_html(text)
    lines = text.splitlines()
    assert len(lines) == 3
    tr = translator(lang)
    assert lines[1].startswith("1. ")
    assert tr.plain("points", n=32) in lines[1]
    assert tr("mistakes-when-trick", trick=len(play.tricks) + 1) in lines[1]
    assert action_label(mistakes[0].advice.action, lang) in lines[1]
    assert tr("mistakes-when-bidding") in lines[2]
