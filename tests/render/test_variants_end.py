"""What the bot shows for RULES-VARIANTS §24 (four solo players), §25 (one-hand games,
stakes, «даве») and §27 (two-round matches), in every language."""

from __future__ import annotations

import pytest

from bot.callbacks import MoveCb
from bot.i18n import SUPPORTED, translator
from bot.render import render_game_over, render_hand, render_score_sheet, render_table
from bot.render.cards import action_label
from bot.render.keyboard import MAX_CALLBACK_BYTES
from bot.render.lobby import render_lobby
from bot.render.messages import dave_text, game_started, match_game_text
from bot.render.names import side_names
from bot.render.sheet import render_hand_result, sheet_extra
from bot.render.table import match_lines
from engine import (
    ConcedeDave,
    Dave,
    DaveConceded,
    DaveOffered,
    DavePlayedOn,
    Event,
    FourPlayerMode,
    Game,
    GameFormat,
    HandScored,
    Match,
    MatchGameWon,
    OfferDave,
    Phase,
    PlayOnDave,
    Rules,
)

from .helpers import NAMES, USER_IDS, check_html, check_keyboard

SOLO = Rules(four_player_mode=FourPlayerMode.SOLO)
DAVE = Rules(format=GameFormat.ONE_HAND, dave=Dave.ARITHMETIC)
MATCH = Rules(match=Match.TWO_ROUNDS, target=101)


def _first(game: Game) -> None:
    actions = game.legal_actions()
    game.apply(actions[-1] if game.phase is Phase.BIDDING else actions[0])


def _until(game: Game, done: type[Event] | Phase) -> list[Event]:
    events: list[Event] = []
    while game.phase is not Phase.FINISHED:
        if isinstance(done, Phase) and game.phase is done:
            break
        actions = game.legal_actions()
        new = game.apply(actions[-1] if game.phase is Phase.BIDDING else actions[0])
        events += new
        if not isinstance(done, Phase) and any(isinstance(e, done) for e in new):
            break
    return events


@pytest.mark.parametrize("lang", SUPPORTED)
def test_lobby_of_four_solo_players_has_no_pairs_line(lang: str) -> None:
    tr = translator(lang)
    seats = list(NAMES)
    text, _ = render_lobby(7, seats, "Аня", SOLO, lang)
    check_html(text)
    assert tr("lobby-solo") in text
    pairs_line = tr("lobby-pairs", first="x", second="y").split("x")[0]
    assert pairs_line not in text
    paired, _ = render_lobby(7, seats, "Аня", Rules(), lang)
    assert pairs_line in paired
    three, _ = render_lobby(7, seats[:3], "Аня", SOLO, lang)
    assert tr("lobby-pairs-hint") not in three


@pytest.mark.parametrize("lang", SUPPORTED)
def test_table_and_sheet_show_four_separate_sides(lang: str) -> None:
    tr = translator(lang)
    game = Game.new(4, SOLO.replace(target=101), seed=4)
    _until(game, HandScored)
    _first(game)
    text = render_table(game.public_view(), NAMES, lang, user_ids=USER_IDS)
    check_html(text)
    pair = tr.plain("name-pair", first=NAMES[0], second=NAMES[2])
    assert pair not in text
    sides = side_names(NAMES, lang, solo=True)
    assert len(sides) == 4
    sheet = render_score_sheet(game.sheet, game.scores, sides, 101, lang)
    check_html(sheet)
    header = sheet.split("<pre>")[1].split("\n")[0]
    assert all(name[:4] in header for name in ("Аня", "Бори", "Вика", "Гена"))
    assert "⚔" not in game_started(NAMES, lang, solo=True)
    assert "⚔" in game_started(NAMES, lang)


def _dave_game() -> Game:
    game = Game.new(2, DAVE, seed=9)
    _until(game, Phase.PLAY)
    return game


