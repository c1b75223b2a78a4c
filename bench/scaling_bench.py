"""Scaling benchmark (issue 16): every command a director and a scorer use, on databases of
~3k, ~80k and ~500k events (SQLite), and the small one on PostgreSQL.

    python -m bench.scaling_bench             # full run (builds the 500k database once)
    python -m bench.scaling_bench --quick     # ~3k/20k/60k events, short matches, 3 runs
    python -m bench.scaling_bench --sizes 3000,80000 --runs 5 --no-postgres

The databases hold club nights (16 players, 4 Swiss rounds at tables of 4, every match
played by bots) and ad-hoc matches (a quarter of the events), built through the store's own
desks, and are cached in a temporary folder keyed by the schema revision and this builder's
source (`--cache DIR` to choose it; `--rebuild-cache` to build them again). Each run copies
them, and builds the small one afresh on a throwaway PostgreSQL cluster (as the tests do,
`tests/postgres_server.py`, but durable: fsync and synchronous_commit on, as SQLite's
synchronous=FULL).

Every command is a whole `tourney` process, wall time. Each step runs on every database in
turn, in an order that rotates from step to step (a slow moment of the machine hits every
database alike), and each figure is the median over every sample:

- director: create a tournament, import its players (resolved by display name), add one,
  list and show tournaments, pair, pairings, standings (text, JSON, and an older club night
  by display name), forfeit, adjudicate, void, withdraw, publish: `--runs` times;
- scorer: a whole hidden-hand match at table T1 of the newest tournament (by table code), and
  an ad-hoc match K1, one command per event, with `show`, `show --json`, `undo`, `undo
  --redo` and `export` along the way; then `--runs` more ad-hoc matches started (a match
  starts once: one sample of `start` was all the median had);
- `verify` and `rebuild`, `--runs` times each (`--rebuild-only`: rebuild alone, on the
  largest database, checked against its read models as built; see `bench.rebuild_bench`).

Printed against the bounds of issues 16 and 24: every command but verify/rebuild at the
largest size within 1.10x of its time at the smallest; a scorer's one-shot command on
PostgreSQL at most 500 ms and on SQLite at most 300 ms (median); `rebuild` of the largest
database at least 80,000 events/s (whole process, one process).
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import inspect
import json
import os
import random
import re
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from bench import rebuild_bench
from bench.bytecode import fresh_bytecode
from tests.factories.tablesim import hidden_record
from tourney.demo.clubnight import CLUBS, player_names
from tourney.director.desk import Decide, DirectorDesk
from tourney.gamekit import game
from tourney.gamekit.stored import HORSE_RACE
from tourney.games.horserace import Event, Match
from tourney.games.horserace.bots import Bot, GreedyBot, RandomBot
from tourney.games.horserace.face import one_shot_args
from tourney.games.horserace.simulate import BotTable, simulate_match
from tourney.projections import open_store
from tourney.store import connections
from tourney.store.eventstore import EventStore, NewEvent
from tourney.store.migrate import HEAD_REVISION
from tourney.store.projector import Projector
from tourney.streams.matches import match_events, match_stream, to_payload
from tourney.tournament.create import decide_create
from tourney.tournament.entries.entries import decide_register
from tourney.tournament.events import TournamentEvent
from tourney.tournament.seating.pairing import decide_pair_round
from tourney.tournament.state import TournamentState

HORSE_RACE_GAME = game(HORSE_RACE)
TOURNEY = str(Path(sys.executable).parent / "tourney")
# The commands run as a user's would: with their modules' bytecode cached.
ENV = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
NIGHT_PLAYERS = 16
NIGHT_ROUNDS = 4
ADHOC_SHARE = 0.25
# Events of a club night and of an ad-hoc match, as built (measured once: they only size
# how many of each a database gets).
NIGHT_EVENTS = 2900
ADHOC_EVENTS = 185

# The bounds of issue 16.
FLAT_BOUND = 1.10
POSTGRES_SCORER_MS = 500.0
SQLITE_SCORER_MS = 300.0
REBUILD_RATE = 80_000

SCORER_COMMANDS = ("start", "hand", "place", "draw", "pass", "reveal", "show", "undo")
EXEMPT = ("verify", "rebuild")


# -- building the databases ------------------------------------------------------------------


def _bots(rng: random.Random, seats: int) -> list[Bot]:
    return [GreedyBot() if rng.random() < 0.6 else RandomBot() for _ in range(seats)]


def _play_stream(store: EventStore, stream: str, rng: random.Random) -> int:
    """Play the started match of `stream` to its end with bots, appended in one go (as a
    scorer would have recorded it event by event); returns the events appended."""
    stored = list(store.read_stream(stream))
    match = Match()
    for version, event in match_events(stored):
        match.apply(event, version)
    table = BotTable(_bots(rng, match.n), rng)
    new: list[NewEvent] = []
    while not match.finished:
        event = table.next_event(match)
        match.apply(event)
        new.append(NewEvent(event.type, to_payload(HORSE_RACE_GAME, event), recorded_by="bench"))
    store.append(stream, new, expected_version=len(stored))
    return len(new)


def _club_night(
    director: DirectorDesk, projector: Projector, rng: random.Random, number: int
) -> None:
    name = f"Club Night {number}"
    created = director.create(
        lambda state: decide_create(
            state, name, format="swiss", table_size=4, rounds=NIGHT_ROUNDS, game_name=HORSE_RACE
        )
    )
    slug = created.slug
    for index, player in enumerate(player_names(NIGHT_PLAYERS), 1):
        director.execute(slug, _registration(index, player, 1200 + (index * 137) % 800))
    for _ in range(NIGHT_ROUNDS):
        loaded, _events = director.pair(slug, decide_pair_round)
        for table in loaded.state.rounds[-1].tables:
            _play_stream(director.store, match_stream(table.match_id), rng)
        projector.catch_up()  # the result policy posts the round's results


def _registration(index: int, name: str, rating: int) -> Decide:
    def decide(state: TournamentState) -> list[TournamentEvent]:
        club = CLUBS[index % len(CLUBS)]
        return decide_register(state, f"p{index}", name, club=club, rating=rating)

    return decide


def _adhoc_match(store: EventStore, rng: random.Random, number: int) -> None:
    seats = rng.choice((2, 2, 3, 4))
    names = player_names(seats + number % 7)[-seats:]
    played = simulate_match(rng, names, False, _bots(rng, seats))
    events = [
        NewEvent(e.type, to_payload(HORSE_RACE_GAME, e), recorded_by="bench") for e in played.events
    ]
    store.append(match_stream(f"A{number}"), events, expected_version=0)


def build(url: str, target: int, seed: int = 16) -> int:
    """Fill the empty database at `url` with about `target` events: club nights and ad-hoc
    matches in turn, a club night last. Returns the events stored."""
    store, projector = open_store(url)
    store.after_append.clear()  # read models catch up after each round, as the demo does
    try:
        rng = random.Random(seed)
        director = DirectorDesk(store, recorded_by="bench")
        nights = max(1, round(target * (1 - ADHOC_SHARE) / NIGHT_EVENTS))
        adhoc = round(target * ADHOC_SHARE / ADHOC_EVENTS)
        played = 0
        for night in range(1, nights + 1):
            while played < adhoc * night // nights:
                played += 1
                _adhoc_match(store, rng, played)
            _club_night(director, projector, rng, night)
        projector.catch_up()
        return store.max_position()
    finally:
        store.close()


def _builder_key() -> str:
    """The cache key: the builder's source. A database built by an older tourney is upgraded
    in place by `cached_database` (the upgrade is part of what tourney must do well)."""
    source = "".join(
        inspect.getsource(function)
        for function in (_bots, _play_stream, _club_night, _registration, _adhoc_match, build)
    )
    sizes = f"{NIGHT_PLAYERS} {NIGHT_ROUNDS} {ADHOC_SHARE} {NIGHT_EVENTS} {ADHOC_EVENTS}"
    return hashlib.sha256(f"{sizes}\n{source}".encode()).hexdigest()[:12]


def cached_database(cache: Path, target: int, fresh: bool) -> Path:
    """The SQLite database of about `target` events, built once into `cache` (at
    synchronous=OFF: building is not what is measured) and upgraded to the current schema."""
    cache.mkdir(parents=True, exist_ok=True)
    path = cache / f"scaling-{_builder_key()}-{target}.db"
    if not path.exists() or fresh:
        for stale in cache.glob(f"scaling-*-{target}.db*"):
            stale.unlink()
        building = path.with_suffix(".building")
        building.unlink(missing_ok=True)
        started = time.perf_counter()
        print(f"  building ~{target:,} events into {path} ...", end=" ", flush=True)
        durable, connections.SQLITE_SYNCHRONOUS = connections.SQLITE_SYNCHRONOUS, "OFF"
        try:
            events = build(f"sqlite:///{building}", target)
        finally:
            connections.SQLITE_SYNCHRONOUS = durable
        with contextlib.closing(sqlite3.connect(building)) as connection:
            connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        building.rename(path)
        print(f"{events:,} events in {time.perf_counter() - started:.0f} s", flush=True)
    if _revision(path) != HEAD_REVISION:
        started = time.perf_counter()
        subprocess.run([TOURNEY, "db", "upgrade", "--db", str(path)], check=True)
        print(f"  upgraded {path.name} in {time.perf_counter() - started:.1f} s")
    return path


def _revision(path: Path) -> str:
    with contextlib.closing(sqlite3.connect(path)) as connection:
        return str(connection.execute("SELECT version_num FROM alembic_version").fetchone()[0])


@contextlib.contextmanager
def postgres_database() -> Iterator[str | None]:
    """A fresh database on a throwaway, durable PostgreSQL cluster; None without a server."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from tests.postgres_server import PostgresServer, find_bin_dir

    bin_dir = find_bin_dir()
    if bin_dir is None:
        print("  no PostgreSQL server found: the PostgreSQL column is left out")
        yield None
        return
    server = PostgresServer(bin_dir, durable=True)
    server.start()
    try:
        yield server.new_database()
    finally:
        server.stop()


