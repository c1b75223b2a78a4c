"""Which database, and how a connection to it behaves.

The URL comes from `--db`, else `TOURNEY_DATABASE_URL`, else the SQLite file `tourney.db` in
the working folder. A bare path is taken as a SQLite file. PostgreSQL is reached through
psycopg 3 (`postgresql+psycopg://`; a plain `postgresql://` URL is read the same way),
installed with the `postgres` extra: `pip install 'tourney[postgres]'`.

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

Write transactions on SQLite start with BEGIN IMMEDIATE: a deferred BEGIN that reads first and
writes later fails at once with "database is locked" when another connection commits in
between, whatever the busy timeout. pysqlite's own transaction handling is switched off and
the `begin` event emits BEGIN IMMEDIATE for connections marked with `WRITE`, a plain BEGIN
otherwise (the recipe SQLAlchemy documents for pysqlite).
"""

from __future__ import annotations

import os
import sqlite3
from typing import TYPE_CHECKING, Any

from tourney.i18n import _
from tourney.store.errors import DatabaseUnavailableError, DatabaseUrlError, NoDatabaseError

if TYPE_CHECKING:
    from sqlalchemy import Engine
    from sqlalchemy.engine import URL, Connection

# SQLAlchemy is imported inside the functions that need it: importing it costs about a
# quarter of a second, and a one-shot command on a current SQLite database never does
# (see `tourney.store.sqlite_direct`).

ENV_VAR = "TOURNEY_DATABASE_URL"
DEFAULT_PATH = "tourney.db"
BUSY_TIMEOUT_MS = 30_000
SQLITE_SYNCHRONOUS = "FULL"
# PostgreSQL: how long an append waits for the events table lock before giving up.
LOCK_TIMEOUT_MS = 10_000

# Execution option marking a connection whose transaction will write (BEGIN IMMEDIATE on SQLite).
WRITE = {"tourney_write": True}


def resolve_url(db: str | None = None) -> str:
    """The database URL to use: `db`, else $TOURNEY_DATABASE_URL, else ./tourney.db.

    Raises DatabaseUrlError for text no database could be named by: control characters
    (a NUL, a newline) or bytes that were not UTF-8.
    """
    chosen = db if db else os.environ.get(ENV_VAR) or DEFAULT_PATH
    if any(c < " " or c == "\x7f" or "\ud800" <= c <= "\udfff" for c in chosen):
        raise DatabaseUrlError(
            _(
                "database {masked} holds a control character or bytes that are "
                "not UTF-8: give a SQLite path or a postgresql+psycopg:// URL"
            ).format(masked=_masked(chosen))
        )
    if "://" not in chosen:
        # A path, not a URL: its `%` and `?` are characters of a file name, not an escape
        # and the start of a query (a folder "50%" or "what?" names itself).
        return _SQLITE_PREFIX + chosen.translate(_PATH_IN_URL)
    return chosen


_SQLITE_PREFIX = "sqlite:///"
_PATH_IN_URL = str.maketrans({"%": "%25", "?": "%3F"})


def sqlite_file(url: str) -> str | None:
    """The file a plain ``sqlite:///PATH`` URL names, its escapes read as SQLAlchemy reads
    them (without importing it); None for any other URL (another backend, or a query)."""
    if not url.startswith(_SQLITE_PREFIX) or "?" in url:
        return None
    path = url[len(_SQLITE_PREFIX) :]
    if "%" not in path:
        return path
    from urllib.parse import unquote

    return unquote(path)


def _masked(url: str) -> str:
    """``url`` quoted for a message, any password in it hidden (before it is parsed)."""
    from tourney.errors import hide_passwords, quote

    return quote(hide_passwords(url), width=80)


_BAD_URL = "expected a SQLite path, sqlite:///PATH or postgresql+psycopg://USER@HOST[:PORT]/NAME"


