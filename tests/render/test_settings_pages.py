"""The settings pages (main, one per topic, the table's own) and the /rules pages."""

from __future__ import annotations

import random
from enum import Enum

import pytest

from bot.callbacks import RulesCb, SettingsCb, SettingsScope
from bot.i18n import SUPPORTED, translator
from bot.render.rules_text import RULES_PAGES, option_value, render_rules_page
from bot.render.settings import (
    MAIN_PAGE,
    NUMBER_CHOICES,
    TABLE_PAGE,
    TARGETS,
    TIMEOUTS,
    conflict_text,
    decode_value,
    option_label,
    page_of,
    render_settings,
    render_settings_summary,
    value_text,
)
from engine import ALL_PRESETS, GameFormat, Rules, RulesError, Topic, ignored_options

from .helpers import check_html, check_keyboard

OPTIONS = [name for name in Rules.all_option_names() if name != "target"]
CUSTOM = Rules(target=777, hundred=True, bolt_penalty=50, freza=True, must_trump=False)


def _buttons(rules: Rules, lang: str, page: str) -> tuple[str, list[tuple[str, SettingsCb]]]:
    text, keyboard = render_settings(rules, lang, chat_language="uk", turn_timeout=60, page=page)
    check_html(text)
    return text, [(label, SettingsCb.unpack(data)) for label, data in check_keyboard(keyboard)]


def _all_values(name: str) -> set[object]:
    value = getattr(Rules(), name)
    if isinstance(value, bool):
        return {True, False}
    if isinstance(value, Enum):
        return set(type(value))
    return set(NUMBER_CHOICES[name])


@pytest.mark.parametrize("lang", SUPPORTED)
@pytest.mark.parametrize("rules", [*ALL_PRESETS.values(), CUSTOM], ids=[*ALL_PRESETS, "custom"])
def test_main_page_offers_presets_targets_topics_and_close(lang: str, rules: Rules) -> None:
    text, buttons = _buttons(rules, lang, MAIN_PAGE)
    tr = translator(lang)
    by_scope: dict[SettingsScope, list[SettingsCb]] = {}
    for _, cb in buttons:
        by_scope.setdefault(cb.scope, []).append(cb)
    assert [cb.name for cb in by_scope[SettingsScope.PRESET]] == list(ALL_PRESETS)
    assert [int(cb.value) for cb in by_scope[SettingsScope.TARGET]] == list(TARGETS)
    assert [cb.name for cb in by_scope[SettingsScope.PAGE]] == [
        *(topic.value for topic in Topic),
        TABLE_PAGE,
    ]
    assert len(by_scope[SettingsScope.CLOSE]) == 1
    assert SettingsScope.OPTION not in by_scope, "options live on their topic's page"
    assert len(buttons) <= 20, "the main page stays a few buttons"
    assert str(rules.target) in text
    assert tr(f"preset-{rules.preset_name or 'custom'}") in text


def test_a_custom_set_names_its_closest_preset_and_what_differs() -> None:
    text, _ = _buttons(CUSTOM, "en", MAIN_PAGE)
    assert translator("en").plain("preset-odessa") in text
    for name in ("hundred", "bolt_penalty", "freza", "must_trump"):
        assert option_label(name, "en") in text
    assert option_label("overtrump", "en") not in text, "only what differs is listed"
    assert "777" in text


@pytest.mark.parametrize("lang", SUPPORTED)
@pytest.mark.parametrize("topic", list(Topic))
def test_a_topic_page_has_a_button_and_an_explanation_per_option(lang: str, topic: Topic) -> None:
    tr = translator(lang)
    for rules in [*ALL_PRESETS.values(), CUSTOM]:
        text, buttons = _buttons(rules, lang, topic.value)
        options = [cb for _, cb in buttons if cb.scope is SettingsScope.OPTION]
        assert [cb.name for cb in options] == list(topic.options())
        for cb in options:
            assert decode_value(cb.name, cb.value) != getattr(rules, cb.name)
            assert tr(f"optinfo-{cb.name}") in text
            assert value_text(rules, cb.name, lang) in text
        back = [cb for _, cb in buttons if cb.scope is SettingsScope.PAGE]
        assert [cb.name for cb in back] == [MAIN_PAGE]
        marked = text.count(tr("settings-ignored"))
        assert marked == len(ignored_options(rules) & set(topic.options()))


def test_the_table_page_holds_language_and_turn_time() -> None:
    _, buttons = _buttons(Rules(), "ru", TABLE_PAGE)
    languages = [cb.value for _, cb in buttons if cb.scope is SettingsScope.LANGUAGE]
    timeouts = [int(cb.value) for _, cb in buttons if cb.scope is SettingsScope.TIMEOUT]
    assert languages == list(SUPPORTED)
    assert timeouts == list(TIMEOUTS)
    labels = [label for label, _ in buttons]
    assert "✓ Українська" in labels
    assert "✓ ⏳ 60 с" in labels


