"""The CLI as a user runs it: `tourney` in a folder of their own, holding a real SQLite
database of a small club night played by bots (built once per session).

A command runs in the test's process (Typer's runner, in the folder, with the user's
environment), as `tourney`'s own entry point runs it: a process costs ~0.25-0.5 s of CPU to
start, and these tests are about the folders, not the process. A command run under another
(`wrap`), and every command when $TOURNEY_TEST_EXE names another `tourney`, runs as a
process."""

from __future__ import annotations

import hashlib
import os
import shutil
import sqlite3
import subprocess
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import pytest
import typer.main
import typer.testing

from tests.support import tourney_exe, tourney_here


def tree(folder: Path) -> dict[str, str]:
    """Every entry below `folder` (not following links): a file's SHA-256, ``dir`` for a
    folder, ``-> target`` for a link. Equal trees: nothing was written or removed."""
    found: dict[str, str] = {}
    for path in sorted(folder.rglob("*")):
        name = str(path.relative_to(folder))
        if path.is_symlink():
            found[name] = f"-> {os.readlink(path)}"
        elif path.is_dir():
            found[name] = "dir"
        else:
            found[name] = hashlib.sha256(path.read_bytes()).hexdigest()
    return found


def tourney_command() -> str:
    """The `tourney` under test: this checkout's, or the one $TOURNEY_TEST_EXE names (e.g. an
    older one, to see a regression test fail on the code it was written against)."""
    return os.environ.get("TOURNEY_TEST_EXE") or tourney_exe()


def user_environment() -> dict[str, str]:
    """The environment of the tests, without a database URL: the folder's own is used."""
    env = {k: v for k, v in os.environ.items() if k != "TOURNEY_DATABASE_URL"}
    env["COLUMNS"] = "200"
    return env


@dataclass
class Folder:
    """A user's working folder: `tourney` runs in it, with its own database by default."""

    path: Path

    def run(
        self, *args: str, cwd: Path | None = None, wrap: Sequence[str] = ()
    ) -> subprocess.CompletedProcess[str]:
        """`tourney ARGS` in the folder (or `cwd`): in this process, or a process under the
        command `wrap` if given (or of $TOURNEY_TEST_EXE when set)."""
        if not wrap and not os.environ.get("TOURNEY_TEST_EXE"):
            env: dict[str, str | None] = {"TOURNEY_DATABASE_URL": None, "COLUMNS": "200"}
            return tourney_here(*args, cwd=cwd or self.path, env=env)
        return subprocess.run(
            [*wrap, tourney_command(), *args],
            capture_output=True,
            text=True,
            encoding="utf-8",
            cwd=cwd or self.path,
            env=user_environment(),
            timeout=300,
            check=False,
        )

    def ok(self, *args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
        done = self.run(*args, cwd=cwd)
        assert done.returncode == 0, (args, done.stdout, done.stderr)
        return done

    def refused(
        self, *args: str, message: str, cwd: Path | None = None, wrap: Sequence[str] = ()
    ) -> subprocess.CompletedProcess[str]:
        """Exit code 1, one line on stderr holding `message`, no traceback, and nothing
        below the folder written, changed or removed (the database byte for byte)."""
        before = tree(self.path)
        done = self.run(*args, cwd=cwd, wrap=wrap)
        assert done.returncode == 1, (args, done.stdout, done.stderr)
        assert done.stderr.count("\n") == 1 and done.stderr.startswith("error: "), done.stderr
        assert message in done.stderr, done.stderr
        assert "Traceback" not in done.stdout + done.stderr
        assert tree(self.path) == before
        return done


@pytest.fixture(scope="session")
def club_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A finished club night (8 players, 2 rounds, tables of 4), its log checkpointed into
    the file so that reading it changes no byte."""
    folder = tmp_path_factory.mktemp("club")
    Folder(folder).ok("demo", "--players", "8", "--rounds", "2", "--site", "demo-site")
    shutil.rmtree(folder / "demo-site")
    connection = sqlite3.connect(folder / "tourney.db")
    connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    connection.close()
    return folder / "tourney.db"


@pytest.fixture
def club(tmp_path: Path, club_db: Path) -> Folder:
    """A working folder holding a copy of the club night's database as ``tourney.db``."""
    folder = tmp_path / "club"
    folder.mkdir()
    shutil.copyfile(club_db, folder / "tourney.db")
    return Folder(folder)


@pytest.fixture(scope="session")
def published_club_folder(tmp_path_factory: pytest.TempPathFactory, club_db: Path) -> Path:
    """The club night's folder after `tourney publish site`: published once per session
    (about 1.6 s of CPU each time), for the tests that start from a published site."""
    folder = tmp_path_factory.mktemp("published")
    shutil.copyfile(club_db, folder / "tourney.db")
    Folder(folder).ok("publish", "site")
    return folder


@pytest.fixture
def published_club(tmp_path: Path, published_club_folder: Path) -> Folder:
    """`club` with its site published into ``site/``: a copy of the folder published once,
    byte for byte what `tourney publish site` writes there (the manifest included)."""
    folder = tmp_path / "club"
    shutil.copytree(published_club_folder, folder, symlinks=True)
    return Folder(folder)


@pytest.fixture
def fast_cli(monkeypatch: pytest.MonkeyPatch) -> None:
    """Typer's test runner builds the Click command from the app at every call (a few hundred
    milliseconds on a busy machine): build it once, for tests that run thousands."""
    from tourney.cli.app import app

    command = typer.main.get_command(app)
    monkeypatch.setattr(typer.testing, "_get_command", lambda _app: command)
