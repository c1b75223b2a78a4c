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

Everything runs on the store's own DB-API connections (sqlite3 or psycopg) with the store's
parameter marker, never through SQLAlchemy: a one-shot command on a current SQLite file
catches up after its append without importing it (see `tourney.store.sqlite_direct`).
"""

from __future__ import annotations

import contextlib
import itertools
import sqlite3
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from tourney.store.database import describe_connect_error
from tourney.store.errors import StoreError
from tourney.store.eventstore import EventStore, StoredEvent
from tourney.store.gc_pacing import rarer_collections

PAGE_SIZE = 5000
# Called after each page with the number of events read so far (over all projections).
Progress = Callable[[int], None]


@dataclass(frozen=True, slots=True)
class Batch:
    """What `apply` gets: the events it wants from one page of the log, a DB-API cursor in
    the open transaction its rows go in, the dialect (`"sqlite"` or `"postgresql"`), and
    the store (to read whole streams)."""

    cursor: Any
    dialect: str
    store: EventStore
    events: Sequence[StoredEvent]

    @property
    def mark(self) -> str:
        """The driver's parameter marker: `?` for sqlite3, `%s` for psycopg."""
        return "?" if self.dialect == "sqlite" else "%s"

    def marks(self, count: int) -> str:
        """`count` parameter markers separated by commas, for a VALUES or IN list."""
        return ", ".join([self.mark] * count)


class Projection(Protocol):
    """A read model built from events. `name` keys its checkpoint; `tables` names the
    tables it alone writes (emptied by a rebuild)."""

    name: str

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


@dataclass(frozen=True, slots=True)
class CheckpointStatus:
    name: str
    position: int
    head: int

    @property
    def behind(self) -> bool:
        return self.position < self.head


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
            f"INSERT INTO projection_checkpoints (name, position) VALUES ({mark}, 0) "
            "ON CONFLICT (name) DO NOTHING"
        )
        lock = "" if self._sqlite else " FOR UPDATE"
        self._sql_lock_checkpoint = (
            f"SELECT position FROM projection_checkpoints WHERE name = {mark}{lock}"
        )
        self._sql_set_checkpoint = (
            f"UPDATE projection_checkpoints SET position = {mark}, stream_id = {mark}, "
            f"version = {mark} WHERE name = {mark}"
        )

    def attach(self) -> Projector:
        """Catch up after every append to the store."""
        self.store.after_append.append(self._after_append)
        return self

    def _after_append(self) -> None:
        self.catch_up()

    def catch_up(self, progress: Progress | None = None, page_size: int = PAGE_SIZE) -> int:
        """Apply every event after each projection's checkpoint; returns the events read
        from the log (each page is read once for all the projections behind)."""
        total = 0
        with rarer_collections(), self._connection() as (connection, cursor):
            head, checkpoints = self._positions(connection, cursor)
            behind = [p for p in self.projections if checkpoints.get(p.name, 0) < head]
            while behind:
                read = self._step(connection, cursor, behind, page_size)
                total += read
                if progress is not None:
                    progress(total)
                if read < page_size:
                    break
        return total

    def rebuild(self, progress: Progress | None = None, page_size: int = PAGE_SIZE) -> int:
        """Empty every read model and its checkpoint (one transaction), then catch up."""
        with self._connection() as (connection, cursor):
            try:
                self._begin(cursor)
                for projection in self.projections:
                    for table in projection.tables():
                        cursor.execute(f"DELETE FROM {table}")
                cursor.execute("DELETE FROM projection_checkpoints")
                connection.commit()
            except BaseException as exc:
                raise self._failed(connection, exc) from None
        for projection in self.projections:
            projection.reset()
        return self.catch_up(progress, page_size)

    def status(self) -> list[CheckpointStatus]:
        """Each projection's checkpoint against the head of the log."""
        with self._connection() as (connection, cursor):
            head, checkpoints = self._positions(connection, cursor)
        return [
            CheckpointStatus(projection.name, checkpoints.get(projection.name, 0), head)
            for projection in self.projections
        ]

    def _positions(self, connection: Any, cursor: Any) -> tuple[int, dict[str, int]]:
        """The head of the log and every stored checkpoint, read outside any transaction."""
        try:
            cursor.execute("SELECT MAX(position) FROM events")
            head = int(cursor.fetchone()[0] or 0)
            cursor.execute("SELECT name, position FROM projection_checkpoints")
            checkpoints = {str(name): int(position) for name, position in cursor.fetchall()}
            connection.rollback()  # psycopg opened a transaction for the reads
        except BaseException as exc:
            raise self._failed(connection, exc) from None
        return head, checkpoints

    def _step(
        self, connection: Any, cursor: Any, projections: Sequence[Projection], page_size: int
    ) -> int:
        """One page of the log for `projections` in one transaction, each given the events
        after its own checkpoint; returns the events read."""
        try:
            self._begin(cursor)
            positions: dict[str, int] = {}
            # Locked in name order, so two processes catching up never deadlock.
            for name in sorted(projection.name for projection in projections):
                cursor.execute(self._sql_insert_checkpoint, (name,))
                cursor.execute(self._sql_lock_checkpoint, (name,))
                positions[name] = int(cursor.fetchone()[0])
            start = min(positions.values())
            page = list(
                itertools.islice(self.store.read_all(start, page_size=page_size), page_size)
            )
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
                        projection.apply(Batch(cursor, self.store.dialect, self.store, wanted))
                    if last > after:
                        cursor.execute(self._sql_set_checkpoint, (*witness, projection.name))
            connection.commit()
        except BaseException as exc:
            raise self._failed(connection, exc) from None
        return len(page)

    def _begin(self, cursor: Any) -> None:
        # SQLite: take the write lock before reading the checkpoint (see database.py). psycopg
        # opens a transaction at the first statement by itself.
        if self._sqlite:
            cursor.execute("BEGIN IMMEDIATE")

    def _failed(self, connection: Any, exc: BaseException) -> BaseException:
        """Roll back, and name a database failure in one line (anything else as it is)."""
        with contextlib.suppress(Exception):
            connection.rollback()
        if isinstance(exc, StoreError) or not _is_driver_error(exc):
            return exc
        return describe_connect_error(self.store.url, exc)

    @contextlib.contextmanager
    def _connection(self) -> Iterator[tuple[Any, Any]]:
        connection = self.store.connect()
        try:
            cursor = connection.cursor()
            try:
                yield connection, cursor
            finally:
                cursor.close()
        finally:
            connection.close()


def _is_driver_error(exc: BaseException) -> bool:
    """An error raised by sqlite3 or psycopg (psycopg is not imported to check)."""
    if isinstance(exc, sqlite3.Error):
        return True
    return any(cls.__module__.startswith("psycopg") for cls in type(exc).__mro__)
