"""Which database: its URL, read and checked, and the words for what went wrong with it.

The URL comes from `--db`, else `TOURNEY_DATABASE_URL`, else the SQLite file `tourney.db` in
the working folder. A bare path is taken as a SQLite file. PostgreSQL is reached through
psycopg 3 (`postgresql+psycopg://`; a plain `postgresql://` URL is read the same way),
installed with the `postgres` extra: `pip install 'tourney[postgres]'`.

How a connection behaves (WAL, busy timeout, synchronous=FULL, BEGIN IMMEDIATE for writes)
is `tourney.store.connections`. `make_engine`, the one SQLAlchemy engine, is for creating and
upgrading the schema (`tourney.store.migrate`): `parse_url` and the engine are loaded then
only; the plain `sqlite:///PATH` and `postgresql://` forms of an existing database are read
without them.
"""

from __future__ import annotations

import os
import sqlite3
from typing import TYPE_CHECKING, Any

from tourney.i18n import _
from tourney.store.connections import (
    BUSY_TIMEOUT_MS,
    SQLITE_PREFIX,
    configure_sqlite,
    read_only,
    sqlite_file,
)
from tourney.store.errors import DatabaseUnavailableError, DatabaseUrlError, NoDatabaseError

if TYPE_CHECKING:
    from sqlalchemy import Engine
    from sqlalchemy.engine import URL, Connection

# SQLAlchemy is imported inside the functions that need it: only to create or upgrade a
# schema, or to read a URL in a form other than the plain ones (see the module docstring).

ENV_VAR = "TOURNEY_DATABASE_URL"
DEFAULT_PATH = "tourney.db"

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
        return SQLITE_PREFIX + chosen.translate(_PATH_IN_URL)
    return chosen


_PATH_IN_URL = str.maketrans({"%": "%25", "?": "%3F"})


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
    """The URL with any password hidden, for messages (a URL given as text is shown as
    it was written, without SQLAlchemy, as SQLAlchemy renders a URL it read)."""
    if isinstance(url, str):
        from tourney.errors import hide_passwords

        return hide_passwords(url)
    return url.render_as_string(hide_password=True)


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


# Beside a SQLite file, the files that are part of it while it is in use.
COMPANIONS = ("-wal", "-shm", "-journal")
