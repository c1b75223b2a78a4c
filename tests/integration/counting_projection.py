"""A projection for testing the mechanism without the rules engine: per stream, how many
events and the last version seen. Its table is test-only, so it is created here rather
than by a migration."""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import Column, Engine, Integer, MetaData, Table, Text, select

from tourney.store.projections import Batch

metadata = MetaData()
stream_counts = Table(
    "test_stream_counts",
    metadata,
    Column("stream_id", Text, primary_key=True),
    Column("events", Integer, nullable=False),
    Column("last_version", Integer, nullable=False),
)


class CountingProjection:
    name = "test_counts"

    def __init__(self, prefix: str = "") -> None:
        self.prefix = prefix

    def tables(self) -> Sequence[Table]:
        return [stream_counts]

    def wants(self, stream_id: str) -> bool:
        return stream_id.startswith(self.prefix)

    def apply(self, batch: Batch) -> None:
        # Deliberately incremental (not idempotent): applying an event twice would show.
        connection = batch.connection
        for event in batch.events:
            row = connection.execute(
                select(stream_counts.c.events).where(stream_counts.c.stream_id == event.stream_id)
            ).first()
            if row is None:
                connection.execute(
                    stream_counts.insert().values(
                        stream_id=event.stream_id, events=1, last_version=event.version
                    )
                )
            else:
                connection.execute(
                    stream_counts.update()
                    .where(stream_counts.c.stream_id == event.stream_id)
                    .values(events=row[0] + 1, last_version=event.version)
                )

    def reset(self) -> None:
        pass


def create_tables(engine: Engine) -> None:
    metadata.create_all(engine)


def counts(engine: Engine) -> dict[str, tuple[int, int]]:
    with engine.connect() as connection:
        rows = connection.execute(select(stream_counts)).all()
    return {str(row[0]): (int(row[1]), int(row[2])) for row in rows}
