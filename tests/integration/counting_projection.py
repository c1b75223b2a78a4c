"""A projection for testing the mechanism without the rules engine: per stream, how many
events and the last version seen. Its table is test-only, so it is created here rather
than by a migration."""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import Column, Engine, Integer, MetaData, Table, Text, select

from tourney.store.projector import Batch

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
    revision = 1
    policy = False

    def __init__(self, prefix: str = "") -> None:
        self.prefix = prefix

    def tables(self) -> Sequence[str]:
        return [stream_counts.name]

    def wants(self, stream_id: str) -> bool:
        return stream_id.startswith(self.prefix)

    def apply(self, batch: Batch) -> None:
        # Deliberately incremental (not idempotent): applying an event twice would show.
        cursor, mark = batch.cursor, batch.mark
        for event in batch.events:
            cursor.execute(
                f"SELECT events FROM test_stream_counts WHERE stream_id = {mark}",
                (event.stream_id,),
            )
            row = cursor.fetchone()
            if row is None:
                cursor.execute(
                    "INSERT INTO test_stream_counts (stream_id, events, last_version) "
                    f"VALUES ({batch.marks(3)})",
                    (event.stream_id, 1, event.version),
                )
            else:
                cursor.execute(
                    f"UPDATE test_stream_counts SET events = {mark}, last_version = {mark} "
                    f"WHERE stream_id = {mark}",
                    (row[0] + 1, event.version, event.stream_id),
                )

    def reset(self) -> None:
        pass


def create_tables(engine: Engine) -> None:
    metadata.create_all(engine)


def counts(engine: Engine) -> dict[str, tuple[int, int]]:
    with engine.connect() as connection:
        rows = connection.execute(select(stream_counts)).all()
    return {str(row[0]): (int(row[1]), int(row[2])) for row in rows}