# -- running the commands ----------------------------------------------------------------------


@dataclass
class Target:
    """One database the commands run against."""

    label: str
    db: str
    folder: Path
    events: int = 0


@dataclass
class Samples:
    """Wall times (seconds) per command name and target label."""

    times: dict[str, dict[str, list[float]]] = field(default_factory=dict)
    cpu: dict[str, dict[str, list[float]]] = field(default_factory=dict)
    order: list[str] = field(default_factory=list)

    def add(self, name: str, label: str, seconds: float, cpu: float) -> None:
        if name not in self.times:
            self.times[name] = {}
            self.cpu[name] = {}
            self.order.append(name)
        self.times[name].setdefault(label, []).append(seconds)
        self.cpu[name].setdefault(label, []).append(cpu)

    def median(self, name: str, label: str, cpu: bool = False) -> float | None:
        found = (self.cpu if cpu else self.times).get(name, {}).get(label)
        return statistics.median(found) if found else None


def run(target: Target, argv: Sequence[str]) -> tuple[float, float, str]:
    """Run `tourney ARGV --db DB` in the target's folder: (wall seconds, CPU seconds of the
    process, stdout). On a shared machine the CPU time is the steadier figure; the bounds
    are on wall time."""
    with tempfile.TemporaryFile("w+") as out, tempfile.TemporaryFile("w+") as err:
        started = time.perf_counter()
        process = subprocess.Popen(
            [TOURNEY, *argv, "--db", target.db],
            cwd=target.folder,
            stdout=out,
            stderr=err,
            env=ENV,
        )
        _pid, status, usage = os.wait4(process.pid, 0)
        seconds = time.perf_counter() - started
        process.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        if process.returncode != 0:
            failed = " ".join(argv)
            raise RuntimeError(f"{target.label}: tourney {failed} failed: {err.read().strip()}")
        return seconds, usage.ru_utime + usage.ru_stime, out.read()


