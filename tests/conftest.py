"""Shared fixtures: seeded demo tournaments for the report and browser tests (built once per
session), database URLs for the store tests (SQLite files in temporary folders and databases
in a throwaway PostgreSQL cluster), and an event store in memory for the desks' tests."""

from __future__ import annotations

import functools
import gc
import os
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

import pytest
import typer.main
import typer.testing
from hypothesis import settings

from tests import sqlite_locks
from tests.browser import browser, page, phone_page
from tests.factories.demo_site import DemoTournament, demo_tournament
from tests.postgres_server import PostgresServer, find_bin_dir
from tests.support import (
    SHARED_MISSING,
    SHARED_RECORDS,
    fail_or_skip,
    require_shared,
    shared_present,
    under_ci,
)

if TYPE_CHECKING:
    from tourney.store.eventstore import EventStore

# The tests read tourney in English whatever the machine's locale (LANG=ru_RU.UTF-8 would
# choose Russian): TOURNEY_LANG wins over the system's language, here and in every process
# the tests start. Tests of the other languages choose them explicitly.
os.environ["TOURNEY_LANG"] = "en"

# The tests written before round 1 was drawn by lot know who sits where in round 1 by the
# order players were added: TOURNEY_FIRST_ROUND (the club's default --first-round) keeps
# that order for them, here and in every process the tests start. The tests of the lot
# (tests/cli/test_first_round_cli.py) take it away and see the draw.
os.environ["TOURNEY_FIRST_ROUND"] = "registration"

# Property tests draw the same examples on every run (a failure is one a rerun shows again);
# HYPOTHESIS_PROFILE=random draws fresh ones. Tests that set their own settings keep them.
# `quick` (what `make test` loads, Makefile) draws the same way with a fifth of the examples:
# Hypothesis' default 100 becomes 20, and a test's own count goes through
# `tests.support.examples`, which scales it alike. `make test-all` and CI load the default
# profile: every example.
settings.register_profile("derandomized", derandomize=True, deadline=None)
settings.register_profile("random", derandomize=False, deadline=None)
settings.register_profile("quick", derandomize=True, deadline=None, max_examples=20)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "derandomized"))


# Typer's test runner makes the Click command of the app again on every invoke (~25 ms for
# tourney's app, half of the in-process CLI tests' time); an app does not change once built,
# so each app's command is made once per test process.
assert hasattr(typer.testing, "_get_command"), "Typer's test runner changed: see tests/conftest.py"
typer.testing._get_command = functools.cache(typer.main.get_command)


def _shared_line(counts: tuple[int, int]) -> str:
    tests, placeholders = counts
    if shared_present():
        return f"shared sample records: {tests} tests read {SHARED_RECORDS}"
    fate = "FAIL (CI is set)" if under_ci() else "are skipped"
    return (
        f"shared sample records missing: {tests} tests {fate}, {placeholders} of them "
        f"standing for a whole folder of records; {SHARED_MISSING}"
    )


