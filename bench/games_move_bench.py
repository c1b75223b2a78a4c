"""The domino figures before and after the engine moved behind the game interface
(issue 15: they must not fall by more than 5%), measured in one run.

Both revisions run from source side by side, alternating, each in its own processes on the
same inputs: ``--base`` is a folder holding the older revision (default: ``git archive`` of
``--base-rev``, main before the move, into a temporary folder); this checkout is the
other. Figures, the median and the best of ``--rounds`` (the order of the two sides alternates
from round to round; this machine's speed swings by a third from minute to minute, so
one round decides nothing):

* self-play hands/s (random bots, 2/3/4/partners; one core) -- `bench.engine_bench`;
* whole-process ``tourney replay --json`` events/s over 300 records -- `bench.engine_bench`;
* rebuild of every projection over 100 stored matches, events/s -- `bench.store_bench`
  (the whole child process: start-up, migrations check and the rebuild);
* one-shot scorer commands (the first 15 moves of the hidden match of `bench.scorer_bench`;
  ``start`` left out: it creates the database), median ms a command.

Every figure is per CPU second of the processes (user + system), not wall time: on a
machine shared with other work, wall time measures the others as much as tourney.

``--instructions`` counts instead the instructions each process executes, under valgrind's
callgrind with a fixed hash seed: the same workloads (self-play a fixed set of matches,
the start-up subtracted), one run each, a count that does not move with the machine's load
or clock. The CPU-second figures swing by a fifth between rounds here; the counts repeat to
a fraction of a percent, which is what a 5% bound needs.

Run: ``python -m bench.games_move_bench [--base DIR | --base-rev REV] [--rounds 5]``.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TOURNEY = str(Path(sys.executable).parent / "tourney")
BASE_REV = "9d7c35c"
"""Main just before the games merge (the move and the game interface): the move's own
parent (633cc72^) predates the tournament registry's migration and cannot open a database
this checkout writes."""

SELFPLAY = """
import random, sys, time
try:
    from tourney.games.horserace.simulate import player_names, simulate_match
except ImportError:
    from tourney.simulate import player_names, simulate_match
configs = [(2, False), (3, False), (4, False), (4, True)]
hands, number, started = 0, 0, time.process_time()
while time.process_time() - started < 2.0:
    seats, partners = configs[number % 4]
    hands += simulate_match(random.Random(number), player_names(seats), partners).hands
    number += 1
print(hands / (time.process_time() - started))
"""


SELFPLAY_FIXED = """
import random, sys
try:
    from tourney.games.horserace.simulate import player_names, simulate_match
except ImportError:
    from tourney.simulate import player_names, simulate_match
configs = [(2, False), (3, False), (4, False), (4, True)]
hands = 0
for number in range(int(sys.argv[1])):
    seats, partners = configs[number % 4]
    hands += simulate_match(random.Random(number), player_names(seats), partners).hands
print(hands)
"""
COLLECTED = re.compile(r"Collected : (\d+)")


def instructions(tree: Path, args: list[str]) -> tuple[int, str]:
    """The instructions ``args`` executes with ``tree``'s tourney first on the path
    (callgrind, hash seed 0), and what it printed."""
    env = {**os.environ, "PYTHONPATH": str(tree), "PYTHONHASHSEED": "0"}
    with tempfile.TemporaryDirectory() as tmp:
        valgrind = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={tmp}/out"]
        done = subprocess.run(
            [*valgrind, *args], cwd=tree, env=env, capture_output=True, text=True, check=False
        )
    found = COLLECTED.search(done.stderr)
    if done.returncode or found is None:
        raise SystemExit(f"{' '.join(args[:4])} in {tree}: {done.stderr.strip()[-500:]}")
    return int(found.group(1)), done.stdout


def counted(
    trees: dict[str, Path],
    files: list[str],
    events: int,
    stored: Path,
    commands: list[list[str]],
    folder: Path,
) -> None:
    """The figures in instructions (fewer is faster), printed side by side."""
    rows: dict[str, dict[str, float]] = {}
    for name, tree in trees.items():
        idle, _ = instructions(tree, [sys.executable, "-c", SELFPLAY_FIXED, "0"])
        busy, printed = instructions(tree, [sys.executable, "-c", SELFPLAY_FIXED, "100"])
        row = rows.setdefault("self-play instr./hand", {})
        row[name] = (busy - idle) / int(printed)
        some = files[:100]
        replayed = sum(len(Path(f).read_text(encoding="utf-8").splitlines()) for f in some)
        spent, _ = instructions(tree, [TOURNEY, "replay", "--json", *some])
        rows.setdefault("replay instr./event", {})[name] = spent / replayed
        copy = folder / f"counted-{tree.name}.db"
        shutil.copyfile(stored, copy)
        from bench.store_bench import REBUILD_CHILD

        spent, printed = instructions(
            tree, [sys.executable, "-c", REBUILD_CHILD, f"sqlite:///{copy}"]
        )
        rows.setdefault("rebuild instr./event", {})[name] = spent / json.loads(printed)["events"]
        db = folder / f"counted-scorer-{tree.name}.db"
        db.unlink(missing_ok=True)
        run_in(tree, [TOURNEY, *commands[0], "--db", str(db)])
        each = [instructions(tree, [TOURNEY, *a, "--db", str(db)])[0] for a in commands[1:4]]
        rows.setdefault("scorer one-shot Minstr.", {})[name] = statistics.median(each) / 1e6
    print(f"{'figure (instructions)':<28}{'before':>14}{'after':>14}{'change':>10}")
    for figure, sides in rows.items():
        before, after = sides["before"], sides["after"]
        print(f"{figure:<28}{before:>14,.1f}{after:>14,.1f}{before / after - 1:>+10.1%}")
    print("change: + is faster after the move (fewer instructions); the issue allows -5%")


def cpu_of_children() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run_in(tree: Path, args: list[str]) -> tuple[subprocess.CompletedProcess[str], float]:
    """``args`` run with ``tree``'s tourney first on the path; with the CPU seconds the
    process used (user + system: on a machine shared with other work, wall time measures
    the others as much as tourney)."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    before = cpu_of_children()
    done = subprocess.run(args, cwd=tree, env=env, capture_output=True, text=True, check=False)
    cpu = cpu_of_children() - before
    if done.returncode:
        raise SystemExit(f"{' '.join(args[:4])} in {tree}: {done.stderr.strip()[-500:]}")
    return done, cpu


