"""Season figures (issue 26), on SQLite, as one-shot `tourney` processes (wall time,
median of --runs):

- `tourney ratings --json` from scratch over 52 nights x 60 players x 13 rounds at tables of
  4 (10,140 rated matches; target <= 5 s);
- `tourney series standings --json` over the same 52 nights x 60 players (target <= 1 s);
- both again after --noise unrelated events (default 500,000, in streams of their own) are
  added, to see them flat (target: within 1.10x).

The database is written directly through the event store (the events the director's desk
would append: tournament created, players registered, rounds paired, results recorded), so
that building it takes seconds, not the hours of playing 10,000 matches.

Run: ``python -m bench.season_bench [--nights 52] [--players 60] [--rounds 13] [--noise N]``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from tourney.season.series import NightAdded, SeriesCreated
from tourney.store.eventstore import EventStore, NewEvent, StreamAppend
from tourney.tournament.events import (
    PairedTable,
    PlayerRegistered,
    RoundPaired,
    TournamentCreated,
    TournamentEvent,
)
from tourney.tournament.result_events import MatchResultRecorded


def night_events(
    number: int, names: list[str], rounds: int, rng: random.Random
) -> list[TournamentEvent]:
    slug = f"night-{number}"
    events: list[TournamentEvent] = [TournamentCreated(f"Night {number}", slug, "swiss", 4, rounds)]
    ids = [f"p{i + 1}" for i in range(len(names))]
    events += [PlayerRegistered(pid, name) for pid, name in zip(ids, names, strict=True)]
    for round_number in range(1, rounds + 1):
        order = ids[:]
        rng.shuffle(order)
        tables = [
            PairedTable(t + 1, tuple(order[4 * t : 4 * t + 4]), f"{slug}-r{round_number}-t{t + 1}")
            for t in range(len(order) // 4)
        ]
        events.append(RoundPaired(round_number, tuple(tables)))
        for table in tables:
            scores = [rng.randrange(0, 61) for _ in range(4)]
            winner = rng.randrange(4)
            scores[winner] = 61
            events.append(MatchResultRecorded(table.match_id, tuple(scores), (winner,)))
    return events


def build(db: str, nights: int, players: int, rounds: int) -> int:
    rng = random.Random(26)
    club = [f"Player {i:03d}" for i in range(players + players // 2)]
    matches = 0
    with EventStore.from_url(db) as store:
        series: list[NewEvent] = [
            NewEvent(SeriesCreated("League", "places:10,7,5,3", 20, 5).type,
                     SeriesCreated("League", "places:10,7,5,3", 20, 5).to_payload())
        ]  # fmt: skip
        for number in range(1, nights + 1):
            names = rng.sample(club, players)
            events = night_events(number, names, rounds, rng)
            matches += sum(isinstance(e, MatchResultRecorded) for e in events)
            new = [NewEvent(e.type, e.to_payload()) for e in events]
            store.append_streams([StreamAppend(f"tournament-night-{number}", new, 0)])
            added = NightAdded("League", f"night-{number}")
            series.append(NewEvent(added.type, added.to_payload()))
        store.append_streams([StreamAppend("series", series, 0)])
    return matches


def add_noise(db: str, count: int) -> None:
    """`count` events in streams no season command reads (1,000 events a stream)."""
    with EventStore.from_url(db) as store:
        for start in range(0, count, 1000):
            events = [
                NewEvent("bench_noise", {"n": n}) for n in range(start, min(count, start + 1000))
            ]
            store.append_streams([StreamAppend(f"noise-{start // 1000}", events, 0)])


def _children_cpu() -> float:
    """CPU seconds (user + system) of the finished child processes so far; 0 where the
    platform cannot say (Windows)."""
    try:
        import resource
    except ImportError:
        return 0.0
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


CPU: dict[str, float] = {}
"""The median CPU seconds of each command timed last (wall time on a shared machine
waits for the processor; CPU time does not)."""


def timed(db: str, args: list[str], runs: int) -> float:
    """The median wall time of `tourney ARGS --db DB` (its CPU time into `CPU`)."""
    exe = str(Path(sys.executable).with_name("tourney"))
    subprocess.run([exe, *args, "--db", db], check=True, capture_output=True)  # catch up
    samples = []
    cpu = []
    for _ in range(runs):
        started, used = time.perf_counter(), _children_cpu()
        subprocess.run([exe, *args, "--db", db], check=True, capture_output=True)
        samples.append(time.perf_counter() - started)
        cpu.append(_children_cpu() - used)
    CPU[" ".join(args)] = statistics.median(cpu)
    return statistics.median(samples)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--nights", type=int, default=52)
    parser.add_argument("--players", type=int, default=60)
    parser.add_argument("--rounds", type=int, default=13)
    parser.add_argument("--noise", type=int, default=500_000)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        db = str(Path(tmp) / "season.db")
        started = time.perf_counter()
        matches = build(db, args.nights, args.players, args.rounds)
        print(
            f"built {args.nights} nights x {args.players} players x {args.rounds} rounds: "
            f"{matches:,} matches in {time.perf_counter() - started:.1f} s"
        )
        ratings = timed(db, ["ratings", "--json"], args.runs)
        series = timed(db, ["series", "standings", "--json"], args.runs)
        cpu_ratings, cpu_series = CPU["ratings --json"], CPU["series standings --json"]
        print(
            f"tourney ratings --json ({matches:,} matches): {ratings:.2f} s, CPU "
            f"{cpu_ratings:.2f} s (target <= 5 s)"
        )
        print(
            f"tourney series standings --json: {series:.2f} s, CPU {cpu_series:.2f} s "
            "(target <= 1 s)"
        )
        if args.noise:
            add_noise(db, args.noise)
            noisy_ratings = timed(db, ["ratings", "--json"], args.runs)
            noisy_series = timed(db, ["series", "standings", "--json"], args.runs)
            print(
                f"after {args.noise:,} unrelated events: ratings {noisy_ratings:.2f} s "
                f"({noisy_ratings / ratings:.2f}x; CPU {CPU['ratings --json']:.2f} s, "
                f"{CPU['ratings --json'] / cpu_ratings:.2f}x), series standings "
                f"{noisy_series:.2f} s ({noisy_series / series:.2f}x; CPU "
                f"{CPU['series standings --json']:.2f} s, "
                f"{CPU['series standings --json'] / cpu_series:.2f}x) (target: within 1.10x)"
            )


if __name__ == "__main__":
    main()
