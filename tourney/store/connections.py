"""Connections to the database: sqlite3 for a SQLite file, psycopg 3 for PostgreSQL.

Every statement tourney runs while it works (appends, reads, the projector, policies,
`verify`, `rebuild`, the pages of `tourney serve`) runs on a connection opened here, as SQL
text on the driver's own cursor. SQLAlchemy and alembic are loaded only to create or upgrade
the schema (`tourney.store.migrate`).

SQLite connections get, on every connect:

- `journal_mode=WAL`: readers never block the writer and the writer never blocks readers.
- `busy_timeout`: a second process waits for the write lock instead of failing at once.
- `synchronous=FULL`: every committed transaction is on disk before `append` returns, power
  loss included. A match record is the one thing tourney must never lose, and people enter
  events a few per minute; FULL still appends thousands of events per second (see bench/).
  NORMAL would be safe against a crash of tourney itself but could lose the last commits on
  power loss, silently, after the scorekeeper was told they were recorded. The one exception
  is `tourney serve` (`EventStore.commit_durable_to_crash`), where a move must not wait for
  a flush; its README section says what that risks.
- `foreign_keys=ON`.
- pysqlite's own transaction handling switched off: transactions are begun explicitly,
  writes with BEGIN IMMEDIATE (a deferred BEGIN that reads first and writes later fails at
  once with "database is locked" when another connection commits in between, whatever the
  busy timeout).

psycopg is imported only when the database is PostgreSQL.
"""

import contextlib
import os
import sqlite3
import threading
from typing import Any, NamedTuple

from tourney.store.errors import describe_connect_error

BUSY_TIMEOUT_MS = 30_000
SQLITE_SYNCHRONOUS = "FULL"
# PostgreSQL: how long an append waits for the events table lock before giving up.
LOCK_TIMEOUT_MS = 10_000

SQLITE = "sqlite"
POSTGRESQL = "postgresql"
# The URL schemes read as PostgreSQL through psycopg 3 (see `database.parse_url`).
POSTGRES_SCHEMES = ("postgresql+psycopg://", "postgresql://", "postgres://")
SQLITE_PREFIX = "sqlite:///"


class Target(NamedTuple):
    """The database a store connects to: a SQLite file (`path`) or a PostgreSQL server
    (`conninfo`, a libpq URI), and the URL that named it (password included: printed only
    through `database.safe_url`)."""

    url: str
    dialect: str
    path: str = ""
    conninfo: str = ""


def sqlite_file(url: str) -> str | None:
    """The file a plain ``sqlite:///PATH`` URL names, its escapes read as SQLAlchemy reads
    them (without importing it); None for any other URL (another backend, or a query)."""
    if not url.startswith(SQLITE_PREFIX) or "?" in url:
        return None
    path = url[len(SQLITE_PREFIX) :]
    if "%" not in path:
        return path
    from urllib.parse import unquote

    return unquote(path)


def plain_target(url: str) -> Target | None:
    """The target of a plain ``sqlite:///PATH`` or PostgreSQL URL, read without SQLAlchemy;
    None for any other form (`migrate.prepare` reads those)."""
    path = sqlite_file(url)
    if path is not None:
        if not path or path == ":memory:" or path.startswith("file:"):
            return None
        return Target(url, SQLITE, path=path)
    for scheme in POSTGRES_SCHEMES:
        if url.startswith(scheme):
            return Target(url, POSTGRESQL, conninfo="postgresql://" + url[len(scheme) :])
    return None


def configure_sqlite(connection: sqlite3.Connection, synchronous: str | None = None) -> None:
    """Apply tourney's settings (see the module docstring) to a new sqlite3 connection."""
    connection.isolation_level = None
    cursor = connection.cursor()
    cursor.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
    cursor.execute("PRAGMA journal_mode = WAL")
    cursor.execute(f"PRAGMA synchronous = {synchronous or SQLITE_SYNCHRONOUS}")
    cursor.execute("PRAGMA foreign_keys = ON")
    cursor.close()


def open_sqlite(path: str, synchronous: str | None = None) -> sqlite3.Connection:
    """A connection to the SQLite database at `path` with tourney's settings (usable from
    any thread; its owner serialises the use). Raises sqlite3.Error."""
    connection = sqlite3.connect(path, timeout=BUSY_TIMEOUT_MS / 1000, check_same_thread=False)
    configure_sqlite(connection, synchronous)
    return connection


# What a SQLite URI's path must escape: its own escape, and where the query and the fragment
# begin (sqlite.org/uri.html); SQLite reads every other character as it stands.
_URI_ESCAPES = str.maketrans({"%": "%25", "?": "%3F", "#": "%23"})


def read_only(path: str | os.PathLike[str]) -> sqlite3.Connection:
    """A read-only SQLite connection to the file at `path` (never created; the characters
    a URI gives a meaning escaped). Raises sqlite3.Error."""
    uri_path = os.fspath(path).translate(_URI_ESCAPES)
    return sqlite3.connect(f"file:{uri_path}?mode=ro", uri=True)


