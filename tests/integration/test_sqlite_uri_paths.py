"""A database path holding characters a URL or a URI gives a meaning (`%`, `?`, `#`), spaces
or non-ASCII letters names that file and no other: when tourney makes it (through
SQLAlchemy's URL, which read `?` as a query and `%41` as an escape: `--db "w?x/t.db"` made
a file `w`), and when it opens it read-only by URI (`connections.read_only`: the header
check, the revision check of a store opened without SQLAlchemy)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from tourney.store import connections, database
from tourney.store.eventstore import EventStore
from tourney.store.migrate import HEAD_REVISION


@pytest.mark.parametrize("name", ["a%41b", "what?mode=rw", "no #1", "50%", "Zoë's club"])
def test_a_path_with_uri_characters_opens_that_file(tmp_path: Path, name: str) -> None:
    folder = tmp_path / name
    folder.mkdir()
    path = folder / "tourney.db"
    EventStore.from_url(str(path)).close()
    decoy = tmp_path / "aAb"  # what `a%41b` would name if the escape were read
    decoy.mkdir()
    sqlite3.connect(decoy / "tourney.db").close()

    connection = connections.read_only(path)
    try:
        row = connection.execute("SELECT version_num FROM alembic_version").fetchone()
        assert row == (HEAD_REVISION,)
        with pytest.raises(sqlite3.OperationalError, match="readonly"):
            connection.execute("CREATE TABLE t (x)")
    finally:
        connection.close()
    assert database.sqlite_reads_as_database(path) is True
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([name, "aAb"])
    target = connections.plain_target(database.resolve_url(str(path)))
    assert target is not None and target.path == str(path)
    assert connections.schema_revision(target) == (HEAD_REVISION, None)


def test_a_missing_file_is_not_created(tmp_path: Path) -> None:
    path = tmp_path / "50% off?" / "nothing.db"
    path.parent.mkdir()
    with pytest.raises(sqlite3.OperationalError):
        connections.read_only(path).close()
    assert not path.exists()
    target = connections.plain_target(database.resolve_url(str(path)))
    assert target is not None and connections.schema_revision(target) == (None, None)
