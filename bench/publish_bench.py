"""Publish figures (issue 16): peak memory and time of a whole ``tourney publish`` process
for a 256-player, 7-round Swiss at tables of 4 stored in SQLite.

The tournament is played by bots through the desks once (about 1-2 min) and cached in
``bench/results/`` (git-ignored) keyed by its parameters; reruns go straight to publishing.
Each publish is its own process (the installed ``tourney`` console script), and its peak
resident set comes from the kernel's accounting of that child (``os.wait4``). The digest of
every page (the manifest left out) shows that the site is the same from one change to the
next. Target: at most 50 MB peak.

Run: ``python -m bench.publish_bench [--players 256] [--rounds 7] [--runs 3]``; add
``--compare DIR`` (a folder holding an older ``tourney/`` and ``templates/``, e.g. from
``git archive OLD tourney templates | tar -x -C DIR``) to time that code in alternation
with this checkout's on the same database.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench.bytecode import fresh_bytecode

TARGET_MB = 50.0
RESULTS = Path(__file__).resolve().parent / "results"
MANIFEST = ".tourney-site.json"


def database(players: int, rounds: int) -> tuple[Path, bool]:
    """The cached tournament database (built when missing) and whether it was cached."""
    path = RESULTS / f"publish-{players}x{rounds}.db"
    if path.is_file():
        return path, True
    from tourney.demo.clubnight import run_club_night
    from tourney.projections import open_store

    RESULTS.mkdir(parents=True, exist_ok=True)
    building = path.with_name(path.name + ".building")
    for stale in RESULTS.glob(building.name + "*"):
        stale.unlink()
    store, projector = open_store(str(building))
    store.after_append.clear()  # as the demo: read models catch up after each table

    def after_table(_done: int, _total: int) -> None:
        projector.catch_up()

    try:
        run_club_night(store, players=players, rounds=rounds, after_table=after_table)
        projector.catch_up()
    finally:
        store.close()
    import sqlite3

    connection = sqlite3.connect(building)
    connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    connection.close()
    building.rename(path)
    return path, False


def tourney_command(source: Path | None) -> list[str]:
    """The ``tourney`` command of this checkout, or of the code in `source`."""
    if source is None:
        script = Path(sys.executable).with_name("tourney")
        if script.is_file():
            return [str(script)]
    first = "" if source is None else f"sys.path.insert(0, {str(source)!r}); "
    return [sys.executable, "-c", f"import sys; {first}from tourney.cli.app import main; main()"]


def publish_once(db: Path, site: Path, source: Path | None = None) -> tuple[float, float, float]:
    """Run ``tourney publish`` in a child; its (peak RSS in MB, seconds, CPU seconds: user
    and system, the figure that compares on a machine other work is loading)."""
    started = time.perf_counter()
    child = subprocess.Popen(
        [*tourney_command(source), "publish", str(site), "--db", str(db)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    _pid, status, usage = os.wait4(child.pid, 0)
    elapsed = time.perf_counter() - started
    assert child.stderr is not None
    errors = child.stderr.read().decode("utf-8", "replace")
    child.stderr.close()
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode != 0:
        raise SystemExit(f"tourney publish failed ({child.returncode}): {errors.strip()}")
    cpu = usage.ru_utime + usage.ru_stime
    return usage.ru_maxrss / 1024, elapsed, cpu  # ru_maxrss is in KiB on Linux


def site_digest(site: Path) -> tuple[int, int, str]:
    """(files, bytes, sha256 over every page's name and bytes), the manifest left out."""
    digest = hashlib.sha256()
    files = size = 0
    for page in sorted(site.iterdir()):
        if page.name == MANIFEST:
            continue
        data = page.read_bytes()
        files += 1
        size += len(data)
        digest.update(page.name.encode() + b"\0" + data + b"\0")
    return files, size, digest.hexdigest()[:16]


def main() -> None:
    fresh_bytecode()
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, default=256)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--compare", type=Path, help="older source folder to alternate with")
    args = parser.parse_args()
    started = time.perf_counter()
    cached_db, cached = database(args.players, args.rounds)
    how = "cached" if cached else f"built in {time.perf_counter() - started:.0f} s"
    print(f"swiss {args.players} players x {args.rounds} rounds at tables of 4 ({how})")
    if not cached:
        # Start again, small: a child's peak RSS as Linux reports it (wait4) includes what
        # it shared with its parent at the fork, and building grew this process to ~85 MB
        # (every publish measured right after a build read 86 MB; from the cache, 36 MB).
        sys.stdout.flush()
        os.execv(sys.executable, [sys.executable, "-m", "bench.publish_bench", *sys.argv[1:]])
    sources: list[tuple[str, Path | None]] = [("this checkout", None)]
    if args.compare is not None:
        sources.append((str(args.compare), args.compare.resolve()))
    folder = Path(tempfile.mkdtemp(prefix="tourney-publish-bench-"))
    try:
        db = folder / "tourney.db"
        shutil.copyfile(cached_db, db)  # publish may post results: never into the cache
        figures: dict[str, tuple[list[float], list[float], list[float]]] = {
            n: ([], [], []) for n, _ in sources
        }
        for run in range(args.runs):
            for number, (name, source) in enumerate(sources):
                # The first run publishes into a new folder, the others replace the site.
                peak, seconds, cpu = publish_once(db, folder / f"site-{number}", source)
                figures[name][0].append(peak)
                figures[name][1].append(seconds)
                figures[name][2].append(cpu)
                print(
                    f"  run {run + 1} ({name}): peak {peak:.1f} MB, {seconds:.2f} s "
                    f"(CPU {cpu:.2f} s)"
                )
        for number, (name, _source) in enumerate(sources):
            files, size, digest = site_digest(folder / f"site-{number}")
            peaks, times, cpus = figures[name]
            peak = max(peaks)
            verdict = "ok" if peak <= TARGET_MB else "OVER"
            print(
                f"publish ({name}): {files} files, {size / 1e6:.1f} MB, "
                f"pages sha256 {digest}; median {statistics.median(times):.2f} s "
                f"(CPU {statistics.median(cpus):.2f} s); "
                f"peak RSS {peak:.1f} MB (target <= {TARGET_MB:.0f} MB: {verdict})"
            )
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
