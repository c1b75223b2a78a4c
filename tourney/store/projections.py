"""Checkpointed projections: read models built from the global log.

A projection has a name, the read-model tables it owns, a filter on stream ids, and an
`apply` that turns a batch of events into rows. The projector feeds it the log from its
checkpoint, one page per transaction, and writes the new checkpoint in the same transaction
as the rows, so a crash leaves both at the same point. Writes are serialised per projection
(BEGIN IMMEDIATE on SQLite, the checkpoint row locked FOR UPDATE on PostgreSQL), so two
processes catching up at once never apply an event twice.

`Projector.attach(store)` makes every append catch up before it returns: a command's read
model is current when the command ends.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from sqlalchemy import Connection, Table, text
from sqlalchemy.exc import SQLAlchemyError

from tourney.store.database import WRITE, describe_connect_error
from tourney.store.eventstore import EventStore, StoredEvent

PAGE_SIZE = 5000
# Called after each page with the number of events read so far (over all projections).
Progress = Callable[[int], None]


@dataclass(frozen=True, slots=True)
class Batch:
    """What `apply` gets: the events it wants from one page of the log, the open transaction
    its rows go in, and the store (to read whole streams)."""

    connection: Connection
    store: EventStore
    events: Sequence[StoredEvent]


class Projection(Protocol):
    """A read model built from events. `name` keys its checkpoint; `tables` are the tables
    it alone writes (cleared by a rebuild)."""

    name: str

    def tables(self) -> Sequence[Table]:
        """The read-model tables this projection owns."""
        ...

    def wants(self, stream_id: str) -> bool:
        """Whether events of `stream_id` concern this projection."""
        ...

    def apply(self, batch: Batch) -> None:
        """Write the rows for `batch.events` through `batch.connection`."""
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

    def attach(self) -> Projector:
        """Catch up after every append to the store."""
        self.store.after_append.append(self._after_append)
        return self

    def _after_append(self) -> None:
        self.catch_up()

    def catch_up(self, progress: Progress | None = None, page_size: int = PAGE_SIZE) -> int:
        """Apply every event after each projection's checkpoint; returns events read."""
        head = self.store.max_position()
        total = 0
        for projection in self.projections:
            if self._checkpoint(projection.name) >= head:
                continue
            while True:
                read, _position = self._step(projection, page_size)
                total += read
                if progress is not None:
                    progress(total)
                if read < page_size:
                    break
        return total

    def rebuild(self, progress: Progress | None = None, page_size: int = PAGE_SIZE) -> int:
        """Empty every read model and its checkpoint (one transaction), then catch up."""
        try:
            with self._write() as connection, connection.begin():
                for projection in self.projections:
                    for table in projection.tables():
                        connection.execute(table.delete())
                connection.execute(text("DELETE FROM projection_checkpoints"))
        except SQLAlchemyError as exc:
            raise describe_connect_error(str(self.store.engine.url), exc) from None
        for projection in self.projections:
            projection.reset()
        return self.catch_up(progress, page_size)

    def status(self) -> list[CheckpointStatus]:
        """Each projection's checkpoint against the head of the log."""
        head = self.store.max_position()
        return [
            CheckpointStatus(projection.name, self._checkpoint(projection.name), head)
            for projection in self.projections
        ]

    def _step(self, projection: Projection, page_size: int) -> tuple[int, int]:
        """One page for one projection in one transaction: (events read, new checkpoint)."""
        try:
            with self._write() as connection, connection.begin():
                position = self._lock_checkpoint(connection, projection.name)
                page = list(
                    itertools.islice(self.store.read_all(position, page_size=page_size), page_size)
                )
                if not page:
                    return 0, position
                wanted = [event for event in page if projection.wants(event.stream_id)]
                if wanted:
                    projection.apply(Batch(connection, self.store, wanted))
                last = page[-1].position
                connection.execute(
                    text("UPDATE projection_checkpoints SET position = :last WHERE name = :name"),
                    {"last": last, "name": projection.name},
                )
                return len(page), last
        except SQLAlchemyError as exc:
            raise describe_connect_error(str(self.store.engine.url), exc) from None

    def _lock_checkpoint(self, connection: Connection, name: str) -> int:
        connection.execute(
            text(
                "INSERT INTO projection_checkpoints (name, position) VALUES (:name, 0) "
                "ON CONFLICT (name) DO NOTHING"
            ),
            {"name": name},
        )
        lock = " FOR UPDATE" if connection.dialect.name == "postgresql" else ""
        row = connection.execute(
            text(f"SELECT position FROM projection_checkpoints WHERE name = :name{lock}"),
            {"name": name},
        ).one()
        return int(row[0])

    def _checkpoint(self, name: str) -> int:
        rows = self.store.fetch_rows(
            f"SELECT position FROM projection_checkpoints WHERE name = {self.store.mark}", (name,)
        )
        return int(rows[0][0]) if rows else 0

    def _write(self) -> Connection:
        try:
            return self.store.engine.connect().execution_options(**WRITE)
        except SQLAlchemyError as exc:
            raise describe_connect_error(str(self.store.engine.url), exc) from None
