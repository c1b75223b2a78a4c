"""Appending: events written to their streams with optimistic concurrency, each chained to
the one before it in its stream (`hashchain.py`) and linked to the one before it in the log.

Writers are serialised, so the global position order is the commit order:

- SQLite: BEGIN IMMEDIATE takes the write lock before the stream head is read.
- PostgreSQL: `LOCK TABLE events IN EXCLUSIVE MODE` (with a lock timeout) in the append
  transaction. Without it, sequence values become visible in commit order, not in position
  order, and a reader tailing `position > last` would skip events committed late.

An append writes its event rows and, for a new stream, one `streams` row, nothing else: a
stream's head is its last event, and each event row names the event before it in the log
(its log link, which the INSERT reads itself). What verify can tell from that is in
`tourney.store.verify`; why there is no head row per append is in migration 0004.

Appends run on one writer connection the store keeps (a new connection per append costs as
much as the insert), under one lock; under `tourney serve` appends made at the same moment
by several threads share a transaction (`group_commit.py`).
"""

from __future__ import annotations

import contextlib
import sqlite3
import threading
import time
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from typing import Any, NoReturn

from tourney.store.appends import AppendRequest, NewEvent, StoredEvent, StreamAppend
from tourney.store.connections import LOCK_TIMEOUT_MS, Connections
from tourney.store.decoding import Row, decode
from tourney.store.errors import (
    ConcurrencyError,
    StoreBusyError,
    StoreError,
    describe_connect_error,
)
from tourney.store.hashchain import GENESIS, compact_json, event_hash
from tourney.store.health import Health
from tourney.store.reading import command_sql, head_sql
from tourney.store.upcasting import DEFAULT_VERSION, UpcasterRegistry

# (second, its text up to the decimal point): one tuple, replaced whole, so threads never see
# half of an update.
_stamp_cache: tuple[int, str] = (-1, "")


def now() -> str:
    """The current UTC time as `datetime.now(UTC).isoformat(timespec="microseconds")` gives
    it, formatting the date and time of day once per second (every append takes one)."""
    global _stamp_cache
    micros = time.time_ns() // 1000
    second = micros // 1_000_000
    cached_second, text = _stamp_cache
    if second != cached_second:
        text = datetime.fromtimestamp(second, UTC).strftime("%Y-%m-%dT%H:%M:%S.")
        _stamp_cache = (second, text)
    # Zero-padded to six digits by slicing, cheaper than a format spec.
    return text + str(1_000_000 + micros % 1_000_000)[1:] + "+00:00"


def chain(
    registry: UpcasterRegistry,
    stream_id: str,
    events: Sequence[NewEvent],
    version: int,
    previous: str,
    recorded_at: str,
    command_id: str | None,
) -> tuple[list[Row], list[Row]]:
    """The events of one append after a stream's head (`version`, its hash `previous`): the
    rows to insert (`stream_id, version, type, schema_version, payload, recorded_at,
    recorded_by, command_id, hash`, the payload as its stored text), and each event as
    returned (`StoredEvent`'s fields after its stream id, but for the position). Every
    store encodes and chains its events here (the in-memory one too, `memory.py`), so that
    they agree to the byte. Raises SchemaError for a schema version the registry cannot
    lift, UnicodeEncodeError for text that is not Unicode."""
    registry.ready((stream_id,))
    latest_of = registry._current.get
    encode = compact_json
    rows: list[Row] = []
    stored: list[Row] = []
    for event in events:
        type_ = event.type
        payload = event.payload
        latest = latest_of(type_, DEFAULT_VERSION)
        schema = event.schema_version
        body = dict(payload)
        text = encode(body).decode()
        if schema is None:
            schema = latest
        elif schema != latest:  # stored as given, returned lifted to the latest
            body = registry.upcast(type_, schema, body)
        version += 1
        by = event.recorded_by
        previous = event_hash(
            previous, stream_id, version, type_, schema, text, recorded_at, by, command_id
        )
        rows.append(
            (stream_id, version, type_, schema, text, recorded_at, by, command_id, previous)
        )  # fmt: skip
        stored.append((version, type_, body, latest, recorded_at, by, command_id, previous))
    return rows, stored


