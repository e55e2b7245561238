"""Which hand messages a move edits: the rule of bot.render.hand.seats_to_redraw, checked
against the rendered messages of random whole games (2, 3, 4 players)."""

from __future__ import annotations

import random

import pytest

from bot.callbacks import MoveCb
from bot.i18n import SUPPORTED
from bot.render import render_hand
from bot.render.hand import hand_screen, seats_to_redraw
from engine import Game, Phase, PlayCard, PlayerView, Rules

from .helpers import NAMES


def _shown(view: PlayerView, lang: str) -> tuple[str, tuple[tuple[str, str], ...]]:
    """The message as a person sees it: the text and the buttons, without the move
    number the buttons carry."""
    text, keyboard = render_hand(view, NAMES[: view.players], lang, 7, 0)
    buttons = tuple(
        (b.text, MoveCb.unpack(b.callback_data or "").code)
        for row in keyboard.inline_keyboard
        for b in row
    )
    return text, buttons


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("preset", ["odessa", "moscow"])
def test_a_move_redraws_exactly_the_screens_that_change(players: int, preset: str) -> None:
    rules = Rules.preset(preset).replace(target=301)
    rng = random.Random(players)
    game = Game.new(players, rules, seed=players * 11)
    lang = SUPPORTED[players % len(SUPPORTED)]
    redrawn = moves = 0
    while game.phase is not Phase.FINISHED:
        views = [game.view(seat) for seat in range(players)]
        actor = game.to_act
        assert actor is not None
        game.apply(rng.choice(game.legal_actions()), seat=actor)
        after = [game.view(seat) for seat in range(players)]
        seats = seats_to_redraw(
            [hand_screen(v) for v in views], [hand_screen(v) for v in after], actor
        )
        moves += 1
        redrawn += len(seats)
        assert actor in seats, "the actor's buttons answer a decision that is made"
        if game.to_act is not None:
            assert game.to_act in seats or game.to_act == actor
        for seat in range(players):
            old, new = _shown(views[seat], lang), _shown(after[seat], lang)
            if seat not in seats:
                # Not edited: what the message showed is still exactly true.
                assert old == new, (seat, game.move_number)
            elif seat != actor:
                # Edited though the person did nothing: only when the message changes.
                assert old != new, (seat, game.move_number)
    # Without the rule every hand is edited on every move; with two players both
    # screens change on most moves (the actor's and the next one's).
    assert redrawn < moves * players * (0.95 if players == 2 else 0.75)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_waiting_message_names_no_turn_and_marks_no_card(players: int) -> None:
    game = Game.new(players, Rules(), seed=5)
    seen = 0
    for _ in range(60):
        if game.phase is Phase.FINISHED:
            break
        for seat in range(players):
            if seat == game.to_act:
                continue
            text, keyboard = render_hand(game.view(seat), NAMES[:players], "ru", 7, 3)
            # Whose turn it is changes without this message: it is not written there.
            assert "Ходит" not in text
            assert "Решает" not in text
            assert "Очередь других игроков" in text
            labels = [b.text for row in keyboard.inline_keyboard for b in row]
            assert not any(label.startswith("•") for label in labels)
            seen += 1
        game.apply(random.Random(seen).choice(game.legal_actions()))
    assert seen


def test_card_buttons_carry_what_movecb_packs() -> None:
    game = Game.new(3, Rules(), seed=2)
    while game.phase is not Phase.PLAY:
        game.apply(game.legal_actions()[-1])
    for seat in range(3):
        _, keyboard = render_hand(game.view(seat), NAMES[:3], "en", 123456789, 4321)
        cards = [b for row in keyboard.inline_keyboard for b in row]
        assert cards
        for b in cards:
            cb = MoveCb.unpack(b.callback_data or "")
            action = cb.action()
            assert isinstance(action, PlayCard)
            assert b.callback_data == MoveCb.of(123456789, 4321, action).pack()
