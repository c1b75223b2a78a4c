"""A store keeps one read connection per thread (a direct SQLite store, and PostgreSQL):
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
    EventStore.from_url(database_url).close()  # upgraded: SQLite's next open is direct
    store = EventStore.from_url(database_url)
    other = EventStore.from_url(database_url)  # another writer, as another process would be
    assert store._direct is not None or store.dialect == "postgresql"
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
    # Kept by the store (SQLite), or by the direct PostgreSQL engine, whose every thread
    # reads and writes on one connection of its own.
    direct = store._direct
    kept = list(getattr(direct, "_opened", None) or store._reader_connections)
    assert len(kept) == 2  # one per thread that read
    store.close()
    other.close()
    for connection in kept:
        with pytest.raises((sqlite3.ProgrammingError, OperationalError)):
            connection.execute("SELECT 1")
