"""The event store: append to streams with optimistic concurrency, read streams and the
global log.

An event is `(stream_id, type, payload, metadata)`; the store knows nothing of dominoes.
Appends and reads run on the driver's own cursor (sqlite3 or psycopg) rather than through
SQLAlchemy's statement layer: they are the hot path, and the statements are fixed.

Writers are serialised, so the global position order is the commit order:

- SQLite: BEGIN IMMEDIATE takes the write lock before the stream head is read.
- PostgreSQL: `LOCK TABLE events IN EXCLUSIVE MODE` (with a lock timeout) in the append
  transaction. Without it, sequence values become visible in commit order, not in position
  order, and a reader tailing `position > last` would skip events committed late.

Positions can still have holes (a rolled-back append on PostgreSQL consumes sequence
values): readers page by `position > last`, never by counting.

An append writes its event rows and, for a new stream, one `streams` row, nothing else: a
stream's head is its last event, and each event row names the event before it in the log
(its log link, which the INSERT reads itself). What verify can tell from that is in
`tourney.store.verify`; why there is no head row per append is in migration 0004.
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

import orjson

# Re-exported: the store's callers take these from here.
from tourney.store.appends import AppendRequest as AppendRequest
from tourney.store.appends import NewEvent as NewEvent
from tourney.store.appends import StoredEvent as StoredEvent
from tourney.store.appends import StreamAppend as StreamAppend
from tourney.store.database import (
    LOCK_TIMEOUT_MS,
    describe_connect_error,
    make_engine,
    no_database,
    require_sqlite_file,
    resolve_url,
    safe_url,
)
from tourney.store.errors import (
    ConcurrencyError,
    DiskFullError,
    StorageFailedError,
    StoreBusyError,
    StoreError,
)
from tourney.store.hashchain import GENESIS, compact_json, event_hash, short
from tourney.store.migrate import HEAD_REVISION, current_revision, ensure_schema
from tourney.store.postgres_direct import DirectPostgresEngine
from tourney.store.postgres_direct import open_if_current as open_postgres_if_current
from tourney.store.sqlite_direct import DirectSqliteEngine, open_if_current
from tourney.store.upcasting import DEFAULT_VERSION, UpcasterRegistry

if TYPE_CHECKING:
    from sqlalchemy import Engine

    from tourney.store.group_commit import GroupCommit
    from tourney.store.health import AcknowledgedHead, FileWatch

PAGE_SIZE = 2000


# (second, its text up to the decimal point): one tuple, replaced whole, so threads never see
# half of an update.
_stamp_cache: tuple[int, str] = (-1, "")


def _now() -> str:
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


# Every column of `events`, in the order rows are decoded.
COLUMNS = (
    "position, stream_id, version, type, schema_version, payload, "
    "recorded_at, recorded_by, command_id, hash"
)


Row = tuple[Any, ...]
# What a replay reads of each event (see `EventStore.decode_for_replay`).
REPLAY_COLUMNS = "position, version, type, schema_version, payload"
# Payloads a replay's decode keeps at most (see `EventStore.decode_for_replay`): a few MB.
SHARED_PAYLOADS = 8192
# The longest payload text kept: short ones repeat (a tile placed by a player on a tile),
# long ones seldom do (a deal) and would only fill the table.
SHARED_TEXT = 120
# (type, schema version, payload text) -> (payload, current schema version).
SharedPayloads = dict[tuple[str, int, Any], tuple[dict[str, Any], int]]


class EventStore:
    """Append-only streams of events in one SQLite or PostgreSQL database."""

    def __init__(
        self,
        engine: Engine | DirectSqliteEngine | DirectPostgresEngine,
        registry: UpcasterRegistry | None = None,
    ) -> None:
        # A direct engine (sqlite3 or psycopg alone) serves the store's own reads, appends
        # and catch-up; the SQLAlchemy `engine` (migrations, status) is then made on first
        # use, with the same URL.
        self._direct: DirectSqliteEngine | DirectPostgresEngine | None = None
        self._engine: Engine | None = None
        if isinstance(engine, DirectSqliteEngine | DirectPostgresEngine):
            self._direct = engine
        else:
            self._engine = engine
        self._url_text = str(engine.url)
        # The store knows no game: the upcasters of the events it holds come from outside.
        self.registry = registry if registry is not None else UpcasterRegistry()
        self.dialect = engine.dialect.name
        self._sqlite = self.dialect == "sqlite"
        # Called after each append that wrote something (projections catch up here).
        self.after_append: list[Callable[[], None]] = []
        # What went wrong after an append was committed (a hook that failed): said to the
        # user as a warning, never as a refusal, since the events are stored.
        self.warnings: list[str] = []
        self._writer: tuple[Any, Any] | None = None
        self._writer_pooled: Any = None
        self._writer_lock = threading.Lock()
        self._group: GroupCommit | None = None
        # SQLite's synchronous level on this store's own connections, when not the default
        # (`database.SQLITE_SYNCHRONOUS`): see `commit_durable_to_crash`.
        self._synchronous: str | None = None
        # Direct SQLite stores: one read connection per thread, kept (see _fetch_direct).
        self._readers = threading.local()
        self._reader_connections: list[Any] = []
        # Guards `_reader_connections` only. Not the writer's lock: a thread opening its
        # reader inside a write transaction of its own (the projector's catch-up) would
        # wait for an append that holds the writer's lock while it waits for that very
        # transaction's SQLite lock -- a deadlock until the busy timeout.
        self._readers_lock = threading.Lock()
        # Failing closed (see `tourney.store.health`): why appends are refused for good
        # (None: they are not), who is told once when that happens, and what a server
        # watches and keeps (`fail_closed`).
        self.failed: str | None = None
        self.on_failure: list[Callable[[str], None]] = []
        self._fails_closed = False
        self._watch: FileWatch | None = None
        self._acknowledged: AcknowledgedHead | None = None
        self._keeper: Any = None
        # The driver's parameter marker, for the store's own modules' SQL.
        self.mark = mark = "?" if self.dialect == "sqlite" else "%s"
        self._sql_command = (
            f"SELECT {COLUMNS} FROM events WHERE command_id = {mark} ORDER BY position"
        )
        # The stream head is its last event (the unique index's last entry for the stream).
        self._sql_head = (
            f"SELECT version, hash FROM events WHERE stream_id = {mark} "
            "ORDER BY version DESC LIMIT 1"
        )
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
        self._sql_stream = (
            f"SELECT {COLUMNS} FROM events WHERE stream_id = {mark} AND version > {mark} "
            f"AND version <= {mark} ORDER BY version LIMIT {mark}"
        )
        self._sql_all = (
            f"SELECT {COLUMNS} FROM events WHERE position > {mark} AND position <= {mark} "
            f"ORDER BY position LIMIT {mark}"
        )

    @classmethod
    def from_url(
        cls,
        url: str | None = None,
        *,
        upgrade: bool = True,
        create: bool = True,
        reads_only: bool = False,
        registry: UpcasterRegistry | None = None,
    ) -> EventStore:
        """Open the store at `url` (see `database.resolve_url`), upgrading a fresh or older
        schema to head unless `upgrade` is False. Raises StoreError subclasses; with
        `create` False, NoDatabaseError (and nothing made) where no tourney database is.
        With `reads_only` (a command that only reads; implies `create` False), a current
        SQLite database is opened through connections that cannot write, and that read on
        a full disk too (`database.open_reader`). `registry` lifts old payloads as they are
        read (none: every payload is current).

        A SQLite file or a PostgreSQL database already at the head revision is opened
        without SQLAlchemy (see `sqlite_direct` and `postgres_direct`); everything else goes
        through SQLAlchemy and, when needed, alembic.
        """
        resolved = resolve_url(url)
        if not create or reads_only:
            require_sqlite_file(resolved)
        direct = open_if_current(resolved, HEAD_REVISION, reads_only) or open_postgres_if_current(
            resolved, HEAD_REVISION
        )
        if direct is not None:
            return cls(direct, registry)
        engine = make_engine(resolved)
        try:
            if (not create or reads_only) and current_revision(engine) is None:
                raise no_database(resolved)
            if upgrade:
                ensure_schema(engine)
        except BaseException:
            engine.dispose()
            raise
        return cls(engine, registry)

    @property
    def engine(self) -> Engine:
        """The SQLAlchemy engine of the database (made on first use for a direct store)."""
        if self._engine is None:
            self._engine = make_engine(self._url_text)
        return self._engine

    def close(self) -> None:
        """Close every connection."""
        self._drop_writer()
        keeper, self._keeper = self._keeper, None
        if keeper is not None:
            with contextlib.suppress(Exception):
                keeper.close()
        acknowledged, self._acknowledged = self._acknowledged, None
        if acknowledged is not None:
            with contextlib.suppress(OSError):
                acknowledged.close()
        with self._readers_lock:
            readers, self._reader_connections = self._reader_connections, []
        self._readers = threading.local()
        for reader in readers:
            with contextlib.suppress(Exception):
                reader.close()
        if self._direct is not None:
            self._direct.dispose()
        if self._engine is not None:
            self._engine.dispose()

    def __enter__(self) -> EventStore:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()

    @property
    def url(self) -> str:
        """The database URL, password hidden."""
        return safe_url(self._url_text)

    # -- writing ---------------------------------------------------------------------------

    def append(
        self,
        stream_id: str,
        events: Sequence[NewEvent],
        expected_version: int | None = None,
        command_id: str | None = None,
    ) -> list[StoredEvent]:
        """Append `events` to `stream_id` in one transaction and return them as stored.

        `expected_version` is the stream version the caller decided against (0 for a new
        stream; None accepts any). A stale one raises ConcurrencyError and writes nothing.
        When `command_id` is already stored, nothing is written and the events stored under
        it are returned (whatever stream they went to). Raises StoreBusyError when the write
        lock is not had in time, and SchemaError (before writing) for a schema version that
        cannot be read back.
        """
        # Few calls on purpose: at synchronous=FULL each append waits for an fsync, after
        # which the caches are cold and every Python call, comprehension and helper costs
        # several times its warm price (bench/FINDINGS.md). The writing itself is `_write`,
        # shared with `append_batch`.
        group = self._group
        if group is not None:
            return group.append(stream_id, events, expected_version, command_id)
        sqlite = self._sqlite
        with self._writer_lock:
            self._check_sound()
            connection, cursor = self._writer or self._open_writer()
            execute = cursor.execute
            try:
                if sqlite:
                    execute("BEGIN IMMEDIATE")
                else:
                    self._lock_postgres(cursor)
                result, wrote = self._write(cursor, stream_id, events, expected_version, command_id)
                if not wrote:
                    connection.rollback()
                    return result
                self._commit(connection, execute)
            except BaseException as exc:
                raise self._abort(connection, exc, stream_id) from None
            self._acknowledge(result)
        if self.after_append:
            for hook in self.after_append:
                hook()
        return result

    def append_batch(
        self, requests: Sequence[AppendRequest]
    ) -> list[list[StoredEvent] | StoreError]:
        """Each request appended as `append` would, all in one transaction (one commit, so
        one fsync on SQLite at synchronous=FULL for the lot): the result of each, in order,
        or the StoreError that refused it (a stale expected version: ConcurrencyError), which
        wrote nothing of it while the others are kept. Any other failure refuses the whole
        batch and is raised."""
        outcomes: list[list[StoredEvent] | StoreError] = []
        wrote_any = False
        with self._writer_lock:
            self._check_sound()
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
            if self._watch is not None:
                self._acknowledge([e for o in outcomes if not isinstance(o, StoreError) for e in o])
        if wrote_any and self.after_append:
            for hook in self.after_append:
                hook()
        return outcomes

    def append_streams(
        self, appends: Sequence[StreamAppend], command_id: str | None = None
    ) -> list[StoredEvent]:
        """Append to several streams in one transaction: every event, or (on any error, a
        stale expected version included) none. Returns them as stored, in order.

        As `append`: when `command_id` is already stored, nothing is written and the events
        stored under it are returned. Used where one decision makes events in several
        streams (a paired round and the match stream of every table)."""
        where = appends[0].stream_id if appends else "the log"
        with self._writer_lock:
            self._check_sound()
            connection, cursor = self._writer or self._open_writer()
            try:
                if self._sqlite:
                    cursor.execute("BEGIN IMMEDIATE")
                result, written = self._append_in(cursor, appends, command_id, _now())
                if not written:
                    connection.rollback()  # nothing, or a resent command
                    return result
                self._commit(connection, cursor.execute)
            except BaseException as exc:
                raise self._abort(connection, exc, where) from None
            self._acknowledge(result)
        for hook in self.after_append:
            hook()
        return result

    def append_in(
        self,
        cursor: Any,
        appends: Sequence[StreamAppend],
        command_id: str | None = None,
        recorded_at: str | None = None,
    ) -> list[StoredEvent]:
        """Append inside a write transaction the caller holds on `cursor` (a connection of
        `connect()` after BEGIN IMMEDIATE on SQLite; on PostgreSQL the events table is
        locked here). Commits nothing and runs no `after_append` hook: the caller commits.
        A policy running in a projection's transaction appends this way, so what it
        appends and its checkpoint are committed together."""
        return self._append_in(cursor, appends, command_id, recorded_at or _now())[0]

    def _append_in(
        self,
        cursor: Any,
        appends: Sequence[StreamAppend],
        command_id: str | None,
        at: str,
    ) -> tuple[list[StoredEvent], bool]:
        """`append_in`, and whether it wrote anything (not when the command was stored)."""
        self.lock_for_append(cursor)
        if command_id is not None:
            cursor.execute(self._sql_command, (command_id,))
            already = cursor.fetchall()
            if already:
                return self._decode_page(already), False
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
            self._drop_writer()
        return self.storage_error(exc, "writing") or self._translate(exc, stream_id)

    # -- failing closed (see `tourney.store.health`) ----------------------------------------

    def fail_closed(self) -> None:
        """Watch the database as a server must (see `tourney.store.health`): on SQLite,
        refuse to start when the log ends before the last event a server acknowledged;
        then hold one connection open for the store's life (the -wal stays the one
        opened), note the identities of the database file and its -wal, and keep the
        acknowledged-head file beside the database. Any I/O error fails the store closed
        on every backend. Raises StoreError."""
        from tourney.store.health import AcknowledgedHead, FileWatch, acknowledged_file, lost_tail

        self._fails_closed = True
        path = self.sqlite_path()
        if path is None:
            return
        path = os.path.abspath(path)
        file = acknowledged_file(path)
        lost = lost_tail(self, file)
        if lost is not None:
            raise StoreError(
                f"{lost[2]}; run tourney verify (to serve the log as it is, after a backup "
                f"was restored on purpose, delete {file})"
            )
        try:
            self._keeper = self._connect()
            self._keeper.execute("SELECT 1 FROM events LIMIT 1").fetchall()
            self._watch = FileWatch(path)
            self._acknowledged = AcknowledgedHead(file)
        except OSError as exc:
            raise StoreError(f"cannot write {file}: {exc.strerror or exc}") from None

    def sqlite_path(self) -> str | None:
        """The file of a SQLite store (as its URL names it); None on PostgreSQL."""
        from tourney.store.database import sqlite_path

        return sqlite_path(self._url_text) if self._sqlite else None

    def storage_error(self, exc: BaseException, doing: str) -> StoreError | None:
        """The error to raise for ``exc`` when the disk is full, or when it says the storage
        failed and the store fails closed (`fail_closed`: it then refuses every append);
        None for anything else."""
        from tourney.store.errors import storage_failure

        if isinstance(exc, StoreError):
            return None
        kind = storage_failure(exc)
        if kind is None:
            return None
        text = " ".join(str(exc).split()) or type(exc).__name__
        if kind == "full":
            return DiskFullError(
                f"the disk holding the database is full ({text}): nothing was recorded; "
                "free some space and try again"
            )
        if not self._fails_closed:
            return None
        # A watched file deleted or replaced is the cause to name, whether an append's check
        # or a read's I/O error (the feed's, say) noticed it first.
        changed = self._watch.changed() if self._watch is not None else None
        return self._fail(changed or f"{text} while {doing}")

    def _fail(self, reason: str) -> StorageFailedError:
        from tourney.store.health import failed_message

        if self.failed is None:
            self.failed = failed_message(reason)
            for hook in self.on_failure:
                with contextlib.suppress(Exception):
                    hook(self.failed)
        return StorageFailedError(self.failed)

    def _check_sound(self) -> None:
        """Refuse (StorageFailedError) once failed, or when a watched file changed."""
        if self.failed is not None:
            raise StorageFailedError(self.failed)
        if self._watch is not None:
            changed = self._watch.changed()
            if changed is not None:
                raise self._fail(changed)

    def _acknowledge(self, stored: Sequence[StoredEvent]) -> None:
        """After a commit, before the append returns: check the files again (a commit into
        a deleted -wal is not acknowledged), then say what is acknowledged."""
        if self._watch is None:
            return
        self._check_sound()
        if stored and self._acknowledged is not None:
            try:
                self._acknowledged.write(stored[-1])
            except OSError as exc:
                raise self._fail(
                    f"{self._acknowledged.path} could not be written ({exc.strerror or exc})"
                ) from None

    def group_commits(self) -> None:
        """From now on, appends made at the same moment by several threads of this process
        share one transaction (see `tourney.store.group_commit`): a server's many tables
        pay one fsync per batch instead of one each. Each append still returns only once
        its events are committed, and refuses as it would alone."""
        from tourney.store.group_commit import GroupCommit

        self._group = GroupCommit(self)

    def commit_durable_to_crash(self) -> None:
        """From now on (connections opened after this call), a SQLite store commits at
        synchronous=NORMAL instead of FULL: in WAL mode a commit no longer waits for an
        fsync (the WAL is synced at each checkpoint), so a committed append survives any
        crash or kill of the process, and only a power loss or OS crash can lose the last
        transactions. For a long-running server (`tourney serve`), where each move would
        otherwise wait for a disk flush; one-shot commands keep FULL. No effect on
        PostgreSQL."""
        if not self._sqlite:
            return
        self._synchronous = "NORMAL"
        self._drop_writer()

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
        `append`), and whether anything was written (False: nothing to write, or the
        command's earlier events, returned as stored). `check_command` false: the caller
        has checked the command id (a multi-stream append stores it on every stream)."""
        if "\x00" in stream_id:  # PostgreSQL text cannot hold one: refused on both backends
            raise StoreError(f"a stream id cannot hold a NUL (0x00) byte: {stream_id!r}")
        recorded_at = recorded_at or _now()
        latest_of = self.registry._current.get
        encode = compact_json
        make = tuple.__new__
        sqlite = self._sqlite
        execute = cursor.execute
        if command_id is not None and check_command:
            execute(self._sql_command, (command_id,))
            already = cursor.fetchall()
            if already:
                return self._decode_page(already), False
        execute(self._sql_head, (stream_id,))
        head = cursor.fetchone()
        version, previous = (head[0], head[1]) if head else (0, GENESIS)
        if expected_version is not None and expected_version != version:
            raise ConcurrencyError(stream_id, expected_version, version)
        new_stream = version == 0
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
                body = self.registry.upcast(type_, schema, body)
            version += 1
            by = event.recorded_by
            previous = event_hash(
                previous, stream_id, version, type_, schema, text, recorded_at, by,
                command_id,
            )  # fmt: skip
            rows.append(
                (stream_id, version, type_, schema, text, recorded_at, by, command_id,
                 previous)
            )  # fmt: skip
            stored.append((version, type_, body, latest, recorded_at, by, command_id, previous))
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
        """Open the driver connection and cursor appends use, kept open: a pool checkout per
        append costs as much as the insert. Dropped after a failure."""
        pooled = self._connect()
        # A SQLAlchemy pool hands out a wrapper; the direct SQLite engine the bare driver.
        driver = getattr(pooled, "driver_connection", pooled)
        if isinstance(self._direct, DirectPostgresEngine):
            # The calling thread's own connection, which it reads and catches up on too:
            # nothing to keep (another thread appending uses its own).
            return driver, driver.cursor()
        self._writer_pooled = pooled
        self._writer = (driver, driver.cursor())
        return self._writer

    def _drop_writer(self) -> None:
        writer, self._writer = self._writer, None
        if writer is not None:
            with contextlib.suppress(Exception):
                writer[1].close()
                self._writer_pooled.close()

    def _lock_postgres(self, cursor: Any) -> None:
        cursor.execute(f"SET LOCAL lock_timeout = {LOCK_TIMEOUT_MS}")
        cursor.execute("LOCK TABLE events IN EXCLUSIVE MODE")

    def _insert(self, cursor: Any, rows: list[Row]) -> list[int]:
        """Insert the rows of a batch (or of any append on PostgreSQL; a single event on
        SQLite is inserted by `append` itself); returns the positions taken.

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
        message = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
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
            # Text that cannot be stored: typically a name typed in bytes that are not UTF-8,
            # which Python keeps as lone surrogates.
            return StoreError(
                f"could not append to {stream_id!r}: the event holds text that is not valid "
                f"Unicode ({message}); retype it in UTF-8"
            )
        return describe_connect_error(self._url_text, exc)

    # -- reading ---------------------------------------------------------------------------

    def stream_version(self, stream_id: str) -> int:
        """The version of the last event in `stream_id`; 0 for a stream with none."""
        head = self._head(stream_id)
        return 0 if head is None else head[0]

    def head_hash(self, stream_id: str) -> str | None:
        """The hash of the last event in `stream_id` (64 hex digits), None if empty."""
        head = self._head(stream_id)
        return None if head is None else head[1]

    def short_head_hash(self, stream_id: str) -> str | None:
        """The head hash in the 12-digit form printed on a scoresheet."""
        full = self.head_hash(stream_id)
        return None if full is None else short(full)

    def heads(self) -> list[tuple[str, int, str]]:
        """(stream, version, hash) of every stream's last event, by stream id."""
        rows = self.fetch_rows(
            "SELECT e.stream_id, e.version, e.hash FROM events AS e JOIN "
            "(SELECT stream_id, MAX(version) AS version FROM events GROUP BY stream_id) AS h "
            "ON e.stream_id = h.stream_id AND e.version = h.version ORDER BY e.stream_id",
            (),
        )
        return [(str(stream), int(version), str(hash_)) for stream, version, hash_ in rows]

    def _head(self, stream_id: str) -> tuple[int, str] | None:
        if "\x00" in stream_id:  # never stored (see `_write`); PostgreSQL cannot look it up
            return None
        rows = self.fetch_rows(self._sql_head, (stream_id,))
        return (int(rows[0][0]), str(rows[0][1])) if rows else None

    def read_stream(
        self,
        stream_id: str,
        from_version: int = 0,
        to_version: int | None = None,
        page_size: int = PAGE_SIZE,
    ) -> Iterator[StoredEvent]:
        """The events of `stream_id` after version `from_version` (0: all) up to and including
        `to_version`, in version order, read a page at a time."""
        last = from_version
        upto = to_version if to_version is not None else 2**31 - 1
        if "\x00" in stream_id:  # never stored (see `_write`); PostgreSQL cannot look it up
            return
        while True:
            rows = self.fetch_rows(self._sql_stream, (stream_id, last, upto, page_size))
            yield from self._decode_page(rows)
            if len(rows) < page_size:
                return
            last = rows[-1][2]

    def read_all(
        self,
        from_position: int = 0,
        to_position: int | None = None,
        page_size: int = PAGE_SIZE,
    ) -> Iterator[StoredEvent]:
        """Every event after global position `from_position` (0: all) up to and including
        `to_position`, in position order, read a page at a time (memory stays flat)."""
        last = from_position
        upto = to_position if to_position is not None else 2**63 - 1
        while True:
            rows = self.fetch_rows(self._sql_all, (last, upto, page_size))
            yield from self._decode_page(rows)
            if len(rows) < page_size:
                return
            last = rows[-1][0]

    def read_stream_in(
        self, cursor: Any, stream_id: str, from_version: int = 0
    ) -> list[StoredEvent]:
        """The events of `stream_id` after `from_version`, read on `cursor` (inside the
        caller's transaction: what it appended itself is seen too)."""
        if "\x00" in stream_id:  # never stored (see `_write`); PostgreSQL cannot look it up
            return []
        cursor.execute(self._sql_stream, (stream_id, from_version, 2**31 - 1, 2**31 - 1))
        return self._decode_page(cursor.fetchall())

    def lock_for_append(self, cursor: Any) -> None:
        """Take the append lock in the caller's transaction on `cursor` (PostgreSQL; on
        SQLite the caller's BEGIN IMMEDIATE holds it already), so what it reads next is
        what it appends after."""
        if not self._sqlite:
            self._lock_postgres(cursor)

    def events_of_command(self, command_id: str) -> list[StoredEvent]:
        """The events appended under `command_id` (none if it was never used)."""
        return self._decode_page(self.fetch_rows(self._sql_command, (command_id,)))

    def max_position(self) -> int:
        """The largest global position stored; 0 when the log is empty."""
        rows = self.fetch_rows("SELECT MAX(position) FROM events", ())
        return int(rows[0][0] or 0)

    def _decode_page(self, rows: list[Row]) -> list[StoredEvent]:
        loads = orjson.loads
        latest_of = self.registry._current.get
        upcast = self.registry.upcast
        # tuple.__new__ rather than the named tuple's own __new__, which is Python code.
        make = tuple.__new__
        decoded: list[StoredEvent] = []
        append = decoded.append
        for position, stream_id, version, type_, schema, payload, at, by, command, hash_ in rows:
            try:
                body = loads(payload)
            except orjson.JSONDecodeError:
                body = json.loads(payload)  # what orjson refuses (big integers), or raises
            latest = latest_of(type_, DEFAULT_VERSION)
            if schema != latest:
                body = upcast(type_, schema, body)
                schema = latest
            append(
                make(
                    StoredEvent,
                    (position, stream_id, version, type_, body, schema, at, by, command, hash_),
                )
            )
        return decoded

    def decode_for_replay(
        self, stream_id: str, rows: list[Row], shared: SharedPayloads
    ) -> list[StoredEvent]:
        """The stored events of `stream_id` in `rows` (`REPLAY_COLUMNS`: no stream, no
        metadata), for a reader that uses only their position, stream, version, type and
        payload and changes no payload (a rebuild's replay of the `per_stream` read models;
        see `Projector.rebuild`): `recorded_at` and `hash` are left empty, `recorded_by` and
        `command_id` None.

        Rows with the same type, schema version and payload text (of at most `SHARED_TEXT`
        characters) get the same payload object, decoded once and kept in `shared` (the
        caller's, say for a whole rebuild; at most `SHARED_PAYLOADS`): in a log most
        payloads repeat (a tile placed by a player on a tile), and a reader may key on the
        payload object (the match read model makes each engine event once)."""
        known = shared.get
        make = tuple.__new__
        decoded: list[StoredEvent] = []
        append = decoded.append
        for position, version, type_, schema, payload in rows:
            key = (type_, schema, payload)
            first = known(key)
            if first is None:
                event = self._decode_page([(0, "", 0, type_, schema, payload, "", None, None, "")])
                first = (event[0].payload, event[0].schema_version)
                if len(payload) <= SHARED_TEXT:
                    if len(shared) >= SHARED_PAYLOADS:
                        shared.clear()
                    shared[key] = first
            append(
                make(
                    StoredEvent,
                    (position, stream_id, version, type_, *first, "", None, None, ""),
                )
            )
        return decoded

    def fetch_rows(self, sql: str, params: tuple[Any, ...]) -> list[Row]:
        """All rows of one read-only statement in the driver's paramstyle (for the store's
        own modules: verify, status)."""
        if isinstance(self._direct, DirectPostgresEngine):
            try:
                return self._direct.fetch(sql, params)
            except Exception as exc:
                raise self._read_error(exc) from None
        if self._direct is not None or not self._sqlite:
            return self._fetch_kept(sql, params)
        raw = self._connect()
        try:
            cursor = raw.cursor()
            cursor.execute(sql, params)
            rows: list[Row] = cursor.fetchall()
            cursor.close()
            if self.dialect != "sqlite":
                raw.rollback()
            return rows
        except StoreError:
            raise
        except Exception as exc:
            raise self._read_error(exc) from None
        finally:
            raw.close()

    def _fetch_kept(self, sql: str, params: tuple[Any, ...]) -> list[Row]:
        """`fetch_rows` on a connection kept for the calling thread, in autocommit: each
        statement is its own read transaction, so it sees every commit made before it.
        (Opening a SQLite connection with its settings costs more than most reads; a pooled
        PostgreSQL connection costs a checkout and two rollbacks, three round trips.)"""
        raw = getattr(self._readers, "connection", None)
        if raw is None:
            raw = self._open_reader()
            self._readers.connection = raw
            with self._readers_lock:
                self._reader_connections.append(raw)
        try:
            cursor = raw.execute(sql, params)
            rows: list[Row] = cursor.fetchall()
            cursor.close()
            return rows
        except Exception as exc:
            self._readers.connection = None
            with contextlib.suppress(Exception):
                raw.close()
            raise self._read_error(exc) from None

    def _read_error(self, exc: BaseException) -> StoreError:
        return self.storage_error(exc, "reading") or describe_connect_error(self._url_text, exc)

    def _open_reader(self) -> Any:
        if self._sqlite:
            return self._connect()
        import psycopg

        url = self.engine.url.set(drivername="postgresql")
        try:
            return psycopg.connect(url.render_as_string(hide_password=False), autocommit=True)
        except Exception as exc:
            raise describe_connect_error(self._url_text, exc) from None

    def connect(self) -> Any:
        """A new DB-API connection of the store's driver (sqlite3 with tourney's settings and
        transactions begun explicitly, or psycopg); the caller closes it. Its parameter
        marker is `mark`. Raises DatabaseUnavailableError."""
        return self._connect()

    def _connect(self) -> Any:
        connection: Any
        try:
            if self._direct is not None:
                connection = self._direct.raw_connection()
            else:
                connection = self.engine.raw_connection()
            if self._synchronous is not None:
                cursor = connection.cursor()
                cursor.execute(f"PRAGMA synchronous = {self._synchronous}")
                cursor.close()
        except Exception as exc:
            raise describe_connect_error(self._url_text, exc) from None
        return connection
