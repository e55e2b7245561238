"""The chat's rules in words: the preset, the target and every option's current value."""

from __future__ import annotations

from enum import Enum

from bot.i18n import translator
from engine import Rules

from .lobby import preset_label
from .table import format_duration

__all__ = ["option_value", "render_rules", "rule_lines"]


def option_value(value: object) -> str | int:
    """An option's value as a Fluent selector: ``yes``/``no``, the enum value, a number."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, Enum):
        return str(value.value)
    if isinstance(value, int):
        return value
    raise TypeError(f"no words for an option value {value!r}")


def rule_lines(rules: Rules, lang: str) -> list[str]:
    """One sentence (HTML) per option, in :meth:`Rules.option_names` order."""
    tr = translator(lang)
    lines = []
    for name in Rules.option_names():
        sentence = tr(f"rule-{name}", value=option_value(getattr(rules, name)))
        lines.append(sentence if name == "target" else "• " + sentence)
    return lines


def render_rules(rules: Rules, lang: str, *, turn_timeout: int) -> str:
    """The active rules (HTML): preset name (or «свои правила»), target, every option."""
    tr = translator(lang)
    return "\n".join(
        [
            tr("rules-title"),
            tr("rules-preset", preset=preset_label(rules, lang)),
            *rule_lines(rules, lang),
            tr("rules-timeout", time=format_duration(turn_timeout, lang)),
        ]
    )
