"""The locale files: same keys and variables in every language, plain keys without markup,
and the translator's behaviour."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from fluent.syntax import ast as ftl
from fluent.syntax.visitor import Visitor

from bot import i18n
from bot.i18n import (
    FALLBACK,
    SUPPORTED,
    Html,
    TranslationError,
    escape,
    load_resource,
    pick_language,
    translator,
)

PLAIN_PREFIXES = (
    "btn-",
    "cmd-",
    "alert-",
    "reason-",
    "card-",
    "suit-",
    "rank-",
    "meld-",
    "name-",
    "action-",
    "item-",
    "opt-",
    "value-",
    "preset-",
    "language-",
    "duration-",
    "topic-",
)
PLAIN_KEYS = frozenset({"points", "sheet-bait-mark", "sheet-visyak-mark", "sheet-hand"})
ALLOWED_MARKUP = re.compile(r"</?(?:b|i)>|<a href=\"[^\"]+\">|</a>")


class _Variables(Visitor):
    def __init__(self) -> None:
        super().__init__()
        self.names: set[str] = set()

    def visit_VariableReference(self, node: ftl.VariableReference) -> None:
        self.names.add(node.id.name)


def _messages(lang: str) -> dict[str, ftl.Message]:
    resource = load_resource(lang)
    return {entry.id.name: entry for entry in resource.body if isinstance(entry, ftl.Message)}


def _variables(message: ftl.Message) -> set[str]:
    visitor = _Variables()
    visitor.visit(message)
    return visitor.names


def _text(message: ftl.Message) -> str:
    parts: list[str] = []

    class _Text(Visitor):
        def visit_TextElement(self, node: ftl.TextElement) -> None:
            parts.append(node.value)

    _Text().visit(message)
    return "".join(parts)


def test_every_language_has_the_same_keys_and_variables() -> None:
    reference = _messages(FALLBACK)
    assert len(reference) > 100
    for lang in SUPPORTED:
        messages = _messages(lang)
        assert set(messages) == set(reference), (
            f"{lang}.ftl: missing {sorted(set(reference) - set(messages))}, "
            f"extra {sorted(set(messages) - set(reference))}"
        )
        for key, message in messages.items():
            assert message.value is not None, f"{lang}.ftl {key} has no value"
            assert _variables(message) == _variables(reference[key]), f"{lang}.ftl {key}"


def test_no_key_is_defined_twice() -> None:
    for lang in SUPPORTED:
        resource = load_resource(lang)
        keys = [entry.id.name for entry in resource.body if isinstance(entry, ftl.Message)]
        assert len(keys) == len(set(keys)), lang


@pytest.mark.parametrize("lang", SUPPORTED)
def test_plain_keys_have_no_markup_and_html_keys_only_telegram_tags(lang: str) -> None:
    for key, message in _messages(lang).items():
        text = _text(message)
        if key in PLAIN_KEYS or key.startswith(PLAIN_PREFIXES):
            assert "<" not in text, f"{lang}.ftl {key} is plain text"
            assert "&" not in text, f"{lang}.ftl {key} is plain text"
        else:
            leftover = ALLOWED_MARKUP.sub("", text)
            assert "<" not in leftover, f"{lang}.ftl {key}: {text!r}"
            assert ">" not in leftover, f"{lang}.ftl {key}: {text!r}"
            assert "&" not in leftover, f"{lang}.ftl {key}: write & as &amp;"


def test_every_key_is_used_by_the_code() -> None:
    """Keys are named literally in the code, or built from one of these prefixes."""
    dynamic = (
        "cmd-",
        "rank-",
        "suit-",
        "reason-",
        "rule-",
        "rules-page-",
        "optinfo-",
        "topic-",
        "opt-",
        "optinfo-",  # RULES-VARIANTS options' one-line explanations, for /settings
        "value-",
        "preset-",
        "btn-preset-",
        "language-",
        # The settings topics and the /rules pages (bot/locales/rules/): built from the
        # option, topic and page names.
        "optinfo-",
        "topic-",
        "rules-page",
    )
    root = Path(i18n.__file__).parent
    source = "\n".join(
        path.read_text(encoding="utf-8") for path in [root / "i18n.py", *root.glob("render/*.py")]
    )
    literals = set(re.findall(r"\"([a-z0-9-]+)\"", source))
    unused = [
        key for key in _messages(FALLBACK) if key not in literals and not key.startswith(dynamic)
    ]
    assert not unused, f"keys no code uses: {unused}"


@pytest.mark.parametrize(
    ("code", "expected"),
    [
        ("ru", "ru"),
        ("uk", "uk"),
        ("UK", "uk"),
        ("en", "en"),
        ("en-US", "en"),
        ("en_GB", "en"),
        ("uk-UA", "uk"),
        ("be", "ru"),
        ("rue", "uk"),
        ("de", "ru"),
        ("", "ru"),
        (None, "ru"),
    ],
)
def test_pick_language(code: str | None, expected: str) -> None:
    assert pick_language(code, "ru") == expected


@pytest.mark.parametrize(
    ("code", "expected"), [("de", "en"), ("", "en"), (None, "en"), ("ru", "ru")]
)
def test_pick_language_falls_back_to_the_default_it_is_given(
    code: str | None, expected: str
) -> None:
    """DEFAULT_LANGUAGE=en: a German or unknown user gets English, not Russian."""
    assert pick_language(code, "en") == expected


def test_translator_is_cached_and_accepts_telegram_codes() -> None:
    assert translator("uk") is translator("uk")
    assert translator("en-US").lang == "en"
    assert translator(None).lang == FALLBACK


@pytest.mark.parametrize(
    ("lang", "n", "expected"),
    [
        ("ru", 1, "1 очко"),
        ("ru", 3, "3 очка"),
        ("ru", 11, "11 очков"),
        ("ru", 21, "21 очко"),
        ("ru", 1001, "1001 очко"),
        ("uk", 2, "2 очка"),
        ("uk", 25, "25 очок"),
        ("en", 1, "1 point"),
        ("en", 1001, "1001 points"),
    ],
)
def test_plural_categories_and_no_digit_grouping(lang: str, n: int, expected: str) -> None:
    assert translator(lang).plain("points", n=n) == expected


def test_html_arguments_are_escaped_and_markup_kept() -> None:
    tr = translator("ru")
    assert tr("msg-joined", name="<b>A&B</b>") == "🪑 &lt;b&gt;A&amp;B&lt;/b&gt; за столом."
    assert tr("msg-joined", name=Html("<b>A</b>")) == "🪑 <b>A</b> за столом."
    assert tr.plain("btn-play", suit="<♠>") == "✅ Играю <♠>"
    assert escape(escape("a<b")) == "a&lt;b"


def test_missing_key_or_argument_raises_in_strict_mode() -> None:
    tr = translator("en")
    with pytest.raises(TranslationError):
        tr("no-such-key")
    with pytest.raises(TranslationError):
        tr("msg-joined")


def test_missing_key_falls_back_outside_strict_mode() -> None:
    i18n.set_strict(False)
    try:
        assert translator("en")("no-such-key") == "no-such-key"
        assert "takes a seat" in translator("en")("msg-joined")
    finally:
        i18n.set_strict(True)


def test_a_message_formatted_again_with_the_same_arguments_is_not_resolved_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A press re-renders the table and the hands: the same labels, names and scores
    (issue 9: Fluent's resolver was a tenth of the bot's CPU per press)."""
    tr = i18n.Translator("en")
    resolved: list[str] = []
    real = tr._bundle.format_pattern

    def counting(pattern: object, args: object = None) -> object:
        resolved.append(str(args))
        return real(pattern, args)  # type: ignore[arg-type]

    monkeypatch.setattr(tr._bundle, "format_pattern", counting)
    for _ in range(3):
        assert tr.plain("points", n=21) == "21 points"
        assert tr("msg-joined", name="<A>") == "🪑 &lt;A&gt; takes a seat."
    assert tr.plain("points", n=1) == "1 point"
    assert len(resolved) == 3
    # What differs by type only is not mistaken for a remembered value.
    with pytest.raises(TypeError):
        tr.plain("points", n=True)
    with pytest.raises(TranslationError):
        tr("msg-joined")
    with pytest.raises(TranslationError):
        tr("msg-joined")
