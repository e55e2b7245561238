"""The bot's update queue: filtered by allowed_updates, confirmed by getUpdates' offset."""

from __future__ import annotations

from typing import Any

Update = dict[str, Any]

# What Telegram delivers when allowed_updates was never set or set to an empty list.
_EXCLUDED_BY_DEFAULT = frozenset({"chat_member", "message_reaction", "message_reaction_count"})


class UpdateQueue:
    def __init__(self) -> None:
        self.pending: list[Update] = []
        # Every update ever accepted, delivered or not, for tests to inspect.
        self.log: list[Update] = []
        self.allowed: frozenset[str] | None = None
        self._next_id = 1

    def accepts(self, kind: str) -> bool:
        if self.allowed is None:
            return kind not in _EXCLUDED_BY_DEFAULT
        return kind in self.allowed

    def set_allowed(self, kinds: list[str] | None) -> None:
        # Like Telegram: the setting persists until changed; [] restores the default.
        if kinds is not None:
            self.allowed = frozenset(kinds) if kinds else None

    def push(self, kind: str, payload: dict[str, Any]) -> Update | None:
        """Queue an update; updates of a type the bot did not ask for are never created."""
        if not self.accepts(kind):
            return None
        update: Update = {"update_id": self._next_id, kind: payload}
        self._next_id += 1
        self.pending.append(update)
        self.log.append(update)
        return update

    def confirm(self, offset: int) -> None:
        """getUpdates' offset: ids below it are confirmed; a negative one keeps the last -N."""
        if offset < 0:
            del self.pending[: max(len(self.pending) + offset, 0)]
        else:
            self.pending = [u for u in self.pending if u["update_id"] >= offset]

    def remove(self, update_id: int) -> None:
        self.pending = [u for u in self.pending if u["update_id"] != update_id]

    def clear(self) -> None:
        self.pending.clear()
