"""Helpers for the scorer's command tests: the CLI run in-process on a real SQLite file in a
temporary folder, and records of whole matches played by bots (known hands) or turned into
what a scorer at a physical table sees (hidden hands)."""

from __future__ import annotations

import hashlib
import shutil
import sqlite3
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner, Result

from tests.factories.tablesim import hidden_match, known_match
from tourney.cli.app import app
from tourney.games.horserace import Event, Match
from tourney.store.eventstore import EventStore

__all__ = ["Build", "Cli", "checksum", "hidden_match", "known_match", "summary"]


def checksum(path: str | Path) -> str:
    """The sha256 of a SQLite database file, its write-ahead log folded in first (so that
    two checksums differ exactly when something was written in between); "absent" when
    there is no such file (and none is made)."""
    file = Path(path)
    if not file.exists():
        return "absent"
    if file.read_bytes()[:16] == b"SQLite format 3\x00":
        connection = sqlite3.connect(file)
        try:
            connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        finally:
            connection.close()
    return hashlib.sha256(file.read_bytes()).hexdigest()


@pytest.fixture(autouse=True)
def _reports_in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Reports of internal errors go to this test's folder, not the user's cache."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))


class Cli:
    """`tourney ...` on one database, in-process."""

    def __init__(self, db: str) -> None:
        self.db = db
        self.runner = CliRunner()

    def __call__(self, *args: str) -> Result:
        from tests.next_steps import follow

        result = self.runner.invoke(app, [*args, "--db", self.db])
        if result.exit_code == 0 and "Next:" in result.stdout:
            follow(self.db, result.stdout)  # every suggestion works when followed
        return result

    def ok(self, *args: str) -> Result:
        result = self(*args)
        assert result.exit_code == 0, (args, result.stdout, result.stderr)
        return result

    def version(self, match: str = "K3") -> int:
        with EventStore.from_url(self.db) as store:
            return store.stream_version(f"match-{match.upper()}")

    def refused(self, *args: str, message: str, match: str = "K3") -> Result:
        """Exit code 1, one line on stderr containing ``message``, nothing appended."""
        before = self.version(match)
        result = self(*args)
        assert result.exit_code == 1, (args, result.stdout, result.stderr)
        assert result.stderr.count("\n") == 1, result.stderr
        assert message in result.stderr, result.stderr
        assert "Traceback" not in result.stderr + result.stdout
        assert self.version(match) == before
        return result


@pytest.fixture(scope="session")
def template_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A database built once the way users get one (alembic upgrade on first use)."""
    path = tmp_path_factory.mktemp("template") / "scores.db"
    EventStore.from_url(str(path)).close()
    connection = sqlite3.connect(path)
    connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    connection.close()
    return path


@pytest.fixture
def db(tmp_path: Path, template_db: Path) -> str:
    """A fresh, upgraded SQLite file in this test's own folder (a copy of the template)."""
    path = tmp_path / "scores.db"
    shutil.copyfile(template_db, path)
    return str(path)


@pytest.fixture
def cli(db: str) -> Iterator[Cli]:
    yield Cli(db)


Commands = tuple[tuple[str, ...], ...]
Build = Callable[..., Cli]


@pytest.fixture(scope="session")
def _built(
    tmp_path_factory: pytest.TempPathFactory, template_db: Path
) -> Callable[[Commands], Path]:
    """The database the commands make from a fresh one, made once per session (per worker)
    for each list of commands, its log checkpointed into the file."""
    made: dict[Commands, Path] = {}

    def built(commands: Commands) -> Path:
        if commands not in made:
            path = tmp_path_factory.mktemp("built") / "scores.db"
            shutil.copyfile(template_db, path)
            maker = Cli(str(path))
            for args in commands:
                maker.ok(*args)
            connection = sqlite3.connect(path)
            connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            connection.close()
            made[commands] = path
        return made[commands]

    return built


@pytest.fixture
def build(cli: Cli, _built: Callable[[Commands], Path]) -> Build:
    """`build(("tournament", "create", "Night"), ("player", "add", "Ann"), ...)`: `cli` on
    what those commands make of a fresh database (`Cli.ok` each, as the test would run them).
    The database is made once per session for each list of commands and copied into the
    test's own file: a fixture's night of ten commands costs ~0.25 s of CPU to run again."""

    def run(*commands: tuple[str, ...]) -> Cli:
        shutil.copyfile(_built(tuple(commands)), cli.db)
        return cli

    return run


def summary(events: list[Event]) -> dict[str, Any]:
    return Match.replay(events).summary()


def refused(cli: Cli, *args: str, message: str) -> str:
    """Exit code 1, one line on stderr containing ``message``, no traceback, and the
    database file byte for byte what it was (a refusal writes nothing); the line."""
    from tests.support import db_checksum

    before = db_checksum(cli.db)
    result = cli(*args)
    assert result.exit_code == 1, (args, result.stdout, result.stderr)
    assert result.stderr.count("\n") == 1, result.stderr
    assert message in result.stderr, result.stderr
    assert "Traceback" not in result.stdout + result.stderr
    assert db_checksum(cli.db) == before
    return result.stderr
