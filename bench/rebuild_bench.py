"""`tourney rebuild` alone on the scaling benchmark's largest database (issue 24: at least
80,000 events/s, whole process, wall, one process), checked against the read models the database was
built with.

    python -m bench.rebuild_bench                         # 5 rebuilds of the ~500k database
    python -m bench.rebuild_bench --against /tmp/main     # interleaved with another checkout
    python -m bench.scaling_bench --rebuild-only ...      # the same, from the scaling bench

The database comes from `bench.scaling_bench`'s cache (built there once, its read models
caught up event by event as the commands append). Each run rebuilds a fresh copy of it as a
whole `tourney rebuild` process; with `--against DIR` (a checkout of another commit, say
main) every round runs both, in alternating order, each from its own source with this
interpreter. Every rebuilt copy's read-model tables must hold exactly the rows of the
reference (compared row by row, in the order of the whole row): with `--against`, that
checkout's own rebuild (today's tables); without, the database as built. A rebuild that is
fast but different fails the bench. (The cached database's standings were written by the
tourney that built it: a later change to the standings, such as the Buchholz sums, makes
every rebuild differ from them, and the bench says so without failing when `--against`
agrees.)

Prints the median wall and CPU seconds, events/s on both, and
the load average before and after: on a shared machine the CPU time is the steadier figure.
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import os
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent


def read_model_tables() -> tuple[str, ...]:
    """The tables a rebuild writes: every projection's own (as this checkout's
    `default_projections` names them), and the problems and checkpoints beside them."""
    from tourney.projections import default_projections

    owned = [table for projection in default_projections() for table in projection.tables()]
    return (*owned, "projection_problems", "projection_checkpoints")


TABLES = read_model_tables()
REBUILD_RATE = 80_000
MAIN = "import sys; from tourney.cli.app import main; sys.argv[0] = 'tourney'; sys.exit(main())"


@dataclass
class Variant:
    """One source tree to time: its label, its folder, and the samples."""

    label: str
    source: Path
    wall: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)


def table_digests(path: Path) -> dict[str, tuple[int, str]]:
    """Each read model's row count and a hash of its rows in order of the whole row."""
    digests: dict[str, tuple[int, str]] = {}
    with contextlib.closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as connection:
        for table in TABLES:
            width = len(connection.execute(f"SELECT * FROM {table} LIMIT 0").description)
            order = ", ".join(str(i) for i in range(1, width + 1))
            digest = hashlib.sha256()
            count = 0
            for row in connection.execute(f"SELECT * FROM {table} ORDER BY {order}"):
                digest.update(repr(row).encode())
                count += 1
            digests[table] = (count, digest.hexdigest()[:16])
    return digests


def events_in(path: Path) -> int:
    with contextlib.closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as connection:
        return int(connection.execute("SELECT COUNT(*) FROM events").fetchone()[0])


