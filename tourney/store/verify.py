"""Check every stream's hash chain and head: find edited, removed, inserted and reordered
events.

For each stream, in version order: versions must run 1, 2, 3, … without a gap; each event's
hash must be the hash of its own content chained to the stored hash of the event before it
(so an edit is named at the edited version, and a rewritten hash at the next one); global
positions must rise with versions; and the last event must agree with the stream's head row.
The events are read a page at a time in (stream, version) order, so memory stays flat.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from tourney.store.eventstore import COLUMNS, EventStore
from tourney.store.hashchain import GENESIS, event_hash

PAGE_SIZE = 5000


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong in the log, located by stream and (where there is one) version."""

    stream_id: str
    version: int | None
    message: str

    def __str__(self) -> str:
        where = f"stream {self.stream_id!r}"
        if self.version is not None:
            where += f" version {self.version}"
        return f"{where}: {self.message}"


def verify(store: EventStore) -> list[Problem]:
    """Every problem found in the events of `store`; an empty list when the log is intact."""
    heads = {
        str(stream): (int(version), str(head))
        for stream, version, head in store.fetch_rows(
            "SELECT stream_id, version, head_hash FROM streams", ()
        )
    }
    problems: list[Problem] = []
    seen: set[str] = set()
    stream: str | None = None
    expected = 1
    previous_hash = GENESIS
    previous_position = 0
    for row in _rows_by_stream(store):
        position, stream_id, version, type_, schema, payload, at, by, command, stored = row
        if stream_id != stream:
            if stream is not None:
                problems.extend(_check_head(stream, expected - 1, previous_hash, heads))
            stream, expected, previous_hash, previous_position = stream_id, 1, GENESIS, 0
            seen.add(stream_id)
        if version > expected:
            missing = (
                f"version {expected} is missing"
                if version == expected + 1
                else f"versions {expected}-{version - 1} are missing"
            )
            problems.append(Problem(stream_id, version, f"{missing} before it (removed)"))
        if position < previous_position:
            problems.append(
                Problem(
                    stream_id,
                    version,
                    f"stored at position {position}, before version {version - 1} "
                    f"(position {previous_position}): reordered",
                )
            )
        actual = event_hash(
            previous_hash, stream_id, version, type_, schema, payload, at, by, command
        )
        if actual != stored:
            problems.append(
                Problem(
                    stream_id,
                    version,
                    "content does not match its hash (edited, inserted or swapped, "
                    "or the hash of the event before it was rewritten)",
                )
            )
        expected, previous_hash, previous_position = version + 1, stored, position
    if stream is not None:
        problems.extend(_check_head(stream, expected - 1, previous_hash, heads))
    for stream_id in sorted(set(heads) - seen):
        version, _ = heads[stream_id]
        problems.append(
            Problem(stream_id, None, f"head says version {version} but no events are stored")
        )
    return problems


def _check_head(
    stream_id: str, last_version: int, last_hash: str, heads: dict[str, tuple[int, str]]
) -> list[Problem]:
    head = heads.get(stream_id)
    if head is None:
        return [Problem(stream_id, last_version, "has events but no head row (inserted)")]
    version, hash_ = head
    if version > last_version:
        return [
            Problem(
                stream_id,
                last_version + 1,
                f"head says version {version}, last stored is {last_version} (removed)",
            )
        ]
    if version < last_version:
        return [
            Problem(
                stream_id,
                version + 1,
                f"head says version {version}, but versions up to {last_version} are "
                "stored (inserted)",
            )
        ]
    if hash_ != last_hash:
        return [Problem(stream_id, version, "head hash differs from the last event's hash")]
    return []


def _rows_by_stream(store: EventStore) -> Iterator[tuple[Any, ...]]:
    mark, columns = store.mark, COLUMNS
    first = f"SELECT {columns} FROM events ORDER BY stream_id, version LIMIT {mark}"
    # A row-value comparison, so both SQLite and PostgreSQL seek in the (stream, version)
    # index instead of scanning from the start for every page.
    after = (
        f"SELECT {columns} FROM events WHERE (stream_id, version) > ({mark}, {mark}) "
        f"ORDER BY stream_id, version LIMIT {mark}"
    )
    rows = store.fetch_rows(first, (PAGE_SIZE,))
    while rows:
        yield from rows
        if len(rows) < PAGE_SIZE:
            return
        last_stream, last_version = rows[-1][1], rows[-1][2]
        rows = store.fetch_rows(after, (last_stream, last_version, PAGE_SIZE))
