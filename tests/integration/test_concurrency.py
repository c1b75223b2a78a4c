"""Eight processes appending at once, on both backends: nothing lost or duplicated, every
conflict reported, positions strictly increasing in commit order, versions gapless; a reader
tailing the log meanwhile misses nothing; projections catching up in every writer apply each
event once."""

from __future__ import annotations

import itertools
import multiprocessing
import traceback
from multiprocessing.queues import Queue
from multiprocessing.synchronize import Barrier
from typing import Any

from tests.integration.counting_projection import CountingProjection, counts, create_tables
from tests.support import engine_of
from tourney.store.errors import ConcurrencyError
from tourney.store.eventstore import EventStore, NewEvent
from tourney.store.projector import Projector

WORKERS = 8
CONTEXT = multiprocessing.get_context("fork")


def _run(target: Any, url: str, per_worker: int) -> tuple[list[Any], Queue[Any]]:
    queue: Queue[Any] = CONTEXT.Queue()
    barrier = CONTEXT.Barrier(WORKERS)
    processes = [
        CONTEXT.Process(target=target, args=(url, worker, per_worker, barrier, queue))
        for worker in range(WORKERS)
    ]
    for process in processes:
        process.start()
    return processes, queue


def _collect(processes: list[Any], queue: Queue[Any]) -> list[Any]:
    results = [queue.get(timeout=120) for _ in processes]
    for process in processes:
        process.join(timeout=60)
        assert process.exitcode == 0
    errors = [result for result in results if result[0] == "error"]
    assert not errors, errors[0][1]
    return results


def _same_stream(url: str, worker: int, appends: int, barrier: Barrier, queue: Queue[Any]) -> None:
    try:
        store = EventStore.from_url(url, upgrade=False)
        barrier.wait()
        won: list[tuple[int, int]] = []  # (expected version, sequence number)
        conflicts = 0
        while len(won) < appends:
            version = store.stream_version("shared")
            try:
                store.append(
                    "shared",
                    [NewEvent("noted", {"worker": worker, "seq": len(won)})],
                    expected_version=version,
                )
                won.append((version, len(won)))
            except ConcurrencyError:
                conflicts += 1
        queue.put(("ok", worker, won, conflicts))
    except BaseException:
        queue.put(("error", traceback.format_exc()))


def test_eight_writers_on_one_stream(database_url: str) -> None:
    EventStore.from_url(database_url).close()
    processes, queue = _run(_same_stream, database_url, 12)
    results = _collect(processes, queue)
    with EventStore.from_url(database_url) as store:
        stored = list(store.read_stream("shared"))
        assert [event.version for event in stored] == list(range(1, WORKERS * 12 + 1))
        positions = [event.position for event in stored]
        assert all(a < b for a, b in itertools.pairwise(positions))
        by_version = {event.version: event.payload for event in stored}
        for _, worker, won, _conflicts in results:
            for expected, seq in won:
                # Each success landed exactly on the version it decided against.
                assert by_version[expected + 1] == {"worker": worker, "seq": seq}
        payloads = [(event.payload["worker"], event.payload["seq"]) for event in stored]
        assert len(set(payloads)) == len(payloads)
        assert sum(result[3] for result in results) > 0, "no conflict was provoked"


def _own_streams(url: str, worker: int, batches: int, barrier: Barrier, queue: Queue[Any]) -> None:
    try:
        store = EventStore.from_url(url, upgrade=False)
        Projector(store, [CountingProjection()]).attach()
        barrier.wait()
        stream = f"w-{worker}"
        for batch in range(batches):
            store.append(
                stream,
                [NewEvent("noted", {"worker": worker, "n": batch * 3 + i}) for i in range(3)],
                expected_version=batch * 3,
            )
        queue.put(("ok", worker))
    except BaseException:
        queue.put(("error", traceback.format_exc()))


def test_eight_writers_on_their_own_streams_with_a_tailing_reader(database_url: str) -> None:
    with EventStore.from_url(database_url) as store:
        create_tables(engine_of(store))
        processes, queue = _run(_own_streams, database_url, 15)
        tailed: list[Any] = []
        last = 0
        while any(process.is_alive() for process in processes) or last < store.max_position():
            for event in store.read_all(last):
                tailed.append(event)
                last = event.position
        _collect(processes, queue)
        everything = list(store.read_all())
        assert len(everything) == WORKERS * 15 * 3
        assert [event.position for event in tailed] == [event.position for event in everything]
        for worker in range(WORKERS):
            versions = [event.version for event in store.read_stream(f"w-{worker}")]
            assert versions == list(range(1, 46))
            assert [event.payload["n"] for event in store.read_stream(f"w-{worker}")] == list(
                range(45)
            )
        projector = Projector(store, [CountingProjection()])
        projector.catch_up()
        assert counts(engine_of(store)) == {f"w-{worker}": (45, 45) for worker in range(WORKERS)}
