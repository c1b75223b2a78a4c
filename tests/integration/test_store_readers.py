"""A store keeps one read connection per thread (`Connections.reader`), on both backends:
each read still sees every commit made before it (by this store or another process), and
closing the store closes them all."""

from __future__ import annotations

import sqlite3
import threading

import pytest
from psycopg import OperationalError

from tourney.store.eventstore import EventStore, NewEvent


def test_kept_read_connections_see_every_commit_and_close_with_the_store(
    database_url: str,
) -> None:
    EventStore.from_url(database_url).close()  # at the head revision from now on
    store = EventStore.from_url(database_url)
    other = EventStore.from_url(database_url)  # another writer, as another process would be
    seen: list[int] = []

    def reader() -> None:
        for version in range(20):
            other.append("s", [NewEvent("moved", {"n": version})])
            seen.append(store.stream_version("s"))

    thread = threading.Thread(target=reader)
    thread.start()
    thread.join()
    assert seen == sorted(seen) and seen[-1] == 20  # never behind a commit made before
    assert store.stream_version("s") == 20
    kept = list(store.connections._kept)
    assert len(kept) == 2  # one per thread that read
    store.close()
    other.close()
    for connection in kept:
        with pytest.raises((sqlite3.ProgrammingError, OperationalError)):
            connection.execute("SELECT 1")


def test_a_first_read_inside_a_write_transaction_does_not_wait_for_an_append(
    tmp_path: object,
) -> None:
    """The wall display's feed catches up in a write transaction of its own and reads the
    log through the store; its thread's first read registers a read connection. An append
    waiting meanwhile for that transaction's SQLite lock held the store's writer lock, and
    the registration waited for it: a deadlock until the 30 s busy timeout, and the append
    refused ("another writer held the store too long") -- a table's move lost under
    `tourney serve` (found by a loop of the web tests under load)."""
    import time
    from pathlib import Path

    url = f"sqlite:///{Path(str(tmp_path)) / 'readers.db'}"
    EventStore.from_url(url).close()
    store = EventStore.from_url(url)
    holding = store.connect()
    holding.execute("BEGIN IMMEDIATE")  # the feed's catch-up transaction
    appended: list[object] = []
    writer = threading.Thread(
        target=lambda: appended.append(store.append("t", [NewEvent("moved", {})]))
    )
    writer.start()
    deadline = time.monotonic() + 10
    while not store._appender.lock.locked():  # the append holds the writer's lock, then waits
        assert time.monotonic() < deadline, "the append never took the writer's lock"
        time.sleep(0.001)
    read: list[float] = []

    def first_read() -> None:
        started = time.monotonic()
        store.fetch_rows("SELECT COUNT(*) FROM events", ())  # this thread's first read
        read.append(time.monotonic() - started)

    reader = threading.Thread(target=first_read)
    reader.start()
    reader.join(timeout=10)
    assert read and read[0] < 5, "the first read waited for the append's lock"
    holding.commit()
    holding.close()
    writer.join(timeout=10)
    assert appended and store.stream_version("t") == 1
    store.close()
