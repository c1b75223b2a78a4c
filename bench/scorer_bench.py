"""Scorer benchmark: one-shot commands as whole processes, and the console's latency.

    python -m bench.scorer_bench            # full run
    python -m bench.scorer_bench --quick    # fewer samples

1. One-shot: `tourney place K3 ...` (and the other commands of a whole hidden match) run
   as separate processes on a SQLite file, wall time including interpreter start; the
   median of `place` is the figure (target <= 0.35 s). `python -c pass` and
   `tourney --help` are timed alongside for scale.
2. Console: `tourney record K3` on a pseudo-terminal; a whole hidden match is typed into it
   and each line is timed from writing Enter to reading the next prompt (target <= 20 ms).
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench.bytecode import fresh_bytecode
from tests.factories.tablesim import hidden_match
from tourney.games.horserace import (
    Event,
)
from tourney.games.horserace import face as oneshot
from tourney.games.horserace.commands import notation

TOURNEY = str(Path(sys.executable).parent / "tourney")


def one_shot_args(event: Event) -> list[str]:
    """The one-shot command for ``event`` (hidden hands) at K3."""
    return oneshot.one_shot_args(event, "K3")


def timed(args: list[str]) -> float:
    started = time.perf_counter()
    subprocess.run(args, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - started


def describe(name: str, samples: list[float], unit: float, label: str) -> str:
    ordered = sorted(samples)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    return (
        f"  {name:<28} n={len(samples):<4} median {statistics.median(samples) * unit:7.1f} {label}"
        f"  p95 {p95 * unit:7.1f}  max {ordered[-1] * unit:7.1f}"
    )


def one_shot(folder: Path, events: list[Event]) -> dict[str, list[float]]:
    db = str(folder / "oneshot.db")  # created by the first command, `start` (timed apart)
    times: dict[str, list[float]] = {}
    for event in events:
        args = one_shot_args(event)
        times.setdefault(args[0], []).append(timed([TOURNEY, *args, "--db", db]))
    for _ in range(10):
        times.setdefault("show --json", []).append(
            timed([TOURNEY, "show", "K3", "--json", "--db", db])
        )
        times.setdefault("(python -c pass)", []).append(timed([sys.executable, "-c", "pass"]))
        times.setdefault("(tourney --help)", []).append(timed([TOURNEY, "--help"]))
    return times


def console(folder: Path, events: list[Event]) -> list[float]:
    return console_latencies(
        folder, one_shot_args(events[0]), "K3", [notation(e) for e in events[1:]]
    )


def console_latencies(folder: Path, start: list[str], code: str, lines: list[str]) -> list[float]:
    """`tourney record CODE` on a pty after `tourney START`: each of ``lines`` typed, and
    timed from writing Enter to reading the next prompt."""
    import pty
    import select

    db = str(folder / f"console-{code}.db")
    subprocess.run([TOURNEY, *start, "--db", db], check=True, stdout=subprocess.DEVNULL)
    master, slave = pty.openpty()
    inputrc = folder / "inputrc"
    inputrc.write_text("set enable-bracketed-paste off\n")
    env = {**os.environ, "TERM": "xterm", "INPUTRC": str(inputrc)}
    process = subprocess.Popen(
        [TOURNEY, "record", code, "--db", db], stdin=slave, stdout=slave, stderr=slave, env=env
    )
    os.close(slave)
    prompt = re.compile(rf"\n{code} [^\n]*> $")
    text = ""

    def until_prompt() -> None:
        nonlocal text
        while not prompt.search(text):
            ready, _, _ = select.select([master], [], [], 10)
            if not ready:
                raise RuntimeError(f"no prompt; the console shows: {text[-500:]}")
            text += os.read(master, 65536).decode("utf-8", "replace").replace("\r", "")
        if "error" in text:
            raise RuntimeError(f"a line was refused: {text[-500:]}")
        text = ""

    latencies = []
    try:
        until_prompt()
        for line in lines:
            os.write(master, line.encode())
            time.sleep(0.002)  # let the line be echoed: only Enter is timed
            os.read(master, 65536)
            started = time.perf_counter()
            os.write(master, b"\r")
            until_prompt()
            latencies.append(time.perf_counter() - started)
        os.write(master, b"q\r")
        process.wait(10)
    finally:
        if process.poll() is None:
            process.kill()
        os.close(master)
    return latencies


def main(argv: list[str] | None = None) -> None:
    fresh_bytecode()
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a shorter match, fewer samples")
    options = parser.parse_args(argv if argv is not None else [])
    events = hidden_match(seed=7, target=21 if options.quick else 61)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        print(f"one-shot commands, whole process, SQLite ({len(events)} events, hidden hands):")
        times = one_shot(folder, events)
        for name, samples in times.items():
            print(describe(name, samples, 1000.0, "ms"))
        place = statistics.median(times["place"])
        print(
            f"  place median {place:.3f} s (target <= 0.35 s): {'ok' if place <= 0.35 else 'SLOW'}"
        )
        print("console, Enter to next prompt through a pty:")
        latencies = console(folder, hidden_match(seed=8, target=21 if options.quick else 61))
        print(describe("record K3 (every line)", latencies, 1000.0, "ms"))
        median = statistics.median(latencies) * 1000
        verdict = "ok" if median <= 20 else "SLOW"
        print(f"  console median {median:.1f} ms (target <= 20 ms): {verdict}")


if __name__ == "__main__":
    main(sys.argv[1:])
