"""A database a command made is taken back when that command is refused: a refusal writes
nothing, not even an empty database (`tournament create --format bogus` in a new folder
leaves the folder as it was)."""

from __future__ import annotations

import contextlib
import os
import sqlite3
from collections.abc import Iterator


@contextlib.contextmanager
def taken_back_on_refusal(db: str | None, create: bool) -> Iterator[None]:
    """Run the block; when it fails and it was the block that made the SQLite file at
    ``db`` (``create``, no file before), remove that file and its companions again — as
    long as no event was stored in it (another process may have written meanwhile: then
    it is kept). PostgreSQL databases are made by their owner, never here."""
    from tourney.store.database import resolve_url, sqlite_path

    path = sqlite_path(resolve_url(db)) if create else None
    fresh = bool(path) and path != ":memory:" and not os.path.lexists(path or "")
    try:
        yield
    except BaseException:
        if fresh and path is not None:
            _remove_if_empty(path)
        raise


def _remove_if_empty(path: str) -> None:
    if not os.path.isfile(path) or _holds_events(path):
        return
    for name in (path, *(path + suffix for suffix in ("-wal", "-shm", "-journal"))):
        with contextlib.suppress(FileNotFoundError):
            os.remove(name)


def _holds_events(path: str) -> bool:
    """Whether the file holds a stored event (or cannot be read: then keep it)."""
    from tourney.store.connections import read_only

    try:
        with contextlib.closing(read_only(path)) as db:
            tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master")}
            if "events" not in tables:
                return False
            return db.execute("SELECT 1 FROM events LIMIT 1").fetchone() is not None
    except sqlite3.Error:
        return True
