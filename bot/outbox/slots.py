"""Which message each slot shows, and what that message shows now."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["SlotRegistry", "SlotState"]

Fingerprint = tuple[str, str | None]


@dataclass(slots=True)
class SlotState:
    message_id: int | None = None
    # What the message was last successfully given; None when unknown (after a restart),
    # in which case the next edit is made and "not modified" counts as success.
    delivered: Fingerprint | None = None
    # The stored state (SlotOp.rev) the message shows, as far as this process knows.
    rev_sent: int = 0


class SlotRegistry:
    def __init__(self) -> None:
        self._slots: dict[tuple[int, str], SlotState] = {}

    def state(self, chat_id: int, slot: str) -> SlotState:
        key = (chat_id, slot)
        state = self._slots.get(key)
        if state is None:
            state = self._slots[key] = SlotState()
        return state

    def message_id(self, chat_id: int, slot: str) -> int | None:
        state = self._slots.get((chat_id, slot))
        return None if state is None else state.message_id

    def point(
        self, chat_id: int, slot: str, message_id: int, delivered: Fingerprint | None
    ) -> None:
        state = self.state(chat_id, slot)
        state.message_id = message_id
        state.delivered = delivered
        state.rev_sent = 0

    def forget(self, chat_id: int, slot: str) -> None:
        self._slots.pop((chat_id, slot), None)

    def move_chat(self, old: int, new: int) -> None:
        for chat_id, slot in [key for key in self._slots if key[0] == old]:
            self._slots[(new, slot)] = self._slots.pop((chat_id, slot))

    def __len__(self) -> int:
        return len(self._slots)
