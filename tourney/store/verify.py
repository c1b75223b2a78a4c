"""Check the log: find edited, removed, inserted and reordered events, named by stream and
version.

Three witnesses, each cheap to keep:

- Each stream's hash chain, read in version order: versions must run 1, 2, 3, ... without a
  gap; each event's hash must be the hash of its own content chained to the stored hash of
  the event before it (an edit is named at the edited version, a rewritten hash at the next
  one); global positions must rise with versions.
- Each event's log link (`follows_stream`, `follows_version`: the event before it in the log,
  written by the insert): an event whose link names a missing event that was its stream's
  last shows that event was removed, which no chain can show. A link that names an event
  somewhere else shows a move; an event without a link after linked ones was inserted
  behind tourney's back. The `streams` registry shows a stream whose every event was removed.
- The projection checkpoints, which name the last event each read model applied: the log's
  own last events have no later event to link to them, and every tourney command advances
  the checkpoints after it appends.
- On SQLite, the last event `tourney serve` acknowledged, which it keeps in a file beside
  the database (`tourney.store.health`): a tail lost whole (its -wal deleted, a power cut
  at synchronous=NORMAL) takes the checkpoints with it, but not that file.

A forger who recomputes hashes and links can pass all three; the head hash printed on a signed
scoresheet (`tourney verify --sheet`) is the witness kept off the database.
Events are read a page at a time; memory grows only with the number of streams.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from tourney.store.decoding import COLUMNS
from tourney.store.eventstore import EventStore
from tourney.store.hashchain import GENESIS, event_hash, openssl_sha256

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
    problems: list[Problem] = []
    lasts = _check_chains(store, problems)
    registered = {str(row[0]) for row in store.fetch_rows("SELECT stream_id FROM streams", ())}
    for stream_id in sorted(registered - set(lasts)):
        problems.append(Problem(stream_id, None, "registered, but no events are stored (removed)"))
    for stream_id in sorted(set(lasts) - registered):
        problems.append(Problem(stream_id, None, "has events but was never registered (inserted)"))
    _check_links(store, lasts, problems)
    _check_checkpoints(store, lasts, problems)
    _check_acknowledged(store, problems)
    _check_applied(store, problems)
    return problems


def _check_acknowledged(store: EventStore, problems: list[Problem]) -> None:
    """The last event `tourney serve` acknowledged (the file it keeps beside a SQLite
    database: `tourney.store.health`) must still be stored, as it was: a tail of the log
    lost whole (its -wal deleted, a power cut) leaves no later event to show it."""
    from tourney.store.health import acknowledged_file, lost_tail

    path = store.sqlite_path()
    if path is None:
        return
    lost = lost_tail(store, acknowledged_file(path))
    if lost is not None:
        problems.append(Problem(*lost))


def _check_applied(store: EventStore, problems: list[Problem]) -> None:
    """Events a read model or policy could not apply: stored intact, but left out of what
    it shows (see `tourney.store.projector`)."""
    rows = store.fetch_rows(
        "SELECT name, stream_id, version, message FROM projection_problems ORDER BY position, name",
        (),
    )
    for name, stream_id, version, message in rows:
        problems.append(
            Problem(
                str(stream_id),
                int(version),
                f"the read model {str(name)!r} could not apply it and left it out ({message})",
            )
        )


def _check_chains(store: EventStore, problems: list[Problem]) -> dict[str, int]:
    """Check the versions, positions and hash chain of every stream; returns each stream's
    last stored version."""
    lasts: dict[str, int] = {}
    stream: str | None = None
    expected = 1
    previous_hash = GENESIS
    previous_position = 0
    sha256 = openssl_sha256()  # every event's hash: OpenSSL's, the faster once loaded
    for row in _rows_by_stream(store):
        position, stream_id, version, type_, schema, payload, at, by, command, stored = row
        if stream_id != stream:
            stream, expected, previous_hash, previous_position = stream_id, 1, GENESIS, 0
        lasts[stream_id] = version
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
            previous_hash,
            stream_id,
            version,
            type_,
            schema,
            payload,
            at,
            by,
            command,
            sha256=sha256,
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
    return lasts


def _check_links(store: EventStore, lasts: dict[str, int], problems: list[Problem]) -> None:
    """Walk the log in position order and check each event's link to the one before it."""
    troubled = {problem.stream_id for problem in problems}
    named = {(problem.stream_id, problem.version) for problem in problems}
    previous: tuple[str, int] | None = None
    linked = False
    for _position, stream_id, version, follows_stream, follows_version in _links(store):
        here = (stream_id, version)
        if follows_stream is None:
            if linked and here not in named:
                problems.append(
                    Problem(
                        stream_id,
                        version,
                        "has no log link though the events before it have one "
                        "(inserted behind tourney's back)",
                    )
                )
                named.add(here)
        else:
            linked = True
            follows = (str(follows_stream), int(follows_version))
            if follows == previous:
                pass
            elif follows[1] > lasts.get(follows[0], 0):
                # Past its stream's last stored version: removed, which only the link shows.
                if follows not in named:
                    problems.append(
                        Problem(
                            *follows,
                            f"{_removed(follows, lasts)}: stream {stream_id!r} version "
                            f"{version} was appended right after it",
                        )
                    )
                    named.add(follows)
            elif not _exists(store, *follows):
                pass  # missing inside its stream: the chain has named it
            elif stream_id not in troubled:
                after = "the start of the log" if previous is None else _name(previous)
                problems.append(
                    Problem(
                        stream_id,
                        version,
                        f"out of log order: appended right after {_name(follows)}, "
                        f"now stored after {after}",
                    )
                )
                troubled.add(stream_id)
        previous = here


