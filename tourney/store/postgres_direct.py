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

The driver: psycopg when it is already loaded in the process (or `DRIVER` says so: `tourney
serve` keeps psycopg), else the ctypes shim over libpq (`tourney.store.libpq`), which
behaves as the part of psycopg the store uses, at a tenth of psycopg's import time; psycopg
again when no libpq can be loaded.

Sharing the connection: a read (`fetch`) outside a transaction runs in autocommit, one round
trip; inside one (a projection reading a stream during catch-up) it joins it. A caller that
borrows the connection while a transaction is open (`raw_connection`) cannot end it: its
commit, rollback and close leave that transaction to whoever began it.
"""

from __future__ import annotations

import os
import sys
import threading
import weakref
from collections.abc import Callable
from importlib.util import find_spec
from types import ModuleType
from typing import Any, Literal, NamedTuple

# Which driver the direct engine uses (see the module docstring): "auto", or one of them.
DRIVER: Literal["auto", "psycopg", "libpq"] = "auto"
# psycopg's `pq.TransactionStatus.IDLE`, and libpq's PQTRANS_IDLE.
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

    def __init__(
        self, url: str, info: str, first: Any, connect: Callable[[str], Any] | None = None
    ) -> None:
        self.url = url
        self._info = info
        self._idle = IDLE
        # Opens the next connection with the driver `first` was opened with.
        self._connect = connect if connect is not None else _driver().connect
        self._local = threading.local()
        self._local.connection = first
        self._opened = [first]
        self._lock = threading.Lock()
        _engines.add(self)

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


def _driver() -> ModuleType:
    """The driver module the direct engine opens its connections with (`DRIVER`)."""
    if DRIVER == "psycopg" or (DRIVER == "auto" and "psycopg" in sys.modules):
        import psycopg

        return psycopg
    from tourney.store import libpq

    if libpq.load() is not None:
        return libpq
    if DRIVER == "libpq":
        raise libpq.InterfaceError("libpq cannot be loaded")
    import psycopg

    return psycopg


def open_if_current(url: str, head_revision: str) -> DirectPostgresEngine | None:
    """A direct engine for `url` when it names PostgreSQL, psycopg is installed, the server
    answers and the schema is at `head_revision`; None whenever anything else is the case."""
    info = conninfo(url)
    if info is None or find_spec("psycopg") is None:
        return None
    driver = _driver()
    try:
        connection = driver.connect(info, autocommit=True)
    except (driver.Error, ValueError):
        return None  # the ordinary path says why, in tourney's words
    try:
        row = connection.execute("SELECT version_num FROM alembic_version").fetchone()
    except driver.Error:
        row = None  # no such table: a fresh database
    if row is None or row[0] != head_revision:
        connection.close()
        return None
    connection.autocommit = False
    return DirectPostgresEngine(url, info, connection, driver.connect)


# Engines whose connections a forked child must not use: they belong to the parent, and
# closing them (even by dropping the last reference) would end the parent's sessions.
_engines: weakref.WeakSet[DirectPostgresEngine] = weakref.WeakSet()
_parents: list[Any] = []


def _after_fork_in_child() -> None:
    for engine in list(_engines):
        _parents.append(engine._opened)
        engine._opened = []
        engine._local = threading.local()
        engine._lock = threading.Lock()


def open_connections() -> int:
    """How many connections the direct engines opened that are not closed yet (see
    `sqlite_direct.open_connections`: the console script leaves without the interpreter's
    teardown only at 0, every session ended by tourney, not by a finalizer)."""
    return sum(1 for engine in list(_engines) for c in engine._opened if not c.closed)


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_after_fork_in_child)
