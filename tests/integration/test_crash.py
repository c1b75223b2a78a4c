"""A writer killed with SIGKILL in the middle of a batch leaves all of it or none of it, on
both backends; so does a projection killed in the middle of a page; catching up and
rebuilding afterwards agree with the events."""

from __future__ import annotations

import multiprocessing
import os
import signal
import time
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from tests.integration.counting_projection import CountingProjection, counts, create_tables
from tests.integration.matches import simulated
from tests.support import engine_of
from tourney.projections.match_view import MatchProjection, new_events
from tourney.store.eventstore import EventStore, NewEvent
from tourney.store.projector import Batch, Projector
from tourney.store.verify import verify

pytestmark = pytest.mark.slow

CONTEXT = multiprocessing.get_context("fork")
BATCH = [NewEvent("noted", {"n": n, "text": "x" * 100}) for n in range(2000)]


def _wait_for(marker: Path, process: Any) -> None:
    deadline = time.monotonic() + 60
    while not marker.exists():
        assert process.is_alive(), "the writer ended before it was killed"
        assert time.monotonic() < deadline, "the writer never reached the marker"
        time.sleep(0.005)


def _kill(process: Any) -> None:
    assert process.is_alive(), "the writer ended before it was killed"
    os.kill(process.pid, signal.SIGKILL)
    process.join(timeout=30)
    assert process.exitcode == -signal.SIGKILL


def _write_and_hang(url: str, marker: str) -> None:
    """Insert a whole batch, then stop before COMMIT until killed."""
    from tourney.store.appending import Appender

    real_insert = Appender._insert

    def insert_then_hang(self: Appender, cursor: Any, rows: list[Any]) -> list[int]:
        positions = real_insert(self, cursor, rows)
        Path(marker).touch()
        time.sleep(120)
        return positions

    Appender._insert = insert_then_hang  # type: ignore[method-assign]
    store = EventStore.from_url(url, upgrade=False)
    store.append("victim", BATCH, expected_version=1)


def _write_big_batches(url: str, marker: str) -> None:
    """Append big batches until killed; once the first is committed, write how long it
    took into `marker` (written whole, then renamed into place)."""
    store = EventStore.from_url(url, upgrade=False)
    started = time.perf_counter()
    store.append("big-0", BATCH, expected_version=0)
    Path(f"{marker}.tmp").write_text(str(time.perf_counter() - started), encoding="utf-8")
    Path(f"{marker}.tmp").rename(marker)
    for number in range(1, 1000):
        store.append(f"big-{number}", BATCH, expected_version=0)


def _stored(store: EventStore) -> Counter[str]:
    return Counter(event.stream_id for event in store.read_all())


def _rebuild_agrees(store: EventStore) -> None:
    projector = Projector(store, [MatchProjection(), CountingProjection()])
    projector.rebuild()
    stored = _stored(store)
    assert counts(engine_of(store)) == {stream: (n, n) for stream, n in stored.items()}


def test_writer_killed_before_commit_leaves_nothing(database_url: str, tmp_path: Path) -> None:
    with EventStore.from_url(database_url) as store:
        create_tables(engine_of(store))
        store.append("victim", [NewEvent("noted", {"n": -1})], expected_version=0)
        marker = tmp_path / "inserted"
        writer = CONTEXT.Process(target=_write_and_hang, args=(database_url, str(marker)))
        writer.start()
        _wait_for(marker, writer)
        _kill(writer)
        assert store.stream_version("victim") == 1
        assert _stored(store) == {"victim": 1}
        assert verify(store) == []
        # The lock died with the writer: the next append goes through at once.
        store.append("victim", BATCH[:2], expected_version=1)
        _rebuild_agrees(store)


@pytest.mark.parametrize("fraction", [0.05, 0.35, 0.65, 0.95])
def test_writer_killed_at_any_moment_leaves_whole_batches(
    database_url: str, tmp_path: Path, fraction: float
) -> None:
    """Killed once its first batch is committed, at a point spread over the next batch's
    insert and commit (its duration measured on the first): every batch stored is whole,
    and the first one is there."""
    with EventStore.from_url(database_url) as store:
        create_tables(engine_of(store))
        marker = tmp_path / "first-batch-committed"
        writer = CONTEXT.Process(target=_write_big_batches, args=(database_url, str(marker)))
        writer.start()
        _wait_for(marker, writer)
        time.sleep(fraction * float(marker.read_text(encoding="utf-8")))
        _kill(writer)
        stored = _stored(store)
        assert stored["big-0"] == len(BATCH), stored
        assert all(n == len(BATCH) for n in stored.values()), stored
        for stream in stored:
            assert store.stream_version(stream) == len(BATCH)
        assert verify(store) == []
        _rebuild_agrees(store)


class _HangingCounter(CountingProjection):
    def __init__(self, marker: str) -> None:
        super().__init__()
        self.marker = marker

    def apply(self, batch: Batch) -> None:
        super().apply(batch)
        Path(self.marker).touch()
        time.sleep(120)


def _project_and_hang(url: str, marker: str) -> None:
    store = EventStore.from_url(url, upgrade=False)
    Projector(store, [_HangingCounter(marker)]).catch_up()


def test_projection_killed_mid_page_keeps_rows_and_checkpoint_together(
    database_url: str, tmp_path: Path
) -> None:
    with EventStore.from_url(database_url) as store:
        create_tables(engine_of(store))
        store.append("match-1", new_events(simulated(5)[:30]))
        store.append("s-2", BATCH[:10])
        marker = tmp_path / "applied"
        worker = CONTEXT.Process(target=_project_and_hang, args=(database_url, str(marker)))
        worker.start()
        _wait_for(marker, worker)
        _kill(worker)
        projector = Projector(store, [CountingProjection()])
        assert counts(engine_of(store)) == {}
        assert projector.status()[0].position == 0
        projector.catch_up()
        assert counts(engine_of(store)) == {"match-1": (30, 30), "s-2": (10, 10)}
        _rebuild_agrees(store)


def _rebuild_and_hang(url: str, marker: str) -> None:
    """Rebuild one stream a page, and stop after the first page until killed."""
    from tourney.projections import default_projections

    def hang(_read: int) -> None:
        Path(marker).touch()
        time.sleep(120)

    store = EventStore.from_url(url, upgrade=False)
    Projector(store, default_projections()).rebuild(progress=hang, page_size=1)


def test_a_rebuild_killed_half_way_leaves_events_and_read_models_as_they_were(
    database_url: str, tmp_path: Path
) -> None:
    """A rebuild empties and replays the read models in one transaction: killed after its
    first page, it leaves the events and the read models as they were, and a rebuild
    afterwards gives the same tables."""
    from tests.integration.matches import dump
    from tourney.projections import default_projections

    tables = ("match_views", "projection_checkpoints", "projection_problems")
    with EventStore.from_url(database_url) as store:
        projector = Projector(store, default_projections())
        for number in range(1, 6):
            store.append(f"match-{number}", new_events(simulated(number)[:40]))
        projector.catch_up()
        events = list(store.read_all())
        before = dump(engine_of(store), "events", *tables)
        assert len(before["match_views"]) == 5
        marker = tmp_path / "first-page"
        worker = CONTEXT.Process(target=_rebuild_and_hang, args=(database_url, str(marker)))
        worker.start()
        _wait_for(marker, worker)
        _kill(worker)
        assert list(store.read_all()) == events
        assert dump(engine_of(store), "events", *tables) == before
        assert verify(store) == []
        assert projector.rebuild() == len(events)  # the write lock died with the worker
        assert dump(engine_of(store), "events", *tables) == before
