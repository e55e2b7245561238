"""Alerts for refused moves, and the bot's other messages."""

from __future__ import annotations

import random

import pytest

from bot.callbacks import CancelCb
from bot.i18n import SUPPORTED
from bot.render import Alert, Notice, alert, card_label, notice, render_reason
from bot.render import messages as msg
from bot.render.reasons import MAX_ALERT, reason_text
from engine import (
    Action,
    Game,
    IllegalActionError,
    NameSuit,
    Pass,
    Phase,
    PlayCard,
    Reason,
    Rules,
    Suit,
    TakeProposed,
)

from .helpers import NAMES, check_html, check_keyboard, check_plain, walk


@pytest.mark.parametrize("lang", SUPPORTED)
@pytest.mark.parametrize("reason", list(Reason))
def test_every_reason_has_a_short_alert(lang: str, reason: Reason) -> None:
    for suit in ("", "♥"):
        for card in (False, True):
            text = reason_text(reason, lang, suit=suit, card_action=card)
            check_plain(text, limit=MAX_ALERT)


def _refusals(players: int, seed: int) -> list[IllegalActionError]:
    """Real refusals: every card and bid tried by the wrong seat or against the rules."""
    errors: list[IllegalActionError] = []
    rng = random.Random(seed)
    rules = Rules(obligatory_dealer=True)
    for game in walk(players, rules, seed, max_hands=2):
        if game.phase is Phase.FINISHED or rng.random() < 0.7:
            continue
        seat = game.to_act
        assert seat is not None
        tries: list[Action] = [PlayCard(card) for card in game.hand(seat)]
        tries += [Pass(), TakeProposed(), *(NameSuit(suit) for suit in Suit)]
        for action in tries:
            for who in (seat, (seat + 1) % players):
                probe = game.copy()
                try:
                    probe.apply(action, who)
                except IllegalActionError as error:
                    errors.append(error)
    finished = next(g for g in walk(2, Rules(target=1), 3) if g.phase is Phase.FINISHED)
    try:
        finished.apply(Pass())
    except IllegalActionError as error:
        errors.append(error)
    return errors


@pytest.mark.parametrize("lang", SUPPORTED)
def test_real_refusals_name_the_suit(lang: str) -> None:
    seen: set[Reason] = set()
    for players in (2, 4):
        for error in _refusals(players, 11):
            text = render_reason(error, lang)
            check_plain(text, limit=MAX_ALERT)
            if error.suit is not None:
                assert error.suit.symbol in text
            seen.add(error.reason)
    assert {
        Reason.NOT_YOUR_TURN,
        Reason.WRONG_PHASE,
        Reason.MUST_FOLLOW_SUIT,
        Reason.GAME_OVER,
    } <= seen


def test_russian_reasons() -> None:
    assert reason_text(Reason.MUST_FOLLOW_SUIT, "ru", suit="♥") == "Нужно ходить в масть ♥."
    assert reason_text(Reason.NOT_YOUR_TURN, "ru") == "Сейчас не ваш ход."
    assert "козырем ♠" in reason_text(Reason.MUST_TRUMP, "ru", suit="♠")


@pytest.mark.parametrize("lang", SUPPORTED)
def test_alerts_and_notices(lang: str) -> None:
    for kind in Alert:
        check_plain(alert(kind, lang), limit=MAX_ALERT)
    for notice_kind in Notice:
        check_html(notice(notice_kind, lang))
    help_text = msg.help_text(lang)
    for command in ("/newgame", "/score", "/rules", "/settings", "/cancel", "/help"):
        assert command in help_text


@pytest.mark.parametrize("lang", SUPPORTED)
def test_messages_with_names_and_buttons(lang: str) -> None:
    name = NAMES[1]
    texts = [
        msg.lobby_exists(lang),
        msg.lobby_exists(lang, "https://t.me/c/123/45?x=1&y=2"),
        msg.joined_text(name, lang),
        msg.left_text(name, lang),
        msg.game_started(NAMES[:3], lang),
        msg.game_started(NAMES, lang),
        msg.turn_reminder(name, 1002, 30, lang),
        msg.turn_reminder(name, None, 150, lang),
        msg.auto_played(name, Pass(), lang),
        msg.redeal_text(name, lang),
        msg.private_start(name, lang),
        msg.private_joined("<Chat & co>", lang),
    ]
    for text in texts:
        check_html(text)
        assert "Борис <b>" not in text
    assert "&amp;y=2" in texts[1]
    assert 'href="tg://user?id=1002"' in texts[6]

    question, keyboard = msg.cancel_question(9, lang)
    check_html(question)
    answers = [CancelCb.unpack(data) for _, data in check_keyboard(keyboard)]
    assert [(cb.game_id, cb.confirm) for cb in answers] == [(9, True), (9, False)]

    for render in (msg.need_private, msg.unreachable):
        text, keyboard = render(name, "@DebertzBot", "join_-100123_7", lang)
        check_html(text)
        (row,) = keyboard.inline_keyboard
        assert row[0].url == "https://t.me/DebertzBot?start=join_-100123_7"
        check_plain(row[0].text, limit=64)


def test_deep_link_payload_is_checked() -> None:
    with pytest.raises(ValueError, match="payload"):
        msg.deep_link("bot", "bad payload!")
    with pytest.raises(ValueError, match="payload"):
        msg.deep_link("bot", "x" * 65)


def test_auto_played_names_the_move() -> None:
    game = Game.new(2, Rules(), seed=4)
    text = msg.auto_played("Аня", Pass(), "ru")
    assert text == "⏰ Аня не успевает — бот ходит за игрока: пас"
    card = game.hand(0)[0]
    text = msg.auto_played("Аня", PlayCard(card), "en")
    check_html(text)
    assert text.endswith(card_label(card, "en"))
