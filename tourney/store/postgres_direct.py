"""The fast path for a current PostgreSQL database: psycopg alone, one connection per thread,
no SQLAlchemy, no alembic.

A scorer's one-shot command is a whole process. Through SQLAlchemy it paid for importing
SQLAlchemy and its PostgreSQL dialect (which pulls in asyncio and the asyncpg dialect),
tearing them down at exit, an `inspect().has_table` schema check, and three server
connections (the pool's, the writer's, and one more inside catch-up). Here, when the URL names
PostgreSQL and its schema is at the head revision (one query to `alembic_version`),
`DirectPostgresEngine` stands in for the SQLAlchemy engine, as `sqlite_direct` does for
SQLite: the store's reads, appends and catch-up all run on the calling thread's one psycopg
connection. Anything else (a fresh or older schema, a server that cannot be reached, a URL
psycopg cannot read) takes the ordinary path, which upgrades or makes the one-line error.

psycopg is imported only when the URL names PostgreSQL.

Sharing the connection: a read (`fetch`) outside a transaction runs in autocommit, one round
trip; inside one (a projection reading a stream during catch-up) it joins it. A caller that
borrows the connection while a transaction is open (`raw_connection`) cannot end it: its
commit, rollback and close leave that transaction to whoever began it.
"""

from __future__ import annotations

import threading
from importlib.util import find_spec
from typing import Any, NamedTuple

# psycopg's `pq.TransactionStatus.IDLE`.
IDLE = 0

# The URL schemes tourney reads as PostgreSQL through psycopg 3 (see database.parse_url).
SCHEMES = ("postgresql+psycopg://", "postgresql://", "postgres://")


class _Dialect(NamedTuple):
    name: str


def conninfo(url: str) -> str | None:
    """The libpq connection URI of a PostgreSQL URL tourney reads; None for anything else."""
    for scheme in SCHEMES:
        if url.startswith(scheme):
            return "postgresql://" + url[len(scheme) :]
    return None


class DirectPostgresEngine:
    """Just enough of a SQLAlchemy `Engine` for `EventStore`: connections, a dialect name, a
    URL, dispose; and `fetch`, one read on the calling thread's connection."""

    dialect = _Dialect("postgresql")
    # Each thread has its own connection, used for everything it does: the store keeps no
    # writer connection of its own (see EventStore._open_writer).
    per_thread = True

    def __init__(self, url: str, info: str, first: Any) -> None:
        import psycopg

        self.url = url
        self._info = info
        self._idle = IDLE
        self._connect = psycopg.connect
        self._local = threading.local()
        self._local.connection = first
        self._opened = [first]
        self._lock = threading.Lock()

    def connection(self) -> Any:
        """The calling thread's connection, opened on first use (again after it broke)."""
        connection: Any = getattr(self._local, "connection", None)
        if connection is None or connection.closed:
            connection = self._connect(self._info)
            self._local.connection = connection
            with self._lock:
                self._opened.append(connection)
        return connection

    def raw_connection(self) -> Borrowed:
        """The calling thread's connection, lent (see the module docstring)."""
        return Borrowed(self.connection(), self._idle)

    def fetch(self, sql: str, params: tuple[Any, ...]) -> list[tuple[Any, ...]]:
        """All rows of one read-only statement: in autocommit outside a transaction (one
        round trip, and it sees every commit made before it), inside the open one if any."""
        connection = self.connection()
        rows: list[tuple[Any, ...]]
        if connection.info.transaction_status != self._idle:
            rows = connection.execute(sql, params).fetchall()
            return rows
        connection.autocommit = True
        try:
            rows = connection.execute(sql, params).fetchall()
            return rows
        finally:
            connection.autocommit = False

    def dispose(self) -> None:
        """Close every connection this engine opened."""
        with self._lock:
            opened, self._opened = self._opened, []
        self._local = threading.local()
        for connection in opened:
            connection.close()


class Borrowed:
    """A thread's connection as lent by `raw_connection`: `close` keeps it open, and a
    borrower who found a transaction open neither commits nor rolls it back."""

    __slots__ = ("_idle", "_nested", "driver_connection")

    def __init__(self, connection: Any, idle: object) -> None:
        self.driver_connection = connection
        self._idle = idle
        self._nested = connection.info.transaction_status != idle

    def cursor(self) -> Any:
        return self.driver_connection.cursor()

    def commit(self) -> None:
        if not self._nested:
            self.driver_connection.commit()

    def rollback(self) -> None:
        if not self._nested:
            self.driver_connection.rollback()

    def close(self) -> None:
        """Give the connection back, ending a transaction this borrower left open."""
        connection = self.driver_connection
        if self._nested or connection.closed:
            return
        if connection.info.transaction_status != self._idle:
            connection.rollback()


def open_if_current(url: str, head_revision: str) -> DirectPostgresEngine | None:
    """A direct engine for `url` when it names PostgreSQL, psycopg is installed, the server
    answers and the schema is at `head_revision`; None whenever anything else is the case."""
    info = conninfo(url)
    if info is None or find_spec("psycopg") is None:
        return None
    import psycopg

    try:
        connection = psycopg.connect(info, autocommit=True)
    except (psycopg.Error, ValueError):
        return None  # the ordinary path says why, in tourney's words
    try:
        row = connection.execute("SELECT version_num FROM alembic_version").fetchone()
    except psycopg.Error:
        row = None  # no such table: a fresh database
    if row is None or row[0] != head_revision:
        connection.close()
        return None
    connection.autocommit = False
    return DirectPostgresEngine(url, info, connection)
