"""What a service tells the person who pressed or typed: a short text, maybe an alert."""

from __future__ import annotations

import dataclasses

__all__ = ["Answer"]


@dataclasses.dataclass(frozen=True, slots=True)
class Answer:
    text: str | None = None
    alert: bool = False
    """Show as a modal alert (a refusal) rather than a passing toast."""
    url: str | None = None
    """A ``t.me/<bot>?start=...`` link the client opens (the private chat), for a press."""

    @classmethod
    def refuse(cls, text: str, *, url: str | None = None) -> Answer:
        return cls(text, alert=True, url=url)
