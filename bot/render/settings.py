"""The settings message: a main page (preset, target, the topics) and a page per topic of
options, edited in place.

Buttons carry :class:`~bot.callbacks.SettingsCb`:

| scope | name | value |
|---|---|---|
| PAGE | ``""`` (the main page), a :class:`engine.Topic` value, or ``table`` | |
| PRESET | a preset of :data:`engine.ALL_PRESETS` | |
| TARGET | ``target`` | ``301`` / ``501`` / ``1001`` |
| OPTION | an option of :meth:`Rules.all_option_names` | the **new** value, :func:`encode_value` |
| LANGUAGE | | ``ru`` / ``uk`` / ``en`` |
| TIMEOUT | | seconds |
| CLOSE | | |

Booleans toggle (``1``/``0``), enums cycle through their members, numbers cycle through
:data:`NUMBER_CHOICES`. :func:`decode_value` turns a button's value back into the value
for ``Rules.replace``. A page never grows past a topic's dozen options: about 45 options
would not fit one message, nor one keyboard a thumb can use.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import Enum
from typing import Final

from aiogram.types import InlineKeyboardButton, InlineKeyboardMarkup

from bot.callbacks import SettingsCb, SettingsScope
from bot.i18n import SUPPORTED, Html, translator
from bot.parsing import parse_int
from engine import ALL_PRESETS, Rules, RulesError, Topic, ignored_options

from .keyboard import button, chunked, markup
from .lobby import preset_label
from .table import SEP, format_duration

__all__ = [
    "MAIN_PAGE",
    "NUMBER_CHOICES",
    "PAGES",
    "TABLE_PAGE",
    "TARGETS",
    "TIMEOUTS",
    "conflict_text",
    "decode_value",
    "encode_value",
    "next_value",
    "option_label",
    "page_of",
    "render_settings",
    "render_settings_summary",
    "value_text",
]

TARGETS: Final = (301, 501, 1001)
TIMEOUTS: Final = (30, 60, 120, 300)
NUMBER_CHOICES: Final[dict[str, tuple[int, ...]]] = {
    # The values a table picks from; any other stays reachable through the engine (the
    # terminal game, stored rules) and is shown as it is.
    "bolt_penalty": (0, 50, 100),
    "third_bait_penalty": (0, 100),
    "extra_cards": (3, 4),
    "weak_hand_redeal": (-1, 2),
    "debertz_length": (7, 6),
    "gap_win": (0, 250, 500),
}
MAIN_PAGE: Final = ""
TABLE_PAGE: Final = "table"
"""The page of the chat's own settings: language and turn time (not rules)."""
PAGES: Final = (MAIN_PAGE, *(topic.value for topic in Topic), TABLE_PAGE)
"""Every page a PAGE button may name."""
_MAX_CHANGES_SHOWN: Final = 6
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

    Raises :class:`engine.RulesError` for an unknown option or a value no button offers.
    """
    if name not in Rules.all_option_names() or name == "target":
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
    number = parse_int(text)
    if number is None or number not in NUMBER_CHOICES.get(name, ()):
        raise RulesError(f"option {name} has no button for {text!r}")
    return number


def next_value(name: str, value: object) -> object:
    """The value a press on the option's button sets."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, Enum):
        members = list(type(value))
        return members[(members.index(value) + 1) % len(members)]
    if name in NUMBER_CHOICES and isinstance(value, int):
        choices = NUMBER_CHOICES[name]
        if value not in choices:
            return choices[0]
        return choices[(choices.index(value) + 1) % len(choices)]
    raise TypeError(f"option {name} has no button (add it to NUMBER_CHOICES)")


def page_of(scope: SettingsScope, name: str) -> str:
    """The page a press leaves on screen: an option's topic, the table page after the
    language or the time, the main page after a preset or a target."""
    if scope is SettingsScope.OPTION:
        return Topic.of(name).value
    if scope in (SettingsScope.LANGUAGE, SettingsScope.TIMEOUT):
        return TABLE_PAGE
    return MAIN_PAGE


def option_label(name: str, lang: str) -> str:
    """An option's short name (plain): «Фреза»."""
    return translator(lang).plain(f"opt-{name}")


def value_text(rules: Rules, name: str, lang: str) -> str:
    """An option's current value in words (plain): «да», «по кругу», «−100»."""
    tr = translator(lang)
    value = getattr(rules, name)
    if isinstance(value, bool):
        return tr.plain("value-yes" if value else "value-no")
    if isinstance(value, Enum):
        return tr.plain(f"value-{name}-{value.value}")
    return tr.plain(f"value-{name}", value=value)


def conflict_text(error: RulesError, lang: str, *, pressed: str = "") -> str | None:
    """The alert for a combination the rules forbid, naming both options, the one just
    ``pressed`` first; None when the error is not about a combination."""
    if len(error.options) != 2:
        return None
    names = sorted(error.options, key=lambda name: name != pressed)
    first, second = (option_label(name, lang) for name in names)
    return translator(lang).plain("alert-settings-conflict", first=first, second=second)


def _option_button(rules: Rules, name: str, lang: str) -> InlineKeyboardButton:
    tr = translator(lang)
    value = getattr(rules, name)
    label = option_label(name, lang)
    if isinstance(value, bool):
        text = tr.plain("btn-option-on" if value else "btn-option-off", label=label)
    else:
        text = tr.plain("btn-option-value", label=label, value=value_text(rules, name, lang))
    data = SettingsCb(
        scope=SettingsScope.OPTION, name=name, value=encode_value(next_value(name, value))
    )
    return button(text, data)


def _page_button(page: str, text: str) -> InlineKeyboardButton:
    return button(text, SettingsCb(scope=SettingsScope.PAGE, name=page))


