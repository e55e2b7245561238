"""The parse_mode parsers against Telegram's documented and observed behaviour."""

from __future__ import annotations

import pytest

from tests.fakeapi import ApiError, format_text, parse_html
from tests.fakeapi.formatting import parse_markdown_legacy, parse_markdown_v2

# "🏟 🏟&lt;" is 13 bytes of UTF-8, so errors right after it report byte offset 13.
PREFIX = "🏟 🏟&lt;"


@pytest.mark.parametrize(
    ("html", "error"),
    [
        (PREFIX + "<abacaba", "Unclosed start tag at byte offset 13"),
        (PREFIX + "<abac>", 'Unsupported start tag "abac" at byte offset 13'),
        (PREFIX + "<i   =aba>", 'Empty attribute name in the tag "i" at byte offset 13'),
        (
            PREFIX + "<i    aba>",
            'Expected equal sign in declaration of an attribute of the tag "i" at byte offset 13',
        ),
        (PREFIX + "<i    aba  =  ", 'Unclosed start tag "i" at byte offset 13'),
        (PREFIX + "<i    aba  =  190azAz-.,", "Unexpected end of name token at byte offset 27"),
        (PREFIX + '<i aba="x>', "Unclosed start tag at byte offset 13"),
        (PREFIX + "</", "Unexpected end tag at byte offset 13"),
        (PREFIX + "<i>a</i   ", "Unclosed end tag at byte offset 17"),
        (
            PREFIX + "<i>a</em   >",
            'Unmatched end tag at byte offset 17, expected "</i>", found "</em>"',
        ),
        ("<b>x", 'Can\'t find end tag corresponding to start tag "b"'),
        ("a < b", 'Unsupported start tag "" at byte offset 2'),
        ('<span class="x">s</span>', 'Tag "span" must have class "tg-spoiler" at byte offset 0'),
        ("&#xDFDF;", "Text contains invalid Unicode characters after decoding HTML entities"),
    ],
)
def test_html_errors(html: str, error: str) -> None:
    with pytest.raises(ApiError) as refused:
        parse_html(html)
    assert refused.value.error_code == 400
    assert refused.value.description.startswith(f"Bad Request: can't parse entities: {error}")


def test_html_text_and_entities_use_utf16_offsets() -> None:
    text, entities = parse_html("🏟 🏟<i>🏟 &gt;<b a=b>&lt🏟</b></i> &laquo; & &#128308;")

    assert text == "🏟 🏟🏟 ><🏟 &laquo; & 🔴"
    assert [(e["type"], e["offset"], e["length"]) for e in entities] == [
        ("italic", 5, 7),
        ("bold", 9, 3),
    ]


def test_html_links_mentions_and_code_languages() -> None:
    def lookup(user_id: int) -> dict[str, object] | None:
        return {"id": user_id, "is_bot": False, "first_name": "Ann"} if user_id == 7 else None

    text, entities = parse_html(
        '<a href="tg://user?id=7">Ann</a> <a href=t.me>t</a> '
        '<pre><code class="language-py">x</code></pre>',
        lookup,
    )

    assert text == "Ann t x"
    assert entities[0]["type"] == "text_mention"
    assert entities[0]["user"]["id"] == 7
    assert entities[1] == {"type": "text_link", "offset": 4, "length": 1, "url": "http://t.me/"}
    assert entities[2] == {"type": "pre", "offset": 6, "length": 1, "language": "py"}


def test_format_trims_and_clips_entities() -> None:
    text, entities = format_text("  <b> hi </b>\n", "HTML", None)

    assert text == "hi"
    assert entities == [{"type": "bold", "offset": 0, "length": 2}]
    with pytest.raises(ApiError, match="unsupported parse_mode"):
        format_text("x", "BBCode", None)


def test_markdown_v2_demands_escapes() -> None:
    assert parse_markdown_v2(r"Score: 10\.5 *bold* __u__")[0] == "Score: 10.5 bold u"
    with pytest.raises(ApiError, match=r"Character '\.' is reserved"):
        parse_markdown_v2("Score: 10.5")
    with pytest.raises(ApiError, match="Can't find end of Bold entity at byte offset 0"):
        parse_markdown_v2("*open")


def test_legacy_markdown_needs_closed_entities() -> None:
    assert parse_markdown_legacy("*a* [b](x.org)")[1][1]["url"] == "http://x.org/"
    with pytest.raises(ApiError, match="Can't find end of the entity starting at byte offset 2"):
        parse_markdown_legacy("a _b")
