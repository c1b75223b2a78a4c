"""The fast path for a current SQLite database: sqlite3 alone, no SQLAlchemy, no alembic.

A one-shot command (`tourney place T3 5-3`) is a whole process: importing SQLAlchemy costs
about a quarter of a second, more than everything else it does. The store's hot path already
runs on the driver's own connection, so when the database is a SQLite file whose schema is
at the head revision (one query to `alembic_version`), `DirectSqliteEngine` stands in for the
SQLAlchemy engine: it offers the few things `EventStore` asks of an engine and opens
connections with exactly the settings of `database.configure_sqlite`. A fresh, older or
unreadable database takes the ordinary path (SQLAlchemy, then alembic when an upgrade is
needed), which also makes the errors.
"""

from __future__ import annotations

import os
import sqlite3
from typing import NamedTuple

from tourney.store.database import (
    BUSY_TIMEOUT_MS,
    configure_sqlite,
    open_reader,
    read_only,
    sqlite_file,
)


class _Dialect(NamedTuple):
    name: str


class DirectSqliteEngine:
    """Just enough of a SQLAlchemy `Engine` for `EventStore`: raw connections, a dialect
    name, a URL, dispose. With ``reads_only``, every connection is one that cannot write
    (`database.open_reader`): the store of a command that only reads."""

    dialect = _Dialect("sqlite")

    def __init__(self, url: str, path: str, reads_only: bool = False) -> None:
        self.url = url
        self.path = path
        self.reads_only = reads_only

    def raw_connection(self) -> sqlite3.Connection:
        if self.reads_only:
            return open_reader(self.path)
        connection = sqlite3.connect(
            self.path,
            timeout=BUSY_TIMEOUT_MS / 1000,
            check_same_thread=False,
        )
        configure_sqlite(connection)
        return connection

    def dispose(self) -> None:
        """Nothing is pooled: every connection is closed by whoever opened it."""


def open_if_current(
    url: str, head_revision: str, reads_only: bool = False
) -> DirectSqliteEngine | None:
    """A direct engine for `url` when it is a plain `sqlite:///PATH` to an existing SQLite
    database at `head_revision`; None whenever anything else is the case. With
    `reads_only`, an engine whose connections cannot write (see `DirectSqliteEngine`)."""
    path = sqlite_file(url)
    if not path or path == ":memory:" or path.startswith("file:"):
        return None
    if not os.path.isfile(path):
        return None
    try:
        # Never opened in Python to read its header: see `database.sqlite_reads_as_database`
        # (a file that is not a database fails the query below).
        connection = open_reader(path) if reads_only else read_only(path)
        try:
            row = connection.execute("SELECT version_num FROM alembic_version").fetchone()
        finally:
            connection.close()
    except (OSError, sqlite3.Error):
        return None
    if row is None or row[0] != head_revision:
        return None
    return DirectSqliteEngine(url, path, reads_only)
