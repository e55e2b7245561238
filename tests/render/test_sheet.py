"""The score sheet, a hand's result and the end of the game."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence

import pytest

from bot.i18n import SUPPORTED, translator
from bot.render import render_game_over, render_hand_result, render_score_sheet, side_names
from engine import Game, HandResult, Outcome, Phase, Rules

from .helpers import NAMES, check_html, walk


def _finished(players: int, rules: Rules, seed: int) -> Game:
    *_, game = walk(players, rules, seed)
    assert game.phase is Phase.FINISHED
    return game


def _sheet_rows(text: str) -> list[str]:
    match = re.search(r"<pre>(.*)</pre>", text, re.S)
    assert match is not None
    return match.group(1).split("\n")[2:]


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("lang", SUPPORTED)
def test_sheet_result_and_game_over_of_a_whole_game(players: int, lang: str) -> None:
    rules = Rules.preset("kharkiv") if players == 3 else Rules.preset("moscow")
    game = _finished(players, rules, 40 + players)
    sides = side_names(NAMES[:players], lang)
    mark = translator(lang).plain("sheet-bait-mark")
    scores = [0] * len(sides)
    for result in game.sheet:
        for line in result.sides:
            scores[line.side] += line.written
        text = render_hand_result(
            result, sides, tuple(scores), lang, target=rules.target, pairs=players == 4
        )
        check_html(text)
        if result.outcome is Outcome.BAIT:
            assert mark in text
    assert tuple(scores) == game.scores

    sheet = render_score_sheet(game.sheet, game.scores, sides, rules.target, lang)
    check_html(sheet)
    rows = _sheet_rows(sheet)
    assert len(rows) == len(game.sheet)
    for row, result in zip(rows, game.sheet, strict=True):
        assert row.split()[0] == str(result.hand_number)
        baits = sum(line.bait for line in result.sides)
        assert row.count(mark) == baits, (row, result)

    over = render_game_over(
        game.winner or 0, game.scores, sides, game.sheet, lang, target=rules.target
    )
    check_html(over)
    assert str(game.scores[game.winner or 0]) in over


def _long_sheet(game: Game, hands: int) -> tuple[HandResult, ...]:
    base = game.sheet
    return tuple(dataclasses.replace(base[i % len(base)], hand_number=i + 1) for i in range(hands))


@pytest.mark.parametrize("lang", SUPPORTED)
@pytest.mark.parametrize("players", [3, 4])
def test_long_sheets_stay_under_the_limit(players: int, lang: str) -> None:
    game = _finished(players, Rules(), 7)
    long_names = tuple("<&>" + "Щ" * 61 for _ in range(players))
    sides = side_names(long_names, lang)
    for hands in (60, 200):
        sheet = _long_sheet(game, hands)
        scores = tuple(
            sum(line.written for result in sheet for line in result.sides if line.side == side)
            for side in range(len(sides))
        )
        text = render_score_sheet(sheet, scores, sides, 501, lang, hanging=40)
        check_html(text)
        rows = _sheet_rows(text)
        assert rows[-1].split()[0] == str(hands), "the latest hand is always shown"
        if len(rows) < hands:
            assert str(hands - len(rows)) in text.split("<pre>")[0]
        over = render_game_over(0, scores, sides, sheet, lang, target=501, pairs=players == 4)
        check_html(over)


def test_sixty_hands_fit_without_eliding() -> None:
    game = _finished(3, Rules(), 3)
    sheet = _long_sheet(game, 60)
    sides = side_names(NAMES[:3], "ru")
    text = render_score_sheet(sheet, (1, 2, 3), sides, 501, "ru")
    check_html(text)
    assert len(_sheet_rows(text)) == 60


def _hanging_result() -> HandResult:
    """A result with a bit of everything for side 0: no trick, bolt, third bait, the
    hanging bait collected; and points set aside."""
    game = _finished(3, Rules(hanging_bait=True, bolt_penalty=100, third_bait_penalty=100), 1)
    result = game.sheet[0]
    first = dataclasses.replace(
        result.sides[0], tricks=0, bolt=-100, bait_penalty=-100, hanging_won=50
    )
    return dataclasses.replace(
        result, outcome=Outcome.HANGING, sides=(first, *result.sides[1:]), hanging=30
    )


@pytest.mark.parametrize("lang", SUPPORTED)
def test_result_mentions_every_kind_of_line(lang: str) -> None:
    sides: Sequence[str] = side_names(NAMES[:3], lang)
    tr = translator(lang)
    text = render_hand_result(
        _hanging_result(),
        sides,
        (10, 20, 30),
        lang,
        bidder_name="Аня",
    )
    check_html(text)
    assert tr.plain("item-tricks", n=0) in text
    for key, args in (
        ("result-bolt", {"points": 100}),
        ("result-third-bait", {"points": 100}),
        ("result-hanging-won", {"points": 50}),
    ):
        assert tr(key, name=sides[0], **args) in text
    assert tr("result-hanging", points=tr.plain("points", n=30)) in text


def test_russian_words() -> None:
    game = _finished(2, Rules(), 2)
    sides = side_names(("Аня", "Борис"), "ru")
    bait = next((r for r in game.sheet if r.outcome is Outcome.BAIT), None)
    if bait is not None:
        text = render_hand_result(bait, sides, game.scores, "ru")
        assert "Байт!" in text
        assert "«сел»" in text
        assert " Б" in text
    text = render_score_sheet(game.sheet, game.scores, sides, 501, "ru")
    assert "Запись партии" in text
    assert "до 501" in text
    assert render_score_sheet((), (0, 0), sides, 501, "ru").count("Раздач ещё не было") == 1


@pytest.mark.parametrize("lang", SUPPORTED)
def test_a_claimed_or_fifty_hand_says_so_not_hanging(lang: str) -> None:
    game = _finished(2, Rules.preset("moscow"), 7)
    base = game.sheet[0]
    sides = side_names(NAMES[:2], lang)
    tr = translator(lang)
    for outcome, key in ((Outcome.CLAIMED, "result-claimed"), (Outcome.FIFTY, "result-fifty")):
        result = dataclasses.replace(base, outcome=outcome, hanging=0)
        text = render_hand_result(result, sides, (0, 0), lang, target=301)
        check_html(text)
        assert tr(key) in text
        assert tr("result-hanging", points=tr.plain("points", n=0)) not in text
