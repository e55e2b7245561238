"""Shared pieces of the parse_mode parsers: UTF-16 offsets, the output builder, links."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

Entity = dict[str, Any]
# Resolves a user id from a tg://user?id=N link to that user's JSON, or None if unknown.
UserLookup = Callable[[int], dict[str, Any] | None]

SPACES = " \t\n\r\f\v"


def utf16_len(text: str) -> int:
    """Length as Telegram counts it: astral characters (most emoji) take two units."""
    return len(text.encode("utf-16-le", "surrogatepass")) // 2


def byte_offset(text: str, index: int) -> int:
    return len(text[:index].encode("utf-8", "surrogatepass"))


@dataclass
class Builder:
    """Accumulates output text and tracks its UTF-16 length as entities need it."""

    parts: list[str] = field(default_factory=list)
    pos16: int = 0
    entities: list[Entity] = field(default_factory=list)

    def add(self, chunk: str) -> None:
        self.parts.append(chunk)
        self.pos16 += utf16_len(chunk)

    def entity(self, kind: str, start16: int, **extra: Any) -> Entity | None:
        length = self.pos16 - start16
        if length <= 0:
            return None  # Telegram drops entities that cover nothing.
        ent: Entity = {"type": kind, "offset": start16, "length": length, **extra}
        self.entities.append(ent)
        return ent

    def text(self) -> str:
        return "".join(self.parts)

    def finish(self) -> tuple[str, list[Entity]]:
        """The text and its entities, outer ones first where they start together."""
        return self.text(), sort_entities(self.entities)


def sort_entities(entities: list[Entity]) -> list[Entity]:
    return sorted(entities, key=lambda e: (e["offset"], -e["length"]))


def normalize_url(url: str) -> str | None:
    url = url.strip()
    if not url or any(c in url for c in " \n\t"):
        return None
    if "://" not in url and not url.startswith(("tg:", "mailto:")):
        url = "http://" + url
    scheme, _, rest = url.partition("://")
    if rest and "/" not in rest and "?" not in rest and "#" not in rest and scheme != "tg":
        url += "/"
    return url


def link_entity(url: str, lookup: UserLookup | None) -> tuple[str, dict[str, Any]]:
    """A tg://user?id=N link becomes a text_mention carrying the user, as the Bot API does."""
    prefix = "tg://user?id="
    if lookup is not None and url.startswith(prefix) and url[len(prefix) :].isdigit():
        user = lookup(int(url[len(prefix) :]))
        if user is not None:
            return "text_mention", {"user": user}
    return "text_link", {"url": url}
