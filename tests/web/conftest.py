"""The web application on a real database: a tournament created and paired through the CLI
(as a director does before a club night; built once, copied per test), then served
in-process by Starlette's TestClient."""

from __future__ import annotations

import base64
import re
import shutil
import sqlite3
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from tests.cli.conftest import Cli, cli, db, template_db
from tests.factories.tablesim import card_table_match, hidden_match, seated
from tourney.games.horserace import Event
from tourney.streams.matches import match_stream
from tourney.web.app import Server, create_app
from tourney.web.tokens import TableToken

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
    return built(tmp_path_factory.mktemp("paired") / "night.db", template_db, create_tournament)


def built(path: Path, template: Path, build: Callable[[Cli], object]) -> Path:
    """A copy of ``template`` at ``path``, set up by ``build`` through the CLI, with
    everything in the file itself (for copying per test)."""
    shutil.copyfile(template, path)
    build(Cli(str(path)))
    connection = sqlite3.connect(path)
    connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    connection.close()
    return path


def copied(source: Path, path: Path) -> str:
    shutil.copyfile(source, path)
    return str(path)


@contextmanager
def serving(db: str) -> Iterator[Night]:
    """The application on ``db`` in-process, a director's password set."""
    server = Server.open(db, SECRET, director_password=PASSWORD)
    with TestClient(create_app(server), base_url="http://testserver") as client:
        yield Night(Cli(db), server, client)


def retargeted(link: str, slug: str, table: int) -> str:
    """A table's ``link`` edited to name ``table`` of round 1, keeping the signature of the
    table it was issued for: a forgery."""
    _, _, mac = link.partition(".")
    text = TableToken(slug, 1, table, 0).text().encode()
    return "/t/" + base64.urlsafe_b64encode(text).rstrip(b"=").decode() + "." + mac


@pytest.fixture
def night_db(tmp_path: Path, paired_db: Path) -> str:
    return copied(paired_db, tmp_path / "night.db")


@pytest.fixture
def night(night_db: str) -> Iterator[Night]:
    with serving(night_db) as night:
        yield night


@pytest.fixture
def no_director(night_db: str) -> Iterator[Night]:
    server = Server.open(night_db, SECRET)
    with TestClient(create_app(server)) as client:
        yield Night(Cli(night_db), server, client)


CARD_PLAYERS = tuple(f"{first} {last}" for first, last in zip(
    ("Ada", "Ben", "Cleo", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo", "Kim", "Lou",
     "Max", "Ned", HOSTILE),
    ("Ames", "Burr", "Cole", "Dunn", "Earl", "Finn", "Gray", "Hart", "Ives", "Jay", "Kerr",
     "Lamb", "Moss", "Nash", "Oak"),
    strict=True,
))  # fmt: skip
CARD_DEALS = 2


def a_card_match(players: Sequence[str], seed: int = 5, deals: int = CARD_DEALS) -> list[Any]:
    """A whole hidden Racehorse match at a tournament table seating ``players``, as a
    scorer records it, without its ``match_started`` (the director's pairing made that)."""
    return card_table_match(players, seed, deals)[1:]


@pytest.fixture(scope="session")
def card_db(tmp_path_factory: pytest.TempPathFactory, template_db: Path) -> Path:
    """A database holding a Racehorse Swiss of 15 at tables of 5 (matches of 2 deals),
    round 1 paired: tables 1-3."""
    return built(tmp_path_factory.mktemp("cards") / "cards.db", template_db, create_card_night)


def create_card_night(cli: Cli) -> None:
    cli.ok(
        "tournament", "create", "Card Night", "--game", "racehorse", "--format", "swiss",
        "--table-size", "5", "--rounds", "2", "--deals", str(CARD_DEALS),
    )  # fmt: skip
    for name in CARD_PLAYERS:
        cli.ok("player", "add", name)
    cli.ok("pair")


@pytest.fixture
def card_night_db(tmp_path: Path, card_db: Path) -> str:
    return copied(card_db, tmp_path / "cards.db")


@pytest.fixture
def card_night(card_night_db: str) -> Iterator[Night]:
    with serving(card_night_db) as night:
        yield night
