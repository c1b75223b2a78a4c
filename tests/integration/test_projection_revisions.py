"""Read models an older tourney wrote are rebuilt, and every change to what a read model
writes comes with a new revision.

A long-lived database keeps its read-model rows as the tourney that wrote them computed
them: after an upgrade that computes standings differently, `standings` would go on showing
the old tie-breaks until someone ran `tourney rebuild`. Each checkpoint records the
`revision` of the projection that wrote its rows; a catch-up that finds another revision
empties that read model and builds it again from the events, once, and says so.

The second test keeps the revisions honest: it rebuilds a seeded demo tournament and
compares each read model's rows with a digest stored beside its revision in
`projection_revisions.json`. Rows that change while the revision does not fail it, naming
the revision to raise.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
from pathlib import Path

import pytest

from tests.support import tourney_here
from tourney.projections import default_projections

GOLDEN = Path(__file__).with_name("projection_revisions.json")


@pytest.fixture(scope="module")
def demo_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("demo")
    done = tourney_here(
        "demo", "--players", "8", "--rounds", "2", "--seed", "5", "--site", "site", cwd=folder
    )
    assert done.returncode == 0, done.stderr
    return folder / "tourney.db"


@pytest.fixture
def db(demo_db: Path, tmp_path: Path) -> Path:
    path = tmp_path / "tourney.db"
    source = sqlite3.connect(demo_db)
    target = sqlite3.connect(path)
    source.backup(target)
    source.close()
    target.close()
    return path


def _rows(path: Path, table: str) -> list[str]:
    connection = sqlite3.connect(path)
    try:
        return sorted(repr(row) for row in connection.execute(f"SELECT * FROM {table}"))
    finally:
        connection.close()


def _execute(path: Path, *statements: str) -> None:
    connection = sqlite3.connect(path)
    try:
        for statement in statements:
            connection.execute(statement)
        connection.commit()
    finally:
        connection.close()


def test_standings_an_older_tourney_wrote_are_rebuilt_once_and_said(db: Path) -> None:
    correct = tourney_here("standings", "--db", str(db))
    assert correct.returncode == 0, correct.stderr
    rows = _rows(db, "standings_views")
    # As an older tourney would have left them: other numbers, its revision 1.
    _execute(
        db,
        "UPDATE standings_views SET wins = wins + 7, buchholz = '12'",
        "UPDATE projection_checkpoints SET revision = 1 WHERE name = 'standings_views'",
    )
    assert _rows(db, "standings_views") != rows
    first = tourney_here("standings", "--db", str(db))
    assert first.returncode == 0, first.stderr
    assert first.stdout == correct.stdout
    from tourney.projections.standings_view import StandingsProjection

    now = StandingsProjection.revision
    assert f"rebuilt from the events: standings_views (revision 1 -> {now})" in first.stderr
    assert _rows(db, "standings_views") == rows
    again = tourney_here("standings", "--db", str(db))
    assert again.returncode == 0 and again.stdout == correct.stdout
    assert "rebuilt" not in again.stderr  # once


def test_each_read_models_rows_change_only_with_its_revision(db: Path) -> None:
    done = tourney_here("rebuild", "--db", str(db))
    assert done.returncode == 0, done.stderr
    golden = json.loads(GOLDEN.read_text(encoding="utf-8"))
    found = {}
    for projection in default_projections():
        if projection.policy:
            continue
        digest = hashlib.sha256()
        for table in projection.tables():
            digest.update(table.encode())
            for row in _rows(db, table):
                digest.update(row.encode() + b"\n")
        found[projection.name] = {"revision": projection.revision, "rows": digest.hexdigest()}
    for name, now in found.items():
        kept = golden.get(name)
        assert kept is not None, f"{name} is not in {GOLDEN.name}: add {json.dumps(now)}"
        if now["rows"] != kept["rows"]:
            assert now["revision"] != kept["revision"], (
                f"the rows {name} writes changed: raise its revision to "
                f"{kept['revision'] + 1}, so databases an older tourney wrote rebuild it, "
                f"and set {name} to {json.dumps({**now, 'revision': kept['revision'] + 1})} "
                f"in {GOLDEN.name}"
            )
        assert now == kept, (
            f"{name}'s revision changed: set it to {json.dumps(now)} in {GOLDEN.name}"
        )
