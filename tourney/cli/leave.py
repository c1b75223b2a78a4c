"""How the console script leaves: at once, without the interpreter's teardown, when that
is safe; else as any Python program does.

A one-shot command's process spends tens of milliseconds after its work tearing down
what it imported (bench/FINDINGS.md). What that teardown does that a user could notice:
flushing stdout and stderr, running `atexit` callbacks (logging's flush, multiprocessing's
pool shutdown, coverage's data), waiting for threads, and closing what is still open (a
SQLite connection closed last checkpoints the write-ahead log and deletes it; a psycopg or
libpq-shim connection ends its session with the server). `leave` skips it only when none of
that is left: the exit code is the command's, both streams flushed without error, the
`atexit` callbacks run, no thread but this one, every connection of the direct stores
(SQLite and PostgreSQL, through psycopg or `tourney.store.libpq`) closed, and nothing
loaded whose objects may still hold a connection, a pool or a worker process (SQLAlchemy,
multiprocessing). Otherwise it raises SystemExit, exactly as before. (asyncio and
concurrent.futures, which psycopg imports, hold nothing of their own without a thread or a
worker process, both refused above.)
"""

from __future__ import annotations

import atexit
import os
import sys
from collections.abc import Mapping
from types import ModuleType
from typing import NoReturn

# Packages whose objects may hold a connection, a pool or a worker process that only the
# interpreter's teardown (their finalizers) would close.
HELD_OPEN = ("sqlalchemy", "multiprocessing")


def held(modules: Mapping[str, ModuleType] | None = None) -> str | None:
    """What keeps the process from leaving at once (None: nothing)."""
    loaded = sys.modules if modules is None else modules
    for name in HELD_OPEN:
        if name in loaded:
            return f"{name} is loaded"
    threading = loaded.get("threading")
    if threading is not None and threading.active_count() > 1:
        return "another thread is running"
    sqlite = loaded.get("tourney.store.sqlite_direct")
    if sqlite is not None and sqlite.open_connections():
        return "a SQLite connection is open"
    if "psycopg" in loaded:
        postgres = loaded.get("tourney.store.postgres_direct")
        if postgres is None or postgres.open_connections():
            return "a PostgreSQL connection may be open"
    libpq = loaded.get("tourney.store.libpq")
    if libpq is not None and libpq.open_connections():
        return "a PostgreSQL connection is open"
    return None


def _flushed() -> bool:
    for stream in (sys.stdout, sys.stderr):
        if stream is None:
            continue
        try:
            stream.flush()
        except (OSError, ValueError):
            return False  # the ordinary exit reports it (or exits 120), as it always has
    return True


def leave(code: int) -> NoReturn:
    """End the process with exit status `code`."""
    if held() is None and _flushed():
        atexit._run_exitfuncs()  # what `atexit` was asked to do is done
        if held() is None and _flushed():
            os._exit(code & 0xFF)
    sys.exit(code)
