"""Checkpointed projections: read models built from the global log.

A projection has a name, the read-model tables it owns, a filter on stream ids, and an
`apply` that turns a batch of events into rows. The projector feeds the projections the log
from their checkpoints, one page per transaction (a page is read once for every projection
behind, each given the events after its own checkpoint), and writes the new checkpoints in
the same transaction as the rows, so a crash leaves both at the same point. Writes are
serialised (BEGIN IMMEDIATE on SQLite, the checkpoint rows locked FOR UPDATE on PostgreSQL),
so two processes catching up at once never apply an event twice.

`Projector.attach(store)` makes every append catch up before it returns: a command's read
model is current when the command ends.

A projection is total: when its `apply` raises for a batch, the batch is undone (a
savepoint) and applied again one event at a time, and each event it still cannot apply is
recorded in `projection_problems` with the reason (`tourney verify` names them) while the
projection goes on. A stored event can never leave the read models unbuildable. Database
failures (disk full, a lost connection) are not the event's fault: they roll the page back
and are raised.

A *policy* (`policy = True`) is a projection that appends events in reaction to others
(e.g. a finished match posts its result to its tournament) through `Batch.append`, in the
same transaction as its checkpoint: what it appends is committed exactly when it is
marked done. Policies own no read model, and a rebuild leaves their checkpoints alone.

Each checkpoint records the `revision` of the projection that wrote its rows. A read model
whose stored revision is below its code's was written by an older tourney: the first
catch-up to see that empties it and builds it again from the whole log (one line in
`store.warnings` says so), in the same serialised way, so it never shows rows an older
tourney computed differently. One above its code's was written by a newer tourney: the
catch-up refuses (`SchemaError`, "upgrade tourney"), as for a newer schema, rather than
have two versions sharing a database rebuild it in turn.

Everything runs on the store's own DB-API connections (sqlite3 or psycopg, see
`tourney.store.connections`) with the store's parameter marker, never through SQLAlchemy.
"""

import contextlib
import gc
import itertools
from collections.abc import Callable, Iterator, Sequence
from functools import partial
from typing import Any, NamedTuple, Protocol

from tourney.i18n import _
from tourney.store.decoding import (
    REPLAY_COLUMNS,
    STREAM_COLUMNS,
    Row,
    SharedPayloads,
    decode_for_replay,
)
from tourney.store.errors import (
    SchemaError,
    StoreError,
    describe_connect_error,
    is_driver_error,
    is_infrastructure_error,
)
from tourney.store.eventstore import EventStore, NewEvent, StoredEvent, StreamAppend

PAGE_SIZE = 5000
# New objects between two collections of the collector's youngest generation during a
# rebuild (CPython's default: 700). Replaying makes no reference cycles (bench/FINDINGS.md).
REBUILD_THRESHOLD = 50_000
# Called after each page with the number of events read so far (over all projections).
Progress = Callable[[int], None]


class Batch(NamedTuple):
    """What `apply` gets: the events it wants from one page of the log, a DB-API cursor in
    the open transaction its rows go in, the dialect (`"sqlite"` or `"postgresql"`), the
    store (to read whole streams), and what policies appended in it (a new list each: a
    named tuple, as every command that opens a store defines it)."""

    cursor: Any
    dialect: str
    store: EventStore
    events: Sequence[StoredEvent]
    appended: list[StoredEvent]

    def append(
        self, stream_id: str, events: Sequence[NewEvent], expected: int | None, command_id: str
    ) -> list[StoredEvent]:
        """A policy's append, in this batch's transaction; a `command_id` already stored
        appends nothing (a policy run again after a crash, or a rebuild, repeats nothing)."""
        stored = self.store.append_in(
            self.cursor, [StreamAppend(stream_id, events, expected)], command_id
        )
        self.appended.extend(stored)
        return stored

    @property
    def mark(self) -> str:
        """The driver's parameter marker: `?` for sqlite3, `%s` for psycopg."""
        return "?" if self.dialect == "sqlite" else "%s"

    def marks(self, count: int) -> str:
        """`count` parameter markers separated by commas, for a VALUES or IN list."""
        return ", ".join([self.mark] * count)


