"""What the store raises: every error is a `TourneyError` with a one-line message."""

from __future__ import annotations

import errno
import sqlite3
from typing import Literal

from tourney.errors import TourneyError


class StoreError(TourneyError):
    """Any failure of the event store or its database."""


class DatabaseUrlError(StoreError):
    """The database URL or path cannot be used (bad syntax, unknown backend, missing folder)."""


class DatabaseUnavailableError(StoreError):
    """The database exists in the URL but cannot be opened or reached."""


class NoDatabaseError(StoreError):
    """A command that only reads found no tourney database there (and created none)."""


class SchemaError(StoreError):
    """The database schema is not one this version of tourney can use."""


class ConcurrencyError(StoreError):
    """An append stated a stream version that is no longer current; nothing was written."""

    def __init__(self, stream_id: str, expected: int, actual: int) -> None:
        super().__init__(
            f"stream {stream_id!r} is at version {actual}, not {expected}: "
            "someone else appended first; reload and retry"
        )
        self.stream_id = stream_id
        self.expected = expected
        self.actual = actual


class StoreBusyError(StoreError):
    """Another writer held the store for longer than the lock timeout."""


class StorageFailedError(StoreError):
    """The database can no longer be written safely (an I/O error, its file or write-ahead
    log deleted or replaced under the process): the store refuses every append from then
    on (see `tourney.store.health`)."""


class DiskFullError(StoreError):
    """The disk holding the database is full: nothing was written."""


# -- telling the database's failures from an event's -----------------------------------


def is_infrastructure_error(exc: BaseException) -> bool:
    """A failure of the database itself (disk full, I/O, a lost connection, a lock held too
    long), not of the event being applied: it rolls the page back instead of becoming a
    problem. Constraint and data errors are the event's (a value the schema cannot hold)."""
    if isinstance(exc, StoreError):
        return True
    if isinstance(exc, sqlite3.Error):
        return not isinstance(exc, sqlite3.IntegrityError | sqlite3.DataError)
    if _from_postgres_driver(exc):
        names = {cls.__name__ for cls in type(exc).__mro__}
        return not names & {"IntegrityError", "DataError"}
    return False


def is_driver_error(exc: BaseException) -> bool:
    """An error raised by sqlite3 or psycopg (psycopg is not imported to check)."""
    if isinstance(exc, sqlite3.Error):
        return True
    return _from_postgres_driver(exc)


def _from_postgres_driver(exc: BaseException) -> bool:
    return any(cls.__module__.startswith("psycopg") for cls in type(exc).__mro__)


Failure = Literal["failed", "full"]

_FATAL_SQLITE = {sqlite3.SQLITE_IOERR, sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB}
_FULL_ERRNO = {errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC), errno.EFBIG}


def storage_failure(exc: BaseException) -> Failure | None:
    """What a database error says of the storage: "failed" (an I/O error, a corrupt or
    moved file: nothing more may be acknowledged), "full" (no room: nothing was written),
    or None (anything else: a lock, a constraint, a lost network connection)."""
    if isinstance(exc, sqlite3.Error):
        code = getattr(exc, "sqlite_errorcode", None)
        if not isinstance(code, int):
            return None
        if code & 0xFF == sqlite3.SQLITE_FULL:
            return "full"
        if code & 0xFF in _FATAL_SQLITE or code == sqlite3.SQLITE_READONLY_DBMOVED:
            return "failed"
        return None
    if isinstance(exc, OSError) and exc.errno is not None:
        if exc.errno in _FULL_ERRNO:
            return "full"
        return "failed" if exc.errno in (errno.EIO, errno.EROFS) else None
    state = getattr(exc, "sqlstate", None)
    if isinstance(state, str):
        if state == "53100":
            return "full"
        if state.startswith("58") or state in ("XX001", "XX002"):
            return "failed"
    return None


def describe_connect_error(url: str, exc: BaseException) -> DatabaseUnavailableError:
    """A one-line error for a database that could not be opened or reached (any password
    in `url` hidden)."""
    from tourney.errors import hide_passwords
    from tourney.i18n import _

    reason = str(getattr(exc, "orig", None) or exc).strip().splitlines()
    first = reason[0] if reason else type(exc).__name__
    return DatabaseUnavailableError(
        _("cannot open database {safe_url!r}: {first}").format(
            safe_url=hide_passwords(url), first=first
        )
    )
