"""A command on a current database loads only what it uses: no SQLAlchemy, SQLModel or
alembic (they are for creating and upgrading a database), no PostgreSQL driver on SQLite,
no template engine outside publishing, and on PostgreSQL not even psycopg. Each command runs
in a fresh interpreter and the modules it left loaded are read from `sys.modules`."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tourney.store.eventstore import EventStore

SCHEMA_TOOLS = {"sqlalchemy", "sqlmodel", "alembic"}
# What no command but publishing uses, and what a scorer's one-shot command has no use for
# (it runs without Typer: tourney.cli.quick).
NOT_FOR_DIRECTORS = {*SCHEMA_TOOLS, "jinja2"}
NOT_FOR_SCORERS = {*NOT_FOR_DIRECTORS, "rich", "typer", "click"}
SQLITE_SCORERS_UNUSED = frozenset({"pathlib", "urllib", "ipaddress"})

# Read at exit: the console script leaves without the interpreter's teardown, after the
# `atexit` callbacks.
RUN = """
import atexit, json, sys
from tourney.cli.app import main
sys.argv = ["tourney", *json.loads(sys.argv[1])]
atexit.register(
    lambda: print(json.dumps(sorted({name.split(".")[0] for name in sys.modules})), file=sys.stderr)
)
main()
"""


def loaded_by(*args: str) -> set[str]:
    """The top-level packages loaded once `tourney ARGS` has run in a fresh interpreter."""
    done = subprocess.run(
        [sys.executable, "-c", RUN, json.dumps(args)],
        capture_output=True,
        text=True,
        check=True,
    )
    return set(json.loads(done.stderr.strip().splitlines()[-1]))


def prepare(url: str, folder: Path) -> None:
    """A current database holding a tournament with a paired round and an ad-hoc match."""
    EventStore.from_url(url).close()
    for args in (
        ["tournament", "create", "Club Night", "--table-size", "2"],
        ["player", "add", "Ann"],
        ["player", "add", "Bo"],
        ["pair"],
        ["start", "K1", "--players", "Ann,Bo"],
    ):
        assert loaded_by(*args, "--db", url)


def check(
    url: str, driver: str, unused: set[str], scorers_unused: frozenset[str] = frozenset()
) -> None:
    """Scorer and director commands on `url` load `driver` and nothing in `unused` (nor,
    for a scorer's command, in `scorers_unused`)."""
    for args in (["show", "K1"], ["hand", "K1", "--opener", "Ann"], ["show", "T1", "--json"]):
        loaded = loaded_by(*args, "--db", url)
        assert driver in loaded
        unwanted = NOT_FOR_SCORERS | unused | scorers_unused
        assert not loaded & unwanted, (args, loaded & unwanted)
    for args in (["standings"], ["tournament", "list"], ["player", "add", "Cy"]):
        loaded = loaded_by(*args, "--db", url)
        assert not loaded & (NOT_FOR_DIRECTORS | unused), (args, loaded & unused)


def test_commands_on_sqlite_load_neither_sqlalchemy_nor_psycopg(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'tourney.db'}"
    prepare(url, tmp_path)
    # Nor asyncio, which psycopg (and so PostgreSQL) cannot do without; and a scorer's
    # command on SQLite not pathlib, found imported for nothing (with urllib and ipaddress
    # it was ~7 ms of each command).
    check(url, "sqlite3", {"psycopg", "psycopg_binary", "asyncio"}, SQLITE_SCORERS_UNUSED)


@pytest.mark.postgres
def test_commands_on_postgres_talk_to_libpq_without_psycopg(
    postgres_url: str, tmp_path: Path
) -> None:
    """Through tourney's ctypes shim (`tourney.store.libpq`): importing psycopg took longer
    than a whole command on SQLite."""
    prepare(postgres_url, tmp_path)
    check(postgres_url, "ctypes", {"psycopg", "psycopg_binary", "asyncio"})


def test_a_fresh_database_is_created_through_alembic(tmp_path: Path) -> None:
    """The other side: SQLAlchemy and alembic do load where they are needed."""
    loaded = loaded_by("tournament", "create", "Club Night", "--db", str(tmp_path / "new.db"))
    assert {"sqlalchemy", "alembic"} <= loaded
