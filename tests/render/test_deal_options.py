"""What the table, the private hand and the score sheet show of RULES-VARIANTS.md §2
(refused cards, the k-th proposed card), §5 (the proposed card dealt to the bidder), §7
(the seven's answer) and §19 (the висяк hand, its outcome and pool)."""

from __future__ import annotations

import pytest

from bot.i18n import translator
from bot.render import card_label, render_hand, render_score_sheet, render_table
from bot.render.cards import suit_label
from bot.render.reasons import reason_text
from bot.render.sheet import render_hand_result
from bot.render.table import bids_line, turn_line
from engine import Game, HandScored, Outcome, ProposedCard, Reason, RoundTwo, Rules
from tests.engine.decks import deal, deck_for, events_of, play, play_out
from tests.engine.variants.helpers import TIE_THEN_MADE, visyak_tie

from .helpers import NAMES, USER_IDS, check_html

NAMES_2 = NAMES[:2]


def _next_card_game(rules: Rules) -> Game:
    """2 players, seat 1 deals; both passed on the first card."""
    game = Game.from_deck(2, rules, deck_for(2, 1), 1)
    play(game, "pass", "pass")
    assert game.proposed is not None
    return game


@pytest.mark.parametrize("lang", ["ru", "uk", "en"])
def test_the_table_shows_the_refused_card_and_the_second_proposed(lang: str) -> None:
    game = _next_card_game(Rules(round_two=RoundTwo.NEXT_CARD))
    assert game.proposed is not None
    view = game.public_view()
    text = render_table(view, NAMES_2, lang, user_ids=USER_IDS)
    check_html(text)
    tr = translator(lang)
    refused = card_label(game.refused[0], lang)
    second = card_label(game.proposed, lang)
    assert tr("table-refused", cards=refused) in text
    assert tr("table-proposed-number", number=2, card=second) in text
    assert tr("table-round-two") not in text  # nobody names a suit
    assert turn_line(view, "X", lang) == tr("table-turn-bid-1", name="X")


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_hand_shows_them_and_the_obligatory_dealers_last_card(lang: str) -> None:
    rules = Rules(round_two=RoundTwo.NEXT_CARD, obligatory_dealer=True)
    game = _next_card_game(rules)
    assert game.proposed is not None
    tr = translator(lang)
    suit = suit_label(game.proposed.suit, lang)
    text, _ = render_hand(game.view(0), NAMES_2, lang, 1, game.move_number)
    check_html(text)
    assert tr("table-refused", cards=card_label(game.refused[0], lang)) in text
    assert tr("hand-bid-1", suit=suit) in text
    play(game, "pass")
    text, keyboard = render_hand(game.view(1), NAMES_2, lang, 1, game.move_number)
    assert tr("hand-bid-1-must", suit=suit) in text
    labels = [button.text for row in keyboard.inline_keyboard for button in row]
    assert tr.plain("btn-pass") not in labels


def test_the_reason_for_the_obligatory_dealers_pass() -> None:
    for lang in ("ru", "uk", "en"):
        text = reason_text(Reason.DEALER_MUST_PLAY, lang)
        assert text
        assert len(text) <= 200
    assert "сдающий" in reason_text(Reason.DEALER_MUST_PLAY, "ru")


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_table_says_the_proposed_card_went_to_the_bidder(lang: str) -> None:
    rules = Rules(proposed_card=ProposedCard.TO_BIDDER)
    game = Game.from_deck(2, rules, deck_for(2, 1), 1)
    play(game, "play")
    assert game.proposed is not None
    text = render_table(game.public_view(), NAMES_2, lang, user_ids=USER_IDS)
    check_html(text)
    tr = translator(lang)
    assert tr("table-proposed-taken", card=card_label(game.proposed, lang)) in text


HOLDER = "7H 8H 9H AS AC AD KD QD 9D"


@pytest.mark.parametrize(
    ("other", "key"),
    [
        ("7S 9S JS KS 7C 9C JC KC 7D", "hand-seven-meld-yes"),
        ("10S JS QS 7C 9C KC 7D 9S KS", "hand-seven-meld-no"),
    ],
)
@pytest.mark.parametrize("lang", ["ru", "uk", "en"])
def test_the_exchange_prompt_gives_the_sevens_answer(other: str, key: str, lang: str) -> None:
    game = deal(2, 1, [HOLDER, other], "JH", rules=Rules(seven_meld_query=True))
    play(game, "play")
    text, _ = render_hand(game.view(0), NAMES_2, lang, 1, game.move_number)
    check_html(text)
    tr = translator(lang)
    assert tr(key) in text
    without = deal(2, 1, [HOLDER, other], "JH")
    play(without, "play")
    plain, _ = render_hand(without.view(0), NAMES_2, lang, 1, without.move_number)
    assert tr("hand-seven-meld-yes") not in plain
    assert tr("hand-seven-meld-no") not in plain


@pytest.mark.parametrize("lang", ["ru", "uk", "en"])
def test_the_visyak_hand_on_the_table_and_in_the_hand(lang: str) -> None:
    game, _ = visyak_tie(*TIE_THEN_MADE)
    tr = translator(lang)
    assert game.bidder is not None
    line = tr("table-visyak", name=NAMES_2[game.bidder])
    pool = tr("table-visyak-pool", points=tr.plain("points", n=game.visyak_pool))
    table = render_table(game.public_view(), NAMES_2, lang, user_ids=USER_IDS)
    check_html(table)
    assert line in table
    assert pool in table
    seat = game.to_act
    assert seat is not None
    text, _ = render_hand(game.view(seat), NAMES_2, lang, 1, game.move_number)
    assert line in text
    assert pool in text


@pytest.mark.parametrize("lang", ["ru", "uk", "en"])
def test_the_visyak_on_the_hand_result_and_the_score_sheet(lang: str) -> None:
    game, events = visyak_tie(*TIE_THEN_MADE)
    tr = translator(lang)
    tie = events_of(events, HandScored)[0].result
    assert tie.outcome is Outcome.VISYAK
    text = render_hand_result(tie, NAMES_2, game.scores, lang)
    check_html(text)
    assert tr("result-visyak", points=tr.plain("points", n=tie.visyak_pool)) in text
    mark = tr.plain("sheet-visyak-mark")
    sheet = render_score_sheet(
        game.sheet, game.scores, NAMES_2, 5000, lang, visyak_pool=game.visyak_pool
    )
    check_html(sheet)
    assert tr("sheet-visyak-legend") in sheet
    assert tr("table-visyak-pool", points=tr.plain("points", n=game.visyak_pool)) in sheet
    assert f" {mark} " in sheet  # the tied bidder's cell
    made = events_of(play_out(game), HandScored)[0].result
    bidder = made.sides[made.bidder_side]
    assert bidder.visyak_won
    text = render_hand_result(made, NAMES_2, game.scores, lang)
    name = NAMES_2[made.bidder_side]
    assert tr("result-visyak-won", name=name, points=bidder.visyak_won) in text


def test_the_bids_line_shows_only_the_bids_on_the_card_proposed_now() -> None:
    game = _next_card_game(Rules(round_two=RoundTwo.NEXT_CARDS))
    assert bids_line(game.public_view(), NAMES_2, "en") is None
    play(game, "pass")
    line = bids_line(game.public_view(), NAMES_2, "en")
    assert line is not None
    assert line.count(translator("en").plain("action-pass")) == 1
