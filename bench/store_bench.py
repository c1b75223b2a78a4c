"""Event store benchmark: tourney against raw sqlite3 and the `eventsourcing` library.

    python -m bench.store_bench            # full run (about three minutes)
    python -m bench.store_bench --quick    # a smaller smoke run

The `eventsourcing` columns need `pip install -e '.[bench]'`; without it they are left out.

Every workload runs the contenders in the same process, in interleaved rounds (the order
rotates each round), so a slow moment of the disk hits all of them alike. All SQLite
databases are files in one temporary folder, in WAL mode, at synchronous=FULL: tourney's
setting (see tourney/store/database.py), and SQLite's default, which `eventsourcing` keeps.

The rebuild workload stores 1,000 self-played matches (2, 3 and 4 players, partnerships
too) and times `Projector.rebuild()` of every projection in a fresh process, whose peak
memory (ru_maxrss) is reported: events read from SQLite, decoded, replayed through the rules
engine, and the read-model rows written.

Payloads are JSON objects of 144 bytes. Appends start from the payload dict: tourney and the
`eventsourcing` contender serialise it for each event; the raw sqlite3 floor inserts
pre-serialised text. Reads: tourney returns decoded payload dicts, raw sqlite3 and
`eventsourcing` return undecoded text/bytes, so the read comparison is conservative for
tourney.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import random
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bench.bytecode import fresh_bytecode
from tourney.store.connections import SQLITE_SYNCHRONOUS
from tourney.store.eventstore import EventStore, NewEvent

PAYLOAD: dict[str, Any] = {
    "player": "Player 1",
    "tile": "3-5",
    "on": "5-5",
    "note": "x" * 89,
}
PAYLOAD_TEXT = json.dumps(PAYLOAD, separators=(",", ":"))
EVENT_TYPE = "tile_placed"

Writer = Callable[[int, int], None]  # (first sequence number, events per transaction)


class RawSqlite:
    """The floor: sqlite3 inserting minimal event rows (stream, version, type, payload)."""

    def __init__(self, path: Path) -> None:
        self.connection = sqlite3.connect(path, isolation_level=None)
        self.connection.execute("PRAGMA journal_mode = WAL")
        self.connection.execute(f"PRAGMA synchronous = {SQLITE_SYNCHRONOUS}")
        self.connection.execute(
            "CREATE TABLE events (position INTEGER PRIMARY KEY, stream_id TEXT NOT NULL, "
            "version INTEGER NOT NULL, type TEXT NOT NULL, payload TEXT NOT NULL, "
            "UNIQUE (stream_id, version))"
        )
        self.versions: dict[str, int] = {}

    def write(self, streams: list[str], per_transaction: int) -> None:
        execute = self.connection.execute
        for stream in streams:
            version = self.versions.get(stream, 0)
            execute("BEGIN IMMEDIATE")
            for _ in range(per_transaction):
                version += 1
                execute(
                    "INSERT INTO events (stream_id, version, type, payload) VALUES (?, ?, ?, ?)",
                    (stream, version, EVENT_TYPE, PAYLOAD_TEXT),
                )
            execute("COMMIT")
            self.versions[stream] = version

    def read(self) -> int:
        cursor = self.connection.execute("SELECT * FROM events ORDER BY position")
        count = 0
        while rows := cursor.fetchmany(2000):
            count += len(rows)
        return count


class RawSqliteSameRows(RawSqlite):
    """sqlite3 doing what tourney's append does in the database, with nothing computed:
    tourney's schema (built by its migrations), the same statements (read the stream head,
    insert with the log link), the same row sizes (a 64-digit hash, a timestamp), the hashes
    drawn from a list made beforehand. The gap to tourney is tourney's Python work."""

    SQL_HEAD = "SELECT version, hash FROM events WHERE stream_id = ? ORDER BY version DESC LIMIT 1"
    LAST = "FROM events ORDER BY position DESC LIMIT 1"
    SQL_INSERT = (
        "INSERT INTO events (stream_id, version, type, schema_version, payload, recorded_at, "
        "recorded_by, command_id, hash, follows_stream, follows_version) "
        f"VALUES (?, ?, ?, 1, ?, ?, NULL, NULL, ?, (SELECT stream_id {LAST}), "
        f"(SELECT version {LAST}))"
    )
    SQL_REGISTER = "INSERT INTO streams (stream_id) VALUES (?) ON CONFLICT (stream_id) DO NOTHING"

    def __init__(self, path: Path) -> None:  # the schema comes from tourney's migrations
        EventStore.from_url(f"sqlite:///{path}").close()
        self.connection = sqlite3.connect(path, isolation_level=None)
        self.connection.execute(f"PRAGMA synchronous = {SQLITE_SYNCHRONOUS}")
        self.hashes = [random.randbytes(32).hex() for _ in range(4096)]
        self.stamp = "2026-11-30T12:00:00.000000+00:00"
        self.count = 0

    def write(self, streams: list[str], per_transaction: int) -> None:
        execute = self.connection.execute
        hashes = self.hashes
        for stream in streams:
            execute("BEGIN IMMEDIATE")
            head = execute(self.SQL_HEAD, (stream,)).fetchone()
            version = head[0] if head else 0
            if not head:
                execute(self.SQL_REGISTER, (stream,))
            for _ in range(per_transaction):
                version += 1
                self.count += 1
                hash_ = hashes[self.count % 4096]
                execute(
                    self.SQL_INSERT, (stream, version, EVENT_TYPE, PAYLOAD_TEXT, self.stamp, hash_)
                )
            execute("COMMIT")


