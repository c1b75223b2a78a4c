"""Live win chances (issue 36): playout speed per game, and how fresh the wall's estimates
stay with 16 tables in play.

Run: ``python -m bench.chances_bench [--seconds S]``; ``--playouts N [--seed S]`` plays a
fixed, seeded number of Horse Race playouts and nothing else (to count instructions with
``valgrind --tool=callgrind``, the same at any load). Targets: at least 20,000 Horse Race
playout hands per second per core and 5,000 Racehorse deals per second; with 16 tables in
play, every estimate refreshed within 2 s of its table's last move.

Rates are given per CPU second of this process (``time.process_time``) and per wall
second: the machine is shared, and the CPU rate is what one core of it does.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from tourney.gamekit import game
from tourney.games.horserace.simulate import player_names, simulate_match
from tourney.games.racehorse.simulate import simulate_match as simulate_racehorse
from tourney.web.live_chances import QUICK, WORKERS


def _rate(run: Callable[[random.Random], int], seconds: float) -> tuple[float, float, int]:
    """``run`` called again and again for ``seconds`` of CPU time: units per CPU second,
    per wall second, and the units counted (``run`` returns how many it made)."""
    rng = random.Random(1)
    units = 0
    wall, cpu = time.perf_counter(), time.process_time()
    while time.process_time() - cpu < seconds:
        units += run(rng)
    return (
        units / (time.process_time() - cpu),
        units / (time.perf_counter() - wall),
        units,
    )


def horse_race_positions(count: int = 24) -> list[Any]:
    """Positions met in play: a hand under way in matches of 2, 3 and 4 players."""
    chances = game("horse-race").chances
    assert chances is not None
    positions = []
    for number in range(count):
        seats = 2 + number % 3
        played = simulate_match(random.Random(number), player_names(seats)).events
        cut = random.Random(number).randrange(2, len(played) // 2)
        positions.append(chances.position(played[:cut]))
    return positions


def racehorse_positions(count: int = 24) -> list[Any]:
    """Positions met in play: a deal under way, 5 to 8 players."""
    chances = game("racehorse").chances
    assert chances is not None
    positions = []
    for number in range(count):
        seats = 5 + number % 4
        played = simulate_racehorse(random.Random(number), player_names(seats), deals=12)
        cut = random.Random(number).randrange(2, len(played.events) // 2)
        positions.append(chances.position(played.events[:cut]))
    return positions


def playout_rates(seconds: float) -> dict[str, tuple[float, float, int]]:
    """Horse Race hands and Racehorse deals played out per second, from positions in play
    (each playout deals a world and plays the match to its end, as the estimates do)."""
    dominoes = horse_race_positions()
    cards = racehorse_positions()

    def hands(rng: random.Random) -> int:
        position = dominoes[rng.randrange(len(dominoes))]
        return int(position.played_out(rng)[1])  # the hand under way counts as one

    def deals(rng: random.Random) -> int:
        position = cards[rng.randrange(len(cards))]
        return int(position.played_out(rng)[1])

    return {"horse-race": _rate(hands, seconds), "racehorse": _rate(deals, seconds)}


def fixed_playouts(playouts: int, seed: int) -> tuple[int, int]:
    """``playouts`` Horse Race playouts from the bench's positions, seeded: the hands they
    played and a checksum of the positions chosen and the shares won (the same seed and
    the same loop give the same figures; a change to the random stream shows here)."""
    dominoes = horse_race_positions()
    rng = random.Random(seed)
    hands = checksum = 0
    for _ in range(playouts):
        number = rng.randrange(len(dominoes))
        shares, played = dominoes[number].played_out(rng)
        hands += played
        checksum = hash((checksum, number, shares, played)) & 0xFFFFFFFF
    return hands, checksum


MAX_CUT = 240
"""The calibration's positions are cut after 1 to ``MAX_CUT - 1`` events, drawn apart from
the match, in a match still under way then (two random bots to 21: 23 to 162 events in 300
matches, 87 on average; a later event is never a position, which chooses by the past
only). Cutting each match at a uniform point of its own length would choose positions by
how long their match goes on afterwards -- a position is then chosen the more often the
sooner its match ends, which is when the side ahead wins -- and make well-calibrated
estimates look pulled toward 50% (issue 36)."""


def cut_at(rng: random.Random, length: int) -> int | None:
    """Where to cut a match of ``length`` events for the calibration: a count of events
    drawn without looking at the match, or None when the match was over by then (draw
    another match)."""
    cut = rng.randrange(1, MAX_CUT)
    return cut if cut < length else None


def calibration(
    positions: int, seed: int = 1, playouts: int = 10, buckets: int = 10, target: int = 21
) -> list[tuple[float, float, float, int]]:
    """How well the estimates are calibrated: ``positions`` random positions of simulated
    two-player Horse Race matches (random bots, first to ``target``; cut by `cut_at`),
    each estimated twice from independent playouts, once to choose its bucket and once
    for the chance it gives (so a noisy estimate does not pick its own bucket), then
    compared with how the match really ended. Each bucket's row: its low edge, the mean
    chance given, the share of wins, and how many positions. Side 0's chance; the matches'
    hands as the room sees them.
    """
    chances = game("horse-race").chances
    assert chances is not None
    rng = random.Random(seed)
    sums = [[0.0, 0.0, 0] for _ in range(buckets)]
    for _ in range(positions):
        cut = None
        while cut is None:
            played = simulate_match(
                random.Random(rng.getrandbits(32)), player_names(2), target=target
            )
            events = played.events
            cut = cut_at(rng, len(events))
        position = chances.position(events[:cut])
        if position is None or position.settled is not None:
            continue
        picks = sum(position.playout(rng)[0] for _ in range(playouts)) / playouts
        given = sum(position.playout(rng)[0] for _ in range(playouts)) / playouts
        won = 1.0 / len(played.match.winners) if 0 in played.match.winners else 0.0
        row = sums[min(int(picks * buckets), buckets - 1)]
        row[0] += given
        row[1] += won
        row[2] += 1
    return [
        (i / buckets, given / count if count else 0.0, won / count if count else 0.0, int(count))
        for i, (given, won, count) in enumerate(sums)
    ]


def refresh_latency(
    tables: int = 16,
    seconds: float = 30.0,
    gap: float = 3.0,
    workers: int = WORKERS,
    quick: float = QUICK,
) -> list[float]:
    """The wall's workers (`tourney.web.live_chances`, ``workers`` spawned processes, first
    estimates of ``quick`` CPU seconds) fed ``tables``
    Horse Race tables in play, each moving every ``gap`` seconds on average (a move every
    0.2 s in the room with 16 tables), for ``seconds``: for each move, the seconds until an
    estimate of that position or a later one was shown."""
    from tourney.web.live_chances import LiveChances, worker_pool

    rng = random.Random(3)
    horse_race = game("horse-race")
    matches = [
        [horse_race.payload(e) for e in simulate_match(random.Random(n), player_names(2)).events]
        for n in range(tables)
    ]
    live = LiveChances(
        lambda: None, pool=lambda: worker_pool(workers), seconds=quick, workers=workers
    )
    live.start()
    live.want("warm", 2, "horse-race", tuple(matches[0][:2]))  # the worker's imports
    while live.shown("warm") is None:
        time.sleep(0.05)
    at = [rng.randrange(2, 30) for _ in range(tables)]
    moved: dict[tuple[int, int], float] = {}
    waits: list[float] = []
    started = time.monotonic()
    next_move = [started + rng.random() * gap for _ in range(tables)]
    while time.monotonic() - started < seconds:
        now = time.monotonic()
        for table in range(tables):
            if now >= next_move[table] and at[table] < len(matches[table]):
                at[table] += 1
                moved[(table, at[table])] = now
                live.want(f"T{table}", at[table], "horse-race", tuple(matches[table][: at[table]]))
                next_move[table] = now + rng.expovariate(1 / gap)
        for (table, version), when in list(moved.items()):
            shown = live.shown(f"T{table}")
            if shown is not None and shown.version >= version:
                waits.append(time.monotonic() - when)
                del moved[(table, version)]
        time.sleep(0.01)
    live.stop()
    return waits


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="CPU seconds per game")
    parser.add_argument("--calibration", type=int, default=0, help="positions to calibrate on")
    parser.add_argument("--latency", type=float, default=30.0, help="seconds of 16 tables")
    parser.add_argument("--workers", type=int, default=WORKERS, help="estimating processes")
    parser.add_argument("--quick", type=float, default=QUICK, help="CPU s of a first estimate")
    parser.add_argument("--latency-only", action="store_true", help="no playout rates")
    parser.add_argument("--playouts", type=int, default=0, help="only N seeded playouts")
    parser.add_argument("--seed", type=int, default=1, help="the seed of --playouts")
    args = parser.parse_args()
    if args.playouts:
        hands, checksum = fixed_playouts(args.playouts, args.seed)
        print(f"Horse Race: {args.playouts:,} playouts (seed {args.seed}), {hands:,} hands, "
              f"checksum {checksum:08x}")  # fmt: skip
        return
    if args.calibration:
        print("bucket  positions  chance given  share won  difference")
        for low, given, won, count in calibration(args.calibration):
            print(f"{low:.1f}-{low + 0.1:.1f}  {count:9d}  {given:12.3f}  {won:9.3f}  "
                  f"{won - given:+10.3f}")  # fmt: skip
        return
    if not args.latency_only:
        print_rates(args.seconds)
    load = os.getloadavg()[0]
    waits = sorted(refresh_latency(seconds=args.latency, workers=args.workers, quick=args.quick))
    if waits:
        p95 = waits[int(0.95 * (len(waits) - 1))]
        median = statistics.median(waits)
        print(f"16 tables, a move each every 3 s on average, {args.workers} workers, first "
              f"estimates of {args.quick} CPU s: estimate shown {median:.2f} s after a move "
              f"at the median, {p95:.2f} s at p95, {waits[-1]:.2f} s at worst ({len(waits)} "
              f"moves; target <= 2 s; load average {load:.1f} before, "
              f"{os.getloadavg()[0]:.1f} after)")  # fmt: skip


def print_rates(seconds: float) -> None:
    rates = playout_rates(seconds)
    cpu, wall, count = rates["horse-race"]
    print(f"Horse Race playouts: {cpu:,.0f} hands/s per CPU second, {wall:,.0f} per wall "
          f"second ({count:,} hands; target >= 20,000)")  # fmt: skip
    cpu, wall, count = rates["racehorse"]
    print(f"Racehorse playouts: {cpu:,.0f} deals/s per CPU second, {wall:,.0f} per wall "
          f"second ({count:,} deals; target >= 5,000)")  # fmt: skip


if __name__ == "__main__":
    main()
