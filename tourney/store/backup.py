"""A copy of a SQLite event store that holds everything committed, taken while it is in use.

Copying `tourney.db` by hand is the one backup that loses moves: while `tourney serve` (or
any command) has the database open, the latest commits live in `tourney.db-wal` beside it,
and a copy taken during a checkpoint can be torn. SQLite's online backup
(`sqlite3.Connection.backup`) copies one consistent snapshot, every committed event
included, without stopping the writers (in WAL mode they go on while it reads).

The copy is written to a temporary file beside the target, closed (so it is one file, its
log folded in), made durable, then given its name; a target that exists is never replaced.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import stat
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tourney.i18n import _
from tourney.store.errors import StoreError

if TYPE_CHECKING:
    from tourney.store.eventstore import EventStore


class BackupError(StoreError):
    """The backup could not be written: nothing was left at the target."""


def backup_sqlite(store: EventStore, target: Path) -> None:
    """Copy the SQLite database of `store` to `target` (which must not exist), whole and
    consistent. Raises `BackupError` with one line; on failure nothing is left behind."""
    if store.dialect != "sqlite":
        raise BackupError(
            _(
                "db backup copies a SQLite database; back up PostgreSQL with its "
                "own tools (e.g. pg_dump -Fc NAME > club.dump)"
            )
        )
    try:
        descriptor, temporary = tempfile.mkstemp(
            prefix=f".{target.name}.", suffix=".tmp", dir=target.parent
        )
    except OSError as exc:
        raise BackupError(
            _("cannot write {target}: {strerror}").format(target=target, strerror=exc.strerror)
        ) from None
    os.close(descriptor)
    try:
        _copy(store, Path(temporary))
        # A hard link gives the copy its name only if nothing has that name meanwhile.
        os.link(temporary, target)
        _sync_folder(target.parent)
    except FileExistsError:
        raise BackupError(
            _("{target} already exists: choose a new name").format(target=target)
        ) from None
    except OSError as exc:
        raise BackupError(
            _("cannot write {target}: {strerror}").format(target=target, strerror=exc.strerror)
        ) from None
    except sqlite3.Error as exc:
        raise BackupError(
            _("cannot back up to {target}: {exc}").format(target=target, exc=exc)
        ) from None
    finally:
        with contextlib.suppress(OSError):
            os.unlink(temporary)


def _copy(store: EventStore, path: Path) -> None:
    source: Any = store.connect()
    try:
        copy_from(source, path)
    finally:
        source.close()


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


def _sync_folder(folder: Path) -> None:
    """Make the new name durable too (POSIX: fsync the folder)."""
    with contextlib.suppress(OSError):
        descriptor = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(descriptor)
        finally:
            os.close(descriptor)