@pytest.mark.parametrize("lang", SUPPORTED)
def test_dave_offer_and_answer_buttons_fit_callback_data(lang: str) -> None:
    game = _dave_game()
    seat = game.to_act
    assert seat is not None
    big_id = 2**63 - 1
    text, keyboard = render_hand(game.view(seat), NAMES, lang, big_id, game.move_number)
    check_html(text)
    buttons = check_keyboard(keyboard)
    dave = [data for label, data in buttons if MoveCb.unpack(data).action() == OfferDave()]
    assert len(dave) == 1
    assert len(dave[0].encode()) <= MAX_CALLBACK_BYTES
    assert translator(lang)("hand-stake", stake=1) in text
    game.apply(OfferDave())
    answerer = 1 - seat
    text, keyboard = render_hand(game.view(answerer), NAMES, lang, big_id, game.move_number)
    check_html(text)
    answers = {MoveCb.unpack(data).action(): label for label, data in check_keyboard(keyboard)}
    assert ConcedeDave() in answers
    assert PlayOnDave() in answers
    assert "2" in answers[PlayOnDave()]  # plays on for the next stake
    assert translator(lang)("hand-dave-offered", name=NAMES[seat], stake=1, next=2) in text
    table = render_table(game.public_view(), NAMES, lang, user_ids=USER_IDS)
    check_html(table)
    assert translator(lang)("table-turn-dave", name="X").split("X")[0] in table
    assert translator(lang)("table-one-hand", format="one_hand", stake=1) in table


@pytest.mark.parametrize("lang", SUPPORTED)
def test_group_lines_for_dave_and_labels_of_its_actions(lang: str) -> None:
    for event in (DaveOffered(0, 1), DavePlayedOn(1, 2), DaveConceded(0, 3)):
        text = dave_text(event, NAMES[event.seat], lang)
        check_html(text)
        assert str(event.stake) in text
    labels = {action_label(a, lang) for a in (OfferDave(), ConcedeDave(), PlayOnDave())}
    assert len(labels) == 3


@pytest.mark.parametrize("lang", SUPPORTED)
def test_game_over_with_stakes_and_two_winners(lang: str) -> None:
    tr = translator(lang)
    sides = NAMES[:3]
    text = render_game_over(1, (0, 100, 62), sides, (), lang, winners=(1, 2), stakes=(-2, 1, 1))
    check_html(text)
    assert tr("game-over-winners", names=f"{sides[1]} · {sides[2]}", count=2) in text
    one = render_game_over(1, (0, 174), sides[:2], (), lang, winners=(1,), stakes=(-1, 1))
    assert tr("game-over-winners", names=sides[1], count=1) in one
    assert "+1" in text
    assert "-2" in text


@pytest.mark.parametrize("lang", SUPPORTED)
def test_one_hand_result_and_conceded_game_over(lang: str) -> None:
    game = Game.new(2, Rules(format=GameFormat.ONE_HAND), seed=3)
    events = _until(game, HandScored)
    (scored,) = [e for e in events if isinstance(e, HandScored)]
    text = render_hand_result(scored.result, NAMES[:2], game.scores, lang)
    check_html(text)
    assert translator(lang)("result-played") in text
    game = _dave_game()
    game.apply(OfferDave())
    game.apply(ConcedeDave())
    extra = sheet_extra(game.public_view(), NAMES[:2], lang)
    over = render_game_over(
        game.winner or 0,
        game.scores,
        NAMES[:2],
        game.sheet,
        lang,
        stakes=game.stakes,
        extra=extra,
    )
    check_html(over)
    assert translator(lang)("table-one-hand", format="one_hand", stake=1) in over


@pytest.mark.parametrize("lang", SUPPORTED)
def test_the_match_game_number_and_game_one_on_table_sheet_and_game_over(lang: str) -> None:
    tr = translator(lang)
    game = Game.new(4, MATCH, seed=1)
    events = _until(game, MatchGameWon)
    (won,) = [e for e in events if isinstance(e, MatchGameWon)]
    sides = side_names(NAMES, lang)
    message = match_game_text(won, sides, lang)
    check_html(message)
    assert ":".join(map(str, won.scores)) in message
    game_line = tr("table-match-game", number=2)
    first = tr(
        "table-match-result", number=1, name=sides[won.winner], score=":".join(map(str, won.scores))
    )
    table = render_table(game.public_view(), NAMES, lang, user_ids=USER_IDS)
    check_html(table)
    assert game_line in table
    assert first in table
    extra = sheet_extra(game.public_view(), sides, lang)
    sheet = render_score_sheet(game.sheet, game.scores, sides, 101, lang, extra=extra)
    check_html(sheet)
    assert game_line in sheet
    assert first in sheet
    _until(game, MatchGameWon)
    final = match_lines(game.game_number, game.final_hands_left, game.match_games, sides, tr)
    assert final[0] == tr("table-match-final", left=4)
    _until(game, Phase.FINISHED)
    assert game.phase is Phase.FINISHED
    over = render_game_over(
        game.winner or 0,
        game.scores,
        sides,
        game.sheet,
        lang,
        target=101,
        pairs=True,
        extra=sheet_extra(game.public_view(), sides, lang),
    )
    check_html(over)
    assert tr("table-match-final", left=0) in over
