"""The group's table and the private hand, rendered from real game states: 2, 3 and 4
players, several rule sets, every language, every step of random games."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from bot.callbacks import MoveCb
from bot.i18n import SUPPORTED
from bot.render import card_label, render_hand, render_table
from bot.render.hand import legal_cards
from bot.render.names import mention
from engine import (
    BellaAnnouncement,
    Card,
    FirstLead,
    Game,
    Phase,
    PlayCard,
    PlayerView,
    Rules,
)

from .helpers import NAMES, USER_IDS, check_html, check_keyboard, walk

RULE_SETS = {
    "odessa": Rules.preset("odessa"),
    "kharkiv": Rules.preset("kharkiv"),
    "options": Rules(
        hundred=True,
        bella_announcement=BellaAnnouncement.FIRST,
        first_lead=FirstLead.BIDDER,
        overtrump=False,
        melds_need_trick=True,
        hanging_bait=True,
        debertz_wins=True,
        seven_exchange=False,
        target=301,
    ),
    # Part 2's decisions of their own phases: a weak-hand limit most deals meet, so
    # redeal claims come often; the 50-point offer with 2 players.
    "claims_and_offers": Rules(
        weak_hand_redeal=30, four_sevens_redeal=True, offer_fifty=True, freza=True
    ),
}


def _public_cards(view: PlayerView) -> set[Card]:
    """Cards anyone may see: played, the face-up card, shown melds."""
    cards = {card for record in view.tricks for card in record.cards}
    cards.update(card for _, card in view.trick)
    cards.update(card for _, card in view.known_cards)
    if view.proposed is not None:
        cards.add(view.proposed)
    return cards


def check_table(game: Game, names: Sequence[str], lang: str) -> None:
    view = game.public_view()
    text = render_table(view, names, lang, deadline_seconds=60, user_ids=USER_IDS)
    check_html(text)
    public = _public_cards(view)
    for seat in range(game.players):
        for card in game.hand(seat):
            if card not in public:
                assert card_label(card, lang) not in text, f"{card} of seat {seat} shown"
    if view.to_act is not None and view.phase is not Phase.FINISHED:
        assert mention(names[view.to_act], USER_IDS[view.to_act]) in text


def check_hand(game: Game, seat: int, names: Sequence[str], lang: str) -> None:
    view = game.view(seat)
    move = game.move_number
    text, keyboard = render_hand(view, names, lang, 77, move)
    check_html(text)
    buttons = check_keyboard(keyboard)
    cards: list[Card] = []
    marked: set[Card] = set()
    decisions = set()
    for label, data in buttons:
        cb = MoveCb.unpack(data)
        assert cb.game_id == 77
        assert cb.move == move
        action = cb.action()
        if isinstance(action, PlayCard):
            cards.append(action.card)
            if label.startswith("•"):
                marked.add(action.card)
            assert card_label(action.card, lang) in label
        else:
            decisions.add(action)
    assert sorted(cards, key=lambda c: c.index) == list(view.hand), "a button per card"
    assert marked == legal_cards(view)
    assert marked == {a.card for a in view.legal_actions if isinstance(a, PlayCard)}
    assert decisions == {a for a in view.legal_actions if not isinstance(a, PlayCard)}
    # Cards of other hands never appear in a player's message, unless public.
    public = _public_cards(view)
    for other in range(game.players):
        if other != seat:
            for card in game.hand(other):
                if card not in public:
                    assert card_label(card, lang) not in text


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("rules_name", list(RULE_SETS))
def test_every_state_of_random_games(players: int, rules_name: str) -> None:
    rules = RULE_SETS[rules_name]
    names = NAMES[:players]
    phases: set[Phase] = set()
    for number, seed in enumerate(range(3)):
        lang = SUPPORTED[(number + players) % len(SUPPORTED)]
        for game in walk(players, rules, seed * 31 + players, max_hands=3):
            phases.add(game.phase)
            check_table(game, names, lang)
            if game.to_act is not None:
                check_hand(game, game.to_act, names, lang)
                other = (game.to_act + 1) % players
                check_hand(game, other, names, lang)
    assert Phase.BIDDING in phases
    if rules_name == "claims_and_offers":
        assert Phase.REDEAL_CLAIMS in phases
        if players == 2:
            assert Phase.FIFTY_OFFER in phases
    assert Phase.PLAY in phases
    if players < 4 and rules.seven_exchange:
        assert Phase.EXCHANGE in phases


@pytest.mark.parametrize("lang", SUPPORTED)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_whole_game_in_every_language(players: int, lang: str) -> None:
    names = NAMES[:players]
    final: Game | None = None
    for game in walk(players, Rules(target=301), 100 + players):
        if game.move_number % 3 == 0 or game.phase is Phase.FINISHED:
            check_table(game, names, lang)
            for seat in range(players):
                check_hand(game, seat, names, lang)
        final = game
    assert final is not None
    assert final.phase is Phase.FINISHED
    check_table(final, names, lang)


def test_table_shows_bidding_trump_melds_and_score() -> None:
    names = ("Аня", "Борис", "Вика")
    seen = {"bids": False, "trump": False, "melds": False, "won": False, "trick": False}
    for game in walk(3, Rules(), 5, max_hands=6):
        text = render_table(game.public_view(), names, "ru")
        view = game.public_view()
        if view.bids and view.phase is Phase.BIDDING:
            assert "Торговля:" in text
            seen["bids"] = True
        if view.trump is not None:
            assert "Козырь:" in text
            assert "играет " + names[view.bidder or 0] in text
            seen["trump"] = True
        if view.melds_announced:
            assert "Объявлено:" in text
            seen["melds"] = True
        if view.winning_melds:
            assert "Старшие комбинации" in text
            seen["won"] = True
        if view.trick:
            assert "На столе:" in text
            seen["trick"] = True
        assert "Счёт: Аня" in text
        assert "до 501" in text
    assert all(seen.values()), seen


def test_pairs_and_mentions_with_four_players() -> None:
    game = Game.new(4, Rules(), seed=9)
    ids = (11, 12, None, 14)
    text = render_table(game.public_view(), NAMES, "ru", user_ids=ids)
    assert "Аня и Вика “Q”" in text
    seat = game.to_act
    assert seat is not None
    if ids[seat] is not None:
        assert f'href="tg://user?id={ids[seat]}"' in text


def test_public_view_is_required() -> None:
    game = Game.new(2, Rules(), seed=1)
    with pytest.raises(ValueError, match="public view"):
        render_table(game.view(0), NAMES[:2], "ru")
    with pytest.raises(ValueError, match="player's view"):
        render_hand(game.public_view(), NAMES[:2], "ru", 1, 0)


@pytest.mark.parametrize("lang", SUPPORTED)
def test_the_freza_is_shown_on_the_table_and_in_every_hand(lang: str) -> None:
    shown = False
    for game in walk(3, Rules.preset("moscow"), 3, max_hands=1):
        if game.freza is None:
            continue
        label = card_label(game.freza, lang)
        table = render_table(game.public_view(), NAMES[:3], lang)
        assert label in table
        for seat in range(3):
            text, _ = render_hand(game.view(seat), NAMES[:3], lang, 1, game.move_number)
            assert label in text
        shown = True
        break
    assert shown, "moscow shows a freza after the extras"
