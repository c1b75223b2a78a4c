"""Reports figures (issue 6): publishing the site of a 256-player, 7-round tournament.

Run: ``python -m bench.reports_bench`` (or ``make bench``). Target: at most 10 s for the
publish itself (tables of 4, every match simulated by bots, completed scoresheets with
draws and passes). The simulated tournament is built first and not timed; it is cached in
``bench/results/`` (git-ignored) keyed by its parameters, so reruns go straight to publishing.
"""

from __future__ import annotations

import pickle
import shutil
import tempfile
import time
from pathlib import Path

from tests.factories.demo_site import DemoTournament, demo_tournament, publish_demo

PLAYERS = 256
ROUNDS = 7
TABLE_SIZE = 4
SEED = 256
TARGET_SECONDS = 10.0
CACHE = Path(__file__).resolve().parent / "results" / f"reports-{PLAYERS}x{ROUNDS}-{SEED}.pickle"


def tournament() -> tuple[DemoTournament, float, bool]:
    """The simulated tournament, its build time, and whether it came from the cache."""
    started = time.perf_counter()
    if CACHE.is_file():
        try:
            with CACHE.open("rb") as handle:
                cached = pickle.load(handle)
            if isinstance(cached, DemoTournament):
                return cached, time.perf_counter() - started, True
        except (pickle.PickleError, EOFError, AttributeError, ImportError):
            pass
    demo = demo_tournament(SEED, players=PLAYERS, rounds=ROUNDS, table_size=TABLE_SIZE)
    CACHE.parent.mkdir(parents=True, exist_ok=True)
    with CACHE.open("wb") as handle:
        pickle.dump(demo, handle, protocol=pickle.HIGHEST_PROTOCOL)
    return demo, time.perf_counter() - started, False


def main() -> None:
    demo, built, cached = tournament()
    matches = len(demo.matches)
    events = sum(len(e) for e in demo.events.values())
    how = "loaded from cache" if cached else "simulated"
    print(f"tournament: {PLAYERS} players, {ROUNDS} rounds, {matches} matches, {events} events")
    print(f"  ({how} in {built:.1f} s, not timed)")
    folder = Path(tempfile.mkdtemp(prefix="tourney-reports-bench-"))
    try:
        started = time.perf_counter()
        files = publish_demo(folder / "site", demo)
        elapsed = time.perf_counter() - started
        size = sum(f.stat().st_size for f in files)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    verdict = "ok" if elapsed <= TARGET_SECONDS else "TOO SLOW"
    print(
        f"publish: {elapsed:.2f} s for {len(files)} files, {size / 1e6:.1f} MB "
        f"(target <= {TARGET_SECONDS:.0f} s: {verdict})"
    )


if __name__ == "__main__":
    main()
