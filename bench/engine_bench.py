"""Rules engine figures (issue 2): self-play hands/s and whole-process replay events/s.

Run: ``python -m bench.engine_bench`` (or ``make bench``). Targets: at least 2,000 complete
hands per second of random self-play on one core; at least 150,000 events per second
replaying JSONL records with full checking, whole process (``tourney replay``), start-up
included.
"""

from __future__ import annotations

import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench.bytecode import fresh_bytecode
from tourney.games.horserace.record import write_record
from tourney.games.horserace.simulate import player_names, simulate_match

CONFIGS = [(2, False), (3, False), (4, False), (4, True)]


def selfplay(seconds: float = 3.0) -> tuple[int, float]:
    """Play random-bot matches round-robin over the table configurations for ``seconds``."""
    hands = 0
    started = time.perf_counter()
    number = 0
    while time.perf_counter() - started < seconds:
        seats, partners = CONFIGS[number % len(CONFIGS)]
        result = simulate_match(random.Random(number), player_names(seats), partners)
        hands += result.hands
        number += 1
    return hands, time.perf_counter() - started


def write_corpus(folder: Path, matches: int) -> int:
    """Write ``matches`` simulated records into ``folder``; return how many events."""
    events = 0
    for number in range(matches):
        seats, partners = CONFIGS[number % len(CONFIGS)]
        result = simulate_match(random.Random(10_000 + number), player_names(seats), partners)
        events += len(result.events)
        with open(folder / f"m{number:05d}.jsonl", "w", encoding="utf-8") as handle:
            write_record(result.events, handle)
    return events


def replay_process(folder: Path) -> float:
    """Wall time of one ``tourney replay --json`` process over every record in ``folder``."""
    exe = shutil.which("tourney", path=str(Path(sys.executable).parent)) or "tourney"
    files = sorted(str(p) for p in folder.glob("*.jsonl"))
    started = time.perf_counter()
    subprocess.run([exe, "replay", "--json", *files], check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - started


def main() -> None:
    fresh_bytecode()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})  # one core, as the issue asks
    hands, elapsed = selfplay()
    print(
        f"self-play (random bots, 2/3/4/partners): {hands / elapsed:,.0f} hands/s "
        f"({hands} hands in {elapsed:.2f} s; target >= 2,000)"
    )
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        events = write_corpus(folder, 600)
        best = min(replay_process(folder) for _ in range(3))
        print(
            f"replay, whole process (tourney replay --json, 600 records, {events:,} events): "
            f"{events / best:,.0f} events/s ({best:.2f} s best of 3; target >= 150,000)"
        )


if __name__ == "__main__":
    main()
