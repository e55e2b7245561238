"""Flood control: when Telegram answers 429 and with which retry_after."""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

from .errors import ApiError, too_many_requests


@dataclass(frozen=True)
class FloodLimits:
    """Telegram's published limits; tests shrink the windows to reach them quickly."""

    # At most `group_messages` counted calls into one group or supergroup per sliding window.
    group_messages: int = 20
    group_window: float = 60.0
    # Minimal spacing between counted calls into the same chat (any type); None disables it.
    # Telegram tolerates short bursts, so the real server is more lenient than this rule.
    chat_interval: float | None = None
    # At most `global_messages` counted calls over all chats per `global_window`; None: off.
    global_messages: int | None = None
    global_window: float = 1.0
    # Which methods count. Telegram counts every message sent; edits are limited less clearly.
    counted_methods: frozenset[str] = frozenset({"sendMessage", "sendPhoto"})


def _retry_after(seconds: float) -> int:
    return max(1, math.ceil(seconds))


class FloodControl:
    """Sliding-window counters per chat and overall, driven by an injectable clock."""

    def __init__(self, limits: FloodLimits, clock: Callable[[], float]) -> None:
        self.limits = limits
        self.clock = clock
        self._per_chat: dict[int, deque[float]] = {}
        self._global: deque[float] = deque()

    def counts(self, method: str) -> bool:
        return method in self.limits.counted_methods

    def check(self, chat_id: int, is_group: bool) -> ApiError | None:
        """The 429 a counted call into this chat would get now, or None if it may pass."""
        now = self.clock()
        lim = self.limits
        waits: list[float] = []
        history = self._per_chat.get(chat_id, deque())
        if is_group:
            in_window = [t for t in history if now - t < lim.group_window]
            if len(in_window) >= lim.group_messages:
                # The slot frees when the oldest call that still blocks leaves the window.
                oldest_blocking = in_window[-lim.group_messages]
                waits.append(oldest_blocking + lim.group_window - now)
        if lim.chat_interval is not None and history:
            since_last = now - history[-1]
            if since_last < lim.chat_interval:
                waits.append(lim.chat_interval - since_last)
        if lim.global_messages is not None:
            recent = [t for t in self._global if now - t < lim.global_window]
            if len(recent) >= lim.global_messages:
                waits.append(recent[-lim.global_messages] + lim.global_window - now)
        if waits:
            return too_many_requests(_retry_after(max(waits)))
        return None

    def commit(self, chat_id: int) -> None:
        """Count a call that went through."""
        now = self.clock()
        history = self._per_chat.setdefault(chat_id, deque())
        history.append(now)
        horizon = max(self.limits.group_window, self.limits.chat_interval or 0.0)
        while history and now - history[0] > horizon:
            history.popleft()
        self._global.append(now)
        while self._global and now - self._global[0] > self.limits.global_window:
            self._global.popleft()
