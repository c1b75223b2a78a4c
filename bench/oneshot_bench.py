"""One-shot scorer commands as whole processes (issue 24: <= 300 ms median on SQLite,
<= 500 ms on PostgreSQL), interleaved with another checkout of tourney.

    python -m bench.oneshot_bench                         # this checkout alone
    python -m bench.oneshot_bench --against /tmp/main     # interleaved with another one
    python -m bench.oneshot_bench --against /tmp/main --target 61 --shows 10
    python -m bench.oneshot_bench --against /tmp/main --postgres   # on PostgreSQL

With `--postgres` each checkout records into its own database of a throwaway, durable
PostgreSQL cluster (`tests/postgres_server.py`: fsync and synchronous_commit on), created
at the head revision before the first timed command.

Each checkout records the same hidden-hand match (`start`, `hand`, `place`, `draw`, `pass`,
`reveal` at K1, one process per event) on its own SQLite file, event by event, the two
processes of each event in alternating order; then `show K1`, `show K1 --json` and
`tourney --help` are timed the same way, `--shows` times each. Each command runs from its
checkout's source with this interpreter (`PYTHONPATH`), bytecode compiled first. After
every command the database's write-ahead log must be gone (every connection closed and
checkpointed), and both checkouts must print the same `show` and store the same events.

Prints the median wall and CPU milliseconds per command and checkout, and the load average
before and after: on a shared machine the CPU time is the steadier figure.
"""

from __future__ import annotations

import argparse
import os
import re
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import ExitStack, closing, contextmanager
from pathlib import Path

from bench.rebuild_bench import HERE, MAIN, Variant
from tests.factories.tablesim import hidden_match
from tourney.games.horserace import face as oneshot

BOUND_MS = 300.0
POSTGRES_BOUND_MS = 500.0
HASH = re.compile(r" · v[0-9]+ [0-9a-f]{12}")


def timed(
    variant: Variant, argv: list[str], db: Path | str | None, folder: Path, program: str = MAIN
) -> tuple[float, float, str]:
    """Run `tourney ARGV` (or another ``program``) from `variant`'s source, in `folder`:
    (wall s, CPU s, stdout). (Not from a checkout: `python -c` puts the current folder
    ahead of PYTHONPATH.)"""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPATH"] = str(variant.source)
    full = [sys.executable, "-c", program, *argv, *(["--db", str(db)] if db else [])]
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        started = time.perf_counter()
        process = subprocess.Popen(full, cwd=folder, env=env, stdout=out, stderr=err)
        _pid, status, usage = os.wait4(process.pid, 0)
        seconds = time.perf_counter() - started
        out.seek(0)
        err.seek(0)
        if os.waitstatus_to_exitcode(status) != 0:
            raise RuntimeError(f"{variant.label}: tourney {' '.join(argv)}: {err.read()!r}")
        if isinstance(db, Path) and Path(f"{db}-wal").exists():
            raise RuntimeError(f"{variant.label}: tourney {' '.join(argv)} left {db}-wal")
        return seconds, usage.ru_utime + usage.ru_stime, out.read().decode()


def stored(db: Path | str) -> list[tuple[str, int, str, str]]:
    sql = "SELECT stream_id, version, type, payload FROM events ORDER BY position"
    if isinstance(db, str):
        import psycopg

        with psycopg.connect(db.replace("postgresql+psycopg://", "postgresql://")) as pg:
            return [tuple(row) for row in pg.execute(sql)]
    with closing(sqlite3.connect(f"file:{db}?mode=ro", uri=True)) as connection:
        return [tuple(row) for row in connection.execute(sql)]