def lost_events(store: EventStore) -> list[Problem]:
    """The events the read models had applied that are no longer stored, found from the
    checkpoints alone (a few lookups, not a walk of the log): `tourney rebuild` checks this
    before it resets the checkpoints, the witnesses of the log's last events."""
    problems: list[Problem] = []
    _check_checkpoints(store, None, problems)
    return problems


def _check_checkpoints(
    store: EventStore, lasts: dict[str, int] | None, problems: list[Problem]
) -> None:
    """The event each read model last applied must still be stored. `lasts`: each stream's
    last stored version (looked up per checkpoint when None)."""
    if lasts is None:
        lasts = {}
        for (stream_id,) in store.fetch_rows(
            "SELECT DISTINCT stream_id FROM projection_checkpoints WHERE stream_id IS NOT NULL",
            (),
        ):
            lasts[str(stream_id)] = store.stream_version(str(stream_id))
    named: set[tuple[str, int | None]] = {(p.stream_id, p.version) for p in problems}
    rows = store.fetch_rows(
        "SELECT name, position, stream_id, version FROM projection_checkpoints "
        "WHERE stream_id IS NOT NULL ORDER BY name",
        (),
    )
    for name, position, stream_id, version in rows:
        event = (str(stream_id), int(version))
        # Already named, or its whole stream is (registered, no events left).
        if event in named or (event[0], None) in named:
            continue
        if event[1] > lasts.get(event[0], 0):  # past the stream's last stored version
            problems.append(
                Problem(
                    *event,
                    f"{_removed(event, lasts)}: the read model {name!r} had applied it "
                    f"(position {position})",
                )
            )
            named.add(event)


def _removed(event: tuple[str, int], lasts: dict[str, int]) -> str:
    last = lasts.get(event[0], 0)
    if event[1] == last + 1:
        return "removed"
    if event[1] == last + 2:
        return f"removed, with version {last + 1} before it"
    return f"removed, with versions {last + 1}-{event[1] - 1} before it"


def _name(event: tuple[str, int]) -> str:
    return f"stream {event[0]!r} version {event[1]}"


def _exists(store: EventStore, stream_id: str, version: int) -> bool:
    mark = store.mark
    return bool(
        store.fetch_rows(
            f"SELECT 1 FROM events WHERE stream_id = {mark} AND version = {mark}",
            (stream_id, version),
        )
    )


def _links(store: EventStore) -> Iterator[tuple[Any, ...]]:
    """(position, stream, version, follows_stream, follows_version) in position order."""
    mark = store.mark
    sql = (
        "SELECT position, stream_id, version, follows_stream, follows_version FROM events "
        f"WHERE position > {mark} ORDER BY position LIMIT {mark}"
    )
    last = 0
    while True:
        rows = store.fetch_rows(sql, (last, PAGE_SIZE))
        yield from rows
        if len(rows) < PAGE_SIZE:
            return
        last = rows[-1][0]


def _rows_by_stream(store: EventStore) -> Iterator[tuple[Any, ...]]:
    """Every event by stream, then version, a page at a time."""
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
