"""One chat's pending operations, in order, with slot edits coalesced."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterator

from bot.outbox.ops import Content, Op, SlotOp

__all__ = ["ChatQueue"]


class ChatQueue:
    """FIFO of operations for one chat.

    A slot has at most one *open* operation: the last one queued for it and not yet taken
    by the worker. A put for the slot overwrites the open operation's content, so it keeps
    its place in the queue and only the latest text is sent. ``new=True`` always queues a
    fresh operation (a new message must come after whatever was queued before it) and
    makes it the open one.
    """

    def __init__(self) -> None:
        self._ops: deque[Op] = deque()
        self._open: dict[str, SlotOp] = {}

    def __len__(self) -> int:
        return len(self._ops)

    def __iter__(self) -> Iterator[Op]:
        return iter(self._ops)

    def put_slot(
        self,
        slot: str,
        content: Content,
        *,
        new: bool,
        rev: int = 0,
        new_rev: int = 0,
        absent: bool = False,
    ) -> bool:
        """Queue or coalesce; True when an already queued operation took the content.
        ``absent``: the message should go (a new message not yet sent is then never sent)."""
        current = self._open.get(slot)
        if current is not None and not new:
            current.content = content
            current.rev = max(current.rev, rev)
            current.new_rev = max(current.new_rev, new_rev)
            current.absent = absent
            return True
        op = SlotOp(slot, content, new, rev, new_rev, absent)
        self._ops.append(op)
        self._open[slot] = op
        return False

    def append(self, op: Op) -> None:
        self._ops.append(op)

    def popleft(self) -> Op | None:
        if not self._ops:
            return None
        op = self._ops.popleft()
        # Once taken, the operation is being delivered: later puts need an operation of
        # their own, or their content could be lost behind a call already made.
        if isinstance(op, SlotOp) and self._open.get(op.slot) is op:
            del self._open[op.slot]
        return op

    def take_newer(self, op: SlotOp) -> bool:
        """While ``op`` (already taken) waits to be retried, move into it the content of a
        later edit of the same message, so the retry does not send a stale state first.
        A later ``new=True`` operation is a different message and stays."""
        newer = self._open.get(op.slot)
        if newer is None or newer.new or newer.new_rev > op.new_rev:
            return False
        op.content = newer.content
        op.rev = max(op.rev, newer.rev)
        op.absent = newer.absent
        self._ops.remove(newer)
        del self._open[op.slot]
        return True

    def drop(self, keep: Callable[[Op], bool]) -> list[Op]:
        """Remove the operations ``keep`` rejects; returns them."""
        dropped = [op for op in self._ops if not keep(op)]
        if dropped:
            self._ops = deque(op for op in self._ops if keep(op))
            self._open = {
                slot: op for slot, op in self._open.items() if any(op is o for o in self._ops)
            }
        return dropped

    def absorb_front(self, older: ChatQueue, head: Op | None = None) -> None:
        """Put ``head`` and then ``older``'s operations before this queue's own (a group's
        queue moving to its supergroup: what was queued for the old id came first)."""
        front: list[Op] = ([head] if head is not None else []) + list(older._ops)
        self._ops.extendleft(reversed(front))
        for slot, op in older._open.items():
            # An operation queued under the new id is later, so it stays the open one.
            self._open.setdefault(slot, op)
        older._ops.clear()
        older._open.clear()
