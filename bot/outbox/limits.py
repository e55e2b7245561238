"""Pacing: leaky-bucket limiters per chat, per group and overall (aiolimiter)."""

from __future__ import annotations

from dataclasses import dataclass

from aiolimiter import AsyncLimiter

__all__ = [
    "TELEGRAM_OVERALL",
    "TELEGRAM_PER_CHAT",
    "TELEGRAM_PER_GROUP",
    "Limits",
    "Pacer",
    "Rate",
    "is_group",
]


@dataclass(frozen=True)
class Rate:
    """An aiolimiter bucket: bursts of ``max_rate`` calls, refilled at
    ``max_rate / time_period`` per second."""

    max_rate: float
    time_period: float

    @classmethod
    def window(cls, count: int, period: float, *, burst: int) -> Rate:
        """At most ``count`` calls in ANY window of ``period`` seconds, bursts of ``burst``.

        A leaky bucket lets through its capacity plus what leaks during the window, so a
        bucket of ``count`` per ``period`` would allow twice ``count`` in a sliding window
        (Telegram counts that way). Capacity ``burst`` plus ``count - burst`` leaked per
        ``period`` stays within ``count``.
        """
        if not 0 < burst < count:
            raise ValueError("burst must be between 0 and count, exclusive")
        return cls(burst, period * burst / (count - burst))

    def limiter(self) -> AsyncLimiter:
        return AsyncLimiter(self.max_rate, self.time_period)


# About one message per second into a chat; bursts are tolerated, so no window math.
TELEGRAM_PER_CHAT = Rate(1, 1.0)
# 20 per minute into a group, edits included. One under: the window is counted when calls
# arrive, and network jitter can bunch up calls that left here exactly on the limit.
# 4 at once, then one every 4 s.
TELEGRAM_PER_GROUP = Rate.window(19, 60.0, burst=4)
# 30 per second over all chats. A small burst: what a bucket lets through at once is taken
# from what it may sustain (burst 3: 27 a second; burst 10 would leave 20).
TELEGRAM_OVERALL = Rate.window(30, 1.0, burst=3)


@dataclass(frozen=True)
class Limits:
    """Telegram's limits by default; ``None`` switches a level off (tests)."""

    per_chat: Rate | None = TELEGRAM_PER_CHAT
    per_group: Rate | None = TELEGRAM_PER_GROUP
    overall: Rate | None = TELEGRAM_OVERALL

    @classmethod
    def unlimited(cls) -> Limits:
        return cls(per_chat=None, per_group=None, overall=None)


def is_group(chat_id: int) -> bool:
    # Groups, supergroups and channels have negative ids; users positive.
    return chat_id < 0


class Pacer:
    """Waits until a call into a chat fits every limit; each call counts once everywhere."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self._chats: dict[int, AsyncLimiter] = {}
        self._groups: dict[int, AsyncLimiter] = {}
        self._overall = limits.overall.limiter() if limits.overall else None

    async def acquire(self, chat_id: int) -> None:
        # The chat's own limits first: waiting for them must not hold overall capacity
        # that other chats could use meanwhile.
        if self.limits.per_chat is not None:
            await _get(self._chats, chat_id, self.limits.per_chat).acquire()
        if self.limits.per_group is not None and is_group(chat_id):
            await _get(self._groups, chat_id, self.limits.per_group).acquire()
        if self._overall is not None:
            await self._overall.acquire()

    def release_idle(self, chat_id: int) -> None:
        """Forget a chat's limiters once they are empty: an empty bucket behaves exactly like
        a new one, so dropping it loses nothing and keeps idle chats from piling up."""
        for limiters in (self._chats, self._groups):
            limiter = limiters.get(chat_id)
            if limiter is not None and limiter.has_capacity(limiter.max_rate):
                del limiters[chat_id]

    def tracked(self) -> int:
        return len(self._chats) + len(self._groups)


def _get(limiters: dict[int, AsyncLimiter], chat_id: int, rate: Rate) -> AsyncLimiter:
    limiter = limiters.get(chat_id)
    if limiter is None:
        limiter = limiters[chat_id] = rate.limiter()
    return limiter