class Projection(Protocol):
    """A read model built from events. `name` keys its checkpoint; `tables` names the
    tables it alone writes (emptied by a rebuild). A policy (see the module docstring)
    sets `policy` true.

    A read model may also set `per_stream` true: its rows for a stream depend on that
    stream's events alone (given in version order, whatever the order of the streams), and
    `apply` reads of `batch.events` only their position, stream, version, type and payload,
    and changes no payload. A rebuild then replays it stream by stream, reading no more of
    each event and decoding each repeated payload once (see `decoding.decode_for_replay`).

    Such a read model may also have `replay_stream(batch, stream_id, rows)`: the whole
    stream's stored rows (`STREAM_COLUMNS`; given only when the stream is whole from
    version 1: row i is version i + 1), not decoded, to
    write exactly the rows `apply` would write for their decoded events (`batch.events` is
    empty; its tables hold nothing of the stream yet), or to write nothing and return
    False, and `apply` gets the decoded events. A rebuild calls it first: a read model that
    keeps what it made of each payload text (the match read model's engine events) then
    decodes a repeated payload not at all.
    """

    name: str
    # What the rows mean: raise it whenever the code writes other rows for the same events
    # (`tests/integration/test_projection_revisions.py` fails until it is raised).
    revision: int
    policy: bool

    def tables(self) -> Sequence[str]:
        """The names of the read-model tables this projection owns."""
        ...

    def wants(self, stream_id: str) -> bool:
        """Whether events of `stream_id` concern this projection."""
        ...

    def apply(self, batch: Batch) -> None:
        """Write the rows for `batch.events` through `batch.cursor`."""
        ...

    def reset(self) -> None:
        """Forget any in-memory state (called before a rebuild)."""
        ...


class _Declined(Exception):
    """A `replay_stream` that wants the decoded events instead (see `Projection`)."""


class CheckpointStatus(NamedTuple):
    """A projection's checkpoint against the head of the log (`tourney db status`)."""

    name: str
    position: int
    head: int

    @property
    def behind(self) -> bool:
        return self.position < self.head


@contextlib.contextmanager
def _bulk_replay() -> Iterator[None]:
    """The cyclic collector paced for a rebuild: replaying allocates several objects per
    event (the decoded payload, the engine's event, the rows) and frees nearly all of them
    by reference counting, so the youngest generation keeps filling and the collector keeps
    scanning what is alive, finding nothing. CPython's documented tools: `gc.freeze` sets
    what was alive before (the modules, the store) aside from every collection, and
    `gc.set_threshold` makes collections rarer. The collector stays on (a cycle made by
    mistake is still collected, later); both are undone after. Where the process froze
    its own long-lived objects already (the test runner does, after collecting), they are
    left so: `gc.unfreeze` cannot tell its objects from ours, and would undo theirs too."""
    saved = gc.get_threshold()
    ours = gc.get_freeze_count() == 0
    if ours:
        gc.freeze()
    gc.set_threshold(max(saved[0], REBUILD_THRESHOLD), *saved[1:])
    try:
        yield
    finally:
        gc.set_threshold(*saved)
        if ours:
            gc.unfreeze()


