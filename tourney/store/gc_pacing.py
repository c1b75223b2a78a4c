"""Pacing CPython's cyclic garbage collector through bulk reads and replays.

Reading the log and catching projections up allocate several objects per event (the
decoded payload, the engine's event, the rows) and free nearly all of them by reference
counting: replaying the log makes no reference cycles (a rebuild peaks at the same memory
with the collector switched off). But a page of events is held at once, so the collector's
youngest generation keeps reaching its threshold of 700 new objects and scanning what is
alive, collecting nothing, for a good share of a rebuild's time (bench/FINDINGS.md).

`rarer_collections()` raises that threshold while such a read or catch-up runs and puts it
back after. The collector stays on, so a cycle made by mistake is still collected, only
later.
"""

from __future__ import annotations

import contextlib
import gc
import threading
from collections.abc import Iterator

# New objects between two collections of the youngest generation while a bulk read runs. At
# 50,000 a rebuild of 1,000 matches triggers one collection (measured).
REPLAY_THRESHOLD = 50_000

_lock = threading.Lock()
_active = 0
_saved: tuple[int, ...] = ()


@contextlib.contextmanager
def rarer_collections(threshold: int = REPLAY_THRESHOLD) -> Iterator[None]:
    """Collect the youngest generation every `threshold` new objects (or the current
    threshold, if higher) inside the block. Nested or concurrent blocks share one raise;
    the last to leave restores the thresholds it found."""
    global _active, _saved
    with _lock:
        if _active == 0:
            _saved = gc.get_threshold()
            if threshold > _saved[0]:
                gc.set_threshold(threshold, *_saved[1:])
        _active += 1
    try:
        yield
    finally:
        with _lock:
            _active -= 1
            if _active == 0:
                gc.set_threshold(*_saved)
