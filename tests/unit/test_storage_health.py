"""The pieces of failing closed (`tourney.store.health`, `storage_failure`): which errors
say the storage failed, the file watch, and the acknowledged-head file as verify reads it."""

from __future__ import annotations

import errno
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from tourney.store.appends import StoredEvent
from tourney.store.errors import storage_failure
from tourney.store.health import AcknowledgedHead, FileWatch, read_acknowledged


def _sqlite(code: int) -> sqlite3.Error:
    error = sqlite3.OperationalError("from SQLite")
    error.sqlite_errorcode = code
    return error


class _PostgresError(Exception):
    def __init__(self, sqlstate: str) -> None:
        super().__init__(sqlstate)
        self.sqlstate = sqlstate


@pytest.mark.parametrize(
    ("error", "kind"),
    [
        (_sqlite(sqlite3.SQLITE_IOERR), "failed"),
        (_sqlite(sqlite3.SQLITE_IOERR_SHORT_READ), "failed"),
        (_sqlite(sqlite3.SQLITE_CORRUPT), "failed"),
        (_sqlite(sqlite3.SQLITE_NOTADB), "failed"),
        (_sqlite(sqlite3.SQLITE_READONLY_DBMOVED), "failed"),
        (_sqlite(sqlite3.SQLITE_FULL), "full"),
        (_sqlite(sqlite3.SQLITE_BUSY), None),
        (_sqlite(sqlite3.SQLITE_CANTOPEN), None),  # out of descriptors is not a failed disk
        (_sqlite(sqlite3.SQLITE_CONSTRAINT_UNIQUE), None),
        (OSError(errno.ENOSPC, "No space left on device"), "full"),
        (OSError(errno.EIO, "Input/output error"), "failed"),
        (OSError(errno.ECONNRESET, "reset"), None),
        (_PostgresError("58030"), "failed"),
        (_PostgresError("XX001"), "failed"),
        (_PostgresError("53100"), "full"),
        (_PostgresError("57P01"), None),  # the server restarting: reconnect, not fail
        (ValueError("a bug"), None),
    ],
)
def test_what_says_the_storage_failed(error: BaseException, kind: Any) -> None:
    assert storage_failure(error) == kind


def test_the_watch_sees_a_file_deleted_or_replaced(tmp_path: Path) -> None:
    database = tmp_path / "night.db"
    database.write_bytes(b"db")
    Path(f"{database}-wal").write_bytes(b"wal")
    watch = FileWatch(str(database))
    assert watch.changed() is None
    # Held open, as SQLite holds it: its inode is not free for the next file to take.
    with Path(f"{database}-wal").open("rb"):
        Path(f"{database}-wal").unlink()
        assert watch.changed() == f"{database}-wal was deleted while the server had it open"
        Path(f"{database}-wal").write_bytes(b"wal")  # a new one, as a new connection makes
        assert "-wal was replaced by another file" in str(watch.changed())


def _event(version: int, stream: str = "match-K1") -> StoredEvent:
    return StoredEvent(9, stream, version, "tile_drawn", {}, 1, "at", None, None, "a" * 64)


def test_the_acknowledged_head_is_the_last_written(tmp_path: Path) -> None:
    path = tmp_path / "night.db.acknowledged.json"
    assert read_acknowledged(path) is None
    head = AcknowledgedHead(path)
    head.write(_event(1, "match-" + "X" * 1000))  # longer than a record: written whole
    head.write(_event(12))
    head.close()
    assert read_acknowledged(path) == ("match-K1", 12, "a" * 64, "at")
    path.write_text("{not json", encoding="utf-8")
    with pytest.raises(ValueError, match="not a record tourney wrote"):
        read_acknowledged(path)
