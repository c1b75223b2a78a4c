"""What a database holds, read behind tourney's back, for the scenario tests on both backends:
a fingerprint that changes exactly when something was committed, dumps of the read models
(to compare before and after a rebuild), and the stored events' stream versions.

A database is named as the tests name it: a SQLite file's path, or a PostgreSQL URL
(``postgresql+psycopg://...``). Nothing here writes to it, except that a SQLite fingerprint
checkpoints the write-ahead log into the file first (see `tests.support.db_checksum`).
"""

from __future__ import annotations

import contextlib
import hashlib
import sqlite3
from collections.abc import Iterator
from typing import Any

from tests.support import db_checksum

LOG_TABLES = ("events", "streams")
"""The event log itself; every other table of tourney's is a read model or its bookkeeping."""
SCHEMA_TABLES = ("alembic_version",)

Dump = dict[str, list[tuple[Any, ...]]]


def is_postgres(db: str) -> bool:
    return db.startswith(("postgresql", "postgres:"))


@contextlib.contextmanager
def connection(db: str) -> Iterator[Any]:
    """A DB-API connection to `db` (sqlite3 or psycopg), rolled back and closed after."""
    if is_postgres(db):
        import psycopg

        conn: Any = psycopg.connect(db.replace("postgresql+psycopg://", "postgresql://", 1))
    else:
        conn = sqlite3.connect(db.removeprefix("sqlite:///"))
    try:
        yield conn
    finally:
        conn.rollback()
        conn.close()


def tables(conn: Any, postgres: bool) -> list[str]:
    if postgres:
        rows = conn.execute(
            "SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename"
        ).fetchall()
    else:
        rows = conn.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' "
            "AND name NOT LIKE 'sqlite_%' ORDER BY name"
        ).fetchall()
    return [str(row[0]) for row in rows]


_KEYS: dict[tuple[bool, str], list[str]] = {}


def primary_key(conn: Any, table: str, postgres: bool) -> list[str]:
    """The columns of `table`'s primary key, in key order (every column if it has none)."""
    if (postgres, table) not in _KEYS:
        _KEYS[postgres, table] = _primary_key(conn, table, postgres)
    return _KEYS[postgres, table]


def _primary_key(conn: Any, table: str, postgres: bool) -> list[str]:
    if postgres:
        rows = conn.execute(
            "SELECT a.attname FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid "
            "AND a.attnum = ANY(i.indkey) WHERE i.indrelid = %s::regclass AND i.indisprimary "
            "ORDER BY array_position(i.indkey, a.attnum)",
            (table,),
        ).fetchall()
        if rows:
            return [str(row[0]) for row in rows]
        rows = conn.execute(
            "SELECT column_name FROM information_schema.columns WHERE table_name = %s "
            "ORDER BY ordinal_position",
            (table,),
        ).fetchall()
        return [str(row[0]) for row in rows]
    info = conn.execute(f'PRAGMA table_info("{table}")').fetchall()
    keyed = sorted((row[5], row[1]) for row in info if row[5])
    return [name for _, name in keyed] or [row[1] for row in info]


def dump(db: str, which: tuple[str, ...] | None = None, *, log: bool = True) -> Dump:
    """Every row of every table of `db` (or of `which`), ordered by the whole primary key;
    without `log`, the event log's own tables are left out (the read models alone)."""
    postgres = is_postgres(db)
    with connection(db) as conn:
        found: Dump = {}
        for table in which or tables(conn, postgres):
            if not log and table in LOG_TABLES:
                continue
            order = ", ".join(f'"{column}"' for column in primary_key(conn, table, postgres))
            rows = conn.execute(f'SELECT * FROM "{table}" ORDER BY {order}').fetchall()
            found[table] = [tuple(row) for row in rows]
        return found


def read_models(db: str) -> Dump:
    """The read models and their bookkeeping: every table but the log and the schema's."""
    return {
        table: rows for table, rows in dump(db, log=False).items() if table not in SCHEMA_TABLES
    }


def fingerprint(db: str) -> str:
    """Equal before and after a command exactly when it committed nothing: the SQLite file's
    bytes (the log folded in), or on PostgreSQL a digest of every row of every table."""
    if not is_postgres(db):
        return db_checksum(db.removeprefix("sqlite:///"))
    digest = hashlib.sha256()
    for table, rows in dump(db).items():
        digest.update(repr((table, rows)).encode("utf-8", "surrogatepass"))
    return digest.hexdigest()


def event_count(db: str) -> int:
    with connection(db) as conn:
        return int(conn.execute("SELECT COUNT(*) FROM events").fetchone()[0])


def unsound_tables(db: str) -> list[str]:
    """What is wrong with the match streams and the tournaments' results: a match stream that
    does not replay, or a tournament table whose posted result is not what its own stream
    replays to (tables the director ruled on aside). Empty when all is well."""
    from tourney.director.desk import DirectorDesk
    from tourney.errors import TourneyError
    from tourney.store.eventstore import EventStore

    found = []
    with EventStore.from_url(db, upgrade=False) as store:
        rows = store.fetch_rows(
            "SELECT stream_id, error FROM match_views WHERE status = 'invalid'", ()
        )
        found += [f"{stream} does not replay: {error}" for stream, error in rows]
        director = DirectorDesk(store)
        for slug in director.slugs():
            for match_id, record in director.load(slug).state.matches.items():
                outcome = record.outcome
                if outcome is not None and outcome.kind != "played":
                    continue
                try:
                    match, _, version = director.replay_match(match_id)
                except TourneyError as exc:
                    found.append(f"{match_id} does not replay: {exc}")
                    continue
                posted = None if outcome is None else (outcome.scores, outcome.winners)
                replayed = (tuple(match.scores), tuple(match.winners)) if match.finished else None
                if version and posted != replayed:
                    found.append(
                        f"{slug}: {match_id}'s result is {posted}, but its stream (v{version}) "
                        f"replays to {replayed}"
                    )
    return found


def stored(db: str) -> set[tuple[str, int]]:
    """Every stored event as (stream, version)."""
    with connection(db) as conn:
        rows = conn.execute("SELECT stream_id, version FROM events").fetchall()
    return {(str(stream), int(version)) for stream, version in rows}
