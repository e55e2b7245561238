"""parse_mode=MarkdownV2 and the legacy Markdown."""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import ApiError, cant_parse_entities
from .common import SPACES, Builder, Entity, UserLookup, byte_offset, link_entity, normalize_url

_MDV2_RESERVED = "_*[]()~`>#+-=|{}.!"
_MDV2_END = {
    "bold": "*",
    "italic": "_",
    "underline": "__",
    "strikethrough": "~",
    "spoiler": "||",
    "code": "`",
    "pre": "```",
}
_MDV2_NAMES = {
    "bold": "Bold",
    "italic": "Italic",
    "underline": "Underline",
    "strikethrough": "Strikethrough",
    "spoiler": "Spoiler",
    "code": "Code",
    "pre": "Pre",
    "text_link": "TextUrl",
}


@dataclass
class _MdOpen:
    kind: str
    start16: int
    byte_offset: int
    language: str = ""


def parse_markdown_v2(text: str, lookup: UserLookup | None = None) -> tuple[str, list[Entity]]:
    """MarkdownV2: every reserved character outside an entity marker must be escaped.

    Nesting follows the innermost open entity only, as tdlib does; mis-nested input is rejected
    like Telegram rejects it, though the reported byte offset may differ in contrived cases.
    """
    out = Builder()
    stack: list[_MdOpen] = []
    i = 0
    n = len(text)

    def reserved_error(ch: str) -> ApiError:
        return cant_parse_entities(
            f"Character '{ch}' is reserved and must be escaped with the preceding '\\'"
        )

    while i < n:
        c = text[i]
        top = stack[-1] if stack else None
        in_code = top is not None and top.kind in ("code", "pre")
        if c == "\\" and i + 1 < n and 0 < ord(text[i + 1]) <= 126:
            out.add(text[i + 1])
            i += 2
            continue
        if (in_code and c != "`") or (not in_code and c not in _MDV2_RESERVED):
            out.add(c)
            i += 1
            continue
        if top is not None and top.kind == "text_link" and c == "]":
            i = _mdv2_close_link(text, i, top, out, lookup)
            stack.pop()
            continue
        if top is not None and _mdv2_closes(text, i, top.kind):
            stack.pop()
            extra = {"language": top.language} if top.language else {}
            out.entity(top.kind, top.start16, **extra)
            i += len(_MDV2_END[top.kind])
            continue
        begin_byte = byte_offset(text, i)
        if text.startswith("```", i):
            j = i + 3
            while j < n and text[j] not in "\n\r" and text[j] not in SPACES:
                j += 1
            language = text[i + 3 : j] if j < n and text[j] in "\n\r" else ""
            i = j + 1 if language else i + 3
            stack.append(_MdOpen("pre", out.pos16, begin_byte, language))
        elif c == "`":
            stack.append(_MdOpen("code", out.pos16, begin_byte))
            i += 1
        elif text.startswith("__", i):
            stack.append(_MdOpen("underline", out.pos16, begin_byte))
            i += 2
        elif text.startswith("||", i):
            stack.append(_MdOpen("spoiler", out.pos16, begin_byte))
            i += 2
        elif c in "_*~[":
            kind = {"_": "italic", "*": "bold", "~": "strikethrough", "[": "text_link"}[c]
            stack.append(_MdOpen(kind, out.pos16, begin_byte))
            i += 1
        elif c == ">" and (i == 0 or text[i - 1] in "\n"):
            i = _mdv2_blockquote(text, i, out)
        else:
            raise reserved_error(c)
    if stack:
        top = stack[-1]
        name = "PreCode" if top.kind == "pre" and top.language else _MDV2_NAMES[top.kind]
        detail = f"Can't find end of {name} entity at byte offset {top.byte_offset}"
        raise cant_parse_entities(detail)
    return out.finish()


def _mdv2_closes(text: str, i: int, kind: str) -> bool:
    end = _MDV2_END.get(kind)
    if end is None or not text.startswith(end, i):
        return False
    # A single "_" ends italic, but "__" there starts (or ends) underline instead.
    return not (kind == "italic" and text.startswith("__", i))


def _mdv2_close_link(
    text: str, i: int, top: _MdOpen, out: Builder, lookup: UserLookup | None
) -> int:
    """Handle "](url)" after link text; the URL may escape ')' and '\\'."""
    n = len(text)
    if i + 1 >= n or text[i + 1] != "(":
        # "[text]" without a URL is plain text in MarkdownV2.
        return i + 1
    j = i + 2
    url_chars: list[str] = []
    while j < n and text[j] != ")":
        if text[j] == "\\" and j + 1 < n:
            j += 1
        url_chars.append(text[j])
        j += 1
    if j >= n:
        offset = byte_offset(text, i + 2)
        raise cant_parse_entities(f"Can't find end of a URL at byte offset {offset}")
    url = normalize_url("".join(url_chars))
    if url is not None:
        kind, extra = link_entity(url, lookup)
        out.entity(kind, top.start16, **extra)
    return j + 1


def _mdv2_blockquote(text: str, i: int, out: Builder) -> int:
    """A '>' at a line start quotes that line; consecutive quoted lines form one quote."""
    start16 = out.pos16
    n = len(text)
    while i < n and text[i] == ">":
        j = text.find("\n", i)
        line_end = n if j < 0 else j
        line, inner = parse_markdown_v2(text[i + 1 : line_end])
        for ent in inner:
            out.entities.append({**ent, "offset": ent["offset"] + out.pos16})
        out.add(line)
        if j < 0 or not text.startswith(">", j + 1):
            i = line_end
            break
        out.add("\n")
        i = j + 1
    out.entity("blockquote", start16)
    return i


def parse_markdown_legacy(text: str, lookup: UserLookup | None = None) -> tuple[str, list[Entity]]:
    """The legacy "Markdown" mode: no nesting, only _ * ` ``` and [text](url)."""
    out = Builder()
    i = 0
    n = len(text)
    while i < n:
        c = text[i]
        if c == "\\" and i + 1 < n and text[i + 1] in "_*`[":
            out.add(text[i + 1])
            i += 2
            continue
        if c not in "_*`[":
            out.add(c)
            i += 1
            continue
        begin = i
        if c == "[":
            close = text.find("]", i + 1)
            if close < 0:
                raise _legacy_unclosed(text, begin)
            label = text[i + 1 : close]
            start16 = out.pos16
            out.add(label)
            if close + 1 < n and text[close + 1] == "(":
                url_end = text.find(")", close + 2)
                if url_end < 0:
                    raise _legacy_unclosed(text, begin)
                url = normalize_url(text[close + 2 : url_end])
                if url is not None:
                    kind, extra = link_entity(url, lookup)
                    out.entity(kind, start16, **extra)
                i = url_end + 1
            else:
                i = close + 1
            continue
        marker = "```" if text.startswith("```", i) else c
        close = text.find(marker, i + len(marker))
        if close < 0:
            raise _legacy_unclosed(text, begin)
        start16 = out.pos16
        out.add(text[i + len(marker) : close])
        kind = {"_": "italic", "*": "bold", "`": "code", "```": "pre"}[marker]
        out.entity(kind, start16)
        i = close + len(marker)
    return out.finish()


def _legacy_unclosed(text: str, begin: int) -> ApiError:
    return cant_parse_entities(
        f"Can't find end of the entity starting at byte offset {byte_offset(text, begin)}"
    )
