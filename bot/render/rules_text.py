"""The rules in force, explained in a few pages turned in place: the deck and the card
points, then one page per :class:`engine.Topic` (dealing and bidding, melds and bella,
play, scoring, the end of the game).

Each page holds the basics that every rule set shares (``rules-page-<page>``), then one
sentence per option of its topic in force (``rule-<option>``). Options that change
nothing under the others, or for the number of players of a running game, are left out:
the page explains the game being played, not the settings screen.
"""

from __future__ import annotations

from enum import Enum
from typing import Final

from aiogram.types import InlineKeyboardMarkup

from bot.callbacks import RulesCb
from bot.i18n import translator
from engine import Rules, Topic, ignored_options

from .keyboard import button, markup
from .lobby import preset_label
from .table import format_duration

__all__ = ["RULES_PAGES", "option_value", "render_rules_page", "rule_sentences"]

RULES_PAGES: Final = ("deck", *(topic.value for topic in Topic))


def option_value(value: object) -> str | int:
    """An option's value as a Fluent selector: ``yes``/``no``, the enum value, a number."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, Enum):
        return str(value.value)
    if isinstance(value, int):
        return value
    raise TypeError(f"no words for an option value {value!r}")


def rule_sentences(rules: Rules, topic: Topic, lang: str, *, players: int | None) -> list[str]:
    """One sentence (HTML) per option of ``topic`` that acts under ``rules``."""
    tr = translator(lang)
    ignored = ignored_options(rules, players=players)
    return [
        "• " + tr(f"rule-{name}", value=option_value(getattr(rules, name)))
        for name in topic.options()
        if name not in ignored
    ]


def render_rules_page(
    rules: Rules, lang: str, *, page: int, turn_timeout: int, players: int | None = None
) -> tuple[str, InlineKeyboardMarkup]:
    """Page ``page`` (0-based; it wraps around) of the rules in force (HTML), with the
    buttons that turn the pages. ``players``: of the running game, if any.
    """
    tr = translator(lang)
    count = len(RULES_PAGES)
    page %= count
    name = RULES_PAGES[page]
    lines = [
        tr("rules-pages-title", preset=preset_label(rules, lang)),
        tr("rules-page-" + name),
    ]
    if name != "deck":
        topic = Topic(name)
        if topic is Topic.END:
            lines.append("• " + tr("rule-target", value=rules.target))
        lines.extend(rule_sentences(rules, topic, lang, players=players))
        if topic is Topic.END:
            lines.append("• " + tr("rules-timeout", time=format_duration(turn_timeout, lang)))
    keyboard = markup(
        [
            [
                button(tr.plain("btn-page-previous"), RulesCb(page=(page - 1) % count)),
                button(
                    tr.plain("rules-page-counter", page=page + 1, pages=count),
                    RulesCb(page=page),
                ),
                button(tr.plain("btn-page-next"), RulesCb(page=(page + 1) % count)),
            ]
        ]
    )
    return "\n".join(lines), keyboard
