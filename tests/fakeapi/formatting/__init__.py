"""Message text formatting the way the Bot API applies it: parse_mode markup → text + entities.

Telegram rejects malformed markup with 400 "can't parse entities: ..." and stores the plain
text with entity offsets in UTF-16 code units, then trims surrounding whitespace.
"""

from __future__ import annotations

from ..errors import bad_request
from .common import SPACES, Entity, UserLookup, sort_entities, utf16_len
from .html_mode import parse_html
from .markdown_mode import parse_markdown_legacy, parse_markdown_v2

__all__ = [
    "Entity",
    "UserLookup",
    "format_text",
    "parse_html",
    "parse_markdown_legacy",
    "parse_markdown_v2",
    "utf16_len",
]


def _strip(text: str, entities: list[Entity]) -> tuple[str, list[Entity]]:
    """Trim surrounding whitespace and clip entities to what remains, as Telegram stores it."""
    stripped = text.strip(SPACES)
    if stripped == text:
        return text, entities
    lead16 = utf16_len(text[: len(text) - len(text.lstrip(SPACES))])
    total16 = utf16_len(stripped)
    kept: list[Entity] = []
    for ent in entities:
        start = max(ent["offset"] - lead16, 0)
        end = min(ent["offset"] + ent["length"] - lead16, total16)
        if end > start:
            kept.append({**ent, "offset": start, "length": end - start})
    return stripped, kept


def format_text(
    text: str,
    parse_mode: str | None,
    entities: list[Entity] | None,
    lookup: UserLookup | None = None,
) -> tuple[str, list[Entity]]:
    """Apply parse_mode (or explicit entities, which win) and trim, like sendMessage does."""
    if entities is not None:
        plain, ents = text, [dict(e) for e in entities]
    elif not parse_mode:
        plain, ents = text, []
    else:
        mode = parse_mode.lower()
        if mode == "html":
            plain, ents = parse_html(text, lookup)
        elif mode == "markdownv2":
            plain, ents = parse_markdown_v2(text, lookup)
        elif mode == "markdown":
            plain, ents = parse_markdown_legacy(text, lookup)
        else:
            raise bad_request(f"unsupported parse_mode {parse_mode}")
    plain, ents = _strip(plain, ents)
    return plain, sort_entities(ents)
