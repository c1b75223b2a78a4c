"""What keeps the console script from leaving without the interpreter's teardown
(`tourney.cli.leave.held`): anything only that teardown would close or wait for."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

import pytest

from tourney.cli.leave import HELD_OPEN, held
from tourney.store import sqlite_direct
from tourney.store.eventstore import EventStore


def test_nothing_loaded_nothing_held() -> None:
    assert held({}) is None


@pytest.mark.parametrize("name", HELD_OPEN)
def test_a_package_that_may_hold_a_connection_pool_or_thread_holds(name: str) -> None:
    assert held({name: ModuleType(name)}) == f"{name} is loaded"


def test_psycopg_holds_unless_every_direct_connection_is_closed() -> None:
    from tourney.store import postgres_direct

    psycopg = ModuleType("psycopg")
    assert held({"psycopg": psycopg}) == "a PostgreSQL connection may be open"
    assert held({"psycopg": psycopg, "tourney.store.postgres_direct": postgres_direct}) is None


def test_another_thread_holds_until_it_ends() -> None:
    """(The threads are counted by a stand-in: a test runner's own process may run other
    threads of its own.)"""
    threads = ModuleType("threading")
    threads.__dict__["active_count"] = lambda: 2
    assert held({"threading": threads}) == "another thread is running"
    threads.__dict__["active_count"] = lambda: 1
    assert held({"threading": threads}) is None


def test_an_open_sqlite_connection_holds_until_the_store_is_closed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # This test's own count: a connection another test in this process dropped unclosed
    # stays counted as open (rightly: SQLite closed it at an unknown time).
    monkeypatch.setattr(sqlite_direct, "_open", set())
    url = f"sqlite:///{tmp_path / 'tourney.db'}"
    EventStore.from_url(url).close()  # created and upgraded (SQLAlchemy), then current
    store = EventStore.from_url(url)
    modules = {"tourney.store.sqlite_direct": sqlite_direct}
    assert held(modules) is None
    assert store.stream_version("match-K1") == 0  # a reader connection, kept
    assert held(modules) == "a SQLite connection is open"
    store.close()
    assert held(modules) is None
    assert not (tmp_path / "tourney.db-wal").exists()
