"""The bot's Prometheus metrics, in a registry of their own (several bots in one test
process must not share counters), and the outbox figures read when /metrics is scraped."""

from __future__ import annotations

import math
from typing import NamedTuple, Protocol

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest

__all__ = ["MOVE_BY", "OutboxBacklog", "OutboxStats", "Telemetry"]

# Who made a move: a person pressing, a computer player, or the bot standing in for a
# person whose turn time ran out.
MOVE_BY = ("player", "computer", "timeout")


class OutboxBacklog(NamedTuple):
    depth: int
    """Outgoing calls waiting to be made."""
    oldest_age_s: float
    """Seconds the oldest of them has been waiting; 0 when there is none."""


class OutboxStats(Protocol):
    """Reads the outbox's backlog when /metrics is scraped. Async because a database-backed
    outbox counts its rows with a query."""

    async def __call__(self) -> OutboxBacklog: ...


class Telemetry:
    def __init__(self) -> None:
        self.registry = CollectorRegistry(auto_describe=True)
        self.updates = Counter(
            "debertz_updates",
            "Telegram updates received, by type",
            ["type"],
            registry=self.registry,
        )
        self.update_errors = Counter(
            "debertz_update_errors",
            "Updates whose handler raised, by type",
            ["type"],
            registry=self.registry,
        )
        self.update_seconds = Histogram(
            "debertz_update_seconds",
            "Time from an update reaching the dispatcher to its handler returning",
            ["type"],
            registry=self.registry,
        )
        self.moves = Counter(
            "debertz_moves",
            "Game actions applied and committed, by who made them",
            ["by"],
            registry=self.registry,
        )
        for by in MOVE_BY:
            self.moves.labels(by)  # a series at 0 from the start, not only after a move
        self.retry_after = Counter(
            "debertz_telegram_retry_after",
            "Bot API calls answered 429 Too Many Requests, by method",
            ["method"],
            registry=self.registry,
        )
        self.outbox_depth = Gauge(
            "debertz_outbox_depth",
            "Outgoing calls waiting in the outbox",
            registry=self.registry,
        )
        self.outbox_oldest_age = Gauge(
            "debertz_outbox_oldest_age_seconds",
            "How long the oldest waiting outgoing call has waited",
            registry=self.registry,
        )

    def record_move(self, by: str) -> None:
        self.moves.labels(by).inc()

    def set_backlog(self, backlog: OutboxBacklog | None) -> None:
        """None: the figures could not be read; NaN says so to Prometheus rather than
        repeating the last values as if they were current."""
        if backlog is None:
            self.outbox_depth.set(math.nan)
            self.outbox_oldest_age.set(math.nan)
            return
        self.outbox_depth.set(backlog.depth)
        self.outbox_oldest_age.set(backlog.oldest_age_s)

    def exposition(self) -> bytes:
        """Everything in Prometheus' text format."""
        return generate_latest(self.registry)
