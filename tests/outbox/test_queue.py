from __future__ import annotations

from bot.outbox.ops import Content, SendOp, SlotOp
from bot.outbox.queue import ChatQueue


def _texts(queue: ChatQueue) -> list[str]:
    return [op.content.text for op in queue]


def test_coalesced_put_keeps_first_position_with_latest_content() -> None:
    queue = ChatQueue()
    assert queue.put_slot("table", Content("t1"), new=False) is False
    queue.append(SendOp(Content("notice")))
    assert queue.put_slot("table", Content("t2"), new=False) is True
    assert _texts(queue) == ["t2", "notice"]


def test_new_message_is_queued_after_the_old_one_and_takes_later_puts() -> None:
    queue = ChatQueue()
    queue.put_slot("table", Content("old"), new=False)
    queue.put_slot("table", Content("fresh"), new=True)
    queue.put_slot("table", Content("fresh2"), new=False)
    ops = list(queue)
    assert [op.content.text for op in ops] == ["old", "fresh2"]
    assert isinstance(ops[1], SlotOp)
    assert ops[1].new


def test_taken_op_is_no_longer_coalesced_into() -> None:
    queue = ChatQueue()
    queue.put_slot("table", Content("a"), new=False)
    taken = queue.popleft()
    assert queue.put_slot("table", Content("b"), new=False) is False
    assert taken is not None
    assert taken.content.text == "a"
    assert _texts(queue) == ["b"]


def test_take_newer_moves_a_later_edit_into_the_op_being_retried() -> None:
    queue = ChatQueue()
    queue.put_slot("table", Content("a"), new=False)
    taken = queue.popleft()
    assert isinstance(taken, SlotOp)
    queue.append(SendOp(Content("notice")))
    queue.put_slot("table", Content("b"), new=False)
    assert queue.take_newer(taken)
    assert taken.content.text == "b"
    assert _texts(queue) == ["notice"]
    # The slot has no open op any more: the next put queues a new one.
    assert queue.put_slot("table", Content("c"), new=False) is False


def test_take_newer_leaves_a_new_message_alone() -> None:
    queue = ChatQueue()
    queue.put_slot("table", Content("a"), new=False)
    taken = queue.popleft()
    assert isinstance(taken, SlotOp)
    queue.put_slot("table", Content("next hand"), new=True)
    assert not queue.take_newer(taken)
    assert taken.content.text == "a"


def test_absorb_front_puts_the_old_chat_first() -> None:
    old, new = ChatQueue(), ChatQueue()
    old.put_slot("table", Content("old table"), new=False)
    old.append(SendOp(Content("old notice")))
    new.append(SendOp(Content("new notice")))
    new.absorb_front(old, head=SendOp(Content("in flight")))
    assert _texts(new) == ["in flight", "old table", "old notice", "new notice"]
    assert len(old) == 0
    assert new.put_slot("table", Content("old table 2"), new=False) is True
    assert _texts(new)[1] == "old table 2"


def test_drop_removes_ops_and_their_open_slots() -> None:
    queue = ChatQueue()
    queue.put_slot("hand", Content("h"), new=False)
    queue.append(SendOp(Content("s")))
    dropped = queue.drop(lambda op: not isinstance(op, SlotOp))
    assert [op.content.text for op in dropped] == ["h"]
    assert queue.put_slot("hand", Content("h2"), new=False) is False
    assert _texts(queue) == ["s", "h2"]