class Tourney:
    def __init__(self, path: Path) -> None:
        self.store = EventStore.from_url(f"sqlite:///{path}")
        self.versions: dict[str, int] = {}

    def write(self, streams: list[str], per_transaction: int) -> None:
        append = self.store.append
        events = [NewEvent(EVENT_TYPE, PAYLOAD)] * per_transaction
        for stream in streams:
            version = self.versions.get(stream, 0)
            append(stream, events, expected_version=version)
            self.versions[stream] = version + per_transaction

    def read(self) -> int:
        return sum(1 for _ in self.store.read_all())


class EventSourcing:
    """`eventsourcing`'s SQLiteApplicationRecorder: its persistence layer, no domain model."""

    def __init__(self, path: Path) -> None:
        from eventsourcing.sqlite import SQLiteApplicationRecorder, SQLiteDatastore

        self.datastore = SQLiteDatastore(str(path))
        self.recorder = SQLiteApplicationRecorder(self.datastore)
        self.recorder.create_table()
        self.ids: dict[str, uuid.UUID] = {}
        self.versions: dict[str, int] = {}

    def write(self, streams: list[str], per_transaction: int) -> None:
        from eventsourcing.persistence import StoredEvent

        dumps = json.dumps
        insert = self.recorder.insert_events
        for stream in streams:
            originator = self.ids.setdefault(stream, uuid.uuid4())
            version = self.versions.get(stream, 0)
            # Serialising the payload is part of appending an event, as in tourney (and as
            # eventsourcing's own application layer does before calling its recorder).
            batch = [
                StoredEvent(originator, version + i + 1, EVENT_TYPE, dumps(PAYLOAD).encode())
                for i in range(per_transaction)
            ]
            insert(batch)
            self.versions[stream] = version + per_transaction

    def read(self) -> int:
        count, start = 0, 1
        while notifications := self.recorder.select_notifications(start, 1000):
            count += len(notifications)
            start = notifications[-1].id + 1
        return count


class Rates(dict[str, float]):
    """Events per second of each contender over the whole run, with `per_round`: tourney's
    time over each other contender's, round by round (a slow moment of the disk lands in
    one round, so the median of these is the steadier ratio)."""

    per_round: dict[str, list[float]]


def interleaved(
    contenders: dict[str, Any], events: int, per_transaction: int, rounds: int
) -> Rates:
    """Events per second of each contender's `write`, in rotating interleaved rounds."""
    spent = dict.fromkeys(contenders, 0.0)
    names = list(contenders)
    transactions = events // per_transaction
    per_round = transactions // rounds
    ratios: dict[str, list[float]] = {name: [] for name in names if name != "tourney"}
    for round_ in range(rounds):
        streams = [f"stream-{(round_ * per_round + i) % 100}" for i in range(per_round)]
        order = names[round_ % len(names) :] + names[: round_ % len(names)]
        took: dict[str, float] = {}
        for name in order:
            started = time.perf_counter()
            contenders[name].write(streams, per_transaction)
            took[name] = time.perf_counter() - started
            spent[name] += took[name]
        for name in ratios:
            ratios[name].append(took[name] / took["tourney"])
    written = per_round * rounds * per_transaction
    rates = Rates({name: written / seconds for name, seconds in spent.items()})
    rates.per_round = ratios
    return rates


def per_round_line(rates: Rates) -> str:
    """The median (and range) of tourney's per-round rate over each other contender's."""
    cells = []
    for name, ratios in rates.per_round.items():
        cells.append(
            f"{name} {statistics.median(ratios):.2f}x ({min(ratios):.2f}-{max(ratios):.2f})"
        )
    return f"{'  per round, median (range):':<30}" + ", ".join(cells)


def timed_reads(contenders: dict[str, Any], repeats: int) -> dict[str, float]:
    """Best events per second of each contender's `read` over `repeats` tries."""
    best = dict.fromkeys(contenders, 0.0)
    for _ in range(repeats):
        for name, contender in contenders.items():
            started = time.perf_counter()
            count = contender.read()
            best[name] = max(best[name], count / (time.perf_counter() - started))
    return best


HAS_EVENTSOURCING = importlib.util.find_spec("eventsourcing") is not None
CONFIGS = [(2, False), (3, False), (4, False), (4, True)]