def _current(flag: bool) -> str:
    return "yes" if flag else "no"


def _main_keyboard(rules: Rules, lang: str) -> InlineKeyboardMarkup:
    tr = translator(lang)
    presets = [
        button(
            tr.plain(
                "btn-preset",
                name=tr.plain(f"btn-preset-{name}"),
                current=_current(rules.preset_name == name),
            ),
            SettingsCb(scope=SettingsScope.PRESET, name=name),
        )
        for name in ALL_PRESETS
    ]
    targets = [
        button(
            tr.plain("btn-target", value=target, current=_current(rules.target == target)),
            SettingsCb(scope=SettingsScope.TARGET, name="target", value=str(target)),
        )
        for target in TARGETS
    ]
    topics = [_page_button(topic.value, tr.plain(f"topic-{topic.value}")) for topic in Topic]
    topics.append(_page_button(TABLE_PAGE, tr.plain(f"topic-{TABLE_PAGE}")))
    close = [button(tr.plain("btn-close"), SettingsCb(scope=SettingsScope.CLOSE))]
    return markup([*chunked(presets, 3), targets, *chunked(topics, 2), close])


def _back_row(lang: str) -> list[InlineKeyboardButton]:
    return [_page_button(MAIN_PAGE, translator(lang).plain("btn-back"))]


def _closest_preset(rules: Rules) -> tuple[str, tuple[str, ...]]:
    """The preset that differs from ``rules`` in the fewest options, and those options."""

    def changes(preset: Rules) -> tuple[str, ...]:
        return tuple(
            name
            for name in Rules.all_option_names()
            if name != "target" and getattr(preset, name) != getattr(rules, name)
        )

    return min(
        ((name, changes(preset)) for name, preset in ALL_PRESETS.items()),
        key=lambda found: len(found[1]),
    )


def _preset_lines(rules: Rules, lang: str) -> list[str]:
    """«Правила: одесский деберц» or, for a custom set, the preset it is closest to and
    what differs; then the target."""
    tr = translator(lang)
    lines = [tr("rules-preset", preset=preset_label(rules, lang))]
    if rules.preset_name is None:
        base, changed = _closest_preset(rules)
        shown = [
            tr.plain(
                "settings-change",
                option=option_label(name, lang),
                value=value_text(rules, name, lang),
            )
            for name in changed[:_MAX_CHANGES_SHOWN]
        ]
        lines.append(
            tr(
                "settings-custom",
                base=tr.plain(f"preset-{base}"),
                changes=SEP.join(shown),
                more=len(changed) - len(shown),
            )
        )
    lines.append(tr("rule-target", value=rules.target))
    return lines


def _table_lines(lang: str, *, chat_language: str, turn_timeout: int) -> list[str]:
    tr = translator(lang)
    return [
        tr("settings-language", language=tr.plain(f"language-{translator(chat_language).lang}")),
        tr("rules-timeout", time=format_duration(turn_timeout, lang)),
    ]


def _topic_lines(rules: Rules, topic: Topic, lang: str) -> Iterable[str]:
    tr = translator(lang)
    ignored = ignored_options(rules)
    for name in topic.options():
        line = tr(
            "settings-option",
            option=option_label(name, lang),
            value=value_text(rules, name, lang),
            about=Html(tr(f"optinfo-{name}")),
        )
        if name in ignored:
            line += " " + tr("settings-ignored")
        yield line


def render_settings(
    rules: Rules, lang: str, *, chat_language: str, turn_timeout: int, page: str = MAIN_PAGE
) -> tuple[str, InlineKeyboardMarkup]:
    """One page of the settings message (HTML) and its keyboard.

    Raises :class:`ValueError` for a page that does not exist."""
    tr = translator(lang)
    if page == MAIN_PAGE:
        lines = [
            tr("settings-title"),
            *_preset_lines(rules, lang),
            *_table_lines(lang, chat_language=chat_language, turn_timeout=turn_timeout),
            "",
            tr("settings-hint"),
        ]
        return "\n".join(lines), _main_keyboard(rules, lang)
    if page == TABLE_PAGE:
        lines = [
            tr("settings-page-title", page=tr.plain(f"topic-{TABLE_PAGE}")),
            *_table_lines(lang, chat_language=chat_language, turn_timeout=turn_timeout),
        ]
        return "\n".join(lines), _table_keyboard(lang, chat_language, turn_timeout)
    topic = Topic(page)
    lines = [
        tr("settings-page-title", page=tr.plain(f"topic-{topic.value}")),
        *_topic_lines(rules, topic, lang),
    ]
    rows = [[_option_button(rules, name, lang)] for name in topic.options()]
    return "\n".join(lines), markup([*rows, _back_row(lang)])


def _table_keyboard(lang: str, chat_language: str, turn_timeout: int) -> InlineKeyboardMarkup:
    tr = translator(lang)
    languages = [
        button(
            tr.plain(
                "btn-language",
                name=tr.plain(f"language-{code}"),
                current=_current(code == translator(chat_language).lang),
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
                current=_current(seconds == turn_timeout),
            ),
            SettingsCb(scope=SettingsScope.TIMEOUT, value=str(seconds)),
        )
        for seconds in TIMEOUTS
    ]
    return markup([languages, timeouts, _back_row(lang)])


def render_settings_summary(
    rules: Rules, lang: str, *, chat_language: str, turn_timeout: int
) -> str:
    """What a closed settings message keeps (HTML): the preset, what differs from it, the
    target, the language and the turn time; /rules explains the rest."""
    tr = translator(lang)
    lines = [
        tr("settings-title"),
        *_preset_lines(rules, lang),
        *_table_lines(lang, chat_language=chat_language, turn_timeout=turn_timeout),
        tr("settings-closed-hint"),
    ]
    return "\n".join(lines)
