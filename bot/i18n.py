"""Translations: Fluent files per language in ``bot/locales``, and choosing the language.

A language's catalog is ``bot/locales/<lang>.ftl`` (the bot's messages) plus
``bot/locales/rules/<lang>.ftl`` (the options and the rules explained: long texts that
change with the rules, not with the bot); a key lives in one of the two.

>>> tr = translator("ru")
>>> tr("points", n=21)
'21 очко'
>>> tr("msg-joined", name="<Аня>")
'🪑 &lt;Аня&gt; за столом.'

Two ways to format a message:

- ``tr(key, **args)`` gives **HTML** (every message of the bot is sent with parse mode
  HTML): string arguments are escaped, except :class:`Html` values, which are markup
  already (a mention, a fragment rendered by another message).
- ``tr.plain(key, **args)`` gives **plain text** for places Telegram does not parse:
  button labels, callback alerts, names. Its arguments are inserted as they are.

Integers are formatted without grouping (``1001``, not ``1 001``) and select plural
categories in ``[one]``/``[few]``/``[many]`` variants. A key missing from a language
falls back to the :data:`FALLBACK` catalog (logged); with :func:`set_strict` (the tests) a
missing key or argument raises :class:`TranslationError` instead.

Which language a chat or a person gets when nothing says otherwise is the operator's
choice (``DEFAULT_LANGUAGE``, :attr:`bot.config.Settings.default_language`), so
:func:`pick_language` is always told that default: this module has none of its own.
"""

from __future__ import annotations

import html
import logging
from collections.abc import Mapping
from enum import Enum
from functools import cache
from pathlib import Path
from typing import Final

from fluent.runtime import FluentBundle, FluentResource
from fluent.runtime.types import fluent_number
from fluent.syntax import ast as ftl

__all__ = [
    "FALLBACK",
    "LOCALES_DIR",
    "SUPPORTED",
    "Html",
    "TranslationError",
    "Translator",
    "escape",
    "load_resource",
    "locale_files",
    "pick_language",
    "set_strict",
    "translator",
]

log = logging.getLogger(__name__)

SUPPORTED: Final = ("ru", "uk", "en")
# The reference catalog (every key is written there first), used for a key another
# language lacks. Not the bot's default language: that comes from the settings.
FALLBACK: Final = "ru"
LOCALES_DIR: Final = Path(__file__).with_name("locales")

# Telegram language codes whose speakers read one of ours better than the default.
_CLOSEST: Final = {"rue": "uk"}


class TranslationError(LookupError):
    """A message or one of its arguments is missing (a bug in the code or a locale file)."""


class Html(str):
    """Text that is HTML already (escaped, or markup such as a mention): inserted as is."""

    __slots__ = ()


def escape(text: str) -> Html:
    """``text`` as HTML: user text is escaped, :class:`Html` is returned unchanged."""
    if isinstance(text, Html):
        return text
    return Html(html.escape(text, quote=False))


def pick_language(code: str | None, default: str) -> str:
    """The supported language closest to a Telegram ``language_code``; ``default`` (the
    settings' default language, or a chat's) when none is close.

    >>> pick_language("uk", "ru"), pick_language("en-US", "ru"), pick_language("rue", "en")
    ('uk', 'en', 'uk')
    >>> pick_language("be", "en"), pick_language(None, "uk")
    ('en', 'uk')
    """
    if not code:
        return default
    primary = code.strip().lower().replace("_", "-").split("-", 1)[0]
    if primary in SUPPORTED:
        return primary
    return _CLOSEST.get(primary, default)


_strict = False


def set_strict(strict: bool) -> None:
    """Raise on a missing key or argument instead of falling back (for the tests)."""
    global _strict
    _strict = strict


def locale_files(lang: str) -> tuple[Path, ...]:
    """The Fluent files of one language's catalog."""
    return (LOCALES_DIR / f"{lang}.ftl", LOCALES_DIR / "rules" / f"{lang}.ftl")


