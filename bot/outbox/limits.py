"""Pacing: leaky buckets per chat, per group and overall.

When the bot has more to send than Telegram's 30 calls a second allow, people's private
chats go first: a person waits for their turn to show before they can play, while the
group's table only falls behind and is coalesced meanwhile (its later edits replace the
waiting ones). A group call that has waited ``GROUP_PATIENCE`` seconds goes in turn with
the private ones, so the table is never starved.
"""

from __future__ import annotations

import asyncio
import collections
from dataclasses import dataclass

__all__ = [
    "GROUP_PATIENCE",
    "TELEGRAM_OVERALL",
    "TELEGRAM_PER_CHAT",
    "TELEGRAM_PER_GROUP",
    "ChatBucket",
    "Limits",
    "OverallBucket",
    "Pacer",
    "Rate",
    "is_group",
]


@dataclass(frozen=True)
class Rate:
    """A leaky bucket: bursts of ``max_rate`` calls, refilled at
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

    @property
    def per_second(self) -> float:
        return self.max_rate / self.time_period


# About one message per second into a chat; bursts are tolerated, so no window math.
TELEGRAM_PER_CHAT = Rate(1, 1.0)
# 20 per minute into a group, edits included. One under: the window is counted when calls
# arrive, and network jitter can bunch up calls that left here exactly on the limit.
# 4 at once, then one every 4 s.
TELEGRAM_PER_GROUP = Rate.window(19, 60.0, burst=4)
# 30 per second over all chats. A small burst: what a bucket lets through at once is taken
# from what it may sustain (burst 3: 27 a second; burst 10 would leave 20).
TELEGRAM_OVERALL = Rate.window(30, 1.0, burst=3)


GROUP_PATIENCE = 2.0
"""Seconds a group call waits behind private ones before it goes in turn with them."""


class _LeakyBucket:
    """``max_rate`` calls at once, leaking at ``per_second``: the level drains with time."""

    def __init__(self, rate: Rate) -> None:
        self._capacity = rate.max_rate
        self._leak_per_second = rate.per_second
        self._level = 0.0
        self._leaked_at: float | None = None

    def _leak(self, now: float) -> None:
        if self._leaked_at is not None:
            self._level = max(0.0, self._level - (now - self._leaked_at) * self._leak_per_second)
        self._leaked_at = now


class ChatBucket(_LeakyBucket):
    """A chat's own leaky bucket. Its calls come one at a time, from the chat's worker."""

    async def acquire(self) -> None:
        loop = asyncio.get_running_loop()
        self._leak(loop.time())
        excess = self._level + 1 - self._capacity
        if excess > 0:
            await asyncio.sleep(excess / self._leak_per_second)
            self._leak(loop.time())
        self._level += 1

    def went_out(self) -> None:
        """The call granted last goes out only now (it waited for the overall limit):
        count it from now, so that the chat's next call keeps its distance from this one."""
        self._leak(asyncio.get_running_loop().time())
        self._level = max(self._level, 1.0)

    def is_empty(self) -> bool:
        self._leak(asyncio.get_running_loop().time())
        return self._level <= 0


class OverallBucket(_LeakyBucket):
    """A leaky bucket shared by every chat, whose waiters are served private chats
    first; FIFO within each kind."""

    def __init__(self, rate: Rate, *, patience: float = GROUP_PATIENCE) -> None:
        super().__init__(rate)
        self._patience = patience
        self._private: collections.deque[asyncio.Future[None]] = collections.deque()
        self._groups: collections.deque[tuple[float, asyncio.Future[None]]] = collections.deque()
        self._timer: asyncio.TimerHandle | None = None

    async def acquire(self, chat_id: int) -> None:
        loop = asyncio.get_running_loop()
        self._leak(loop.time())
        if not self._private and not self._groups and self._level + 1 <= self._capacity:
            self._level += 1
            return
        waiter: asyncio.Future[None] = loop.create_future()
        if is_group(chat_id):
            self._groups.append((loop.time(), waiter))
        else:
            self._private.append(waiter)
        self._schedule(loop)
        try:
            await waiter
        except asyncio.CancelledError:
            if waiter.done() and not waiter.cancelled():
                self._level -= 1  # granted as it was cancelled: give the call back
            self._discard(waiter)
            raise

    def waiting(self) -> int:
        return len(self._private) + len(self._groups)

    def _next(self, now: float) -> asyncio.Future[None] | None:
        """The waiter to serve next, taken off its queue."""
        while self._groups and self._groups[0][1].done():
            self._groups.popleft()
        while self._private and self._private[0].done():
            self._private.popleft()
        if self._groups and (not self._private or now - self._groups[0][0] >= self._patience):
            return self._groups.popleft()[1]
        if self._private:
            return self._private.popleft()
        return None

    def _release(self) -> None:
        self._timer = None
        loop = asyncio.get_running_loop()
        now = loop.time()
        self._leak(now)
        while self._level + 1 <= self._capacity:
            waiter = self._next(now)
            if waiter is None:
                return
            self._level += 1
            waiter.set_result(None)
        self._schedule(loop)

    def _schedule(self, loop: asyncio.AbstractEventLoop) -> None:
        if self._timer is not None or not self.waiting():
            return
        room = max(0.0, self._level + 1 - self._capacity) / self._leak_per_second
        self._timer = loop.call_later(room, self._release)

    def _discard(self, waiter: asyncio.Future[None]) -> None:
        if waiter in self._private:
            self._private.remove(waiter)
        self._groups = collections.deque(item for item in self._groups if item[1] is not waiter)


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
        self._chats: dict[int, ChatBucket] = {}
        self._groups: dict[int, ChatBucket] = {}
        self._overall = OverallBucket(limits.overall) if limits.overall else None

    async def acquire(self, chat_id: int) -> None:
        # The chat's own limits first: waiting for them must not hold overall capacity
        # that other chats could use meanwhile.
        own: list[ChatBucket] = []
        if self.limits.per_chat is not None:
            own.append(_get(self._chats, chat_id, self.limits.per_chat))
        if self.limits.per_group is not None and is_group(chat_id):
            own.append(_get(self._groups, chat_id, self.limits.per_group))
        for bucket in own:
            await bucket.acquire()
        if self._overall is not None:
            await self._overall.acquire(chat_id)
            for bucket in own:
                bucket.went_out()

    def release_idle(self, chat_id: int) -> None:
        """Forget a chat's buckets once they are empty: an empty bucket behaves exactly like
        a new one, so dropping it loses nothing and keeps idle chats from piling up."""
        for buckets in (self._chats, self._groups):
            bucket = buckets.get(chat_id)
            if bucket is not None and bucket.is_empty():
                del buckets[chat_id]

    def tracked(self) -> int:
        return len(self._chats) + len(self._groups)


def _get(buckets: dict[int, ChatBucket], chat_id: int, rate: Rate) -> ChatBucket:
    bucket = buckets.get(chat_id)
    if bucket is None:
        bucket = buckets[chat_id] = ChatBucket(rate)
    return bucket
