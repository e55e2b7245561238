"""The lobby (the settings pages are in test_settings_pages.py)."""

from __future__ import annotations

import pytest

from bot.callbacks import LobbyAction, LobbyCb
from bot.i18n import SUPPORTED, translator
from bot.render import Computer, render_lobby, seat_names
from bot.render.names import COMPUTER_KINDS, Occupant, computer_name
from engine import GameFormat, Rules

from .helpers import NAMES, check_html, check_keyboard

SEATINGS: list[list[Occupant]] = [
    [],
    [NAMES[0]],
    [NAMES[0], Computer("search")],
    [NAMES[0], Computer("heuristic"), NAMES[1]],
    [NAMES[0], Computer("search"), NAMES[3], Computer("search")],
]


@pytest.mark.parametrize("lang", SUPPORTED)
@pytest.mark.parametrize("seats", SEATINGS)
def test_lobby(lang: str, seats: list[Occupant]) -> None:
    text, keyboard = render_lobby(42, seats, "<Opener>", Rules.preset("moscow"), lang)
    check_html(text)
    assert "&lt;Opener&gt;" in text
    actions: dict[LobbyAction, list[LobbyCb]] = {}
    assert keyboard is not None, "an open lobby has buttons"
    for _, data in check_keyboard(keyboard):
        cb = LobbyCb.unpack(data)
        assert cb.game_id == 42
        actions.setdefault(cb.action, []).append(cb)
    assert set(actions) >= {
        LobbyAction.JOIN,
        LobbyAction.LEAVE,
        LobbyAction.START,
        LobbyAction.SETTINGS,
    }
    if len(seats) < 4:
        assert [cb.bot_kind for cb in actions[LobbyAction.ADD_BOT]] == ["easy", "medium", "strong"]
    else:
        assert LobbyAction.ADD_BOT not in actions
    tr = translator(lang)
    names = seat_names(seats, lang)
    for name in names:
        assert tr("lobby-seat", number=names.index(name) + 1, name=name) in text
    if len(seats) == 4:
        first, second = (tr.plain("name-pair", first=names[s], second=names[s + 2]) for s in (0, 1))
        assert tr("lobby-pairs", first=first, second=second) in text
    assert keyboard is not None, "an open lobby has buttons"
    start_label = next(
        label
        for label, data in check_keyboard(keyboard)
        if data == LobbyCb(game_id=42, action=LobbyAction.START).pack()
    )
    ready = 2 <= len(seats) <= 4
    assert start_label == tr.plain("btn-start" if ready else "btn-start-wait")


def test_two_computers_of_one_kind_get_numbers() -> None:
    names = seat_names(["Аня", Computer("search"), Computer("search"), Computer("heuristic")], "ru")
    assert names[1] != names[2]
    assert names[1].endswith(" 1")
    assert names[2].endswith(" 2")
    assert names[3] == "🤖 Компьютер (лёгкий)"


def test_max_seats_two() -> None:
    text, keyboard = render_lobby(1, ["Аня", "Борис"], "Аня", Rules(), "en", max_seats=2)
    check_html(text)
    assert "3." not in text
    assert keyboard is not None, "an open lobby has buttons"
    kinds = {LobbyCb.unpack(data).action for _, data in check_keyboard(keyboard)}
    assert LobbyAction.ADD_BOT not in kinds


@pytest.mark.parametrize("lang", SUPPORTED)
def test_a_one_hand_lobby_names_its_format_not_a_target(lang: str) -> None:
    tr = translator(lang)
    rules = Rules(format=GameFormat.ONE_HAND_BAIT)
    text, _ = render_lobby(7, [NAMES[0]], "Anna", rules, lang)
    check_html(text)
    assert tr.plain("value-format-one_hand_bait") in text
    assert tr.plain("lobby-target", target=501) not in text
    text, _ = render_lobby(7, [NAMES[0]], "Anna", Rules(target=301), lang)
    assert tr.plain("lobby-target", target=301) in text


@pytest.mark.parametrize("lang", ["ru", "uk", "en"])
def test_the_three_levels_and_the_old_kinds_have_their_own_clear_names(lang: str) -> None:
    names = [computer_name(kind, lang) for kind in COMPUTER_KINDS]
    assert len(set(names)) == 3
    assert computer_name("heuristic", lang) == names[0]
    assert computer_name("search", lang) == names[2]
    generic = computer_name("random", lang)
    assert generic not in names
    labels = {translator(lang).plain("btn-add-computer", kind=kind) for kind in COMPUTER_KINDS}
    assert len(labels) == 3
