from __future__ import annotations

import asyncio

import pytest

from bot.outbox.limits import ChatBucket, Limits, OverallBucket, Pacer, Rate


def _max_in_window(times: list[float], window: float) -> int:
    return max(sum(1 for t in times if start <= t < start + window) for start in times)


def test_window_rate_keeps_capacity_plus_leak_within_the_count() -> None:
    rate = Rate.window(20, 60.0, burst=5)
    assert (rate.max_rate, rate.time_period) == (5, 20.0)
    leaked_per_period = rate.max_rate / rate.time_period * 60.0
    assert rate.max_rate + leaked_per_period == pytest.approx(20)
    group = Limits().per_group
    assert group is not None
    assert group.max_rate + group.max_rate / group.time_period * 60.0 <= 20
    with pytest.raises(ValueError, match="burst"):
        Rate.window(5, 1.0, burst=5)


async def test_group_pacing_never_exceeds_the_sliding_window() -> None:
    # 4 calls per 0.2 s in any window; a plain AsyncLimiter(4, 0.2) would allow about 7.
    pacer = Pacer(Limits(per_chat=None, per_group=Rate.window(4, 0.2, burst=2), overall=None))
    loop = asyncio.get_running_loop()
    times = []
    for _ in range(12):
        await pacer.acquire(-100)
        times.append(loop.time())
    # A slightly shorter window leaves room for timer jitter.
    assert _max_in_window(times, 0.18) <= 4


async def test_private_chats_are_not_paced_as_groups() -> None:
    pacer = Pacer(Limits(per_chat=None, per_group=Rate(1, 60.0), overall=None))
    async with asyncio.timeout(1):
        for _ in range(5):
            await pacer.acquire(42)


async def test_idle_limiters_are_forgotten() -> None:
    pacer = Pacer(Limits(per_chat=Rate(1, 0.02), per_group=Rate(1, 0.02), overall=None))
    await pacer.acquire(-1)
    assert pacer.tracked() == 2
    pacer.release_idle(-1)
    assert pacer.tracked() == 2  # still full: forgetting it would allow a burst
    await asyncio.sleep(0.05)
    pacer.release_idle(-1)
    assert pacer.tracked() == 0


async def test_private_chats_go_before_waiting_groups_overall() -> None:
    """Over the overall limit, a person's screen goes before a group's table; a group call
    that waited its patience out goes in turn."""
    bucket = OverallBucket(Rate(1, 0.02), patience=10.0)
    order: list[int] = []

    async def call(chat_id: int) -> None:
        await bucket.acquire(chat_id)
        order.append(chat_id)

    await call(-1)  # fills the bucket
    tasks = [asyncio.create_task(call(chat)) for chat in (-2, -3, 4, 5)]
    await asyncio.sleep(0)
    await asyncio.wait_for(asyncio.gather(*tasks), 1)
    assert order == [-1, 4, 5, -2, -3]


async def test_a_group_that_waited_its_patience_goes_in_turn() -> None:
    bucket = OverallBucket(Rate(1, 0.02), patience=0.05)
    order: list[int] = []

    async def call(chat_id: int) -> None:
        await bucket.acquire(chat_id)
        order.append(chat_id)

    await call(1)
    group = asyncio.create_task(call(-1))
    people = [asyncio.create_task(call(chat)) for chat in range(2, 12)]
    await asyncio.wait_for(asyncio.gather(group, *people), 1)
    # Ten private calls take 0.2 s; the group's 0.05 s of patience ran out well before.
    assert order.index(-1) < 6


async def test_the_overall_bucket_keeps_its_rate_and_frees_cancelled_places() -> None:
    bucket = OverallBucket(Rate.window(6, 0.2, burst=2))
    loop = asyncio.get_running_loop()
    times: list[float] = []

    async def call(chat_id: int) -> None:
        await bucket.acquire(chat_id)
        times.append(loop.time())

    await call(1)
    await call(2)  # the burst is used up: the next ones wait
    doomed = [asyncio.create_task(call(100 + i)) for i in range(12)]
    live = [asyncio.create_task(call(i if i % 2 else -i - 1)) for i in range(12)]
    await asyncio.sleep(0)
    for task in doomed:
        task.cancel()
    began = loop.time()
    await asyncio.wait_for(asyncio.gather(*live), 3)
    assert len(times) == 14
    # The cancelled ones took no place: twelve calls at 20 a second (0.6 s), not 24.
    assert loop.time() - began < 0.9
    assert _max_in_window(times, 0.18) <= 6
    assert bucket.waiting() == 0


async def test_a_chat_counts_a_call_from_when_it_went_out() -> None:
    """A call that waited for the overall limit after its chat granted it: the chat's
    next call keeps its distance from when it went out, not from when it was granted."""
    bucket = ChatBucket(Rate(1, 0.2))
    loop = asyncio.get_running_loop()
    await bucket.acquire()
    await asyncio.sleep(0.25)  # the overall wait, during which the chat's bucket leaked
    bucket.went_out()
    began = loop.time()
    await bucket.acquire()
    assert loop.time() - began >= 0.15
