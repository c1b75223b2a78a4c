"""An event store held in memory, for tests: the event log of `EventStore` (appends with
optimistic concurrency and command ids, streams, the whole log, heads, the tournament
registry) in plain Python objects, gone when the process ends.

Shaped as eventsourcing's POPO recorders are: one list of stored rows (a row's position is
its index plus one), an index from each stream to its rows by version and one from each
command id, all changed under one lock and only after every check of an append passed, so a
refused append leaves nothing. Events are encoded and hash-chained by the function the
database stores use (`appending.chain`) and read back through the same decoding
(`decoding.decode`): the payloads, hashes, refusals and upcasting are theirs, to the byte.
`tests/integration/test_event_log_contract.py` runs one suite against this store, SQLite
and PostgreSQL.

What it does not have: SQL (`fetch_rows`, `connect`), so no read models, projections or
policies (they write tables in the append's transaction), no files, no durability. No URL
names it: a command or a server never opens one.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

from tourney.store.appending import chain, not_unicode, now, refuse_nul
from tourney.store.appends import AppendRequest, NewEvent, StoredEvent, StreamAppend
from tourney.store.decoding import Row, decode
from tourney.store.errors import ConcurrencyError, StoreError
from tourney.store.hashchain import GENESIS
from tourney.store.reading import PAGE_SIZE, short
from tourney.store.upcasting import UpcasterRegistry

# The tournament registry's rule (migration 0006, a trigger on `events` in the databases):
# a `tournament-<slug>` stream's first event, `tournament_created`, registers the slug with
# the payload's `name` (the slug when it has none).
_TOURNAMENT_PREFIX = "tournament-"
_TOURNAMENT_CREATED = "tournament_created"


class MemoryStore:
    """Append-only streams of events in this process's memory (see the module docstring)."""

    dialect = "memory"

    def __init__(self, registry: UpcasterRegistry | None = None) -> None:
        self.registry = registry if registry is not None else UpcasterRegistry()
        self.after_append: list[Callable[[], None]] = []
        self.warnings: list[str] = []
        self._lock = threading.Lock()
        # The log: rows in `decoding.COLUMNS` order, the payload as its stored text.
        self._rows: list[Row] = []
        self._streams: dict[str, list[int]] = {}  # stream id -> indexes of its rows
        self._commands: dict[str, list[int]] = {}  # command id -> indexes of its rows
        self._tournaments: dict[str, tuple[str, int]] = {}  # slug -> (name, position)

    def close(self) -> None:
        """Nothing to close: the events stay readable until the store is dropped."""

    def __enter__(self) -> MemoryStore:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()

    @property
    def url(self) -> str:
        return "memory:"

    @property
    def failed(self) -> str | None:
        """Never fails closed: there is no storage to fail."""
        return None

    def sqlite_path(self) -> str | None:
        return None

    def database_files(self) -> tuple[Path, ...]:
        """No file holds it."""
        return ()

    # -- writing -------------------------------------------------------------------------

    def append(
        self,
        stream_id: str,
        events: Sequence[NewEvent],
        expected_version: int | None = None,
        command_id: str | None = None,
    ) -> list[StoredEvent]:
        """`EventStore.append`."""
        return self.append_streams([StreamAppend(stream_id, events, expected_version)], command_id)

    def append_batch(
        self, requests: Sequence[AppendRequest]
    ) -> list[list[StoredEvent] | StoreError]:
        """`EventStore.append_batch`: each request kept or refused on its own."""
        outcomes: list[list[StoredEvent] | StoreError] = []
        wrote = False
        with self._lock:
            length = len(self._rows)
            try:
                for request in requests:
                    append = StreamAppend(
                        request.stream_id, request.events, request.expected_version
                    )
                    try:
                        result, written = self._append([append], request.command_id)
                    except StoreError as refused:
                        outcomes.append(refused)
                    else:
                        outcomes.append(result)
                        wrote = wrote or written
            except BaseException:  # any other failure refuses the whole batch, as one commit
                self._undo(length)
                raise
        if wrote:
            self._after()
        return outcomes

    def append_streams(
        self, appends: Sequence[StreamAppend], command_id: str | None = None
    ) -> list[StoredEvent]:
        """`EventStore.append_streams`: every event, or none."""
        with self._lock:
            result, wrote = self._append(appends, command_id)
        if wrote:
            self._after()
        return result

    def _after(self) -> None:
        for hook in self.after_append:
            hook()

    def _append(
        self, appends: Sequence[StreamAppend], command_id: str | None
    ) -> tuple[list[StoredEvent], bool]:
        """Under the lock: every check first, then the rows and indexes changed at once."""
        if command_id is not None and command_id in self._commands:
            return self._decoded(self._commands[command_id]), False
        at = now()
        heads: dict[str, tuple[int, str]] = {}  # heads as this append leaves them
        new: list[Row] = []
        result: list[StoredEvent] = []
        make = tuple.__new__
        for item in appends:
            stream_id = item.stream_id
            if "\x00" in stream_id:
                refuse_nul(stream_id)
            version, previous = heads.get(stream_id) or self._head(stream_id) or (0, GENESIS)
            expected = item.expected_version
            if expected is not None and expected != version:
                raise ConcurrencyError(stream_id, expected, version)
            try:
                rows, stored = chain(
                    self.registry, stream_id, item.events, version, previous, at, command_id
                )
            except UnicodeEncodeError as exc:
                raise not_unicode(stream_id, exc) from None
            if not rows:
                continue
            heads[stream_id] = (rows[-1][1], rows[-1][8])
            for row, fields in zip(rows, stored, strict=True):
                position = len(self._rows) + len(new) + 1
                new.append((position, *row))
                result.append(make(StoredEvent, (position, stream_id, *fields)))
        for row in new:
            self._keep(row)
        return result, bool(new)

    def _keep(self, row: Row) -> None:
        index = len(self._rows)
        self._rows.append(row)
        position, stream_id, version, type_, payload, command_id = (
            row[0], row[1], row[2], row[3], row[5], row[8]
        )  # fmt: skip
        self._streams.setdefault(stream_id, []).append(index)
        if command_id is not None:
            self._commands.setdefault(command_id, []).append(index)
        if (
            version == 1
            and type_ == _TOURNAMENT_CREATED
            and stream_id.startswith(_TOURNAMENT_PREFIX)
        ):
            # As the trigger reads it: the name as stored, not lifted by an upcaster.
            slug = stream_id[len(_TOURNAMENT_PREFIX) :]
            name = json.loads(payload).get("name")
            self._tournaments.setdefault(slug, (slug if name is None else str(name), position))

    def _undo(self, length: int) -> None:
        """Forget every row after the first `length` (a batch refused whole)."""
        while len(self._rows) > length:
            row = self._rows.pop()
            self._streams[row[1]].pop()
            if not self._streams[row[1]]:
                del self._streams[row[1]]
            if row[8] is not None:
                self._commands[row[8]].pop()
                if not self._commands[row[8]]:
                    del self._commands[row[8]]
            for slug, (_name, position) in list(self._tournaments.items()):
                if position == row[0]:
                    del self._tournaments[slug]

    def _head(self, stream_id: str) -> tuple[int, str] | None:
        indexes = self._streams.get(stream_id)
        if not indexes:
            return None
        row = self._rows[indexes[-1]]
        return int(row[2]), str(row[9])

    def _decoded(self, indexes: Sequence[int]) -> list[StoredEvent]:
        return decode(self.registry, [self._rows[i] for i in indexes])

    # -- reading -------------------------------------------------------------------------

    def stream_version(self, stream_id: str) -> int:
        with self._lock:
            head = self._head(stream_id)
        return 0 if head is None else head[0]

    def head_hash(self, stream_id: str) -> str | None:
        with self._lock:
            head = self._head(stream_id)
        return None if head is None else head[1]

    def short_head_hash(self, stream_id: str) -> str | None:
        full = self.head_hash(stream_id)
        return None if full is None else short(full)

    def heads(self) -> list[tuple[str, int, str]]:
        with self._lock:
            found = [(stream, self._head(stream)) for stream in self._streams]
        return sorted((stream, *head) for stream, head in found if head is not None)

    def read_stream(
        self,
        stream_id: str,
        from_version: int = 0,
        to_version: int | None = None,
        page_size: int = PAGE_SIZE,
    ) -> Iterator[StoredEvent]:
        """`EventStore.read_stream`: a page at a time, so that what is appended meanwhile is
        seen as a database store sees it."""
        last = max(from_version, 0)
        while True:
            with self._lock:
                indexes = self._streams.get(stream_id, [])
                # A stream's versions are 1, 2, ... in its index: version v is at v - 1.
                upto = len(indexes) if to_version is None else min(to_version, len(indexes))
                page = indexes[last : min(upto, last + page_size)]
                events = self._decoded(page)
            yield from events
            if len(page) < page_size:
                return
            last += page_size

    def read_all(
        self,
        from_position: int = 0,
        to_position: int | None = None,
        page_size: int = PAGE_SIZE,
    ) -> Iterator[StoredEvent]:
        """`EventStore.read_all`, a page at a time."""
        last = max(from_position, 0)
        while True:
            with self._lock:
                end = len(self._rows) if to_position is None else min(to_position, len(self._rows))
                rows = self._rows[last : min(end, last + page_size)]
            yield from decode(self.registry, rows)
            if len(rows) < page_size:
                return
            last += page_size

    def events_of_command(self, command_id: str) -> list[StoredEvent]:
        with self._lock:
            return self._decoded(self._commands.get(command_id, []))

    def max_position(self) -> int:
        return len(self._rows)

    # -- the tournament registry ---------------------------------------------------------

    def registered(self, slug: str) -> bool:
        return slug in self._tournaments

    def tournaments(self, named: str | None = None) -> list[tuple[str, str]]:
        """`EventStore.tournaments`; `named` lowered as Python lowers text (as PostgreSQL
        does; SQLite lowers ASCII letters only)."""
        with self._lock:
            listed = sorted(self._tournaments.items(), key=lambda item: item[1][1])
        key = None if named is None else named.lower()
        return [(slug, name) for slug, (name, _) in listed if key is None or name.lower() == key]

    def newest_tournament(self) -> str | None:
        with self._lock:
            if not self._tournaments:
                return None
            return max(self._tournaments.items(), key=lambda item: item[1][1])[0]