@pytest.mark.parametrize("name", OPTIONS)
def test_pressing_an_option_cycles_through_every_value(name: str) -> None:
    page = Topic.of(name).value
    # «даве» needs a one-hand format (RULES-VARIANTS H3): its values cycle under one
    rules = Rules(format=GameFormat.ONE_HAND) if name == "dave" else Rules()
    seen = [getattr(rules, name)]
    for _ in range(6):
        _, buttons = _buttons(rules, "ru", page)
        (cb,) = [cb for _, cb in buttons if cb.scope is SettingsScope.OPTION and cb.name == name]
        assert page_of(cb.scope, cb.name) == page, "the press redraws the same page"
        rules = rules.replace(**{name: decode_value(name, cb.value)})
        seen.append(getattr(rules, name))
    assert set(seen) == _all_values(name)


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("hundred", "2"),
        ("bolt_penalty", "-5"),
        ("bolt_penalty", "70"),
        ("weak_hand_redeal", "-2"),
        ("first_lead", "nobody"),
        ("target", "301"),
        ("nope", "1"),
    ],
)
def test_forged_setting_values_are_refused(name: str, value: str) -> None:
    with pytest.raises(RulesError):
        decode_value(name, value)


@pytest.mark.parametrize("lang", SUPPORTED)
def test_a_forbidden_combination_is_refused_naming_both_options(lang: str) -> None:
    with pytest.raises(RulesError) as caught:
        Rules(bolt_by_players=True).replace(bolt_penalty=50)
    text = conflict_text(caught.value, lang)
    assert text is not None
    assert option_label("bolt_by_players", lang) in text
    assert option_label("bolt_penalty", lang) in text
    assert len(text) <= 200, "an alert"
    assert conflict_text(RulesError("target out of range", options=("target",)), lang) is None
    with pytest.raises(RulesError) as caught:
        Rules(visyak=True).replace(hanging_bait=True)
    pressed = conflict_text(caught.value, lang, pressed="hanging_bait")
    assert pressed is not None
    tied, hanging = option_label("visyak", lang), option_label("hanging_bait", lang)
    assert pressed.index(hanging) < pressed.index(tied), "the pressed option first"
    assert pressed.rindex(tied) > pressed.rindex(hanging), "change the other one first"


def test_pages_turned_by_presses_stay_where_the_press_was() -> None:
    assert page_of(SettingsScope.OPTION, "freza") == Topic.DEAL.value
    assert page_of(SettingsScope.OPTION, "bolt_penalty") == Topic.SCORING.value
    assert page_of(SettingsScope.LANGUAGE, "") == TABLE_PAGE
    assert page_of(SettingsScope.TIMEOUT, "") == TABLE_PAGE
    assert page_of(SettingsScope.PRESET, "moscow") == MAIN_PAGE
    assert page_of(SettingsScope.TARGET, "target") == MAIN_PAGE


def test_an_unknown_page_is_an_error() -> None:
    with pytest.raises(ValueError, match="nowhere"):
        render_settings(Rules(), "ru", chat_language="ru", turn_timeout=60, page="nowhere")


@pytest.mark.parametrize("lang", SUPPORTED)
def test_the_closed_settings_keep_the_gist(lang: str) -> None:
    text = render_settings_summary(CUSTOM, lang, chat_language="en", turn_timeout=120)
    check_html(text)
    assert "777" in text
    assert option_label("freza", lang) in text


def _random_rules(rng: random.Random) -> Rules:
    while True:
        changes = {name: rng.choice(sorted(_all_values(name), key=str)) for name in OPTIONS}
        try:
            return Rules().replace(**changes)
        except RulesError:
            continue


@pytest.mark.parametrize("lang", SUPPORTED)
@pytest.mark.parametrize("players", [None, 2, 3, 4])
def test_rules_pages_explain_every_option_in_force_once(lang: str, players: int | None) -> None:
    tr = translator(lang)
    rng = random.Random(f"{lang}{players}")
    for rules in [*ALL_PRESETS.values(), CUSTOM, *(_random_rules(rng) for _ in range(6))]:
        texts = []
        for page in range(len(RULES_PAGES)):
            text, keyboard = render_rules_page(
                rules, lang, page=page, turn_timeout=60, players=players
            )
            check_html(text)
            pages = [RulesCb.unpack(data).page for _, data in check_keyboard(keyboard)]
            assert pages == [(page - 1) % len(RULES_PAGES), page, (page + 1) % len(RULES_PAGES)]
            texts.append(text)
        whole = "\n".join(texts)
        ignored = ignored_options(rules, players=players)
        for name in OPTIONS:
            sentence = tr(f"rule-{name}", value=option_value(getattr(rules, name)))
            if name in ignored:
                continue
            page = RULES_PAGES.index(Topic.of(name).value)
            assert sentence in texts[page], name
        assert tr("rule-target", value=rules.target) in whole
        if players == 4:
            freza = tr("rule-freza", value=option_value(rules.freza))
            assert freza not in whole, "the freza does not apply with 4 players"


def test_rules_pages_wrap_around() -> None:
    first, _ = render_rules_page(Rules(), "ru", page=0, turn_timeout=60)
    again, _ = render_rules_page(Rules(), "ru", page=len(RULES_PAGES), turn_timeout=60)
    assert first == again
