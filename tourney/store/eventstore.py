"""The event store: append to streams with optimistic concurrency, read streams and the
global log. A small façade over the modules that each do one part:

- `connections.py`: which database, and opening sqlite3 or psycopg connections to it;
- `appending.py`: appends, the hash chain and the log link, serialised writers;
- `reading.py`: streams, heads, the whole log, a command's events;
- `decoding.py`: stored rows into events, old payloads lifted by the upcasters;
- `health.py`: failing closed when the storage fails (what `tourney serve` asks for);
- `group_commit.py`: a server's concurrent appends sharing one commit;
- `migrate.py`: creating or upgrading the schema, the one place SQLAlchemy and alembic
  are loaded.

An event is `(stream_id, type, payload, metadata)`; the store knows nothing of dominoes.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

# Re-exported: the store's callers take these from here.
from tourney.store.appends import AppendRequest as AppendRequest
from tourney.store.appends import NewEvent as NewEvent
from tourney.store.appends import StoredEvent as StoredEvent
from tourney.store.appends import StreamAppend as StreamAppend
from tourney.store.connections import Connections, Target, plain_target, schema_revision
from tourney.store.database import (
    COMPANIONS,
    require_sqlite_file,
    resolve_url,
    safe_url,
)
from tourney.store.decoding import COLUMNS as COLUMNS
from tourney.store.decoding import REPLAY_COLUMNS as REPLAY_COLUMNS
from tourney.store.decoding import Row
from tourney.store.decoding import SharedPayloads as SharedPayloads
from tourney.store.errors import StoreError, describe_connect_error
from tourney.store.health import Health
from tourney.store.migrate import HEAD_REVISION
from tourney.store.reading import PAGE_SIZE, Reader
from tourney.store.upcasting import UpcasterRegistry

if TYPE_CHECKING:
    from tourney.store.appending import Appender
    from tourney.store.group_commit import GroupCommit


class EventStore:
    """Append-only streams of events in one SQLite or PostgreSQL database."""

    def __init__(
        self,
        target: Target,
        registry: UpcasterRegistry | None = None,
        *,
        reads_only: bool = False,
        reader: Any = None,
    ) -> None:
        """A store on `target` (see `from_url`, which checks its schema first). `reader`: a
        connection (PostgreSQL, autocommit) to keep as this thread's read connection."""
        self.target = target
        # The store knows no game: the upcasters of the events it holds come from outside.
        self.registry = registry if registry is not None else UpcasterRegistry()
        self.dialect = target.dialect
        self._sqlite = self.dialect == "sqlite"
        # The driver's parameter marker, for the store's own modules' SQL.
        self.mark = mark = "?" if self._sqlite else "%s"
        # Called after each append that wrote something (projections catch up here).
        self.after_append: list[Callable[[], None]] = []
        # What went wrong after an append was committed (a hook that failed): said to the
        # user as a warning, never as a refusal, since the events are stored.
        self.warnings: list[str] = []
        self.connections = Connections(target, reads_only)
        if reader is not None:
            self.connections.keep_reader(reader)
        self.health = Health()
        self._reader = Reader(self.connections, self.registry, mark, self._read_error)
        # A store that only reads makes its appends' side if ever asked (its connections
        # refuse to write): a reading command does not load it, nor the hash chain's
        # hashlib, whose OpenSSL start costs a one-shot command several milliseconds.
        self._writer: Appender | None = None if reads_only else self._new_appender()
        self._group: GroupCommit | None = None

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
        With `reads_only` (a command that only reads; implies `create` False), SQLite is
        read through connections that cannot write, and that read on a full disk too
        (`connections.open_reader`). `registry` lifts old payloads as they are read (none:
        every payload is current).

        A database already at the head revision is opened with its driver alone (one query
        to `alembic_version`); anything else goes through `migrate.prepare` (SQLAlchemy,
        and alembic when the schema must be made or upgraded), which also makes the
        one-line errors.
        """
        resolved = resolve_url(url)
        if not create or reads_only:
            require_sqlite_file(resolved)
        target = plain_target(resolved)
        if target is not None:
            revision, reader = schema_revision(target, reads_only)
            if revision == HEAD_REVISION:
                return cls(target, registry, reads_only=reads_only, reader=reader)
            if reader is not None:
                reader.close()
        from tourney.store.migrate import prepare

        target = prepare(resolved, create=create and not reads_only, upgrade=upgrade)
        return cls(target, registry, reads_only=reads_only)

    def _new_appender(self) -> Appender:
        from tourney.store.appending import Appender

        return Appender(self.connections, self.registry, self.mark, self.health)

    @property
    def _appender(self) -> Appender:
        if self._writer is None:
            self._writer = self._new_appender()
        return self._writer

    def _drop_writer(self) -> None:
        if self._writer is not None:
            self._writer.drop_writer()

    def close(self) -> None:
        """Close every connection."""
        self._drop_writer()
        self.health.close()
        self.connections.close()

    def __enter__(self) -> EventStore:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()

    @property
    def url(self) -> str:
        """The database URL, password hidden."""
        return safe_url(self.target.url)

    # -- writing (`appending.py`) -----------------------------------------------------------

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
        group = self._group
        if group is not None:
            return group.append(stream_id, events, expected_version, command_id)
        result, wrote = self._appender.append(stream_id, events, expected_version, command_id)
        if wrote:
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
        outcomes, wrote = self._appender.append_batch(requests)
        if wrote:
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
        result, wrote = self._appender.append_streams(appends, command_id)
        if wrote:
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
        from tourney.store.appending import now

        return self._appender.append_in(cursor, appends, command_id, recorded_at or now())[0]

    def lock_for_append(self, cursor: Any) -> None:
        """Take the append lock in the caller's transaction on `cursor` (PostgreSQL; on
        SQLite the caller's BEGIN IMMEDIATE holds it already), so what it reads next is
        what it appends after."""
        self._appender.lock_for_append(cursor)

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
        self.connections.synchronous = "NORMAL"
        self._drop_writer()

    # -- failing closed (`health.py`) --------------------------------------------------------

    def fail_closed(self) -> None:
        """Watch the database as a server must (see `tourney.store.health`): on SQLite,
        refuse to start when the log ends before the last event a server acknowledged;
        then hold one connection open for the store's life (the -wal stays the one
        opened), note the identities of the database file and its -wal, and keep the
        acknowledged-head file beside the database. Any I/O error fails the store closed
        on every backend. Raises StoreError."""
        self.health.watch(self, self.sqlite_path(), self.connections.open)

    @property
    def failed(self) -> str | None:
        """Why appends are refused for good (None: they are not); see `fail_closed`."""
        return self.health.failed

    @property
    def on_failure(self) -> list[Callable[[str], None]]:
        """Who is told, once, when the store fails closed."""
        return self.health.on_failure

    def storage_error(self, exc: BaseException, doing: str) -> StoreError | None:
        """The error to raise for ``exc`` when the disk is full, or when it says the storage
        failed and the store fails closed (`fail_closed`: it then refuses every append);
        None for anything else."""
        return self.health.storage_error(exc, doing)

    def sqlite_path(self) -> str | None:
        """The file of a SQLite store; None on PostgreSQL."""
        return self.target.path if self._sqlite else None

    # -- reading (`reading.py`) --------------------------------------------------------------

    def stream_version(self, stream_id: str) -> int:
        """The version of the last event in `stream_id`; 0 for a stream with none."""
        return self._reader.stream_version(stream_id)

    def head_hash(self, stream_id: str) -> str | None:
        """The hash of the last event in `stream_id` (64 hex digits), None if empty."""
        return self._reader.head_hash(stream_id)

    def short_head_hash(self, stream_id: str) -> str | None:
        """The head hash in the 12-digit form printed on a scoresheet."""
        return self._reader.short_head_hash(stream_id)

    def heads(self) -> list[tuple[str, int, str]]:
        """(stream, version, hash) of every stream's last event, by stream id."""
        return self._reader.heads()

    def read_stream(
        self,
        stream_id: str,
        from_version: int = 0,
        to_version: int | None = None,
        page_size: int = PAGE_SIZE,
    ) -> Iterator[StoredEvent]:
        """The events of `stream_id` after version `from_version` (0: all) up to and including
        `to_version`, in version order, read a page at a time."""
        return self._reader.read_stream(stream_id, from_version, to_version, page_size)

    def read_all(
        self,
        from_position: int = 0,
        to_position: int | None = None,
        page_size: int = PAGE_SIZE,
    ) -> Iterator[StoredEvent]:
        """Every event after global position `from_position` (0: all) up to and including
        `to_position`, in position order, read a page at a time (memory stays flat)."""
        return self._reader.read_all(from_position, to_position, page_size)

    def read_stream_in(
        self, cursor: Any, stream_id: str, from_version: int = 0
    ) -> list[StoredEvent]:
        """The events of `stream_id` after `from_version`, read on `cursor` (inside the
        caller's transaction: what it appended itself is seen too)."""
        return self._reader.read_stream_in(cursor, stream_id, from_version)

    def events_of_command(self, command_id: str) -> list[StoredEvent]:
        """The events appended under `command_id` (none if it was never used)."""
        return self._reader.events_of_command(command_id)

    def max_position(self) -> int:
        """The largest global position stored; 0 when the log is empty."""
        return self._reader.max_position()

    # -- the tournament registry ------------------------------------------------------------

    def registered(self, slug: str) -> bool:
        """Whether a tournament has the slug `slug` (the registry that the database fills
        as a `tournament-<slug>` stream's first event, `tournament_created`, is appended)."""
        return self._reader.registered(slug)

    def tournaments(self, named: str | None = None) -> list[tuple[str, str]]:
        """(slug, display name) of every tournament, oldest first; with `named`, of those
        whose name the database lowers as it lowers `named` (an index lookup)."""
        return self._reader.tournaments(named)

    def newest_tournament(self) -> str | None:
        """The slug of the tournament created last; None when there is none."""
        return self._reader.newest_tournament()

    def database_files(self) -> tuple[Path, ...]:
        """The files of this store's database, resolved: the SQLite file and its companions
        (none for PostgreSQL). SQLite names its own file, whatever URL or path opened it."""
        if self.dialect != "sqlite":
            return ()
        rows = self.fetch_rows("PRAGMA database_list", ())
        mains = [Path(str(row[2])).resolve() for row in rows if row[1] == "main" and row[2]]
        return tuple(m.with_name(m.name + end) for m in mains for end in ("", *COMPANIONS))

    def fetch_rows(self, sql: str, params: tuple[Any, ...]) -> list[Row]:
        """All rows of one read-only statement in the driver's paramstyle (`mark`), on the
        calling thread's read connection (for the store's own modules, the read models'
        readers and the pages of `tourney serve`)."""
        return self._reader.fetch_rows(sql, params)

    def _read_error(self, exc: BaseException) -> StoreError:
        return self.storage_error(exc, "reading") or describe_connect_error(self.target.url, exc)

    def connect(self) -> Any:
        """A new DB-API connection of the store's driver (sqlite3 with tourney's settings and
        transactions begun explicitly, or psycopg); the caller closes it. Its parameter
        marker is `mark`. Raises DatabaseUnavailableError."""
        return self.connections.open()
