"""The web application on a real database: a tournament created and paired through the CLI
(as a director does before a club night; built once, copied per test), then served
in-process by Starlette's TestClient."""

from __future__ import annotations

import re
import shutil
import sqlite3
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from tests.cli.conftest import Cli, cli, db, template_db
from tests.factories.tablesim import hidden_match, seated
from tourney.games.horserace import Event
from tourney.match_streams import match_stream
from tourney.web.app import Server, create_app

__all__ = ["cli", "db", "template_db"]

SECRET = b"s" * 32
PASSWORD = "correct horse battery staple"
HOSTILE = "<script>alert(1)</script>"
PLAYERS = ("Ann Lee", "Bo Chen", "Cy Diaz", "Di Eze", "Ed Fox", HOSTILE)


@dataclass
class Night:
    cli: Cli
    server: Server
    client: TestClient

    def link(self, table: int) -> str:
        """Table ``table``'s link in the latest round, as the director's page shows it."""
        loaded = self.server.night.loaded()
        assert loaded is not None
        return "/t/" + self.server.night.token(loaded, table)

    def seats(self, table: int) -> tuple[str, ...]:
        loaded = self.server.night.loaded()
        assert loaded is not None
        (found,) = [t for t in self.server.night.tables(loaded) if t.number == table]
        return found.seats

    def csrf(self, path: str) -> str:
        """The CSRF token of the form on ``path`` (the page is fetched, the cookie kept)."""
        page = self.client.get(path)
        found = re.search(r'name="csrf" value="([^"]+)"', page.text)
        assert found, page.text
        return found.group(1)

    def sign_in(self) -> None:
        token = self.csrf("/director/login")
        response = self.client.post(
            "/director/login", data={"password": PASSWORD, "csrf": token}, follow_redirects=False
        )
        assert response.status_code == 303, response.text

    def version(self, table: int) -> int:
        (match_id,) = [
            t.match_id
            for t in self.server.night.tables(self.server.night.loaded())  # type: ignore[arg-type]
            if t.number == table
        ]
        return self.server.store.stream_version(match_stream(match_id))


def create_tournament(cli: Cli, players: tuple[str, ...] = PLAYERS, table_size: int = 2) -> None:
    cli.ok(
        "tournament", "create", "Club Night", "--format", "swiss",
        "--table-size", str(table_size), "--rounds", "2",
    )  # fmt: skip
    for name in players:
        cli.ok("player", "add", name)
    cli.ok("pair")


def a_match(players: Sequence[str], seed: int = 4) -> list[Event]:
    """A whole hidden-hand match between ``players`` (two), as a scorer at the table records
    it, without its ``match_started`` (the director's pairing made that)."""
    return seated(hidden_match(seed), players)[1:]


@pytest.fixture(scope="session")
def paired_db(tmp_path_factory: pytest.TempPathFactory, template_db: Path) -> Path:
    """A database holding a Swiss tournament of six at tables of 2, round 1 paired."""
    path = tmp_path_factory.mktemp("paired") / "night.db"
    shutil.copyfile(template_db, path)
    create_tournament(Cli(str(path)))
    connection = sqlite3.connect(path)  # everything into the file itself, for copying
    connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    connection.close()
    return path


@pytest.fixture
def night_db(tmp_path: Path, paired_db: Path) -> str:
    path = tmp_path / "night.db"
    shutil.copyfile(paired_db, path)
    return str(path)


@pytest.fixture
def night(night_db: str) -> Iterator[Night]:
    server = Server.open(night_db, SECRET, director_password=PASSWORD)
    with TestClient(create_app(server), base_url="http://testserver") as client:
        yield Night(Cli(night_db), server, client)


@pytest.fixture
def no_director(night_db: str) -> Iterator[Night]:
    server = Server.open(night_db, SECRET)
    with TestClient(create_app(server)) as client:
        yield Night(Cli(night_db), server, client)