class Runner:
    """Runs each step on every target, rotating the order, and keeps the samples."""

    def __init__(self, targets: list[Target]) -> None:
        self.targets = targets
        self.samples = Samples()
        self._turn = 0

    def step(self, name: str, argv: Callable[[Target], Sequence[str] | None]) -> dict[str, str]:
        """Time `argv(target)` on every target (None: skip that target); their outputs."""
        self._turn += 1
        count = len(self.targets)
        ordered = [self.targets[(self._turn + i) % count] for i in range(count)]
        outputs: dict[str, str] = {}
        for target in ordered:
            args = argv(target)
            if args is None:
                continue
            seconds, cpu, outputs[target.label] = run(target, args)
            self.samples.add(name, target.label, seconds, cpu)
        return outputs


def director_steps(runner: Runner, run_index: int, older: dict[str, str]) -> None:
    """One round of every director command, on a new tournament `Bench N`."""
    name = f"Bench {run_index}"
    slug = f"bench-{run_index}"
    step = runner.step
    step("tournament create", lambda t: ["tournament", "create", name, "--rounds", "3"])
    step("player import", lambda t: ["player", "import", "players.csv", "-t", name])
    step("player add", lambda t: ["player", "add", "Late Comer", "--club", "Harbour"])
    step("tournament list", lambda t: ["tournament", "list"])
    step("tournament show", lambda t: ["tournament", "show", "-t", slug])
    step("pair", lambda t: ["pair"])
    step("pairings", lambda t: ["pairings"])
    step("standings", lambda t: ["standings"])
    step("standings --json", lambda t: ["standings", "--json"])
    step("standings -t NAME", lambda t: ["standings", "-t", older[t.label]])
    step(
        "director forfeit",
        lambda t: ["director", "forfeit", f"{slug}-r1-t2", "--sides", "2", "--reason", "left"],
    )
    step(
        "director adjudicate",
        lambda t: [
            "director",
            "adjudicate",
            f"{slug}-r1-t3",
            "--scores",
            "61,40,30,20",
            "--winners",
            "1",
            "--reason",
            "scoresheet",
        ],
    )
    step("director void", lambda t: ["director", "void", f"{slug}-r1-t4", "--reason", "tiles"])
    step("player withdraw", lambda t: ["player", "withdraw", "Late Comer"])
    step("publish", lambda t: ["publish", f"site-{run_index}"])