REBUILD_CHILD = """
import json, resource, sys, time
from tourney.projections import default_projections
from tourney.store.eventstore import EventStore
from tourney.store.projector import Projector
store = EventStore.from_url(sys.argv[1])
projector = Projector(store, default_projections())
started = time.perf_counter()
read = projector.rebuild()
seconds = time.perf_counter() - started
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
# Events in the log (`read` counts each once per projection).
events = store.fetch_rows("SELECT COUNT(*) FROM events", ())[0][0]
print(json.dumps({"events": events, "read": read, "seconds": seconds, "peak": peak}))
"""


def make(folder: Path, label: str) -> dict[str, Any]:
    contenders: dict[str, Any] = {
        "tourney": Tourney(folder / f"tourney-{label}.db"),
        "raw sqlite3": RawSqlite(folder / f"raw-{label}.db"),
        "raw, same rows": RawSqliteSameRows(folder / f"same-{label}.db"),
    }
    if HAS_EVENTSOURCING:
        contenders["eventsourcing"] = EventSourcing(folder / f"es-{label}.db")
    return contenders


def row(label: str, rates: dict[str, float]) -> str:
    """Rates of every contender, then tourney's rate over each of the others."""
    tourney = rates["tourney"]
    cells = "".join(f"{rates[name]:>16,.0f}" for name in rates)
    ratios = "".join(f"{tourney / rates[name]:>9.2f}x" for name in rates if name != "tourney")
    return f"{label:<30}{cells}{ratios}"


def rebuild(folder: Path, matches: int) -> dict[str, float]:
    """Store `matches` self-played matches, then rebuild every projection in a new process."""
    from tourney.games.horserace.simulate import player_names, simulate_match
    from tourney.projections.match_view import new_events

    path = folder / "rebuild.db"
    store = EventStore.from_url(f"sqlite:///{path}")
    for number in range(matches):
        seats, partners = CONFIGS[number % len(CONFIGS)]
        played = simulate_match(random.Random(number), player_names(seats), partners)
        store.append(f"match-{number:05d}", new_events(played.events), expected_version=0)
    store.close()
    child = subprocess.run(
        [sys.executable, "-c", REBUILD_CHILD, f"sqlite:///{path}"],
        check=True,
        capture_output=True,
        text=True,
    )
    result: dict[str, float] = json.loads(child.stdout)
    return result


def main(argv: list[str] | None = None) -> None:
    """Run every workload and print the table. `argv` defaults to no options (so that
    `python -m bench`, which passes its own arguments, runs the full set)."""
    fresh_bytecode()
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--events", type=int, default=100_000, help="events for reads/batches")
    parser.add_argument(
        "--single",
        type=int,
        default=100_000,
        help="events appended one per transaction (the issue's reference figures used 100,000)",
    )
    parser.add_argument("--matches", type=int, default=1000, help="matches for the rebuild")
    parser.add_argument("--quick", action="store_true", help="a tenth of the sizes")
    args = parser.parse_args(argv or [])
    if args.quick:
        args.events //= 10
        args.single //= 10
        args.matches //= 10

    print(f"payload {len(PAYLOAD_TEXT)} bytes of JSON, SQLite WAL synchronous={SQLITE_SYNCHRONOUS}")
    others = ["raw sqlite3", "raw, same rows"] + (["eventsourcing"] if HAS_EVENTSOURCING else [])
    header = f"{'workload (events/s)':<30}" + "".join(
        f"{name:>16}" for name in ["tourney", *others]
    )
    ratios = "".join(f"{label:>10}" for label in ["vs raw", "vs same", "vs es"][: len(others)])
    print(f"{header}{ratios}")
    with tempfile.TemporaryDirectory(prefix="tourney-bench-") as tmp:
        folder = Path(tmp)
        single = make(folder, "single")
        # 100 short rounds: one round of one-event appends reads anywhere from 0.6x to 1.1x
        # of raw sqlite3 (the disk's fsync time wanders), and many short ones average that out
        # (20 rounds of 1,000 events gave 0.78-0.83x from run to run; 100 of 1,000 gave
        # 0.81-0.82x in seven runs).
        rates = interleaved(single, args.single, 1, rounds=100)
        print(row(f"append 1/txn ({args.single:,} events)", rates))
        print(per_round_line(rates))

        batched = make(folder, "batch")
        rates = interleaved(batched, args.events, 20, rounds=10)
        print(row(f"append 20/txn ({args.events:,} events)", rates))
        print(per_round_line(rates))

        reads = timed_reads(batched, repeats=5)
        print(row(f"read all ({args.events:,} events)", reads))

        result = rebuild(folder, args.matches)
        print(
            f"rebuild {args.matches:,} matches: {result['events']:,.0f} events in "
            f"{result['seconds']:.2f} s = {result['events'] / result['seconds']:,.0f} events/s, "
            f"peak memory {result['peak'] / 2**20:.0f} MB (whole process)"
        )
    if not HAS_EVENTSOURCING:
        print("eventsourcing not installed (pip install -e '.[bench]'): its columns left out")
    print("tourney reads decode every payload to a dict; the others return text/bytes")


if __name__ == "__main__":
    main(sys.argv[1:])
