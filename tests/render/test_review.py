"""The pages of a finished hand: what the table saw, and nothing a holder kept."""

from __future__ import annotations

import random

import pytest

from bot.callbacks import ReviewCb
from bot.render.cards import card_label
from bot.render.review import TRICKS_PER_PAGE, page_count, render_review
from engine import Action, Game, HandRecord, Rules, finished_hands

NAMES = ("Аня", "Борис")


def _claimed_hand() -> tuple[Game, HandRecord]:
    """A hand of a game won in its middle (RULES-VARIANTS §22): cards stay in hands."""
    rules = Rules.preset("moscow").replace(target=101)
    for seed in range(200):
        game = Game.new(2, rules, seed=seed)
        rng = random.Random(seed)
        log: list[tuple[int | None, Action]] = []
        while game.winner is None:
            seat, action = game.to_act, rng.choice(game.legal_actions())
            game.apply(action, seat)
            log.append((seat, action))
        last = finished_hands(2, rules, seed, log)[-1]
        if sum(last.unseen):
            return game, last
    pytest.fail("no game of 200 was won in the middle of a hand")


def test_the_deal_page_names_only_the_cards_the_table_saw() -> None:
    game, record = _claimed_hand()
    text, markup = render_review(record, NAMES, 7, 1, "ru")
    for seat, name in enumerate(NAMES):
        line = next(x for x in text.splitlines() if x.startswith(f"{name}:"))
        for card in record.shown[seat]:
            assert card_label(card, "ru") in line
        if record.unseen[seat]:
            assert f"не показано: {record.unseen[seat]}" in line
        for card in game.hand(seat):  # still in hand when the game was won
            assert card_label(card, "ru") not in line.split(" · ")[0]
    data = [ReviewCb.unpack(b.callback_data or "") for row in markup.inline_keyboard for b in row]
    assert record.tricks, "the game was won after a trick"
    assert [(cb.hand, cb.page) for cb in data] == [(record.hand_number, 0), (record.hand_number, 2)]


def test_the_tricks_come_in_pages_in_order() -> None:
    _, record = _claimed_hand()
    pages = page_count(record)
    assert pages == 1 + -(-len(record.tricks) // TRICKS_PER_PAGE)
    lines = []
    for page in range(2, pages + 1):
        text, _ = render_review(record, NAMES, 7, page, "ru")
        lines += [x for x in text.splitlines() if x.startswith("Взятка ")]
    assert [int(x.split()[1].rstrip(":")) for x in lines] == list(range(1, len(record.tricks) + 1))
    # Past the last page: the last page, not an error.
    assert render_review(record, NAMES, 7, pages + 5, "ru") == render_review(
        record, NAMES, 7, pages, "ru"
    )
