"""What checking every input at the edge costs: names, record reading, command start-up.

    python -m bench.edge_bench            # full run
    python -m bench.edge_bench --quick    # fewer samples

1. Names: `clean_name` and `fold` per name, on a mix of plain, accented, CJK and hostile
   names (a 2,000-row CSV import cleans and folds 2,000 names).
2. Record reading: `replay_lines` events/s in-process, on records as tourney writes them and
   on the same records with every name written as \\u escapes including surrogate pairs (the
   only lines the lone-surrogate check looks into).
3. Start-up, whole process, median wall time: `tourney --help`, `tourney show T3 --json` on
   a current SQLite file (the one-shot path), and `tourney standings` where there is no
   database (the refusal: one line, nothing created).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench.bytecode import fresh_bytecode
from tourney.games.horserace.record import format_line, replay_lines
from tourney.games.horserace.simulate import player_names, simulate_match
from tourney.names import clean_name, fold

TOURNEY = str(Path(sys.executable).parent / "tourney")
NAMES = [
    "Ann Lee",
    "Zoë Park",
    "  José   María  ",
    "美咲 田中",
    "Дима",
    "Eve\x1b[31m",
    "Bo\u200b Chen",
    "Ngozi Okafor-Adébáyọ̀",
]


def names(rounds: int) -> None:
    started = time.perf_counter()
    for _ in range(rounds):
        for name in NAMES:
            fold(clean_name(name))
    per = (time.perf_counter() - started) / (rounds * len(NAMES))
    print(f"names: clean_name + fold {per * 1e6:.1f} µs a name ({rounds * len(NAMES):,} names)")


def corpus(matches: int, escaped: bool) -> tuple[list[list[str]], int]:
    records = []
    events = 0
    for number in range(matches):
        seats = 2 + number % 3
        names = [f"{n} 😀é" for n in player_names(seats)] if escaped else player_names(seats)
        result = simulate_match(random.Random(number), names, False)
        lines = [format_line(e) for e in result.events]
        if escaped:  # the same JSON with every non-ASCII character as a \u escape
            lines = [json.dumps(json.loads(line)) for line in lines]
        records.append(lines)
        events += len(lines)
    return records, events


def reading(matches: int) -> None:
    for escaped in (False, True):
        records, events = corpus(matches, escaped)
        best = float("inf")
        for _ in range(3):
            started = time.perf_counter()
            for lines in records:
                replay_lines(lines)
            best = min(best, time.perf_counter() - started)
        kind = "names as \\u escapes, surrogate pairs" if escaped else "as tourney writes them"
        print(f"record reading ({kind}): {events / best:,.0f} events/s ({events:,} events)")


def median_run(args: list[str], cwd: Path, samples: int) -> float:
    times = []
    for _ in range(samples):
        started = time.perf_counter()
        subprocess.run([TOURNEY, *args], cwd=cwd, capture_output=True, check=False)
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def startup(samples: int) -> None:
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        db = str(folder / "scores.db")
        subprocess.run(
            [TOURNEY, "start", "T3", "--players", "Ann,Bo", "--db", db],
            capture_output=True,
            check=True,
        )
        empty = folder / "empty"
        empty.mkdir()
        for label, args, cwd in [
            ("tourney --help", ["--help"], folder),
            (
                "tourney show T3 --json (current SQLite)",
                ["show", "T3", "--json", "--db", db],
                folder,
            ),
            ("tourney standings, no database (refused)", ["standings"], empty),
        ]:
            print(f"start-up: {label}: {median_run(args, cwd, samples) * 1000:.0f} ms median")
        assert list(empty.iterdir()) == [], "a refusal created a file"


def main() -> None:
    fresh_bytecode()
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="fewer samples")
    quick = parser.parse_args().quick
    names(2_000 if quick else 20_000)
    reading(60 if quick else 300)
    startup(5 if quick else 21)


if __name__ == "__main__":
    main()
