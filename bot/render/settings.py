"""The settings message: presets, target, every rule option, language, turn timeout.

Buttons carry :class:`~bot.callbacks.SettingsCb`:

| scope | name | value |
|---|---|---|
| PRESET | ``odessa`` / ``moscow`` / ``kharkiv`` | |
| TARGET | ``target`` | ``301`` / ``501`` / ``1001`` |
| OPTION | an option of :meth:`Rules.option_names` | the **new** value, :func:`encode_value` |
| LANGUAGE | | ``ru`` / ``uk`` / ``en`` |
| TIMEOUT | | seconds |
| CLOSE | | |

Booleans toggle (``1``/``0``), enums cycle through their members, penalties cycle through
:data:`PENALTY_CHOICES`. :func:`decode_value` turns a button's value back into the value
for ``Rules.replace``.
"""

from __future__ import annotations

from enum import Enum
from typing import Final

from aiogram.types import InlineKeyboardButton, InlineKeyboardMarkup

from bot.callbacks import SettingsCb, SettingsScope
from bot.i18n import SUPPORTED, translator
from bot.parsing import parse_int
from engine import PRESETS, Rules, RulesError

from .keyboard import button, markup
from .lobby import preset_label
from .rules_text import rule_lines
from .table import format_duration

__all__ = [
    "PENALTY_CHOICES",
    "TARGETS",
    "TIMEOUTS",
    "decode_value",
    "encode_value",
    "next_value",
    "render_settings",
]

TARGETS: Final = (301, 501, 1001)
TIMEOUTS: Final = (30, 60, 120, 300)
PENALTY_CHOICES: Final[dict[str, tuple[int, ...]]] = {
    "bolt_penalty": (0, 50, 100),
    "third_bait_penalty": (0, 100),
}
_DEFAULTS: Final = Rules()


def encode_value(value: object) -> str:
    """An option value as callback text: ``1``/``0``, the enum value, the number."""
    if isinstance(value, bool):
        return "1" if value else "0"
    if isinstance(value, Enum):
        return str(value.value)
    if isinstance(value, int):
        return str(value)
    raise TypeError(f"cannot encode option value {value!r}")


def decode_value(name: str, text: str) -> object:
    """The value for ``Rules.replace(**{name: value})`` from a button's text.

    Raises :class:`engine.RulesError` for an unknown option or a forged value.
    """
    if name not in Rules.option_names():
        raise RulesError(f"unknown option {name!r}")
    current = getattr(_DEFAULTS, name)
    if isinstance(current, bool):
        if text not in ("0", "1"):
            raise RulesError(f"option {name} must be 0 or 1, not {text!r}")
        return text == "1"
    if isinstance(current, Enum):
        try:
            return type(current)(text)
        except ValueError:
            raise RulesError(f"option {name} has no value {text!r}") from None
    if isinstance(current, int):
        number = parse_int(text, low=0)
        if number is None:
            raise RulesError(f"option {name} must be a whole number, not {text!r}")
        return number
    raise RulesError(f"option {name} cannot be set from a button")


def next_value(name: str, value: object) -> object:
    """The value a press on the option's button sets."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, Enum):
        members = list(type(value))
        return members[(members.index(value) + 1) % len(members)]
    if name in PENALTY_CHOICES:
        choices = PENALTY_CHOICES[name]
        later = [choice for choice in choices if choice > int(str(value))]
        return later[0] if later else choices[0]
    raise TypeError(f"option {name} has no button (add it to bot/render/settings.py)")


def _option_button(rules: Rules, name: str, lang: str) -> InlineKeyboardButton:
    tr = translator(lang)
    value = getattr(rules, name)
    label = tr.plain(f"opt-{name}")
    if isinstance(value, bool):
        text = tr.plain("btn-option-on" if value else "btn-option-off", label=label)
    elif isinstance(value, Enum):
        shown = tr.plain(f"value-{name}-{value.value}")
        text = tr.plain("btn-option-value", label=label, value=shown)
    else:
        text = tr.plain("btn-penalty", label=label, value=value)
    data = SettingsCb(
        scope=SettingsScope.OPTION, name=name, value=encode_value(next_value(name, value))
    )
    return button(text, data)


def settings_keyboard(
    rules: Rules, lang: str, *, chat_language: str, turn_timeout: int
) -> InlineKeyboardMarkup:
    tr = translator(lang)

    def yes(flag: bool) -> str:
        return "yes" if flag else "no"

    presets = [
        button(
            tr.plain(
                "btn-preset",
                name=tr.plain(f"btn-preset-{name}"),
                current=yes(rules.preset_name == name),
            ),
            SettingsCb(scope=SettingsScope.PRESET, name=name),
        )
        for name in PRESETS
    ]
    targets = [
        button(
            tr.plain("btn-target", value=target, current=yes(rules.target == target)),
            SettingsCb(scope=SettingsScope.TARGET, name="target", value=str(target)),
        )
        for target in TARGETS
    ]
    options = [
        [_option_button(rules, name, lang)] for name in Rules.option_names() if name != "target"
    ]
    languages = [
        button(
            tr.plain(
                "btn-language",
                name=tr.plain(f"language-{code}"),
                current=yes(code == translator(chat_language).lang),
            ),
            SettingsCb(scope=SettingsScope.LANGUAGE, value=code),
        )
        for code in SUPPORTED
    ]
    timeouts = [
        button(
            tr.plain(
                "btn-timeout",
                time=format_duration(seconds, lang),
                current=yes(seconds == turn_timeout),
            ),
            SettingsCb(scope=SettingsScope.TIMEOUT, value=str(seconds)),
        )
        for seconds in TIMEOUTS
    ]
    close = [button(tr.plain("btn-close"), SettingsCb(scope=SettingsScope.CLOSE))]
    return markup([presets, targets, *options, languages, timeouts, close])


def render_settings(
    rules: Rules, lang: str, *, chat_language: str, turn_timeout: int
) -> tuple[str, InlineKeyboardMarkup]:
    """The settings message (HTML: the rules in words) and its keyboard."""
    tr = translator(lang)
    lines = [
        tr("settings-title"),
        tr("rules-preset", preset=preset_label(rules, lang)),
        tr("settings-language", language=tr.plain(f"language-{translator(chat_language).lang}")),
        tr("rules-timeout", time=format_duration(turn_timeout, lang)),
        "",
        *rule_lines(rules, lang),
        "",
        tr("settings-hint"),
    ]
    keyboard = settings_keyboard(
        rules, lang, chat_language=chat_language, turn_timeout=turn_timeout
    )
    return "\n".join(lines), keyboard
