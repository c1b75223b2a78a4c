"""Reading the log: a stream's events and head, every event in position order, the events
of a command, and any read-only statement of the store's own modules (`fetch_rows`).

Each read runs on the calling thread's kept read connection (`Connections.reader`), in
autocommit: it sees every commit made before it, by this process or another. Positions can
have holes (a rolled-back append on PostgreSQL consumes sequence values): pages follow
`position > last`, never a count.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from tourney.store.appends import StoredEvent
from tourney.store.connections import Connections
from tourney.store.decoding import COLUMNS, Row, decode
from tourney.store.errors import StoreError
from tourney.store.upcasting import UpcasterRegistry

PAGE_SIZE = 2000
# Larger than any version or position: "to the end".
LAST_VERSION = 2**31 - 1
LAST_POSITION = 2**63 - 1
SHORT_LENGTH = 12


def short(hash_: str) -> str:
    """The printable form of a head hash: its first 12 hex digits (48 bits), enough to tell
    two histories of one match apart on a scoresheet. (Here, not in `hashchain`: showing a
    hash computes none, and a reading command does not load hashlib.)"""
    return hash_[:SHORT_LENGTH]


def head_sql(mark: str) -> str:
    """A stream's head: its last event (the unique index's last entry for the stream)."""
    return (
        f"SELECT version, hash FROM events WHERE stream_id = {mark} ORDER BY version DESC LIMIT 1"
    )


def command_sql(mark: str) -> str:
    """The events appended under one command id, in log order."""
    return f"SELECT {COLUMNS} FROM events WHERE command_id = {mark} ORDER BY position"


def stream_sql(mark: str) -> str:
    """A page of a stream's events after one version, up to another."""
    return (
        f"SELECT {COLUMNS} FROM events WHERE stream_id = {mark} AND version > {mark} "
        f"AND version <= {mark} ORDER BY version LIMIT {mark}"
    )


class Reader:
    """The reads of one store (see the module docstring). `failure` turns a driver's error
    into the store's one-line error."""

    def __init__(
        self,
        connections: Connections,
        registry: UpcasterRegistry,
        mark: str,
        failure: Callable[[BaseException], StoreError],
    ) -> None:
        self._connections = connections
        self._registry = registry
        self._failure = failure
        self._mark = mark
        self._sql_head = head_sql(mark)
        self._sql_command = command_sql(mark)
        self._sql_stream = stream_sql(mark)
        self._sql_all = (
            f"SELECT {COLUMNS} FROM events WHERE position > {mark} AND position <= {mark} "
            f"ORDER BY position LIMIT {mark}"
        )

    def fetch_rows(self, sql: str, params: tuple[Any, ...]) -> list[Row]:
        """All rows of one read-only statement in the driver's paramstyle."""
        connection = self._connections.reader()
        try:
            cursor = connection.execute(sql, params)
            rows: list[Row] = cursor.fetchall()
            cursor.close()
            return rows
        except Exception as exc:
            self._connections.drop_reader()
            raise self._failure(exc) from None

    def head(self, stream_id: str) -> tuple[int, str] | None:
        """(version, hash) of the last event of `stream_id`; None for a stream with none."""
        if "\x00" in stream_id:  # never stored (see `appending`); PostgreSQL cannot look it up
            return None
        rows = self.fetch_rows(self._sql_head, (stream_id,))
        return (int(rows[0][0]), str(rows[0][1])) if rows else None

    def stream_version(self, stream_id: str) -> int:
        head = self.head(stream_id)
        return 0 if head is None else head[0]

    def head_hash(self, stream_id: str) -> str | None:
        head = self.head(stream_id)
        return None if head is None else head[1]

    def short_head_hash(self, stream_id: str) -> str | None:
        full = self.head_hash(stream_id)
        return None if full is None else short(full)

    def heads(self) -> list[tuple[str, int, str]]:
        rows = self.fetch_rows(
            "SELECT e.stream_id, e.version, e.hash FROM events AS e JOIN "
            "(SELECT stream_id, MAX(version) AS version FROM events GROUP BY stream_id) AS h "
            "ON e.stream_id = h.stream_id AND e.version = h.version ORDER BY e.stream_id",
            (),
        )
        return [(str(stream), int(version), str(hash_)) for stream, version, hash_ in rows]

    def read_stream(
        self, stream_id: str, from_version: int, to_version: int | None, page_size: int
    ) -> Iterator[StoredEvent]:
        last = from_version
        upto = to_version if to_version is not None else LAST_VERSION
        if "\x00" in stream_id:  # never stored (see `appending`); PostgreSQL cannot look it up
            return
        while True:
            rows = self.fetch_rows(self._sql_stream, (stream_id, last, upto, page_size))
            yield from decode(self._registry, rows)
            if len(rows) < page_size:
                return
            last = rows[-1][2]

    def read_all(
        self, from_position: int, to_position: int | None, page_size: int
    ) -> Iterator[StoredEvent]:
        last = from_position
        upto = to_position if to_position is not None else LAST_POSITION
        while True:
            rows = self.fetch_rows(self._sql_all, (last, upto, page_size))
            yield from decode(self._registry, rows)
            if len(rows) < page_size:
                return
            last = rows[-1][0]

    def read_stream_in(self, cursor: Any, stream_id: str, from_version: int) -> list[StoredEvent]:
        if "\x00" in stream_id:  # never stored (see `appending`); PostgreSQL cannot look it up
            return []
        cursor.execute(self._sql_stream, (stream_id, from_version, LAST_VERSION, LAST_VERSION))
        return decode(self._registry, cursor.fetchall())

    def events_of_command(self, command_id: str) -> list[StoredEvent]:
        return decode(self._registry, self.fetch_rows(self._sql_command, (command_id,)))

    def max_position(self) -> int:
        rows = self.fetch_rows("SELECT MAX(position) FROM events", ())
        return int(rows[0][0] or 0)

    # -- the tournament registry (migration 0006: filled by a trigger on `events`) --------

    def registered(self, slug: str) -> bool:
        return bool(
            self.fetch_rows(f"SELECT 1 FROM tournaments WHERE slug = {self._mark}", (slug,))
        )

    def tournaments(self, named: str | None) -> list[tuple[str, str]]:
        if named is None:
            rows = self.fetch_rows("SELECT slug, name FROM tournaments ORDER BY position", ())
        else:
            rows = self.fetch_rows(
                f"SELECT slug, name FROM tournaments WHERE name_key = lower({self._mark}) "
                "ORDER BY position",
                (named,),
            )
        return [(str(slug), str(name)) for slug, name in rows]

    def newest_tournament(self) -> str | None:
        rows = self.fetch_rows("SELECT slug FROM tournaments ORDER BY position DESC LIMIT 1", ())
        return str(rows[0][0]) if rows else None
