from __future__ import annotations

import asyncio

import pytest

from bot.outbox.limits import Limits, Pacer, Rate


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