def open_reader(
    path: str, factory: type[sqlite3.Connection] = sqlite3.Connection
) -> sqlite3.Connection:
    """A connection to the SQLite database at ``path`` for a command that only reads: no
    statement of it can write (``query_only``), and none is made (``path`` must exist).

    A WAL database is read through a shared-memory index beside it (its -shm), which the
    first connection makes, and which no other process has open when it is missing. On a
    full disk it cannot be made; when the write-ahead log holds nothing either (missing or
    empty: the database file is the whole of it), the file is then read as it stands
    (``immutable=1``: no index, no lock, no file made). Raises sqlite3.Error."""
    from tourney.store.errors import storage_failure

    def connect(target: str, uri: bool) -> sqlite3.Connection:
        connection = sqlite3.connect(
            target,
            timeout=BUSY_TIMEOUT_MS / 1000,
            check_same_thread=False,
            factory=factory,
            uri=uri,
        )
        connection.isolation_level = None
        connection.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        connection.execute("PRAGMA query_only = ON")
        return connection

    connection = connect(path, uri=False)
    try:
        connection.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()
        return connection
    except sqlite3.Error as exc:
        connection.close()
        if storage_failure(exc) is None or _holds_anything(path + "-wal"):
            raise
    uri_path = os.fspath(path).translate(_URI_ESCAPES)
    return connect(f"file:{uri_path}?mode=ro&immutable=1", uri=True)


def _holds_anything(path: str) -> bool:
    try:
        return os.path.getsize(path) > 0
    except OSError:
        return False


def open_postgres(conninfo: str, autocommit: bool = False) -> Any:
    """A psycopg connection to `conninfo`. Raises psycopg.Error (or ValueError for a URI
    it cannot read)."""
    import psycopg

    return psycopg.connect(conninfo, autocommit=autocommit)


def schema_revision(target: Target, reads_only: bool = False) -> tuple[str | None, Any]:
    """The schema revision of `target` (`alembic_version`), and on PostgreSQL the
    connection that asked (autocommit; the caller keeps or closes it). (None, None) when it
    cannot be told here: no such file or table, a server that does not answer, psycopg not
    installed. `migrate.prepare` then looks again and says why in one line."""
    if target.dialect == SQLITE:
        if not os.path.isfile(target.path):
            return None, None
        try:
            # Never opened in Python to read its header: see
            # `database.sqlite_reads_as_database` (a file that is not a database fails here).
            connection = open_reader(target.path) if reads_only else read_only(target.path)
            try:
                row = connection.execute("SELECT version_num FROM alembic_version").fetchone()
            finally:
                connection.close()
        except (OSError, sqlite3.Error):
            return None, None
        return (None if row is None else str(row[0])), None
    from importlib.util import find_spec

    if find_spec("psycopg") is None:
        return None, None
    import psycopg

    try:
        connection = open_postgres(target.conninfo, autocommit=True)
    except (psycopg.Error, ValueError):
        return None, None
    try:
        row = connection.execute("SELECT version_num FROM alembic_version").fetchone()
    except psycopg.Error:
        connection.close()
        return None, None  # no such table: a fresh database
    return (None if row is None else str(row[0])), connection


class Connections:
    """How one store connects: new connections with its settings (`open`), and one read
    connection kept for each thread that reads (`reader`), in autocommit, so each statement
    sees every commit made before it. (Opening a SQLite connection with its settings costs
    more than most reads, a PostgreSQL one a server round trip or three.)

    With `reads_only`, every SQLite connection is one that cannot write (`open_reader`):
    the store of a command that only reads."""

    def __init__(self, target: Target, reads_only: bool = False) -> None:
        self.target = target
        self.reads_only = reads_only
        self.sqlite = target.dialect == SQLITE
        # SQLite's synchronous level on connections opened from now on, when not the
        # default: see `EventStore.commit_durable_to_crash`.
        self.synchronous: str | None = None
        self._local = threading.local()
        self._kept: list[Any] = []
        # Guards `_kept` only. Not the writer's lock: a thread opening its reader inside a
        # write transaction of its own (the projector's catch-up) would wait for an append
        # that holds the writer's lock while it waits for that very transaction's SQLite
        # lock -- a deadlock until the busy timeout.
        self._lock = threading.Lock()

    def open(self, autocommit: bool = False) -> Any:
        """A new DB-API connection (sqlite3 with transactions begun explicitly, or psycopg,
        in a transaction from its first statement unless `autocommit`); the caller closes
        it. Raises DatabaseUnavailableError."""
        target = self.target
        try:
            if not self.sqlite:
                return open_postgres(target.conninfo, autocommit)
            if self.reads_only:
                return open_reader(target.path)
            return open_sqlite(target.path, self.synchronous)
        except Exception as exc:
            raise describe_connect_error(target.url, exc) from None

    def reader(self) -> Any:
        """The calling thread's read connection (opened on first use)."""
        connection = getattr(self._local, "connection", None)
        if connection is None:
            connection = self.open(autocommit=True)
            self.keep_reader(connection)
        return connection

    def keep_reader(self, connection: Any) -> None:
        """Keep `connection` (in autocommit) as the calling thread's read connection."""
        self._local.connection = connection
        with self._lock:
            self._kept.append(connection)

    def drop_reader(self) -> None:
        """Close the calling thread's read connection after it failed (the next read opens
        another)."""
        connection = getattr(self._local, "connection", None)
        self._local.connection = None
        if connection is not None:
            with contextlib.suppress(Exception):
                connection.close()

    def close(self) -> None:
        """Close every kept read connection."""
        with self._lock:
            kept, self._kept = self._kept, []
        self._local = threading.local()
        for connection in kept:
            with contextlib.suppress(Exception):
                connection.close()
