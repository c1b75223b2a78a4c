"""Racehorse figures (issue 15): self-play deals/s and whole-process replay events/s.

Run: ``python -m bench.racehorse_bench`` (or ``make bench``). Targets: at least 3,000
complete deals per second of random self-play on one core; at least 200,000 events per
second replaying 500 JSONL records with full checking, whole process (``tourney replay
--json``), start-up included.
"""

from __future__ import annotations

import os
import random
import tempfile
import time
from pathlib import Path

from bench.engine_bench import replay_process
from tourney.games.racehorse.record import write_record
from tourney.games.racehorse.simulate import player_names, simulate_match

TABLES = (5, 6, 7, 8)
"""Seats per table, in turn: every table size a match may have."""


def selfplay(seconds: float = 3.0) -> tuple[int, float]:
    """Play random-bot matches round-robin over the table sizes for ``seconds``."""
    deals = 0
    started = time.perf_counter()
    number = 0
    while time.perf_counter() - started < seconds:
        seats = TABLES[number % len(TABLES)]
        deals += simulate_match(random.Random(number), player_names(seats)).deals
        number += 1
    return deals, time.perf_counter() - started


def write_corpus(folder: Path, matches: int) -> int:
    """Write ``matches`` simulated records into ``folder``; return how many events."""
    events = 0
    for number in range(matches):
        seats = TABLES[number % len(TABLES)]
        result = simulate_match(random.Random(10_000 + number), player_names(seats))
        events += len(result.events)
        with open(folder / f"m{number:05d}.jsonl", "w", encoding="utf-8") as handle:
            write_record(result.events, handle)
    return events


def main() -> None:
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})  # one core, as the issue asks
    deals, elapsed = selfplay()
    print(
        f"self-play (random bots, 5/6/7/8 players): {deals / elapsed:,.0f} deals/s "
        f"({deals} deals in {elapsed:.2f} s; target >= 3,000)"
    )
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        events = write_corpus(folder, 500)
        best = min(replay_process(folder) for _ in range(3))
        print(
            f"replay, whole process (tourney replay --json, 500 records, {events:,} events): "
            f"{events / best:,.0f} events/s ({best:.2f} s best of 3; target >= 200,000)"
        )


if __name__ == "__main__":
    main()
