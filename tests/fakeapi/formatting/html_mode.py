"""parse_mode=HTML with the Bot API's grammar and its exact "can't parse entities" texts.

Telegram's parser is not an HTML5 parser: only its own tags, only four named character
references, an optional ';', byte offsets in errors. Bot code is tested against these rules
because a message that breaks them is simply not sent in production.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import ApiError, cant_parse_entities
from .common import (
    SPACES,
    Builder,
    Entity,
    UserLookup,
    byte_offset,
    link_entity,
    normalize_url,
)

_SIMPLE_TAGS = {
    "b": "bold",
    "strong": "bold",
    "i": "italic",
    "em": "italic",
    "u": "underline",
    "ins": "underline",
    "s": "strikethrough",
    "strike": "strikethrough",
    "del": "strikethrough",
    "tg-spoiler": "spoiler",
}
_HTML_TAGS = frozenset({*_SIMPLE_TAGS, "a", "span", "code", "pre", "blockquote", "tg-emoji"})
_NAMED_HTML_ENTITIES = {"lt": "<", "gt": ">", "amp": "&", "quot": '"'}
_SURROGATE_ERROR = (
    "Text contains invalid Unicode characters after decoding HTML entities, check for "
    "unmatched surrogate code units"
)


@dataclass
class _OpenTag:
    name: str
    attrs: dict[str, str]
    start16: int


def _decode_html_entity(text: str, i: int) -> tuple[str, int] | None:
    """Decode the character reference at text[i] == '&'; None means a literal '&'."""
    j = i + 1
    n = len(text)
    if j < n and text[j] == "#":
        j += 1
        base = 10
        if j < n and text[j] in "xX":
            base = 16
            j += 1
        digits_start = j
        allowed = "0123456789abcdefABCDEF" if base == 16 else "0123456789"
        while j < n and text[j] in allowed:
            j += 1
        digits = text[digits_start:j]
        if not digits or len(digits) > 8:
            return None
        code = int(digits, base)
        if code == 0 or code > 0x10FFFF:
            return None
        if 0xD800 <= code <= 0xDFFF:
            raise cant_parse_entities(_SURROGATE_ERROR)
        if j < n and text[j] == ";":
            j += 1
        return chr(code), j
    while j < n and text[j].isascii() and text[j].isalpha():
        j += 1
    name = text[i + 1 : j]
    if name not in _NAMED_HTML_ENTITIES:
        return None
    if j < n and text[j] == ";":
        j += 1
    return _NAMED_HTML_ENTITIES[name], j


def _is_name_char(c: str) -> bool:
    """Characters allowed in an unquoted attribute value."""
    return (c.isascii() and c.isalnum()) or c in ".-"


def _decode_all_entities(raw: str) -> str:
    out: list[str] = []
    i = 0
    while i < len(raw):
        if raw[i] == "&" and (decoded := _decode_html_entity(raw, i)) is not None:
            out.append(decoded[0])
            i = decoded[1]
        else:
            out.append(raw[i])
            i += 1
    return "".join(out)


class _HtmlParser:
    def __init__(self, text: str, lookup: UserLookup | None) -> None:
        self.text = text
        self.n = len(text)
        self.lookup = lookup
        self.out = Builder()
        self.stack: list[_OpenTag] = []
        # Code entities that carry a language, so an enclosing <pre> can absorb them.
        self.code_languages: dict[int, str] = {}

    def error(self, detail: str) -> ApiError:
        return cant_parse_entities(detail)

    def at_byte(self, index: int) -> str:
        return f"at byte offset {byte_offset(self.text, index)}"

    def parse(self) -> tuple[str, list[Entity]]:
        i = 0
        text = self.text
        while i < self.n:
            c = text[i]
            if c == "&":
                decoded = _decode_html_entity(text, i)
                if decoded is None:
                    self.out.add("&")
                    i += 1
                else:
                    self.out.add(decoded[0])
                    i = decoded[1]
            elif c != "<":
                j = i
                while j < self.n and text[j] not in "<&":
                    j += 1
                self.out.add(text[i:j])
                i = j
            elif i + 1 < self.n and text[i + 1] == "/":
                i = self.end_tag(i)
            else:
                i = self.start_tag(i)
        if self.stack:
            name = self.stack[-1].name
            raise self.error(f'Can\'t find end tag corresponding to start tag "{name}"')
        return self.out.finish()

    def skip_spaces(self, i: int) -> int:
        while i < self.n and self.text[i] in SPACES:
            i += 1
        return i

    def start_tag(self, begin: int) -> int:
        text = self.text
        i = begin + 1
        while i < self.n and text[i] not in SPACES and text[i] != ">":
            i += 1
        if i >= self.n:
            raise self.error(f"Unclosed start tag {self.at_byte(begin)}")
        name = text[begin + 1 : i].lower()
        if name not in _HTML_TAGS:
            raise self.error(f'Unsupported start tag "{name}" {self.at_byte(begin)}')
        attrs: dict[str, str] = {}
        while True:
            i = self.skip_spaces(i)
            if i >= self.n:
                raise self.error(f'Unclosed start tag "{name}" {self.at_byte(begin)}')
            if text[i] == ">":
                i += 1
                break
            attr_begin = i
            while i < self.n and text[i] not in SPACES and text[i] not in "=>":
                i += 1
            attr = text[attr_begin:i].lower()
            if not attr:
                raise self.error(f'Empty attribute name in the tag "{name}" {self.at_byte(begin)}')
            i = self.skip_spaces(i)
            if i >= self.n:
                raise self.error(f'Unclosed start tag "{name}" {self.at_byte(begin)}')
            if text[i] != "=":
                if name == "blockquote" and attr == "expandable":
                    attrs[attr] = ""
                    continue
                raise self.error(
                    "Expected equal sign in declaration of an attribute of the tag "
                    f'"{name}" {self.at_byte(begin)}'
                )
            i = self.skip_spaces(i + 1)
            if i >= self.n:
                raise self.error(f'Unclosed start tag "{name}" {self.at_byte(begin)}')
            if text[i] in "\"'":
                close = text.find(text[i], i + 1)
                if close < 0:
                    raise self.error(f"Unclosed start tag {self.at_byte(begin)}")
                value = _decode_all_entities(text[i + 1 : close])
                i = close + 1
            else:
                value_begin = i
                while i < self.n and _is_name_char(text[i]):
                    i += 1
                if i >= self.n:
                    raise self.error(f'Unclosed start tag "{name}" {self.at_byte(begin)}')
                if text[i] not in SPACES and text[i] != ">":
                    raise self.error(f"Unexpected end of name token {self.at_byte(value_begin)}")
                value = text[value_begin:i]
            attrs[attr] = value
        if name == "span" and attrs.get("class") != "tg-spoiler":
            raise self.error(f'Tag "span" must have class "tg-spoiler" {self.at_byte(begin)}')
        self.stack.append(_OpenTag(name, attrs, self.out.pos16))
        return i

    def end_tag(self, begin: int) -> int:
        text = self.text
        i = begin + 2
        while i < self.n and text[i] not in SPACES and text[i] != ">":
            i += 1
        end_name = text[begin + 2 : i].lower()
        i = self.skip_spaces(i)
        if not self.stack:
            raise self.error(f"Unexpected end tag {self.at_byte(begin)}")
        if i >= self.n or text[i] != ">":
            raise self.error(f"Unclosed end tag {self.at_byte(begin)}")
        top = self.stack.pop()
        if end_name and end_name != top.name:
            raise self.error(
                f'Unmatched end tag {self.at_byte(begin)}, expected "</{top.name}>", '
                f'found "</{end_name}>"'
            )
        self.close(top)
        return i + 1

    def close(self, tag: _OpenTag) -> None:
        out = self.out
        if tag.name in _SIMPLE_TAGS:
            out.entity(_SIMPLE_TAGS[tag.name], tag.start16)
        elif tag.name == "span":
            out.entity("spoiler", tag.start16)
        elif tag.name == "a":
            url = normalize_url(tag.attrs.get("href", ""))
            if url is not None:
                kind, extra = link_entity(url, self.lookup)
                out.entity(kind, tag.start16, **extra)
        elif tag.name == "code":
            ent = out.entity("code", tag.start16)
            language = tag.attrs.get("class", "")
            if ent is not None and language.startswith("language-") and len(language) > 9:
                self.code_languages[id(ent)] = language[9:]
        elif tag.name == "pre":
            self.close_pre(tag)
        elif tag.name == "blockquote":
            kind = "expandable_blockquote" if "expandable" in tag.attrs else "blockquote"
            out.entity(kind, tag.start16)
        elif tag.name == "tg-emoji":
            emoji_id = tag.attrs.get("emoji-id", "")
            if emoji_id:
                out.entity("custom_emoji", tag.start16, custom_emoji_id=emoji_id)

    def close_pre(self, tag: _OpenTag) -> None:
        length = self.out.pos16 - tag.start16
        # <pre><code class="language-x"> over the same span is one pre entity with a language.
        for ent in self.out.entities:
            same_span = ent["offset"] == tag.start16 and ent["length"] == length
            if ent["type"] == "code" and same_span and id(ent) in self.code_languages:
                self.out.entities.remove(ent)
                self.out.entity("pre", tag.start16, language=self.code_languages[id(ent)])
                return
        self.out.entity("pre", tag.start16)


def parse_html(text: str, lookup: UserLookup | None = None) -> tuple[str, list[Entity]]:
    return _HtmlParser(text, lookup).parse()
