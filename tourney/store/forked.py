"""Work split over forked processes (a rebuild, a verify): each worker has the parent's
store, code and settings, but none of its connections.

Forked rather than spawned: a worker starts in milliseconds with everything imported and
configured, and is given its share of the work by the parent's module state, not by
pickling projections. Where fork is not available the callers do the work in one process.
"""

from __future__ import annotations

import gc
import multiprocessing
import os
from collections.abc import Callable
from multiprocessing.pool import Pool
from typing import TYPE_CHECKING

from tourney.store.gc_pacing import REPLAY_THRESHOLD

if TYPE_CHECKING:
    from tourney.store.eventstore import EventStore


def available() -> int:
    """How many CPUs this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def can_fork() -> bool:
    """Whether work can be split over forked processes here."""
    return "fork" in multiprocessing.get_all_start_methods()


def pool(store: EventStore, workers: int, start: Callable[[], None] | None = None) -> Pool:
    """`workers` forked processes for `store`'s work (see `can_fork`), each started by
    `start` after letting go of the parent's connections: a worker opens
    its own (a direct store's are forgotten at fork by the store's own hooks; a SQLAlchemy
    pool is disposed of without closing what the parent still uses). The cyclic collector
    is paced for bulk reads for the worker's whole life (pacing it per task made it
    collect at the end of each: 7% of a rebuild worker's time)."""
    return multiprocessing.get_context("fork").Pool(workers, _start, (store, start))


def _start(store: EventStore, start: Callable[[], None] | None) -> None:
    engine = store._engine
    if engine is not None:
        engine.dispose(close=False)  # SQLAlchemy's recipe for a pool inherited by fork
    gc.set_threshold(REPLAY_THRESHOLD, *gc.get_threshold()[1:])
    if start is not None:
        start()
