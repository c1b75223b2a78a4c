"""What the store raises: every error is a `TourneyError` with a one-line message."""

from __future__ import annotations

import sqlite3

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