def scorer_match(runner: Runner, code: str, events: list[Event]) -> None:
    """Record `events` at `code` one command each, with reads and undos along the way."""
    step = runner.step
    for index, event in enumerate(events, 1):
        args = one_shot_args(event, code)
        step(args[0], lambda t, args=args: args)  # type: ignore[misc]
        if index % 10 == 0:
            step("show", lambda t: ["show", code])
            step("show --json", lambda t: ["show", code, "--json"])
        if index % 15 == 0 and index < len(events):
            step("undo", lambda t: ["undo", code])
            step("undo --redo", lambda t: ["undo", code, "--redo"])
        if index % 25 == 0:
            step("export", lambda t: ["export", code, "-o", "export.jsonl", "--force"])


def table_events(runner: Runner, code: str, seed: int, target_points: int) -> list[Event]:
    """A hidden-hand match for the table `code` already started on every target (the same
    seats everywhere), without its match_started."""
    seats = runner.step("show --json", lambda t: ["show", code, "--json"])
    players = {tuple(json.loads(text)["players"]) for text in seats.values()}
    if len(players) != 1:
        raise RuntimeError(f"{code} is seated differently on the databases: {players}")
    names = players.pop()
    played = simulate_match(
        random.Random(seed), names, False, [GreedyBot()] * len(names), target_points
    )
    return hidden_record(played.events)[1:]


def timed_rebuilds(runner: Runner, runs: int) -> dict[str, float]:
    """verify and rebuild, `runs` times each; the in-process seconds rebuild printed."""
    printed: dict[str, list[float]] = {}
    for _ in range(runs):
        runner.step("verify", lambda t: ["verify"])
        outputs = runner.step("rebuild", lambda t: ["rebuild"])
        for label, text in outputs.items():
            found = re.search(r"in ([0-9.]+) s", text)
            if found:
                printed.setdefault(label, []).append(float(found.group(1)))
    return {label: statistics.median(values) for label, values in printed.items()}


# -- the report --------------------------------------------------------------------------------


def _ms(value: float | None) -> str:
    return "      -" if value is None else f"{value * 1000:7.0f}"