@contextmanager
def postgres_databases(labels: list[str]) -> Iterator[dict[str, str]]:
    """A database at the head revision for each of ``labels`` on a throwaway, durable
    PostgreSQL cluster."""
    from tests.postgres_server import PostgresServer, find_bin_dir
    from tourney.store.eventstore import EventStore

    bin_dir = find_bin_dir()
    if bin_dir is None:
        raise SystemExit("no PostgreSQL server binary found (see tests/postgres_server.py)")
    server = PostgresServer(bin_dir, durable=True)
    server.start()
    try:
        urls = {label: server.new_database() for label in labels}
        for url in urls.values():
            EventStore.from_url(url).close()
        yield urls
    finally:
        server.stop()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--against", type=Path, help="another checkout, timed interleaved")
    parser.add_argument("--target", type=int, default=21, help="the match's target points")
    parser.add_argument("--shows", type=int, default=7, help="times each show and help")
    parser.add_argument("--postgres", action="store_true", help="on PostgreSQL, not SQLite")
    options = parser.parse_args(argv if argv is not None else sys.argv[1:])
    variants = [Variant("this", HERE)]
    if options.against is not None:
        variants.append(Variant("against", options.against.resolve()))
    for variant in variants:
        subprocess.run(
            [sys.executable, "-m", "compileall", "-q", str(variant.source / "tourney")],
            check=True,
        )
    samples: dict[str, dict[str, tuple[list[float], list[float]]]] = {}
    shown: dict[str, str] = {}
    turn = 0

    urls: dict[str, str] = {}

    def each(
        name: str, args: list[str], folder: Path, db: bool = True, night: bool = False
    ) -> None:
        nonlocal turn
        turn += 1
        for variant in variants if turn % 2 else variants[::-1]:
            database: Path | str | None = None
            if night:
                database = folder / f"{variant.label}-night.db"
            elif db:
                database = urls.get(variant.label) or folder / f"{variant.label}.db"
            program = "pass" if name == "python -c pass" else MAIN
            wall, cpu, out = timed(variant, args, database, folder, program)
            walls, cpus = samples.setdefault(name, {}).setdefault(variant.label, ([], []))
            walls.append(wall)
            cpus.append(cpu)
            shown[variant.label] = out

    events = hidden_match(seed=7, target=options.target)
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    with tempfile.TemporaryDirectory() as tmp, ExitStack() as stack:
        folder = Path(tmp)
        if options.postgres:
            urls.update(stack.enter_context(postgres_databases([v.label for v in variants])))
        for event in events:
            args = oneshot.one_shot_args(event, "K1")
            each(args[0], args, folder)
        for variant in variants:  # a club night on SQLite: 16 players, round 1 paired
            night = folder / f"{variant.label}-night.db"
            for args in (
                ["tournament", "create", "Night", "--table-size", "4"],
                *(["player", "add", f"P{n}"] for n in range(1, 17)),
                ["pair"],
            ):
                timed(variant, args, night, folder)
        for _ in range(options.shows):
            each("python -c pass", [], folder, db=False)
            each("pairings", ["pairings"], folder, night=True)
            each("standings", ["standings"], folder, night=True)
            each("show", ["show", "K1"], folder)
            each("show --json", ["show", "K1", "--json"], folder)
            each("--help", ["--help"], folder, db=False)
        if options.against is not None:
            same = stored(urls.get("this") or folder / "this.db") == stored(
                urls.get("against") or folder / "against.db"
            )
            print(f"same events stored by both: {'yes' if same else 'NO'}")
            each("show", ["show", "K1"], folder)
            # The header's hash differs: each event's hash covers its time of recording.
            ours, theirs = (HASH.sub("#", shown[v]).splitlines() for v in ("this", "against"))
            differ = [(a, b) for a, b in zip(ours, theirs, strict=False) if a != b]
            print(f"same `show` from both: {'NO' if differ or len(ours) != len(theirs) else 'yes'}")
            for a, b in differ[:3]:
                print(f"  this:    {a}\n  against: {b}")
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    backend = "PostgreSQL" if options.postgres else "SQLite"
    print(f"\nmedian ms, wall / CPU ({len(events)} events at K1, {backend}):")
    for name, by_variant in samples.items():
        cells = []
        for variant in variants:
            walls, cpus = by_variant[variant.label]
            cells.append(
                f"{variant.label} {statistics.median(walls) * 1000:6.1f} / "
                f"{statistics.median(cpus) * 1000:6.1f}"
            )
        print(f"  {name:<12} n={len(by_variant['this'][0]):<3} " + "   ".join(cells))
    print("\nmedian wall / CPU as a multiple of `python -c pass` (issue 33: at most 12x):")
    for name in ("pairings", "standings", "show", "place"):
        cells = []
        for variant in variants:
            base_walls, base_cpus = samples["python -c pass"][variant.label]
            walls, cpus = samples[name][variant.label]
            wall_x = statistics.median(walls) / statistics.median(base_walls)
            cpu_x = statistics.median(cpus) / statistics.median(base_cpus)
            cells.append(f"{variant.label} {wall_x:5.1f}x / {cpu_x:5.1f}x")
        print(f"  {name:<12} " + "   ".join(cells))
    place = statistics.median(samples["place"]["this"][0]) * 1000
    bound = POSTGRES_BOUND_MS if options.postgres else BOUND_MS
    verdict = "within" if place <= bound else "over"
    print(f"place {place:.1f} ms wall: {verdict} the bound of {bound:.0f} ms")


if __name__ == "__main__":
    main()