def rebuild_once(variant: Variant, database: Path, work: Path) -> Path:
    """Rebuild a fresh copy of `database` with `variant`'s source; the copy."""
    copy = work / f"{variant.label}.db"
    for stale in work.glob(f"{variant.label}.db*"):
        stale.unlink()
    shutil.copy(database, copy)
    # On disk before the clock starts: a user's database is not 28 MB written a moment
    # ago, and the rebuild's first fsync of the file would otherwise write the copy out.
    with open(copy, "rb+") as written:
        os.fsync(written.fileno())
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPATH"] = str(variant.source)
    argv = [sys.executable, "-c", MAIN, "rebuild", "--db", str(copy)]
    started = time.perf_counter()
    # Run from `work`: `python -c` puts the current folder first on sys.path, ahead of
    # PYTHONPATH, so from a checkout's root every variant would run that checkout's code.
    process = subprocess.Popen(
        argv, cwd=work, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    _pid, status, usage = os.wait4(process.pid, 0)
    seconds = time.perf_counter() - started
    out = process.stdout.read().decode() if process.stdout else ""
    err = process.stderr.read().decode() if process.stderr else ""
    if os.waitstatus_to_exitcode(status) != 0:
        raise RuntimeError(f"{variant.label}: rebuild failed: {err.strip() or out.strip()}")
    variant.wall.append(seconds)
    variant.cpu.append(usage.ru_utime + usage.ru_stime)
    return copy


def run(database: Path, runs: int, against: Path | None) -> bool:
    """Time the rebuilds and check their tables; False when a bound or a table fails."""
    variants = [Variant("this", HERE)]
    if against is not None:
        variants.append(Variant("against", against.resolve()))
    for variant in variants:  # bytecode written once, not on every start
        subprocess.run(
            [sys.executable, "-m", "compileall", "-q", str(variant.source / "tourney")],
            check=True,
        )
    events = events_in(database)
    as_built = table_digests(database)
    print(f"database: {database} ({events:,} events)")
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    tables: dict[str, list[dict[str, tuple[int, str]]]] = {v.label: [] for v in variants}
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        for index in range(runs):
            order = variants if index % 2 == 0 else variants[::-1]
            for variant in order:
                copy = rebuild_once(variant, database, work)
                tables[variant.label].append(table_digests(copy))
                print(
                    f"  {variant.label:<8} run {index + 1}: {variant.wall[-1]:6.2f} s wall "
                    f"{variant.cpu[-1]:6.2f} s CPU  {events / variant.wall[-1]:>9,.0f} events/s",
                    flush=True,
                )
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(f"\nmedians of {runs} (wall; CPU):")
    for variant in variants:
        wall, cpu = statistics.median(variant.wall), statistics.median(variant.cpu)
        print(
            f"  {variant.label:<8} {variant.source}: {wall:6.2f} s wall ({events / wall:,.0f}"
            f" events/s), {cpu:6.2f} s CPU ({events / cpu:,.0f} events per CPU-second)"
        )
    reference = tables["against"][0] if against is not None else as_built
    what = "the other checkout's rebuild" if against is not None else "the database as built"
    ok = _same(tables, reference, what)
    if against is not None:
        _same({"this": tables["this"][:1]}, as_built, "the database as built")
    rate = events / statistics.median(variants[0].wall)
    if rate < REBUILD_RATE:
        print(f"out of bounds: rebuild {rate:,.0f} events/s (bound {REBUILD_RATE:,})")
        return False
    print(f"rebuild {rate:,.0f} events/s: within the bound of {REBUILD_RATE:,}")
    return ok


def _same(
    tables: dict[str, list[dict[str, tuple[int, str]]]],
    reference: dict[str, tuple[int, str]],
    what: str,
) -> bool:
    """Print whether every rebuild's tables equal `reference`; True when they all do."""
    differ = [
        f"{label} run {index + 1}: {table} {got[table]} against {reference[table]}"
        for label, runs in tables.items()
        for index, got in enumerate(runs)
        for table in TABLES
        if got[table] != reference[table]
    ]
    print(f"read models identical to {what}: {'yes' if not differ else 'NO'}")
    for line in differ[:8]:
        print(f"  {line}")
    return not differ


def add_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--against", type=Path, help="a checkout of another commit, timed interleaved"
    )


def main(argv: list[str] | None = None) -> None:
    from bench.scaling_bench import cached_database

    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--size", type=int, default=500_000, help="events (default 500000)")
    parser.add_argument("--runs", type=int, default=5, help="rebuilds each (default 5)")
    parser.add_argument("--cache", type=Path, help="the scaling bench's database cache")
    add_options(parser)
    options = parser.parse_args(argv if argv is not None else sys.argv[1:])
    cache = options.cache or Path(tempfile.gettempdir()) / "tourney-scaling-bench"
    database = cached_database(cache, options.size, False)
    if not run(database, options.runs, options.against):
        sys.exit(1)


if __name__ == "__main__":
    main()
