"""Fixtures shared by the integration and CLI tests: database URLs for SQLite files in
temporary folders and for databases in a throwaway PostgreSQL cluster."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.postgres_server import PostgresServer, find_bin_dir

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