def load_resource(lang: str) -> ftl.Resource:
    """Parse a language's files into one resource; a syntax error or a key defined twice
    is a bug and raises."""
    body: list[ftl.EntryType] = []
    seen: dict[str, Path] = {}
    for path in locale_files(lang):
        resource = FluentResource(path.read_text(encoding="utf-8"))
        junk = [entry for entry in resource.body if isinstance(entry, ftl.Junk)]
        if junk:
            content = (junk[0].content or "").strip()
            raise TranslationError(f"{path.name}: cannot parse {content[:80]!r}")
        for entry in resource.body:
            if isinstance(entry, ftl.Message | ftl.Term):
                key = entry.id.name
                if key in seen:
                    raise TranslationError(f"{key!r} is in both {seen[key]} and {path}")
                seen[key] = path
        body.extend(resource.body)
    return ftl.Resource(body)


@cache
def _bundle(lang: str) -> FluentBundle:
    bundle = FluentBundle([lang], use_isolating=False)
    bundle.add_resource(load_resource(lang))
    return bundle


def _fluent_value(value: object) -> object:
    if isinstance(value, bool):
        raise TypeError("pass yes/no strings to translations, not booleans")
    if isinstance(value, int):
        return fluent_number(value, useGrouping=False)
    if isinstance(value, Enum):
        return str(value.value)
    return value


_FORMATTED_MAX: Final = 8192


class Translator:
    """Formats the messages of one language; get one with :func:`translator`."""

    __slots__ = ("_bundle", "_formatted", "lang")

    def __init__(self, lang: str) -> None:
        if lang not in SUPPORTED:
            raise ValueError(f"unsupported language {lang!r}")
        self.lang = lang
        self._bundle = _bundle(lang)
        # Formatted messages by key and arguments. A press renders the table and every
        # hand again, about seventy messages (card labels, names, scores), nearly all of
        # them formatted identically a moment before; Fluent's resolver took a tenth of
        # the bot's CPU per press. Emptied when full: what a running game needs comes back
        # within a press.
        self._formatted: dict[tuple[object, ...], str] = {}

    def __call__(self, key: str, /, **args: object) -> str:
        """The message as HTML: string arguments escaped unless they are :class:`Html`."""
        escaped = {
            name: escape(value) if isinstance(value, str) else value for name, value in args.items()
        }
        return self._format(key, escaped)

    def plain(self, key: str, /, **args: object) -> str:
        """The message as plain text (buttons, alerts, names): arguments as they are."""
        return self._format(key, args)

    def has(self, key: str) -> bool:
        return self._bundle.has_message(key)

    def _format(self, key: str, args: Mapping[str, object]) -> str:
        # The type is part of the key: True == 1, yet a boolean must still be refused.
        cache_key = (key, *((name, type(value), value) for name, value in args.items()))
        try:
            return self._formatted[cache_key]
        except KeyError:
            pass
        except TypeError:  # an unhashable argument: formatted, not remembered
            return self._resolve(key, args)[0]
        text, clean = self._resolve(key, args)
        if clean:
            if len(self._formatted) >= _FORMATTED_MAX:
                self._formatted.clear()
            self._formatted[cache_key] = text
        return text

    def _resolve(self, key: str, args: Mapping[str, object]) -> tuple[str, bool]:
        """The message, and whether it came out without a fallback or an error (only
        then is it remembered, so that each such problem is logged every time)."""
        bundle = self._bundle
        if not bundle.has_message(key):
            if _strict:
                raise TranslationError(f"no message {key!r} in {self.lang}.ftl")
            log.error("no message %r in %s.ftl", key, self.lang)
            bundle = _bundle(FALLBACK)
            if not bundle.has_message(key):
                return key, False
        message = bundle.get_message(key)
        if message.value is None:
            raise TranslationError(f"message {key!r} has no value")
        values = {name: _fluent_value(value) for name, value in args.items()}
        text, errors = bundle.format_pattern(message.value, values)
        if errors:
            if _strict:
                raise TranslationError(f"{self.lang}.ftl {key!r}: {errors}")
            log.error("%s.ftl %r: %s", self.lang, key, errors)
        return str(text), bundle is self._bundle and not errors

    def __repr__(self) -> str:
        return f"translator({self.lang!r})"


@cache
def _translator(lang: str) -> Translator:
    return Translator(lang)


def translator(lang: str | None) -> Translator:
    """The translator of a language, cached (any Telegram code: see :func:`pick_language`;
    one that matches no language gets the :data:`FALLBACK` catalog)."""
    return _translator(lang if lang in SUPPORTED else pick_language(lang, FALLBACK))