def selfplay(tree: Path) -> float:
    return float(run_in(tree, [sys.executable, "-c", SELFPLAY])[0].stdout)


def replay(tree: Path, files: list[str], events: int) -> float:
    return events / run_in(tree, [TOURNEY, "replay", "--json", *files])[1]


def rebuild(tree: Path, stored: Path, folder: Path) -> float:
    copy = folder / f"rebuild-{tree.name}.db"
    shutil.copyfile(stored, copy)
    from bench.store_bench import REBUILD_CHILD

    done, cpu = run_in(tree, [sys.executable, "-c", REBUILD_CHILD, f"sqlite:///{copy}"])
    return float(json.loads(done.stdout)["events"]) / cpu


def scorer(tree: Path, commands: list[list[str]], folder: Path) -> float:
    db = folder / f"scorer-{tree.name}.db"
    db.unlink(missing_ok=True)
    run_in(tree, [TOURNEY, *commands[0], "--db", str(db)])
    times = [run_in(tree, [TOURNEY, *args, "--db", str(db)])[1] for args in commands[1:]]
    return statistics.median(times) * 1000.0


def inputs(folder: Path) -> tuple[list[str], int, Path, list[list[str]]]:
    """The replay corpus, the stored matches for the rebuild and the scorer's commands,
    made once by this checkout (the record and stream formats did not change)."""
    from bench.scorer_bench import one_shot_args
    from tests.factories.tablesim import hidden_match
    from tourney.games.horserace.face import player_names, simulate_match, write_record
    from tourney.projections.match_view import new_events
    from tourney.store.eventstore import EventStore

    configs = [(2, False), (3, False), (4, False), (4, True)]
    files, events = [], 0
    for number in range(300):
        seats, partners = configs[number % 4]
        played = simulate_match(random.Random(10_000 + number), player_names(seats), partners)
        events += len(played.events)
        path = folder / f"m{number:05d}.jsonl"
        with open(path, "w", encoding="utf-8") as handle:
            write_record(played.events, handle)
        files.append(str(path))
    stored = folder / "stored.db"
    store = EventStore.from_url(f"sqlite:///{stored}")
    for number in range(100):
        seats, partners = configs[number % 4]
        played = simulate_match(random.Random(number), player_names(seats), partners)
        store.append(f"match-{number:05d}", new_events(played.events), expected_version=0)
    store.close()
    commands = [one_shot_args(event) for event in hidden_match(seed=7, target=21)][:16]
    return files, events, stored, commands


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--base", type=Path, help="folder with the older tourney/ and bench/")
    parser.add_argument("--base-rev", default=BASE_REV, help="commit to archive as --base")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument(
        "--instructions", action="store_true", help="count instructions (valgrind) instead"
    )
    options = parser.parse_args(argv)
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})  # one core, children too
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        base = options.base
        if base is None:
            base = folder / "base"
            base.mkdir()
            archive = subprocess.run(
                ["git", "archive", options.base_rev], cwd=ROOT, check=True, capture_output=True
            )
            subprocess.run(["tar", "-x", "-C", str(base)], input=archive.stdout, check=True)
        files, events, stored, commands = inputs(folder)
        trees = {"before": base.resolve(), "after": ROOT}
        if options.instructions:
            counted(trees, files, events, stored, commands, folder)
            return
        figures: dict[str, dict[str, list[float]]] = {name: {} for name in trees}
        for round_number in range(options.rounds):
            order = list(trees.items())
            for name, tree in order if round_number % 2 == 0 else reversed(order):
                got = figures[name]
                got.setdefault("self-play hands/s", []).append(selfplay(tree))
                got.setdefault("replay events/s", []).append(replay(tree, files, events))
                got.setdefault("rebuild events/s", []).append(rebuild(tree, stored, folder))
                got.setdefault("scorer one-shot ms", []).append(scorer(tree, commands, folder))
        heading = f"figure ({options.rounds} rounds)"
        print(
            f"{heading:<24}{'median before':>14}{'after':>10}{'change':>9}"
            f"{'best before':>13}{'after':>10}{'change':>9}"
        )
        for figure in figures["before"]:
            lower_is_better = figure.endswith("ms")
            pick = min if lower_is_better else max
            cells = ""
            for choose in (statistics.median, pick):
                before = choose(figures["before"][figure])
                after = choose(figures["after"][figure])
                change = (before / after - 1) if lower_is_better else (after / before - 1)
                cells += f"{before:>14,.1f}{after:>10,.1f}{change:>+9.1%}"
            print(f"{figure:<24}{cells}")
        print("change: + is faster after the move; the issue allows at most -5%")


if __name__ == "__main__":
    main(sys.argv[1:])
