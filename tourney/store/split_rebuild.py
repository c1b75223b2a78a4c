"""Rebuilding read models in several processes, split by stream.

A rebuild replays the whole log, and nearly all of its time is the projections' own work
(the match read model replays every match through the rules engine). For a projection that
is `per_stream` (its rows for a stream depend on that stream's events alone; see
`tourney.store.projector.Projection`) that work splits by stream:

1. Worker processes (forked, so they share the projections' code and settings) take the
   streams in tasks of `STREAMS_PER_TASK`: each reads its streams' events up to the log's
   head as read just before (on SQLite a read per stream, on PostgreSQL a range read of
   the (stream, version) index per task; only the columns a replay reads, each payload
   text decoded once), applies them stream by stream, and hands back the statements the
   projections wrote, stream by stream: a worker's cursor records rather than writes, so
   the workers never wait for each other's write lock.
2. Meanwhile one transaction empties the read models, as a sequential rebuild does (an
   event appended after the head read is applied again in step 3, as one appended after
   the emptying is).
3. This process runs those statements, a transaction per `PAGE_SIZE` events or so. A
   stream whose statements the database refuses (a value it cannot store: the event's
   fault, not the database's) is applied here instead, as a sequential rebuild applies
   it, so the event becomes a recorded problem in the same way. Then it sets the
   checkpoints to the head (never back), applies again the whole of any stream that
   another process appended to meanwhile (its row from the workers may be older than one
   already written for it), and catches up as usual.

The tables come out as a sequential rebuild leaves them. If anything fails, the
checkpoints stay absent, so the next catch-up (any command) finishes the work from scratch.
"""

from __future__ import annotations

import itertools
import operator
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from tourney.store import forked
from tourney.store.errors import is_infrastructure_error
from tourney.store.eventstore import REPLAY_COLUMNS, SharedPayloads, StoredEvent

if TYPE_CHECKING:
    from tourney.store.projector import Progress, Projection, Projector

# Streams per task: a few hundred to a few thousand events, so that the workers finish
# together and each task is one read for a worker and little work for this process.
STREAMS_PER_TASK = 64
# Events written per transaction by this process.
PAGE_SIZE = 5000

Statement = tuple[str, list[tuple[Any, ...]]]
# What one projection wrote for one stream: (stream, projection name, statements).
Group = tuple[str, str, list[Statement]]


@dataclass
class _Job:
    """What the forked workers find in their copy of this module."""

    projector: Projector
    split: list[Projection]
    head: int
    sql: str
    cursor: Any = None
    connection: Any = None
    # A worker's events of the same type and payload text share one payload (see
    # `EventStore.decode_for_replay`): decoded once, and a projection may key on it.
    payloads: SharedPayloads = field(default_factory=dict)


_job: _Job | None = None


class Recorder:
    """A cursor that keeps the statements a projection writes instead of running them,
    savepoints included (a statement rolled back to a savepoint is dropped)."""

    def __init__(self) -> None:
        self.statements: list[Statement] = []
        self._savepoints: list[int] = []

    def execute(self, sql: str, params: Sequence[Any] = ()) -> None:
        words = sql.split(None, 2)
        verb = words[0].upper() if words else ""
        if verb == "SAVEPOINT":
            self._savepoints.append(len(self.statements))
        elif verb == "ROLLBACK":
            del self.statements[self._savepoints[-1] :]
        elif verb == "RELEASE":
            self._savepoints.pop()
        elif verb in ("SELECT", "WITH"):
            raise TypeError(
                "a per_stream projection reads events through the store, not its cursor"
            )
        else:
            self.statements.append((sql, [tuple(params)]))

    def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        self.statements.append((sql, [tuple(row) for row in rows]))


def rebuild_split(projector: Projector, workers: int, progress: Progress | None) -> int | None:
    """Rebuild the read models of `projector` with `workers` processes (see the module
    docstring); returns the events read, or None when the split cannot be had here (no
    fork, no `per_stream` projection, an empty log): the caller rebuilds as usual."""
    global _job
    models = [p for p in projector.projections if not p.policy]
    split = [p for p in models if getattr(p, "per_stream", False)]
    store = projector.store
    if not split or workers < 2 or not forked.can_fork():
        return None
    witness = _last_event(projector)
    if witness is None:
        return None
    head = int(witness[0])
    streams = [
        str(row[0])
        for row in store.fetch_rows("SELECT stream_id FROM streams ORDER BY stream_id", ())
        if any(projection.wants(str(row[0])) for projection in split)
    ]
    tasks = [streams[i : i + STREAMS_PER_TASK] for i in range(0, len(streams), STREAMS_PER_TASK)]
    mark = store.mark
    if store.dialect == "sqlite":
        # One read per stream, without the stream column: every column of every row costs
        # sqlite3 more calls (each taking SQLite's mutex) than a statement per stream does.
        sql = (
            f"SELECT {REPLAY_COLUMNS} FROM events WHERE stream_id = {mark} "
            f"AND position <= {mark} ORDER BY version"
        )
    else:  # one read per task: a statement is a round trip to the server
        sql = (
            f"SELECT stream_id, {REPLAY_COLUMNS} FROM events WHERE stream_id >= {mark} "
            f"AND stream_id <= {mark} AND position <= {mark} ORDER BY stream_id, version"
        )
    read = 0
    _job = _Job(projector, split, head, sql)
    try:
        with (
            forked.pool(store, workers, _start_worker) as pool,
            projector._connection() as (connection, cursor),
        ):
            applied = pool.imap_unordered(_apply_streams, tasks)
            _empty(projector, connection, cursor, models)  # while the workers read
            pending: list[Group] = []
            waiting = 0
            for count, groups in applied:
                pending += groups
                waiting += count
                read += count
                if waiting >= PAGE_SIZE:
                    _write(projector, connection, cursor, pending, split, head)
                    pending, waiting = [], 0
                    if progress is not None:
                        progress(read)
            _write(projector, connection, cursor, pending, split, head)
            _finish(projector, connection, cursor, split, witness)
    finally:
        _job = None

    def more(done: int) -> None:
        if progress is not None:
            progress(read + done)

    return read + projector.catch_up(more)


