"""A SQLite database copied whole from an open connection: what `db backup` writes, and what
a failing server saves of what it still sees (`tourney.store.health`). Below the store, so
that both can use it without importing each other."""

from __future__ import annotations

import contextlib
import os
import sqlite3
import stat
from pathlib import Path


def copy_from(source: sqlite3.Connection, path: Path) -> None:
    """Copy what the open connection `source` sees (its log's committed pages included) into
    the empty file `path`, as one self-contained, durable file. Raises OSError, sqlite3.Error."""
    (main,) = [row[2] for row in source.execute("PRAGMA database_list") if row[1] == "main"]
    with contextlib.suppress(OSError):  # as readable as the database (gone, if it was deleted)
        os.chmod(path, stat.S_IMODE(os.stat(main).st_mode))
    copy = sqlite3.connect(path)
    try:
        source.backup(copy)
        # One self-contained file: out of WAL mode, so closing leaves no -wal beside it.
        copy.execute("PRAGMA journal_mode = DELETE")
    finally:
        copy.close()
    with path.open("rb+") as handle:  # written by us, never opened by SQLite again here
        os.fsync(handle.fileno())