def _table(samples: Samples, targets: list[Target], cpu: bool) -> list[str]:
    """One table of medians and ratios (wall or CPU time); the wall bounds that failed."""
    sqlite = [t for t in targets if t.label.startswith("sqlite")]
    small, large = sqlite[0], sqlite[-1]
    postgres = next((t for t in targets if t.label.startswith("postgres")), None)
    failed: list[str] = []
    header = "".join(f"{t.label:>14}" for t in targets)
    what = "CPU time of the process" if cpu else "wall time"
    print(f"\nmedians in ms, {what} (n: samples per database)")
    print(f"  {'command':<22}{'n':>4}{header}{'large/small':>13}{'pg/sqlite':>11}")
    for name in samples.order:
        row = [samples.median(name, t.label, cpu) for t in targets]
        count = min(len(samples.times[name].get(t.label, [])) for t in targets)
        cells = "".join(f"{_ms(value):>14}" for value in row)
        flat = pg = ""
        low, high = samples.median(name, small.label, cpu), samples.median(name, large.label, cpu)
        scorer = name.split()[0] in SCORER_COMMANDS
        if low and high and name not in EXEMPT:
            ratio = high / low
            flat = f"{ratio:5.2f}{'' if ratio <= FLAT_BOUND else ' !'}"
            if ratio > FLAT_BOUND:
                failed.append(f"{name}: {ratio:.2f}x at {large.label} (bound {FLAT_BOUND}x)")
        if postgres is not None and scorer:
            on_pg = samples.median(name, postgres.label, cpu)
            if on_pg and low:
                ratio = on_pg / low
                pg = f"{ratio:5.2f}{'' if on_pg * 1000 <= POSTGRES_SCORER_MS else ' !'}"
                if not cpu and on_pg * 1000 > POSTGRES_SCORER_MS:
                    failed.append(
                        f"{name}: {on_pg * 1000:.0f} ms on PostgreSQL "
                        f"(bound {POSTGRES_SCORER_MS:.0f} ms)"
                    )
        if scorer and low and low * 1000 > SQLITE_SCORER_MS:
            failed.append(
                f"{name}: {low * 1000:.0f} ms on {small.label} (bound {SQLITE_SCORER_MS:.0f} ms)"
            )
        print(f"  {name:<22}{count:>4}{cells}{flat:>13}{pg:>11}")
    return failed


def report(samples: Samples, targets: list[Target], printed_rebuild: dict[str, float]) -> list[str]:
    """Print the medians and ratios (wall, then CPU); returns the bounds that failed."""
    failed = _table(samples, targets, cpu=False)
    _table(samples, targets, cpu=True)
    large = [t for t in targets if t.label.startswith("sqlite")][-1]
    print("\nrebuild (whole process, and as printed by the command):")
    for target in targets:
        wall = samples.median("rebuild", target.label)
        if wall is None or not target.events:
            continue
        inside = printed_rebuild.get(target.label)
        rate = target.events / wall
        extra = f", {target.events / inside:,.0f} events/s inside" if inside else ""
        print(f"  {target.label:<14} {target.events:>8,} events: {rate:>9,.0f} events/s{extra}")
    wall = samples.median("rebuild", large.label)
    if wall is not None and large.events / wall < REBUILD_RATE:
        failed.append(
            f"rebuild: {large.events / wall:,.0f} events/s at {large.label} "
            f"(bound {REBUILD_RATE:,})"
        )
    return failed


# -- main --------------------------------------------------------------------------------------


def _label(events: int) -> str:
    return f"{events / 1000:.0f}k" if events < 1_000_000 else f"{events / 1e6:.1f}M"


def _count(db: str) -> int:
    store = EventStore.from_url(db)
    try:
        return store.max_position()
    finally:
        store.close()


