"""`tourney db backup`: a copy of the database that holds every committed event, taken
while the database is in use.

A file copy of `tourney.db` while `tourney serve` (or any command) has it open misses the
moves still in `tourney.db-wal`; the backup has them, is one self-contained file, is
checked before the command says it is done, and never replaces a file.
"""

from __future__ import annotations

import os
import re
import sqlite3
import subprocess
from pathlib import Path

from tests.cli.conftest import Cli, checksum, known_match
from tests.support import run_tourney
from tourney.projections.match_view import new_events
from tourney.store.eventstore import EventStore
from tourney.streams.matches import match_stream

EVENTS = known_match(7)[:12]


def _events_in(path: Path) -> int:
    connection = sqlite3.connect(path)
    try:
        return int(connection.execute("SELECT COUNT(*) FROM events").fetchone()[0])
    finally:
        connection.close()


def test_a_backup_taken_while_a_server_holds_the_database_has_every_move(
    db: str, tmp_path: Path
) -> None:
    # A process keeping the database open, as `tourney serve` does all evening: what it
    # commits stays in the write-ahead log until it lets go.
    with EventStore.from_url(db) as serving:
        serving.append(match_stream("K1"), new_events(EVENTS))
        stored = serving.max_position()
        copied = tmp_path / "copied.db"
        # What a director's file copy would get (another process: opening the file here
        # would drop this process's locks on it, see tests/sqlite_locks.py)
        subprocess.run(["cp", db, str(copied)], check=True)
        assert _events_in(copied) < stored
        done = run_tourney("db", "backup", f"{tmp_path / 'backups'}/", "--db", db)
        assert done.returncode == 1 and "the folder does not exist" in done.stderr
        (tmp_path / "backups").mkdir()
        done = run_tourney("db", "backup", str(tmp_path / "backups"), "--db", db)
        assert done.returncode == 0, done.stderr
        (backup,) = (tmp_path / "backups").iterdir()
        assert re.fullmatch(r"scores-\d{8}-\d{6}\.db", backup.name)
        assert done.stdout == (
            f"backed up to {backup}: {stored} events in 1 stream, every hash chain intact\n"
        )
        assert sorted(p.name for p in (tmp_path / "backups").iterdir()) == [backup.name]
        assert _events_in(backup) == stored
    shown = run_tourney("show", "K1", "--db", str(backup))
    assert shown.returncode == 0, shown.stderr
    assert shown.stdout == run_tourney("show", "K1", "--db", db).stdout
    assert os.stat(backup).st_mode == os.stat(db).st_mode


def test_a_backup_never_replaces_a_file_and_writes_nothing_when_refused(
    cli: Cli, db: str, tmp_path: Path
) -> None:
    cli.ok("start", "K3", "--players", "Ann,Bo")
    existing = tmp_path / "monday.db"
    existing.write_text("last week's notes\n", encoding="utf-8")
    before = checksum(db)
    cli.refused("db", "backup", str(existing), message="monday.db already exists")
    cli.refused("db", "backup", db, message="already exists: a backup never replaces a file")
    cli.refused("db", "backup", str(tmp_path / "no" / "x.db"), message="does not exist")
    assert existing.read_text(encoding="utf-8") == "last week's notes\n"
    assert checksum(db) == before
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(".")) == []
    cli.ok("db", "backup", str(tmp_path / "tuesday.db"))
    assert _events_in(tmp_path / "tuesday.db") == _events_in(Path(db))


def test_postgresql_is_pointed_to_its_own_tools(postgres_url: str, tmp_path: Path) -> None:
    Cli(postgres_url).ok("start", "K3", "--players", "Ann,Bo")
    Cli(postgres_url).refused(
        "db", "backup", str(tmp_path / "club.db"), message="back up PostgreSQL with its own"
    )
    assert not (tmp_path / "club.db").exists()