def parse_url(url: str) -> URL:
    """Check a database URL and normalise its driver; raises DatabaseUrlError with one line.

    ``postgres://`` (as Heroku and others write it) and ``postgresql://`` are read as
    PostgreSQL through psycopg 3.
    """
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError

    try:
        parsed = make_url(url)
        port = parsed.port
    except (ArgumentError, ValueError) as exc:
        # make_url raises ValueError for a port that is not a number ("h:abc").
        detail = "the port is not a number" if isinstance(exc, ValueError) else _BAD_URL
        raise DatabaseUrlError(
            _("cannot read database URL {masked}: {detail}").format(
                masked=_masked(url), detail=detail
            )
        ) from None
    if port is not None and not 1 <= port <= 65535:
        raise DatabaseUrlError(
            _("database URL {safe_url!r}: port {port} is not 1 to 65535").format(
                safe_url=safe_url(parsed), port=port
            )
        )
    backend, _plus, driver = parsed.drivername.partition("+")
    if backend == "postgres":
        backend = "postgresql"
    if backend == "postgresql":
        if driver not in ("psycopg", "psycopg2"):
            parsed = parsed.set(drivername="postgresql+psycopg")
        elif driver != "psycopg":
            raise DatabaseUrlError(
                _(
                    "database URL {safe_url!r} names driver {driver!r}; tourney uses "
                    "psycopg 3: postgresql+psycopg://..."
                ).format(safe_url=safe_url(parsed), driver=driver)
            )
        return parsed
    if backend == "sqlite":
        if driver not in ("", "pysqlite"):
            raise DatabaseUrlError(
                _("database URL {safe_url!r} names driver {driver!r}; use sqlite:///PATH").format(
                    safe_url=safe_url(parsed), driver=driver
                )
            )
        _check_sqlite_path(parsed)
        return parsed
    raise DatabaseUrlError(
        _(
            "database URL {safe_url!r}: backend {backend!r} is not "
            "supported; use sqlite:///PATH or postgresql+psycopg://..."
        ).format(safe_url=safe_url(parsed), backend=backend)
    )


def safe_url(url: URL | str) -> str:
    """The URL with any password hidden, for messages."""
    from sqlalchemy.engine import URL, make_url

    parsed = url if isinstance(url, URL) else make_url(url)
    return parsed.render_as_string(hide_password=True)


def _check_sqlite_path(url: URL) -> None:
    database = url.database or ""
    if database in ("", ":memory:") or database.startswith("file:"):
        raise DatabaseUrlError(
            _(
                "database URL {safe_url!r} has no file path; the event store "
                "must live in a file: sqlite:///PATH"
            ).format(safe_url=safe_url(url))
        )
    from pathlib import Path

    path = Path(database)
    if path.is_dir():
        raise DatabaseUrlError(
            _("database path {database!r} is a folder, not a file").format(database=database)
        )
    if not path.parent.is_dir():
        raise DatabaseUrlError(
            _("cannot create database {database!r}: folder does not exist").format(
                database=database
            )
        )
    if path.exists() and not os.access(path, os.R_OK | os.W_OK):
        raise DatabaseUnavailableError(
            _("cannot open database {database!r}: permission denied").format(database=database)
        )
    if path.exists() and path.stat().st_size > 0 and sqlite_reads_as_database(path) is False:
        raise DatabaseUnavailableError(
            _("cannot open database {database!r}: the file is not a SQLite database").format(
                database=database
            )
        )


# What a SQLite URI's path must escape: its own escape, and where the query and the fragment
# begin (sqlite.org/uri.html); SQLite reads every other character as it stands.
_URI_ESCAPES = str.maketrans({"%": "%25", "?": "%3F", "#": "%23"})


def read_only(path: str | os.PathLike[str]) -> sqlite3.Connection:
    """A read-only SQLite connection to the file at `path` (never created; the characters
    a URI gives a meaning escaped). Raises sqlite3.Error."""
    uri_path = os.fspath(path).translate(_URI_ESCAPES)
    return sqlite3.connect(f"file:{uri_path}?mode=ro", uri=True)


def sqlite_reads_as_database(path: str | os.PathLike[str]) -> bool | None:
    """Whether SQLite reads the file at `path` as a database: True, False (SQLite says it
    is not one), or None when it cannot tell (the file cannot be opened, is locked...).

    Asked of SQLite, never by opening the file in Python: closing *any* descriptor of a
    file drops every POSIX lock the process holds on it, SQLite's own included. A process
    whose connections so lost their shared lock looks closed to the others, and the next
    one to close its last connection checkpoints and deletes the write-ahead log and its
    index from under this one's connections (reads then fail with "disk I/O error", and
    writes can be lost). SQLite's own file layer knows the files its connections hold and
    keeps their descriptors open until the last of them closes.
    """
    try:
        connection = read_only(path)
    except sqlite3.Error:
        return None
    try:
        connection.execute("PRAGMA schema_version").fetchone()
    except sqlite3.DatabaseError as exc:
        return False if getattr(exc, "sqlite_errorcode", None) == sqlite3.SQLITE_NOTADB else None
    finally:
        connection.close()
    return True