def main(argv: list[str] | None = None) -> None:
    fresh_bytecode()
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="small databases, short matches")
    parser.add_argument("--sizes", help="comma-separated event counts (default 3000,80000,500000)")
    parser.add_argument("--runs", type=int, help="director rounds and rebuilds (default 5)")
    parser.add_argument("--points", type=int, help="the matches' target (default 61)")
    parser.add_argument("--no-postgres", action="store_true", help="leave PostgreSQL out")
    parser.add_argument("--cache", type=Path, help="where the built databases are kept")
    parser.add_argument("--rebuild-cache", action="store_true", help="build them again")
    parser.add_argument(
        "--rebuild-only",
        action="store_true",
        help="time only `rebuild` on the largest database, --runs times (bench.rebuild_bench)",
    )
    rebuild_bench.add_options(parser)
    options = parser.parse_args(argv if argv is not None else sys.argv[1:])
    default_sizes = "3000,20000,60000" if options.quick else "3000,80000,500000"
    sizes = [int(size) for size in (options.sizes or default_sizes).split(",")]
    runs = options.runs or (3 if options.quick else 5)
    points = options.points or (21 if options.quick else 61)
    cache = options.cache or Path(tempfile.gettempdir()) / "tourney-scaling-bench"

    if options.rebuild_only:
        database = cached_database(cache, sizes[-1], options.rebuild_cache)
        if not rebuild_bench.run(database, runs, options.against):
            sys.exit(1)
        return
    print("databases:")
    built = [cached_database(cache, size, options.rebuild_cache) for size in sizes]
    with tempfile.TemporaryDirectory() as tmp, contextlib.ExitStack() as stack:
        work = Path(tmp)
        targets: list[Target] = []
        for size, path in zip(sizes, built, strict=True):
            folder = work / f"sqlite-{size}"
            folder.mkdir()
            shutil.copy(path, folder / "tourney.db")
            db = f"sqlite:///{folder / 'tourney.db'}"
            targets.append(Target(f"sqlite {_label(_count(db))}", db, folder, _count(db)))
        if not options.no_postgres:
            url = stack.enter_context(postgres_database())
            if url is not None:
                started = time.perf_counter()
                events = build(url, sizes[0])
                print(f"  PostgreSQL: {events:,} events in {time.perf_counter() - started:.0f} s")
                folder = work / "postgres"
                folder.mkdir()
                targets.append(Target(f"postgres {_label(events)}", url, folder, events))
        players = "name,club,rating\n" + "".join(
            f"{name},{CLUBS[i % len(CLUBS)]},{1300 + 37 * i}\n"
            for i, name in enumerate(player_names(NIGHT_PLAYERS - 1))
        )
        for target in targets:
            (target.folder / "players.csv").write_text(players)
        print("targets: " + ", ".join(f"{t.label} ({t.events:,} events)" for t in targets))

        runner = Runner(targets)
        for target in targets:  # bytecode written, caches warm: not timed
            run(target, ["tournament", "list"])
        older = {t.label: f"Club Night {_nights(t)}" for t in targets}
        started = time.perf_counter()
        for index in range(1, runs + 1):
            director_steps(runner, index, older)
        print(f"director commands: {time.perf_counter() - started:.0f} s", flush=True)
        started = time.perf_counter()
        scorer_match(runner, "T1", table_events(runner, "T1", 7, points))
        adhoc = simulate_match(random.Random(8), ("Ann", "Bo"), False, [GreedyBot()] * 2, points)
        scorer_match(runner, "K1", hidden_record(adhoc.events))
        for index in range(1, runs + 1):  # a match starts once: more of them, for a median
            runner.step("start", lambda t, i=index: ["start", f"S{i}", "--players", "Ann,Bo"])  # type: ignore[misc]
        print(f"scorer commands: {time.perf_counter() - started:.0f} s", flush=True)
        started = time.perf_counter()
        for target in targets:
            target.events = _count(target.db)
        printed = timed_rebuilds(runner, runs)
        print(f"verify and rebuild: {time.perf_counter() - started:.0f} s", flush=True)
        failed = report(runner.samples, targets, printed)
    if failed:
        print("\nout of bounds:")
        for line in failed:
            print(f"  {line}")
    else:
        print("\nevery bound holds")


def _nights(target: Target) -> int:
    """How many club nights the database holds (the newest is named after that count)."""
    store = EventStore.from_url(target.db)
    try:
        return max(
            (
                int(str(row[0]).rsplit("-", 1)[1])
                for row in store.fetch_rows(
                    "SELECT stream_id FROM streams WHERE stream_id > 'tournament-club-night-' "
                    "AND stream_id < 'tournament-club-night.'",
                    (),
                )
            ),
            default=1,
        )
    finally:
        store.close()


if __name__ == "__main__":
    main()
