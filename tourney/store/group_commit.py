"""Group commit: appends made at the same moment by several threads of one process share
one transaction.

On SQLite at synchronous=FULL every commit waits for an fsync (milliseconds), and writers
are serialised, so N tables recording at once would each wait for up to N fsyncs in turn.
Here the first thread to append becomes the leader: it takes every append queued at that
moment (its own first), writes them in one transaction (`EventStore.append_batch`, one
savepoint each, so one refused append writes nothing and spoils no other), commits once,
and hands each thread its own result or refusal. Appends queued while it committed are led
by the next of them. Nothing is acknowledged before its commit, so the store's promise is
unchanged: an append that returned is on disk.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence

from tourney.store.appends import AppendRequest, BatchAppender, NewEvent, StoredEvent
from tourney.store.errors import StoreError

MAX_BATCH = 64


class _Waiting:
    __slots__ = ("done", "error", "lead", "request", "result")

    def __init__(self, request: AppendRequest) -> None:
        self.request = request
        self.done = threading.Event()
        self.lead = False
        self.result: list[StoredEvent] = []
        self.error: BaseException | None = None


class GroupCommit:
    """Batches one store's concurrent appends (see the module docstring)."""

    def __init__(self, store: BatchAppender, max_batch: int = MAX_BATCH) -> None:
        self.store = store
        self.max_batch = max_batch
        self._lock = threading.Lock()
        self._queue: list[_Waiting] = []
        self._leading = False
        self.batches = 0
        self.appends = 0

    def append(
        self,
        stream_id: str,
        events: Sequence[NewEvent],
        expected_version: int | None = None,
        command_id: str | None = None,
    ) -> list[StoredEvent]:
        """`EventStore.append`, committed with whatever else is being appended now."""
        waiting = _Waiting(AppendRequest(stream_id, list(events), expected_version, command_id))
        with self._lock:
            self._queue.append(waiting)
            if not self._leading:
                self._leading = waiting.lead = True
        if not waiting.lead:
            waiting.done.wait()
        if waiting.lead:  # led from the start, or handed the lead by the previous leader
            self._lead()
        if waiting.error is not None:
            raise waiting.error
        return waiting.result

    def _lead(self) -> None:
        """Write one batch (the queue's head, this thread's own append first), then hand
        the lead to the first append still queued, if any."""
        with self._lock:
            batch, self._queue = self._queue[: self.max_batch], self._queue[self.max_batch :]
        try:
            outcomes = self.store.append_batch([w.request for w in batch])
        except BaseException as exc:
            for waiting in batch:
                waiting.error = exc
        else:
            for waiting, outcome in zip(batch, outcomes, strict=True):
                if isinstance(outcome, StoreError):
                    waiting.error = outcome
                else:
                    waiting.result = outcome
        self.batches += 1
        self.appends += len(batch)
        with self._lock:
            if self._queue:
                self._queue[0].lead = True
                self._queue[0].done.set()  # it wakes up leading
            else:
                self._leading = False
        for waiting in batch:
            waiting.lead = False
            waiting.done.set()
