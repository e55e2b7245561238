"""The words for the options and the rules (bot/locales/rules/<lang>.ftl): every option
has a label, an explanation and a sentence for each of its values, the sentences say
different things for different values, and labels fit on a button."""

from __future__ import annotations

import dataclasses
import re
from enum import Enum

import pytest

from bot.i18n import SUPPORTED, translator
from bot.render.rules_text import option_value
from engine import DECK, Card, Rules
from engine.cards import NO_TRUMP, points, strength
from engine.options import Topic
from engine.rules import ALL_PRESETS

# Every value an option can take, as the code passes it to Fluent.
Values = tuple[str | int, ...]

# Int options: the special values their messages select on, and ordinary ones.
INT_SAMPLES: dict[str, Values] = {
    "bolt_penalty": (0, 1, 50, 100, 10_000),
    "third_bait_penalty": (0, 1, 100),
    "extra_cards": (3, 4),
    "weak_hand_redeal": (-1, 0, 1, 2, 13, 21, 84),
    "debertz_length": (6, 7),
    "gap_win": (0, 1, 2, 5, 21, 250, 100_000),
}
# Ints whose special value (off, or the one other choice) must read differently.
INT_DISTINCT: dict[str, Values] = {
    "bolt_penalty": (0, 50),
    "third_bait_penalty": (0, 100),
    "extra_cards": (3, 4),
    "weak_hand_redeal": (-1, 2),
    "debertz_length": (6, 7),
    "gap_win": (0, 250),
}

# Options other helpers are adding to Rules (RULES-VARIANTS §2, §5, §7, §19, §24, §25,
# §27); their opt-, value- and optinfo- keys live in bot/locales/<lang>.ftl.
NEW_OPTIONS: dict[str, Values] = {
    "round_two": ("name_suit", "next_card", "next_cards"),
    "proposed_card": ("stays", "to_bidder"),
    "seven_meld_query": ("yes", "no"),
    "visyak": ("yes", "no"),
    "four_player_mode": ("pairs", "solo"),
    "format": ("target", "one_hand", "one_hand_bait"),
    "dave": ("off", "arithmetic", "geometric"),
    "match": ("single", "two_rounds"),
}
NEW_PRESETS = ("site", "klabor", "klabor_tournament")
PAGES = ("deck", "deal", "melds", "play", "scoring", "end")
TOPICS = (*(topic.value for topic in Topic), "table")

# Button widths, for the labels written here (part 1's are in bot/locales/<lang>.ftl).
PART_TWO = frozenset(Rules.variant_option_names())
OPTION_LABEL_MAX = 26
VALUE_LABEL_MAX = 24
TOPIC_LABEL_MAX = 24
OPTINFO_MAX = 110
PAGE_MAX = 900
PAGE_LINE_MAX = 120

_TAG = re.compile(r"</?[bi]>")
# One emoji: a pictograph, with an optional variation selector.
_EMOJI = re.compile(r"^[\U0001F000-\U0001FAFF\u2600-\u27BF]\uFE0F? \S")


def _options() -> list[str]:
    return [name for name in Rules.all_option_names() if name != "target"]


def _values(name: str) -> Values:
    """Every value of an option as the bot passes it (ints: samples)."""
    default = getattr(Rules(), name)
    if isinstance(default, bool):
        return ("yes", "no")
    if isinstance(default, Enum):
        return tuple(str(option_value(member)) for member in type(default))
    assert name in INT_SAMPLES, f"int option {name}: add its special values to INT_SAMPLES"
    return INT_SAMPLES[name]


def _visible(html: str) -> str:
    return _TAG.sub("", html)


def test_the_options_of_the_engine_are_the_ones_known_here() -> None:
    """A new option of the engine cannot slip past the checks below unnoticed: every int
    has its samples, and an option of NEW_OPTIONS once in Rules is checked like the rest."""
    names = {field.name for field in dataclasses.fields(Rules)}
    ints = {name for name in names if type(getattr(Rules(), name)) is int} - {"target"}
    assert ints == set(INT_SAMPLES)


@pytest.mark.parametrize("lang", SUPPORTED)
@pytest.mark.parametrize("name", _options())
def test_every_option_has_a_label_an_explanation_and_a_sentence_per_value(
    lang: str, name: str
) -> None:
    tr = translator(lang)
    label = tr.plain(f"opt-{name}")
    assert label, f"{lang} opt-{name}"
    if name in PART_TWO:
        assert len(label) <= OPTION_LABEL_MAX, f"{lang} opt-{name}: {label!r}"
    info = _visible(tr(f"optinfo-{name}"))
    assert 0 < len(info) <= OPTINFO_MAX, f"{lang} optinfo-{name}: {len(info)} characters"
    assert "\n" not in info

    values = _values(name)
    sentences = {value: tr(f"rule-{name}", value=value) for value in values}
    if isinstance(getattr(Rules(), name), bool | Enum):
        # A value the message has no variant for silently takes the default one.
        assert len(set(sentences.values())) == len(values), f"{lang} rule-{name}: {sentences}"
    else:
        special = INT_DISTINCT[name]
        assert sentences[special[0]] != sentences[special[1]], f"{lang} rule-{name}"


