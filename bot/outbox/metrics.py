"""Counters for tests and benchmarks: what was called, into which chat, with what result."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

__all__ = ["OutboxMetrics"]


@dataclass
class OutboxMetrics:
    # (chat_id, method) -> calls made, whatever their result.
    calls: Counter[tuple[int, str]] = field(default_factory=Counter)
    # (method, "ok" or the aiogram exception's class name) -> calls.
    results: Counter[tuple[str, str]] = field(default_factory=Counter)
    # Things that saved or lost a call: "coalesced", "skipped_unchanged", "not_modified",
    # "retry_after", "transient_retry", "dropped", "failed", "migrated", "forbidden".
    events: Counter[str] = field(default_factory=Counter)

    def record_call(self, chat_id: int, method: str, result: str) -> None:
        self.calls[(chat_id, method)] += 1
        self.results[(method, result)] += 1

    def calls_to(self, chat_id: int, method: str | None = None) -> int:
        return sum(n for (c, m), n in self.calls.items() if c == chat_id and method in (None, m))

    def total_calls(self, method: str | None = None) -> int:
        return sum(n for (_, m), n in self.calls.items() if method in (None, m))