def _last_event(projector: Projector) -> tuple[Any, ...] | None:
    """The log's last event (position, stream, version): the head the workers read to and
    the checkpoints' witness; None when the log is empty."""
    rows = projector.store.fetch_rows(
        "SELECT position, stream_id, version FROM events "
        "WHERE position = (SELECT MAX(position) FROM events)",
        (),
    )
    return tuple(rows[0]) if rows else None


def _empty(
    projector: Projector, connection: Any, cursor: Any, models: Sequence[Projection]
) -> None:
    """Empty the read models (one transaction)."""
    projector.empty_committed(connection, cursor, models)


def _start_worker() -> None:
    """In a forked worker: the connection it reads on."""
    job = _job
    assert job is not None
    job.connection = job.projector.store.connect()
    job.cursor = job.connection.cursor()


def _apply_streams(streams: list[str]) -> tuple[int, list[Group]]:
    """In a worker: what the per-stream projections write for each of `streams`, applied
    each as a whole up to the head; and how many events that was."""
    job = _job
    assert job is not None
    projector = job.projector
    groups: list[Group] = []
    count = 0
    for stream_id, stream in _read(job, streams):
        for projection in job.split:
            if projection.wants(stream_id):
                recorder = Recorder()
                projector._apply(recorder, projection, stream)
                groups.append((stream_id, projection.name, recorder.statements))
        count += len(stream)
    return count, groups


def _read(job: _Job, streams: list[str]) -> Iterator[tuple[str, list[StoredEvent]]]:
    """In a worker: each of `streams` that has events up to the head, with those events."""
    store, cursor = job.projector.store, job.cursor
    if store.dialect == "sqlite":
        for stream_id in streams:
            cursor.execute(job.sql, (stream_id, job.head))
            rows = cursor.fetchall()
            if rows:
                yield stream_id, store.decode_for_replay(stream_id, rows, job.payloads)
        return
    cursor.execute(job.sql, (streams[0], streams[-1], job.head))
    rows = cursor.fetchall()
    job.connection.rollback()  # psycopg opened a transaction for the read
    wanted = set(streams)  # the range may hold streams made since, or not projected
    for stream_id, grouped in itertools.groupby(rows, key=operator.itemgetter(0)):
        if stream_id in wanted:
            rest = [row[1:] for row in grouped]
            yield stream_id, store.decode_for_replay(stream_id, rest, job.payloads)


def _write(
    projector: Projector,
    connection: Any,
    cursor: Any,
    groups: list[Group],
    split: Sequence[Projection],
    head: int,
) -> None:
    """Run what the workers recorded, in one transaction; a stream whose statements the
    database refuses is applied here instead (see the module docstring)."""
    if not groups:
        return
    try:
        projector._begin(cursor)
        if not _attempt(cursor, "split_write", [g[2] for g in groups]):
            by_name = {projection.name: projection for projection in split}
            for stream_id, name, statements in groups:
                if not _attempt(cursor, "split_write_stream", [statements]):
                    stored = projector.store.read_stream_in(cursor, stream_id)
                    events = [event for event in stored if event.position <= head]
                    projector._apply(cursor, by_name[name], events)
        connection.commit()
    except BaseException as exc:
        raise projector._failed(connection, exc) from None


def _attempt(cursor: Any, savepoint: str, recorded: list[list[Statement]]) -> bool:
    """Run the statements under a savepoint: True when they all ran; False, and undone,
    when the database refused one for its values. A failure of the database is raised."""

    cursor.execute(f"SAVEPOINT {savepoint}")
    try:
        for statements in recorded:
            for sql, rows in statements:
                if len(rows) == 1:
                    cursor.execute(sql, rows[0])
                elif rows:
                    cursor.executemany(sql, rows)
    except Exception as exc:
        if is_infrastructure_error(exc):
            raise
        cursor.execute(f"ROLLBACK TO SAVEPOINT {savepoint}")
        cursor.execute(f"RELEASE SAVEPOINT {savepoint}")
        return False
    cursor.execute(f"RELEASE SAVEPOINT {savepoint}")
    return True


def _finish(
    projector: Projector,
    connection: Any,
    cursor: Any,
    split: Sequence[Projection],
    witness: tuple[Any, ...],
) -> None:
    """The split projections' checkpoints at the head the workers read to (never moved
    back), and every stream appended to since applied again whole, in one transaction."""
    store = projector.store
    mark = store.mark
    head = witness[0]
    try:
        projector._begin(cursor)
        for name in sorted(projection.name for projection in split):
            projector.insert_checkpoint(cursor, name)
            cursor.execute(projector._sql_lock_checkpoint, (name,))
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
            for projection in split:
                if projection.wants(str(stream_id)):
                    projector._apply(cursor, projection, events)
        connection.commit()
    except BaseException as exc:
        raise projector._failed(connection, exc) from None