@pytest.mark.parametrize("lang", SUPPORTED)
@pytest.mark.parametrize("name", _options())
def test_every_value_has_a_short_label(lang: str, name: str) -> None:
    tr = translator(lang)
    default = getattr(Rules(), name)
    if isinstance(default, bool):
        return  # a bool's button shows ✅ or ▫️, not a word
    if isinstance(default, Enum):
        labels = [tr.plain(f"value-{name}-{member.value}") for member in type(default)]
        assert len(set(labels)) == len(labels), f"{lang} value-{name}-*: {labels}"
    else:
        labels = [tr.plain(f"value-{name}", value=value) for value in INT_SAMPLES[name]]
        special = INT_DISTINCT[name]
        assert tr.plain(f"value-{name}", value=special[0]) != tr.plain(
            f"value-{name}", value=special[1]
        )
    for label in labels:
        assert label, f"{lang} value-{name}"
        if name in PART_TWO or not isinstance(default, Enum):
            assert len(label) <= VALUE_LABEL_MAX, f"{lang} value-{name}: {label!r}"


@pytest.mark.parametrize("lang", SUPPORTED)
def test_numbers_in_the_words_agree_with_them(lang: str) -> None:
    """The plural forms follow the number, and an off value says off."""
    tr = translator(lang)
    expected = {
        "ru": ("нет", "≤ 2 очка", "≤ 13 очков", "250 очков", "21 очко"),
        "uk": ("ні", "≤ 2 очка", "≤ 13 очок", "250 очок", "21 очко"),
        "en": ("off", "≤ 2 points", "≤ 13 points", "250 points", "21 points"),
    }[lang]
    got = (
        tr.plain("value-weak_hand_redeal", value=-1),
        tr.plain("value-weak_hand_redeal", value=2),
        tr.plain("value-weak_hand_redeal", value=13),
        tr.plain("value-gap_win", value=250),
        tr.plain("value-gap_win", value=21),
    )
    assert got == expected
    assert tr.plain("value-bolt_penalty", value=50) == "−50"
    assert "250" in tr("rule-gap_win", value=250)
    assert "13" in tr("rule-weak_hand_redeal", value=13)


@pytest.mark.parametrize("lang", SUPPORTED)
@pytest.mark.parametrize("name", sorted(NEW_OPTIONS))
def test_the_new_options_have_a_sentence_per_value(lang: str, name: str) -> None:
    tr = translator(lang)
    sentences = [tr(f"rule-{name}", value=value) for value in NEW_OPTIONS[name]]
    assert len(set(sentences)) == len(sentences), f"{lang} rule-{name}: {sentences}"


@pytest.mark.parametrize("lang", SUPPORTED)
def test_topics_have_a_short_label_with_one_emoji(lang: str) -> None:
    tr = translator(lang)
    for topic in TOPICS:
        label = tr.plain(f"topic-{topic}")
        assert len(label) <= TOPIC_LABEL_MAX, f"{lang} topic-{topic}: {label!r}"
        assert _EMOJI.match(label), f"{lang} topic-{topic} starts with one emoji: {label!r}"


@pytest.mark.parametrize("lang", SUPPORTED)
def test_every_preset_has_a_name_and_a_button(lang: str) -> None:
    tr = translator(lang)
    for preset in {*ALL_PRESETS, *NEW_PRESETS}:
        assert tr.plain(f"preset-{preset}")
        assert 0 < len(tr.plain(f"btn-preset-{preset}")) <= VALUE_LABEL_MAX


@pytest.mark.parametrize("lang", SUPPORTED)
@pytest.mark.parametrize("page", PAGES)
def test_rules_pages_fit_a_message(lang: str, page: str) -> None:
    text = translator(lang)(f"rules-page-{page}")
    assert len(text) <= PAGE_MAX, f"{lang} rules-page-{page}: {len(text)} characters"
    lines = text.splitlines()
    assert len(lines) >= 3
    assert all(len(line) <= PAGE_LINE_MAX for line in lines), f"{lang} rules-page-{page}"


@pytest.mark.parametrize("lang", SUPPORTED)
def test_rules_pages_title_and_counter(lang: str) -> None:
    tr = translator(lang)
    assert "&lt;x&gt;" in tr("rules-pages-title", preset="<x>")
    assert tr("rules-page-counter", page=2, pages=6) == "2 / 6"


def test_the_deck_page_gives_the_engine_order_and_points() -> None:
    text = translator("en")("rules-page-deck")
    suit = DECK[0].suit
    cards = [card for card in DECK if card.suit is suit]

    def order(trump: int) -> str:
        ranked = sorted(cards, key=lambda card: -strength(card, trump))
        return " ".join(card.code[:-1] for card in ranked)

    assert f"In trump: {order(int(suit))} " in text
    assert f"In the other suits: {order(NO_TRUMP)}." in text
    jass, menel = Card.parse("JS"), Card.parse("9S")
    trump = int(jass.suit)
    assert f"jass {points(jass, trump)}, menel {points(menel, trump)}," in text
    assert f"plain jack {points(jass, NO_TRUMP)}," in text
    deck_points = sum(points(card, trump) for card in DECK)
    assert f"{deck_points} points, {deck_points + 10} with the last trick" in text