@pytest.hookimpl(tryfirst=True)  # before `-m` deselects by the marks added here
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Order the slow tests first; say at collection how many tests read the shared sample
    records, and whether they are there: without them those tests are skipped, which a
    passing run must not hide."""
    for item in items:  # a class `slow_except(NAMES)`: every other test of it is slow
        kept = item.get_closest_marker("slow_except")
        if kept is not None and getattr(item, "originalname", item.name) not in kept.args:
            item.add_marker(pytest.mark.slow)
    # The slow tests first (a stable sort keeps each file's order): spread over the workers
    # from the start, none of them is left to run alone at the end of the run.
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)
    marks = [mark for item in items if (mark := item.get_closest_marker("shared_records"))]
    counts = (len(marks), sum(1 for mark in marks if mark.kwargs.get("placeholder")))
    config.stash[_SHARED_COUNTS] = counts
    reporter = config.pluginmanager.get_plugin("terminalreporter")
    if marks and reporter is not None:
        reporter.write_line(_shared_line(counts), yellow=not shared_present(), bold=True)


def pytest_terminal_summary(terminalreporter: Any, config: pytest.Config) -> None:
    """Repeat the line at the end of the run when the records were missing."""
    counts = config.stash.get(_SHARED_COUNTS, (0, 0))
    if counts[0] and not shared_present():
        terminalreporter.write_line(_shared_line(counts), yellow=True, bold=True)


_SHARED_COUNTS = pytest.StashKey[tuple[int, int]]()


@pytest.fixture(autouse=True)
def _no_python_open_of_a_held_sqlite_file() -> Iterator[None]:
    """Fail a test during which Python opened a SQLite file that SQLite already held open
    in this process (`tests/sqlite_locks.py`: it drops SQLite's locks)."""
    if not sqlite_locks.install():
        yield
        return
    sqlite_locks.found.clear()
    yield
    if sqlite_locks.found:
        accounts, sqlite_locks.found[:] = list(sqlite_locks.found), []
        pytest.fail("\n".join(accounts), pytrace=False)


@pytest.fixture(autouse=True)
def _shared_records(request: pytest.FixtureRequest) -> None:
    """A test marked `shared_records` is skipped without the records (failed under CI)."""
    if request.node.get_closest_marker("shared_records"):
        require_shared()


@pytest.fixture(scope="session")
def swiss() -> DemoTournament:
    """13 players at tables of 4 (4, 3, 3, 3), three Swiss rounds, hostile names included."""
    return demo_tournament(2026, players=13, rounds=3)


@pytest.fixture(scope="session")
def cup() -> DemoTournament:
    """11 players, knockout at tables of 2 with byes and a third-place match."""
    return demo_tournament(7, players=11, format="elimination", table_size=2, third_place=True)


@pytest.fixture(scope="session")
def cup_of_four() -> DemoTournament:
    """10 players, knockout at tables of 4: tables of 2-3 players and byes in round 1."""
    return demo_tournament(7, players=10, format="elimination", table_size=4)


@pytest.fixture(scope="session")
def pairs() -> DemoTournament:
    """8 players in 4 partnerships, round robin."""
    return demo_tournament(
        5, players=8, format="round_robin", table_size=4, partnerships=True, rounds=3
    )


__all__ = ["browser", "page", "phone_page"]  # Chromium fixtures: see tests/browser.py

NO_SERVER = (
    "no PostgreSQL server binary under /usr/lib/postgresql/*/bin or $TOURNEY_POSTGRES_BIN "
    "(install it: apt-get install -y postgresql)"
)


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    bin_dir = find_bin_dir()
    if bin_dir is None:
        fail_or_skip(NO_SERVER)
    server = PostgresServer(bin_dir)
    server.start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'tourney.db'}"


@pytest.fixture
def postgres_url(postgres_server: PostgresServer) -> str:
    return postgres_server.new_database()


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def database_url(request: pytest.FixtureRequest) -> str:
    """A fresh empty database on each backend in turn."""
    fixture = "sqlite_url" if request.param == "sqlite" else "postgres_url"
    url: str = request.getfixturevalue(fixture)
    return url


@pytest.fixture
def memory_store() -> EventStore:
    """An empty event store in memory (`tourney.store.memory`), the games' upcasters known,
    for a test of the desks that needs a store only to hold its events: no file, no schema to
    create, no fsync. It has no SQL, so no read models, projections or policies: a test of
    those, or of storage, takes a real database (`database_url`). Typed as the `EventStore`
    the desks take: `tests/integration/test_event_log_contract.py` holds it to the same
    behaviour on what they call."""
    from tourney.store.memory import MemoryStore
    from tourney.streams.matches import upcasters

    return cast("EventStore", MemoryStore(upcasters()))


def pytest_collection_finish(session: pytest.Session) -> None:
    """What collection imported (tourney, the libraries, every test module) lives to the end
    of the run: moved out of the collector's sight (CPython's documented `gc.freeze`), so
    that the run's collections scan only what the tests make."""
    gc.freeze()
