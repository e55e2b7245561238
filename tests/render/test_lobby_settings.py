"""The lobby, the rules in words and the settings keyboard."""

from __future__ import annotations

from enum import Enum

import pytest

from bot.callbacks import LobbyAction, LobbyCb, SettingsCb, SettingsScope
from bot.i18n import SUPPORTED, translator
from bot.render import Computer, render_lobby, render_rules, render_settings, seat_names
from bot.render.names import Occupant
from bot.render.settings import PENALTY_CHOICES, TARGETS, TIMEOUTS, decode_value
from engine import PRESETS, Rules, RulesError

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
        assert sorted(cb.bot_kind for cb in actions[LobbyAction.ADD_BOT]) == ["heuristic", "search"]
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
@pytest.mark.parametrize("name", [*PRESETS, "custom"])
def test_rules_in_words(lang: str, name: str) -> None:
    rules = PRESETS.get(name) or Rules(target=777, hundred=True, bolt_penalty=70)
    text = render_rules(rules, lang, turn_timeout=120)
    check_html(text)
    tr = translator(lang)
    assert tr.plain(f"preset-{rules.preset_name or 'custom'}") in text
    assert str(rules.target) in text
    for option in Rules.option_names():
        value = getattr(rules, option)
        if isinstance(value, bool):
            selector: object = "yes" if value else "no"
        elif isinstance(value, Enum):
            selector = value.value
        else:
            selector = value
        assert tr(f"rule-{option}", value=selector) in text


def _options(keyboard_data: list[tuple[str, str]]) -> dict[str, list[SettingsCb]]:
    out: dict[str, list[SettingsCb]] = {}
    for _, data in keyboard_data:
        cb = SettingsCb.unpack(data)
        out.setdefault(cb.scope.value + ":" + cb.name, []).append(cb)
    return out


@pytest.mark.parametrize("lang", SUPPORTED)
def test_settings_have_a_button_and_words_for_every_option(lang: str) -> None:
    tr = translator(lang)
    for rules in [*PRESETS.values(), Rules(target=777)]:
        text, keyboard = render_settings(rules, lang, chat_language="uk", turn_timeout=60)
        check_html(text)
        assert keyboard is not None, "an open lobby has buttons"
        buttons = _options(check_keyboard(keyboard))
        for option in Rules.option_names():
            assert tr.has(f"opt-{option}")
            assert tr.has(f"rule-{option}")
            if option == "target":
                values = [int(cb.value) for cb in buttons[SettingsScope.TARGET.value + ":target"]]
                assert values == list(TARGETS)
                continue
            (cb,) = buttons[SettingsScope.OPTION.value + ":" + option]
            new = decode_value(option, cb.value)
            assert new != getattr(rules, option)
            rules.replace(**{option: new})
            current = getattr(rules, option)
            if isinstance(current, Enum):
                for member in type(current):
                    assert tr.has(f"value-{option}-{member.value}")
        presets = [cb.name for key, cbs in buttons.items() if key.startswith("p:") for cb in cbs]
        assert presets == list(PRESETS)
        languages = [cb.value for cb in buttons[SettingsScope.LANGUAGE.value + ":"]]
        assert languages == list(SUPPORTED)
        timeouts = [int(cb.value) for cb in buttons[SettingsScope.TIMEOUT.value + ":"]]
        assert timeouts == list(TIMEOUTS)
        assert SettingsScope.CLOSE.value + ":" in buttons


def test_pressing_option_buttons_cycles_through_every_value() -> None:
    for option in Rules.option_names():
        if option == "target":
            continue
        rules = Rules()
        seen = [getattr(rules, option)]
        for _ in range(6):
            _, keyboard = render_settings(rules, "ru", chat_language="ru", turn_timeout=60)
            assert keyboard is not None, "an open lobby has buttons"
            buttons = _options(check_keyboard(keyboard))
            (cb,) = buttons[SettingsScope.OPTION.value + ":" + option]
            rules = rules.replace(**{option: decode_value(option, cb.value)})
            seen.append(getattr(rules, option))
        value = seen[0]
        if isinstance(value, bool):
            expected: set[object] = {True, False}
        elif isinstance(value, Enum):
            expected = set(type(value))
        else:
            expected = set(PENALTY_CHOICES[option])
        assert set(seen) == expected, option


@pytest.mark.parametrize(
    ("name", "value"),
    [("hundred", "2"), ("bolt_penalty", "-5"), ("first_lead", "nobody"), ("nope", "1")],
)
def test_forged_setting_values_are_refused(name: str, value: str) -> None:
    with pytest.raises(RulesError):
        decode_value(name, value)


def test_current_choices_are_marked() -> None:
    _, keyboard = render_settings(
        Rules.preset("kharkiv"), "ru", chat_language="en", turn_timeout=120
    )
    assert keyboard is not None, "an open lobby has buttons"
    labels = [label for label, _ in check_keyboard(keyboard)]
    assert "✓ Харьков" in labels
    assert "✓ English" in labels
    assert "✓ ⏳ 2 мин" in labels
    assert "✓ до 501" in labels
    assert "Болт: −50" in labels