class Projector:
    """Runs projections over the log of one store."""

    def __init__(self, store: EventStore, projections: Sequence[Projection]) -> None:
        names = [projection.name for projection in projections]
        if len(set(names)) != len(names):
            raise ValueError(f"projection names must be unique: {names}")
        self.store = store
        self.projections = list(projections)
        self._sqlite = store.dialect == "sqlite"
        mark = store.mark
        self._sql_insert_checkpoint = (
            f"INSERT INTO projection_checkpoints (name, position, revision) "
            f"VALUES ({mark}, 0, {mark}) ON CONFLICT (name) DO NOTHING"
        )
        self._revisions = {projection.name: projection.revision for projection in projections}
        lock = "" if self._sqlite else " FOR UPDATE"
        self._sql_lock_checkpoint = (
            f"SELECT position FROM projection_checkpoints WHERE name = {mark}{lock}"
        )
        self._sql_lock_revision = (
            f"SELECT revision FROM projection_checkpoints WHERE name = {mark}{lock}"
        )
        self._sql_set_checkpoint = (
            f"UPDATE projection_checkpoints SET position = {mark}, stream_id = {mark}, "
            f"version = {mark} WHERE name = {mark}"
        )

    def attach(self) -> "Projector":
        """Catch up after every append to the store."""
        self.store.after_append.append(self._after_append)
        return self

    def _after_append(self) -> None:
        # The append is committed: a failure to catch up now must not read as a refusal.
        # It is kept as a warning for the command to print, and the next command (any
        # catch-up) finishes the work.
        try:
            self.catch_up()
        except Exception as exc:
            reason = " ".join(str(exc).split()) or type(exc).__name__
            self.store.warnings.append(
                f"recorded, but the read models could not catch up ({reason}); "
                "the next command will"
            )

    def catch_up(self, progress: Progress | None = None, page_size: int = PAGE_SIZE) -> int:
        """Apply every event after each projection's checkpoint; returns the events read
        from the log (each page is read once for all the projections behind)."""
        total = 0
        with self._connection() as (connection, cursor):
            head, checkpoints, revisions = self._positions(connection, cursor)
            models = [p for p in self.projections if not p.policy]
            for projection in models:
                if revisions.get(projection.name, 0) > projection.revision:
                    raise SchemaError(
                        _(
                            "read model {name} was written by a newer tourney "
                            "(revision {found}; this one writes {ours}): upgrade tourney"
                        ).format(
                            name=projection.name,
                            found=revisions[projection.name],
                            ours=projection.revision,
                        )
                    )
            outdated = [p for p in models if revisions.get(p.name, p.revision) < p.revision]
            if outdated:
                self._renew(connection, cursor, outdated)
                head, checkpoints, revisions = self._positions(connection, cursor)
            behind = [p for p in self.projections if checkpoints.get(p.name, 0) < head]
            while behind:
                read, appended = self._step(connection, cursor, behind, page_size)
                total += read
                if progress is not None:
                    progress(total)
                if appended:  # a policy appended: everyone has those to apply too
                    behind = self.projections
                elif read < page_size:
                    break
        return total

    def rebuild(self, progress: Progress | None = None, page_size: int = PAGE_SIZE) -> int:
        """Empty every read model and its checkpoint (one transaction), then catch up; when
        every read model is `per_stream`, they are emptied and replayed stream by stream in
        one transaction (`_replay_streams`), and the catch-up has only what was appended
        since. Either way the log is read once. Policies are not run again: see the module
        docstring."""
        models = [p for p in self.projections if not p.policy]
        by_stream = all(getattr(p, "per_stream", False) for p in models)
        with _bulk_replay(), self._connection() as (connection, cursor):
            if by_stream:
                read = self._replay_streams(connection, cursor, models, progress, page_size)
            else:
                self.empty_committed(connection, cursor, models)
                read = 0

            def more(done: int) -> None:
                if progress is not None:
                    progress(read + done)

            return read + self.catch_up(more, page_size)

    def _replay_streams(
        self,
        connection: Any,
        cursor: Any,
        projections: Sequence[Projection],
        progress: Progress | None,
        page_size: int,
    ) -> int:
        """Empty the `per_stream` read models in `projections` (`empty`), apply every
        stream's events up to the log's head to them, stream by stream, each event read
        with `STREAM_COLUMNS` only for a `replay_stream`, and again with `REPLAY_COLUMNS`
        for `apply` (each repeated payload decoded once), as needed; then set their
        checkpoints to the head (never back) and apply again, whole, every stream another
        process appended to since. Returns the events read; `progress` hears of every
        `page_size` events or so.

        All of it is one transaction: at `synchronous=FULL` every commit waits for the
        disk (a commit per 5,000 events was 20 waits for 100,000 events), and only read
        models are written. A failure, or the process killed, leaves the read models and
        checkpoints as they were before the rebuild; the events are never touched."""
        store, mark = self.store, self.store.mark
        rows = store.fetch_rows(
            "SELECT position, stream_id, version FROM events "
            "WHERE position = (SELECT MAX(position) FROM events)",
            (),
        )
        if not projections or not rows:
            self.empty_committed(connection, cursor, projections)
            return 0
        witness = tuple(rows[0])
        head = int(witness[0])
        streams = [
            str(stream_id)
            for (stream_id,) in store.fetch_rows(
                "SELECT stream_id FROM streams ORDER BY stream_id", ()
            )
            if any(projection.wants(str(stream_id)) for projection in projections)
        ]
        where = f"FROM events WHERE stream_id = {mark} AND position <= {mark}"
        sql = f"SELECT {STREAM_COLUMNS} {where} ORDER BY version"
        sql_decoded = f"SELECT {REPLAY_COLUMNS} {where} ORDER BY version"
        # Whether the rows read are versions 1 to their count (`replay_stream`'s rows have
        # none: a column less to read for every event): the first and last version, each
        # found in the (stream, version) index (MIN and MAX together would scan it).
        first_last = [
            f"(SELECT version {where} ORDER BY version{o} LIMIT 1)" for o in ("", " DESC")
        ]
        sql_span = f"SELECT {', '.join(first_last)}"
        shared: SharedPayloads = {}
        read = pending = 0
        try:
            self._begin(cursor)
            self.empty(cursor, projections)
            for stream_id in streams:
                cursor.execute(sql, (stream_id, head))
                rows = cursor.fetchall()
                if not rows:
                    continue
                events: Sequence[StoredEvent] | None = None
                cursor.execute(sql_span, (stream_id, head, stream_id, head))
                first, last = cursor.fetchone()
                whole = first == 1 and last == len(rows)
                for projection in projections:
                    if not projection.wants(stream_id):
                        continue
                    if whole and self._replayed(cursor, projection, stream_id, rows):
                        continue
                    if events is None:  # read again with the positions (same transaction)
                        cursor.execute(sql_decoded, (stream_id, head))
                        found = cursor.fetchall()
                        events = decode_for_replay(store.registry, stream_id, found, shared)
                    self._apply(cursor, projection, events)
                read += len(rows)
                pending += len(rows)
                if pending >= page_size:
                    pending = 0
                    if progress is not None:
                        progress(read)
            for name in sorted(projection.name for projection in projections):
                self.insert_checkpoint(cursor, name)
                cursor.execute(self._sql_lock_checkpoint, (name,))
                cursor.execute(
                    "UPDATE projection_checkpoints SET position = "
                    f"{mark}, stream_id = {mark}, version = {mark} "
                    f"WHERE name = {mark} AND position < {mark}",
                    (*witness, name, head),
                )
            cursor.execute(
                f"SELECT DISTINCT stream_id FROM events WHERE position > {mark} ORDER BY stream_id",
                (head,),
            )
            for (stream_id,) in cursor.fetchall():
                events = store.read_stream_in(cursor, str(stream_id))
                for projection in projections:
                    if projection.wants(str(stream_id)):
                        self._apply(cursor, projection, events)
            connection.commit()
        except BaseException as exc:
            raise self._failed(connection, exc) from None
        if progress is not None:
            progress(read)
        return read

    def empty_committed(self, connection: Any, cursor: Any, models: Sequence[Projection]) -> None:
        """`empty` in a write transaction of its own on `connection`, committed."""
        try:
            self._begin(cursor)
            self.empty(cursor, models)
            connection.commit()
        except BaseException as exc:
            raise self._failed(connection, exc) from None

    def empty(self, cursor: Any, models: Sequence[Projection]) -> None:
        """In the caller's write transaction: empty the tables, checkpoints and problems of
        `models` and forget their in-memory state; keep each policy's position (what it
        appended stays appended), and its witness unless the witnessed event is gone
        (`rebuild --force` after events were removed): the rebuilt read models witness the
        log afresh."""
        mark = self.store.mark
        for projection in models:
            for table in projection.tables():
                cursor.execute(f"DELETE FROM {table}")
            cursor.execute(
                f"DELETE FROM projection_checkpoints WHERE name = {mark}", (projection.name,)
            )
            cursor.execute(
                f"DELETE FROM projection_problems WHERE name = {mark}", (projection.name,)
            )
        for projection in self.projections:
            if projection.policy:
                cursor.execute(
                    "UPDATE projection_checkpoints SET stream_id = NULL, version = NULL "
                    f"WHERE name = {mark} AND NOT EXISTS (SELECT 1 FROM "
                    "events AS e WHERE e.stream_id = projection_checkpoints.stream_id "
                    "AND e.version = projection_checkpoints.version)",
                    (projection.name,),
                )
        for projection in models:
            projection.reset()

    def insert_checkpoint(self, cursor: Any, name: str) -> None:
        """In the caller's write transaction: `name`'s checkpoint row, at position 0 and the
        projection's revision, unless it exists."""
        cursor.execute(self._sql_insert_checkpoint, (name, self._revisions[name]))

    def _renew(self, connection: Any, cursor: Any, outdated: Sequence[Projection]) -> None:
        """Empty the read models an older tourney wrote, in one transaction,
        and start their checkpoints again at this code's revision. Another process may
        have renewed one meanwhile: each is checked again under the write lock."""
        renewed = []
        try:
            self._begin(cursor)
            for projection in sorted(outdated, key=lambda p: p.name):
                cursor.execute(self._sql_lock_revision, (projection.name,))
                row = cursor.fetchone()
                if row is None or int(row[0]) >= projection.revision:
                    continue
                self.empty(cursor, [projection])
                self.insert_checkpoint(cursor, projection.name)
                renewed.append(f"{projection.name} (revision {row[0]} -> {projection.revision})")
            connection.commit()
        except BaseException as exc:
            raise self._failed(connection, exc) from None
        if renewed:
            self.store.warnings.append(
                "read models written by another version of tourney are rebuilt from the "
                f"events: {', '.join(renewed)}"
            )

    def current(self) -> bool:
        """Whether a catch-up would do nothing: every checkpoint at the head of the log, and
        every read model's written at its projection's revision (read on the store's own
        read connection)."""
        head = self.store.max_position()
        rows = self.store.fetch_rows(
            "SELECT name, position, revision FROM projection_checkpoints", ()
        )
        found = {str(name): (int(position), int(revision)) for name, position, revision in rows}
        for projection in self.projections:
            position, revision = found.get(projection.name, (0, projection.revision))
            if position != head or (not projection.policy and revision != projection.revision):
                return False
        return True

    def status(self) -> list[CheckpointStatus]:
        """Each projection's checkpoint against the head of the log (read on the store's
        own read connection: a read-only store may have only one, see
        `connections.open_reader`)."""
        head = self.store.max_position()
        rows = self.store.fetch_rows("SELECT name, position FROM projection_checkpoints", ())
        checkpoints = {str(name): int(position) for name, position in rows}
        return [
            CheckpointStatus(projection.name, checkpoints.get(projection.name, 0), head)
            for projection in self.projections
        ]

    def _positions(
        self, connection: Any, cursor: Any
    ) -> tuple[int, dict[str, int], dict[str, int]]:
        """The head of the log, and every stored checkpoint's position and revision, read
        outside any transaction."""
        try:
            cursor.execute("SELECT MAX(position) FROM events")
            head = int(cursor.fetchone()[0] or 0)
            cursor.execute("SELECT name, position, revision FROM projection_checkpoints")
            rows = cursor.fetchall()
            connection.rollback()  # psycopg opened a transaction for the reads
        except BaseException as exc:
            raise self._failed(connection, exc) from None
        checkpoints = {str(name): int(position) for name, position, _ in rows}
        revisions = {str(name): int(revision) for name, _, revision in rows}
        return head, checkpoints, revisions

    def _step(
        self, connection: Any, cursor: Any, projections: Sequence[Projection], page_size: int
    ) -> tuple[int, int]:
        """One page of the log for `projections` in one transaction, each given the events
        after its own checkpoint; returns the events read and the events policies appended."""
        try:
            self._begin(cursor)
            positions: dict[str, int] = {}
            # Locked in name order, so two processes catching up never deadlock.
            for name in sorted(projection.name for projection in projections):
                self.insert_checkpoint(cursor, name)
                cursor.execute(self._sql_lock_checkpoint, (name,))
                positions[name] = int(cursor.fetchone()[0])
            start = min(positions.values())
            page = list(
                itertools.islice(self.store.read_all(start, page_size=page_size), page_size)
            )
            appended = 0
            if page:
                last = page[-1].position
                # The checkpoint names the event it stopped at: verify's witness that the
                # log's last events are still there.
                witness = (last, page[-1].stream_id, page[-1].version)
                for projection in projections:
                    after = positions[projection.name]
                    wanted = [
                        event
                        for event in page
                        if event.position > after and projection.wants(event.stream_id)
                    ]
                    if wanted:
                        appended += self._apply(cursor, projection, wanted)
                    if last > after:
                        cursor.execute(self._sql_set_checkpoint, (*witness, projection.name))
            connection.commit()
        except BaseException as exc:
            raise self._failed(connection, exc) from None
        return len(page), appended

    def _apply(self, cursor: Any, projection: Projection, events: Sequence[StoredEvent]) -> int:
        """Apply `events` to `projection`; an event it cannot apply becomes a problem (see
        the module docstring). Returns how many events a policy appended."""
        batch = Batch(cursor, self.store.dialect, self.store, events, [])
        if self._attempt(cursor, projection, partial(projection.apply, batch)) is None:
            return len(batch.appended)
        appended = 0
        for event in events:
            one = Batch(cursor, self.store.dialect, self.store, [event], [])
            failure = self._attempt(cursor, projection, partial(projection.apply, one))
            if failure is None:
                appended += len(one.appended)
            else:
                self._record_problem(cursor, projection.name, event, failure)
        return appended

    def _replayed(
        self, cursor: Any, projection: Projection, stream_id: str, rows: Sequence[Row]
    ) -> bool:
        """Whether `projection.replay_stream` (see `Projection`) applied the stream's `rows`:
        False when it has none, declined them, or raised for them (undone, as `_attempt`
        undoes: `_apply` then applies the decoded events, and records the problem)."""
        replay = getattr(projection, "replay_stream", None)
        if replay is None:
            return False
        batch = Batch(cursor, self.store.dialect, self.store, (), [])

        def whole() -> None:
            if not replay(batch, stream_id, rows):
                raise _Declined(stream_id)

        return self._attempt(cursor, projection, whole) is None

    def _attempt(
        self, cursor: Any, projection: Projection, apply: Callable[[], object]
    ) -> Exception | None:
        """`apply()` (the projection's) under a savepoint: undone, and its error returned,
        when the events are at fault; a database failure is raised."""
        cursor.execute("SAVEPOINT projection_apply")
        try:
            apply()
        except Exception as exc:
            if is_infrastructure_error(exc):
                raise
            cursor.execute("ROLLBACK TO SAVEPOINT projection_apply")
            cursor.execute("RELEASE SAVEPOINT projection_apply")
            projection.reset()
            return exc
        cursor.execute("RELEASE SAVEPOINT projection_apply")
        return None

    def _record_problem(
        self, cursor: Any, name: str, event: StoredEvent, exc: BaseException
    ) -> None:
        text = " ".join(str(exc).split()) or type(exc).__name__
        message = f"{type(exc).__name__}: {text}"[:500]
        mark = self.store.mark
        cursor.execute(
            "INSERT INTO projection_problems (name, position, stream_id, version, message) "
            f"VALUES ({mark}, {mark}, {mark}, {mark}, {mark}) "
            "ON CONFLICT (name, position) DO NOTHING",
            (name, event.position, event.stream_id, event.version, message),
        )

    def problems(self) -> list[tuple[str, int, str, int, str]]:
        """Every event a projection could not apply (`problems`)."""
        return problems(self.store)

    def _begin(self, cursor: Any) -> None:
        # SQLite: take the write lock before reading the checkpoint (see database.py). psycopg
        # opens a transaction at the first statement by itself.
        if self._sqlite:
            cursor.execute("BEGIN IMMEDIATE")

    def _failed(self, connection: Any, exc: BaseException) -> BaseException:
        """Roll back, and name a database failure in one line (anything else as it is)."""
        with contextlib.suppress(Exception):
            connection.rollback()
        if isinstance(exc, StoreError) or not is_driver_error(exc):
            return exc
        return self.store.storage_error(exc, "catching up the read models") or (
            describe_connect_error(self.store.url, exc)
        )

    def keep_connection(self) -> None:
        """From now on reuse one connection (opened at first use, closed by `close` or
        after a failure) instead of opening one per catch-up: what a server's feed wants,
        catching up ten times a second, and still able to when open files run short. For
        one thread at a time."""
        self._keep = True

    def close(self) -> None:
        """Close the connection `keep_connection` kept, if any."""
        kept, self._kept = self._kept, None
        if kept is not None:
            with contextlib.suppress(Exception):
                kept.close()

    _keep = False
    _kept: Any = None

    @contextlib.contextmanager
    def _connection(self) -> Iterator[tuple[Any, Any]]:
        if self._keep:
            with self._kept_connection() as found:
                yield found
            return
        connection = self.store.connect()
        try:
            cursor = connection.cursor()
            try:
                yield connection, cursor
            finally:
                cursor.close()
        finally:
            connection.close()

    @contextlib.contextmanager
    def _kept_connection(self) -> Iterator[tuple[Any, Any]]:
        connection = self._kept if self._kept is not None else self.store.connect()
        self._kept = connection
        try:
            cursor = connection.cursor()
            try:
                yield connection, cursor
            finally:
                cursor.close()
            connection.rollback()  # no transaction left open between catch-ups
        except BaseException:
            self.close()  # a connection that failed is not trusted again
            raise


def problems(store: EventStore) -> list[tuple[str, int, str, int, str]]:
    """Every event a projection could not apply: (projection, position, stream, version,
    reason), in log order."""
    rows = store.fetch_rows(
        "SELECT name, position, stream_id, version, message FROM projection_problems "
        "ORDER BY position, name",
        (),
    )
    return [(str(n), int(p), str(s), int(v), str(m)) for n, p, s, v, m in rows]