def refuse_nul(stream_id: str) -> NoReturn:
    """Refuse a stream id holding a NUL: PostgreSQL text cannot hold one, so every store
    refuses it (and never finds one)."""
    raise StoreError(f"a stream id cannot hold a NUL (0x00) byte: {stream_id!r}")


def not_unicode(stream_id: str, exc: UnicodeEncodeError) -> StoreError:
    """The refusal of an event holding text that is not valid Unicode: typically a name
    typed in bytes that are not UTF-8, which Python keeps as lone surrogates."""
    return StoreError(
        f"could not append to {stream_id!r}: the event holds text that is not valid "
        f"Unicode ({_first_line(exc)}); retype it in UTF-8"
    )


def _first_line(exc: BaseException) -> str:
    return str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__


class Appender:
    """The appends of one store (see the module docstring). Each method returns what was
    stored and whether anything was written (not when a command id was already stored)."""

    def __init__(
        self,
        connections: Connections,
        registry: UpcasterRegistry,
        mark: str,
        health: Health,
    ) -> None:
        self._connections = connections
        self._registry = registry
        self._health = health
        self._sqlite = connections.sqlite
        self._url = connections.target.url
        self.lock = threading.Lock()
        self._writer: tuple[Any, Any] | None = None
        self._sql_command = command_sql(mark)
        self._sql_head = head_sql(mark)
        # Each event records the event before it in the log (`follows_*`, see verify): read
        # by the insert itself, under the write lock, so appending costs no extra statement.
        # A lookup of the largest position, which both planners answer from the primary key
        # and show as such (`ORDER BY position DESC LIMIT 1` reads the same one row, but its
        # plan is a scan that a test for full scans could not tell from a real one).
        marks = ", ".join([mark] * 9)
        last = "FROM events WHERE position = (SELECT MAX(position) FROM events)"
        into = (
            "INSERT INTO events (stream_id, version, type, schema_version, payload, "
            "recorded_at, recorded_by, command_id, hash, follows_stream, follows_version) "
        )
        self._sql_insert = (
            f"{into}VALUES ({marks}, (SELECT stream_id {last}), (SELECT version {last}))"
        )
        # The rest of a batch follows the batch's own previous event.
        self._sql_insert_linked = f"{into}VALUES ({marks}, {mark}, {mark})"
        # A stream is registered by its first append: verify then sees a stream whose every
        # event was removed. (Nothing else is written per append: a per-append head row
        # would write one more page per fsync; see bench/FINDINGS.md.)
        self._sql_register = (
            f"INSERT INTO streams (stream_id) VALUES ({mark}) ON CONFLICT (stream_id) DO NOTHING"
        )

    def append(
        self,
        stream_id: str,
        events: Sequence[NewEvent],
        expected_version: int | None,
        command_id: str | None,
    ) -> tuple[list[StoredEvent], bool]:
        """`EventStore.append`."""
        # Few calls on purpose: at synchronous=FULL each append waits for an fsync, after
        # which the caches are cold and every Python call, comprehension and helper costs
        # several times its warm price (bench/FINDINGS.md). The writing itself is `_write`,
        # shared with `append_batch`.
        with self.lock:
            self._health.check_sound()
            connection, cursor = self._writer or self._open_writer()
            execute = cursor.execute
            try:
                if self._sqlite:
                    execute("BEGIN IMMEDIATE")
                else:
                    self._lock_postgres(cursor)
                result, wrote = self._write(cursor, stream_id, events, expected_version, command_id)
                if not wrote:
                    connection.rollback()
                    return result, False
                self._commit(connection, execute)
            except BaseException as exc:
                raise self._abort(connection, exc, stream_id) from None
            self._health.acknowledge(result)
        return result, True

    def append_batch(
        self, requests: Sequence[AppendRequest]
    ) -> tuple[list[list[StoredEvent] | StoreError], bool]:
        """`EventStore.append_batch`."""
        outcomes: list[list[StoredEvent] | StoreError] = []
        wrote_any = False
        with self.lock:
            self._health.check_sound()
            connection, cursor = self._writer or self._open_writer()
            execute = cursor.execute
            stream_id = requests[0].stream_id if requests else ""
            try:
                if self._sqlite:
                    execute("BEGIN IMMEDIATE")
                else:
                    self._lock_postgres(cursor)
                for request in requests:
                    stream_id = request.stream_id
                    execute("SAVEPOINT tourney_append")
                    try:
                        result, wrote = self._write(
                            cursor,
                            request.stream_id,
                            request.events,
                            request.expected_version,
                            request.command_id,
                        )
                    except StoreError as refused:
                        execute("ROLLBACK TO SAVEPOINT tourney_append")
                        outcomes.append(refused)
                    else:
                        outcomes.append(result)
                        wrote_any = wrote_any or wrote
                    execute("RELEASE SAVEPOINT tourney_append")
                self._commit(connection, execute)
            except BaseException as exc:
                raise self._abort(connection, exc, stream_id) from None
            if self._health.watching:
                self._health.acknowledge(
                    [e for o in outcomes if not isinstance(o, StoreError) for e in o]
                )
        return outcomes, wrote_any

    def append_streams(
        self, appends: Sequence[StreamAppend], command_id: str | None
    ) -> tuple[list[StoredEvent], bool]:
        """`EventStore.append_streams`."""
        where = appends[0].stream_id if appends else "the log"
        with self.lock:
            self._health.check_sound()
            connection, cursor = self._writer or self._open_writer()
            try:
                if self._sqlite:
                    cursor.execute("BEGIN IMMEDIATE")
                result, written = self.append_in(cursor, appends, command_id, now())
                if not written:
                    connection.rollback()  # nothing, or a resent command
                    return result, False
                self._commit(connection, cursor.execute)
            except BaseException as exc:
                raise self._abort(connection, exc, where) from None
            self._health.acknowledge(result)
        return result, True

    def append_in(
        self,
        cursor: Any,
        appends: Sequence[StreamAppend],
        command_id: str | None,
        at: str,
    ) -> tuple[list[StoredEvent], bool]:
        """`EventStore.append_in`, and whether it wrote anything (not when the command was
        stored)."""
        self.lock_for_append(cursor)
        if command_id is not None:
            cursor.execute(self._sql_command, (command_id,))
            already = cursor.fetchall()
            if already:
                return decode(self._registry, already), False
        result: list[StoredEvent] = []
        for item in appends:
            stored, _ = self._write(
                cursor,
                item.stream_id,
                item.events,
                item.expected_version,
                command_id,
                at,
                check_command=False,
            )
            result.extend(stored)
        return result, bool(result)

    def lock_for_append(self, cursor: Any) -> None:
        """`EventStore.lock_for_append`."""
        if not self._sqlite:
            self._lock_postgres(cursor)

    def _commit(self, connection: Any, execute: Callable[[str], Any]) -> None:
        if self._sqlite:
            # The cursor's cached COMMIT statement: sqlite3's Connection.commit() prepares
            # a new one every time.
            execute("COMMIT")
        else:
            connection.commit()

    def _abort(self, connection: Any, exc: BaseException, stream_id: str) -> BaseException:
        """Roll the write transaction back; the error to raise (one line for the user)."""
        with contextlib.suppress(Exception):
            connection.rollback()
        if not isinstance(exc, StoreError):
            self.drop_writer()
        return self._health.storage_error(exc, "writing") or self._translate(exc, stream_id)

    def _write(
        self,
        cursor: Any,
        stream_id: str,
        events: Sequence[NewEvent],
        expected_version: int | None,
        command_id: str | None,
        recorded_at: str | None = None,
        check_command: bool = True,
    ) -> tuple[list[StoredEvent], bool]:
        """Inside the caller's write transaction: the events of one append written (see
        `EventStore.append`), and whether anything was written (False: nothing to write, or
        the command's earlier events, returned as stored). `check_command` false: the caller
        has checked the command id (a multi-stream append stores it on every stream)."""
        if "\x00" in stream_id:
            refuse_nul(stream_id)
        recorded_at = recorded_at or now()
        make = tuple.__new__
        sqlite = self._sqlite
        execute = cursor.execute
        if command_id is not None and check_command:
            execute(self._sql_command, (command_id,))
            already = cursor.fetchall()
            if already:
                return decode(self._registry, already), False
        execute(self._sql_head, (stream_id,))
        head = cursor.fetchone()
        version, previous = (head[0], head[1]) if head else (0, GENESIS)
        if expected_version is not None and expected_version != version:
            raise ConcurrencyError(stream_id, expected_version, version)
        new_stream = version == 0
        rows, stored = chain(
            self._registry, stream_id, events, version, previous, recorded_at, command_id
        )
        if not rows:
            return [], False
        # Most appends are one event: inserted here, a call and a list cheaper.
        if sqlite and len(rows) == 1:
            execute(self._sql_insert, rows[0])
            positions: Sequence[int] = (cursor.lastrowid,)
        else:
            positions = self._insert(cursor, rows)
        if new_stream:
            execute(self._sql_register, (stream_id,))
        # Built with tuple.__new__: the named tuple's own __new__ is Python code.
        result: list[StoredEvent] = []
        for index, fields in enumerate(stored):
            result.append(make(StoredEvent, (positions[index], stream_id, *fields)))
        return result, True

    def _open_writer(self) -> tuple[Any, Any]:
        """Open the connection and cursor appends use, kept open. Dropped after a failure."""
        connection = self._connections.open()
        self._writer = (connection, connection.cursor())
        return self._writer

    def drop_writer(self) -> None:
        """Close the writer connection (the next append opens another)."""
        writer, self._writer = self._writer, None
        if writer is not None:
            with contextlib.suppress(Exception):
                writer[1].close()
                writer[0].close()

    def _lock_postgres(self, cursor: Any) -> None:
        cursor.execute(f"SET LOCAL lock_timeout = {LOCK_TIMEOUT_MS}")
        cursor.execute("LOCK TABLE events IN EXCLUSIVE MODE")

    def _insert(self, cursor: Any, rows: list[Row]) -> list[int]:
        """Insert the rows of a batch (or of any append on PostgreSQL; a single event on
        SQLite is inserted by `_write` itself); returns the positions taken.

        Only the first row reads its log link from the table; each later row follows the one
        before it in the batch."""
        rest = [(*row, row[0], row[1] - 1) for row in rows[1:]]
        if self._sqlite:
            cursor.execute(self._sql_insert, rows[0])
            # Under the write lock each rowid is the previous maximum plus one, so a batch
            # takes consecutive positions ending at the last one inserted.
            cursor.executemany(self._sql_insert_linked, rest)
            cursor.execute("SELECT last_insert_rowid()")
            last = int(cursor.fetchone()[0])
            return list(range(last - len(rows) + 1, last + 1))
        cursor.execute(self._sql_insert + " RETURNING position", rows[0])
        positions = [int(cursor.fetchone()[0])]
        if rest:
            cursor.executemany(
                self._sql_insert_linked + " RETURNING position", rest, returning=True
            )
            while True:
                positions.append(int(cursor.fetchone()[0]))
                if not cursor.nextset():
                    break
        return positions

    def _translate(self, exc: BaseException, stream_id: str) -> BaseException:
        if isinstance(exc, StoreError) or not isinstance(exc, Exception):
            return exc
        message = _first_line(exc)
        name = type(exc).__name__
        if "locked" in message or name in ("LockNotAvailable", "QueryCanceled"):
            return StoreBusyError(
                f"could not append to {stream_id!r}: another writer held the store too long "
                f"({message})"
            )
        if isinstance(exc, sqlite3.IntegrityError) or name == "UniqueViolation":
            return StoreError(
                f"could not append to {stream_id!r}: {message}; "
                "the stored versions disagree with each other, run `tourney verify`"
            )
        if isinstance(exc, UnicodeEncodeError):
            return not_unicode(stream_id, exc)
        return describe_connect_error(self._url, exc)
