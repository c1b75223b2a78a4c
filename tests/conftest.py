"""Shared fixtures: seeded demo tournaments for the report and browser tests (built once per
session), and database URLs for the store tests: SQLite files in temporary folders and
databases in a throwaway PostgreSQL cluster."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.postgres_server import PostgresServer, find_bin_dir
from tourney.reports.demo_site import DemoTournament, demo_tournament


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


NO_SERVER = (
    "no PostgreSQL server binary under /usr/lib/postgresql/*/bin "
    "(install it: apt-get install -y postgresql)"
)


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    bin_dir = find_bin_dir()
    if bin_dir is None:
        pytest.skip(NO_SERVER)
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
