"""Group commit (`EventStore.group_commits`), on both backends: sixteen threads appending at
once share transactions, and every append keeps its own promise — written once, at its
version, refused alone when stale, a repeated command id answered with what it wrote."""

from __future__ import annotations

import threading

import pytest

from tourney.store.errors import ConcurrencyError
from tourney.store.eventstore import AppendRequest, EventStore, NewEvent
from tourney.store.verify import verify

THREADS = 16
PER_THREAD = 40


def test_sixteen_threads_appending_at_once_share_commits_and_lose_nothing(
    database_url: str,
) -> None:
    with EventStore.from_url(database_url) as store:
        store.group_commits()
        start = threading.Barrier(THREADS)
        failures: list[BaseException] = []

        def table(number: int) -> None:
            try:
                start.wait()
                for version in range(PER_THREAD):
                    stored = store.append(
                        f"t-{number}",
                        [NewEvent("moved", {"n": version})],
                        version,
                        f"t{number}-{version}",
                    )
                    assert [e.version for e in stored] == [version + 1]
            except BaseException as exc:
                failures.append(exc)

        threads = [threading.Thread(target=table, args=(n,)) for n in range(THREADS)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert failures == []
        group = store._group
        assert group is not None
        assert group.appends == THREADS * PER_THREAD
        assert group.batches < group.appends  # commits were shared
        for number in range(THREADS):
            events = list(store.read_stream(f"t-{number}"))
            assert [e.payload["n"] for e in events] == list(range(PER_THREAD))
        positions = [e.position for e in store.read_all()]
        assert positions == sorted(positions) and len(positions) == THREADS * PER_THREAD
        assert verify(store) == []


def test_a_stale_append_in_a_batch_is_refused_alone(database_url: str) -> None:
    with EventStore.from_url(database_url) as store:
        store.append("a", [NewEvent("moved", {"n": 1})], 0)
        outcomes = store.append_batch(
            [
                AppendRequest("a", [NewEvent("moved", {"n": 2})], 1, "first"),
                AppendRequest("a", [NewEvent("moved", {"n": 3})], 1, "stale"),
                AppendRequest("b", [NewEvent("moved", {"n": 1})], 0, "other"),
                AppendRequest("a", [NewEvent("moved", {"n": 9})], 2, "first"),  # a retry
            ]
        )
        assert isinstance(outcomes[1], ConcurrencyError)
        first, other, retried = outcomes[0], outcomes[2], outcomes[3]
        assert isinstance(first, list) and [e.version for e in first] == [2]
        assert isinstance(other, list) and [e.version for e in other] == [1]
        assert retried == first  # the command id's events, nothing written again
        assert [e.payload["n"] for e in store.read_stream("a")] == [1, 2]
        assert store.events_of_command("stale") == []
        assert verify(store) == []


def test_a_stale_append_through_the_group_raises_as_alone(database_url: str) -> None:
    with EventStore.from_url(database_url) as store:
        store.group_commits()
        store.append("a", [NewEvent("moved", {"n": 1})], 0)
        with pytest.raises(ConcurrencyError):
            store.append("a", [NewEvent("moved", {"n": 2})], 0)
        assert store.stream_version("a") == 1