def sqlite_path(url: str) -> str | None:
    """The file of a SQLite URL; None for another backend."""
    return _sqlite_path(url)


def _sqlite_path(url: str) -> str | None:
    """The file of a SQLite URL (None for another backend), without importing SQLAlchemy
    for the plain ``sqlite:///PATH`` form."""
    if not url.startswith("sqlite"):
        return None
    plain = sqlite_file(url)
    if plain is not None:
        return plain
    parsed = parse_url(url)
    return parsed.database or ""


def require_sqlite_file(url: str) -> None:
    """For a SQLite URL, NoDatabaseError unless its file exists and is not empty: a command
    that only reads must not create one. (Other backends are checked once connected.)"""
    path = _sqlite_path(url)
    if path is None:
        return
    if os.path.isdir(path):
        raise DatabaseUrlError(
            _("database path {path!r} is a folder, not a file").format(path=path)
        )
    try:
        found = os.path.isfile(path) and os.path.getsize(path) > 0
    except (OSError, ValueError):
        found = False
    if not found:
        raise no_database(url)


def no_database(url: str) -> NoDatabaseError:
    """The refusal of a command that only reads, where no tourney database is."""
    path = _sqlite_path(url)
    if path is None:
        return NoDatabaseError(
            _(
                "no tourney database at {safe_url} (it has no tourney tables); "
                "create one with `tourney tournament create NAME --db URL` or "
                "`tourney db upgrade --db URL`"
            ).format(safe_url=safe_url(url))
        )
    shown = path if os.path.isabs(path) or path.startswith(".") else f"./{path}"
    option = "" if path == DEFAULT_PATH else f" --db {shown}"
    return NoDatabaseError(
        _(
            "no tourney database here (looked for {shown}); create one with "
            "`tourney tournament create NAME{option}`"
        ).format(shown=shown, option=option)
    )


def make_engine(url: str) -> Engine:
    """An engine for `url` with tourney's connection settings; raises DatabaseUrlError."""
    from sqlalchemy import create_engine
    from sqlalchemy.exc import ArgumentError, NoSuchModuleError

    parsed = parse_url(url)
    if parsed.get_backend_name() == "sqlite":
        return _sqlite_engine(parsed)
    _require_psycopg()
    try:
        engine = create_engine(parsed, pool_pre_ping=False)
    except (ArgumentError, NoSuchModuleError) as exc:
        raise DatabaseUrlError(
            _("cannot use database URL {safe_url!r}: {exc}").format(
                safe_url=safe_url(parsed), exc=exc
            )
        ) from None
    return engine


def _require_psycopg() -> None:
    """PostgreSQL's driver is an extra (`tourney[postgres]`): say so when it is missing."""
    from importlib.util import find_spec

    if find_spec("psycopg") is None:
        raise DatabaseUrlError(
            _("PostgreSQL support is not installed: pip install 'tourney[postgres]'")
        )


def configure_sqlite(dbapi_connection: sqlite3.Connection) -> None:
    """Apply tourney's settings (see the module docstring) to a new sqlite3 connection."""
    # Transactions are ours to begin: see the module docstring.
    dbapi_connection.isolation_level = None
    cursor = dbapi_connection.cursor()
    cursor.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
    cursor.execute("PRAGMA journal_mode = WAL")
    cursor.execute(f"PRAGMA synchronous = {SQLITE_SYNCHRONOUS}")
    cursor.execute("PRAGMA foreign_keys = ON")
    cursor.close()


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


def _sqlite_engine(url: URL) -> Engine:
    from sqlalchemy import create_engine, event

    engine = create_engine(url, connect_args={"timeout": BUSY_TIMEOUT_MS / 1000})

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection: sqlite3.Connection, _record: Any) -> None:
        configure_sqlite(dbapi_connection)

    @event.listens_for(engine, "begin")
    def _on_begin(connection: Connection) -> None:
        writes = connection.get_execution_options().get("tourney_write", False)
        connection.exec_driver_sql("BEGIN IMMEDIATE" if writes else "BEGIN")

    return engine


def describe_connect_error(url: str, exc: BaseException) -> DatabaseUnavailableError:
    """A one-line error for a database that could not be opened or reached."""
    reason = str(getattr(exc, "orig", None) or exc).strip().splitlines()
    first = reason[0] if reason else type(exc).__name__
    return DatabaseUnavailableError(
        _("cannot open database {safe_url!r}: {first}").format(safe_url=safe_url(url), first=first)
    )
