"""Running a benchmark's independent jobs, in worker processes when asked."""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable, Sequence
from typing import TypeVar

__all__ = ["map_jobs"]

Job = TypeVar("Job")
Result = TypeVar("Result")


def map_jobs(
    work: Callable[[Job], Result],
    jobs: Sequence[Job],
    processes: int,
    *,
    chunksize: int | None = None,
) -> list[Result]:
    """``work`` of each job, in order: in a pool of ``processes`` when more than one,
    else here (simpler to debug and profile)."""
    if processes > 1:
        with multiprocessing.Pool(processes) as pool:
            return pool.map(work, jobs, chunksize=chunksize)
    return [work(job) for job in jobs]
