"""Balanced seating beside two baselines: N players x R rounds at tables of 4 (3 where needed).

Run: ``python -m bench.seating_bench [--players 12,16 ...] [--rounds 4,5 ...] [--seed S]``.

For every field and number of rounds it prints, for each method: repeats (meetings of a
pair past its first, summed), the most times one pair meets, the seat gap (the largest
difference, over players, between their most- and least-used seat), indirect meets (pairs
who never met but share an opponent) and the CPU time. The methods:

* ``tourney``: `tourney.tournament.balanced.balanced` (known designs, annealing, table
  numbers, seats), as ``--format balanced`` fixes a schedule at round 1;
* ``random``: every round split at random, seats in the order drawn;
* ``greedy``: a Pantheon-like seating, round by round: players in random order, each
  table filled with the free player who crosses (has met) its members least, trying the
  crossing-free choices first and backtracking (up to ``BACKTRACK`` steps a round) before
  taking the fewest crossings; seats in the order picked.

The ``floor`` column is the fewest repeats any schedule can have (`balanced.repeat_floor`,
a counting bound: not always reachable).
"""

from __future__ import annotations

import argparse
import itertools
import random
import time
from collections.abc import Callable, Sequence
from functools import partial

from tourney.tournament.formats.balanced import design as balanced
from tourney.tournament.seating.seating import table_sizes

PLAYERS = (12, 16, 20, 24, 32, 48, 64)
ROUNDS = (4, 5, 6, 8)
BACKTRACK = 2_000

Schedule = list[list[list[int]]]


def random_seating(n: int, rounds: int, rng: random.Random) -> Schedule:
    sizes, _ = table_sizes(n, 4)
    schedule: Schedule = []
    for _ in range(rounds):
        order = list(range(n))
        rng.shuffle(order)
        tables, start = [], 0
        for size in sizes:
            tables.append(order[start : start + size])
            start += size
        schedule.append(tables)
    return schedule


def greedy_seating(n: int, rounds: int, rng: random.Random) -> Schedule:
    """Fewest crossings, table by table, with a bounded backtracking search per round."""
    sizes, _ = table_sizes(n, 4)
    met = [[0] * n for _ in range(n)]
    schedule: Schedule = []
    for _ in range(rounds):
        order = list(range(n))
        rng.shuffle(order)
        tables = _crossing_free(order, sizes, met, [0]) or _fewest_crossings(order, sizes, met)
        for table in tables:
            for a, b in itertools.combinations(table, 2):
                met[a][b] += 1
                met[b][a] += 1
        schedule.append(tables)
    return schedule


def _crossing_free(
    free: list[int], sizes: Sequence[int], met: list[list[int]], steps: list[int]
) -> list[list[int]] | None:
    """Tables of `sizes` from `free` (first free player first) where nobody has met, by
    backtracking within `BACKTRACK` steps; None when none was found."""
    if not sizes:
        return []

    def extend(rest: list[int], table: list[int]) -> list[list[int]] | None:
        if len(table) == sizes[0]:
            others = _crossing_free(rest, sizes[1:], met, steps)
            return None if others is None else [table, *others]
        for p in [p for p in rest if not any(met[p][m] for m in table)]:
            steps[0] += 1
            if steps[0] > BACKTRACK:
                return None
            found = extend([q for q in rest if q != p], [*table, p])
            if found is not None:
                return found
        return None

    return extend(free[1:], [free[0]])


def _fewest_crossings(
    order: list[int], sizes: Sequence[int], met: list[list[int]]
) -> list[list[int]]:
    free = list(order)
    tables: list[list[int]] = []
    for size in sizes:
        table = [free.pop(0)]
        while len(table) < size:
            pick = min(free, key=lambda p: sum(met[p][m] for m in table))
            free.remove(pick)
            table.append(pick)
        tables.append(table)
    return tables


def tourney_seating(n: int, rounds: int, seed: int) -> Schedule:
    return [[list(t) for t in r] for r in balanced.balanced(n, rounds, 4, seed=seed).rounds]


def measured(n: int, rounds: int, make: Callable[[], Schedule]) -> tuple[balanced.Quality, float]:
    start = time.process_time()
    schedule = make()
    spent = time.process_time() - start
    return balanced.quality(n, schedule), spent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", default=",".join(map(str, PLAYERS)))
    parser.add_argument("--rounds", default=",".join(map(str, ROUNDS)))
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    players = [int(p) for p in args.players.split(",")]
    rounds_ = [int(r) for r in args.rounds.split(",")]
    print(
        "repeats / most meetings of a pair / seat gap / indirect meets / CPU seconds; "
        "tourney also: repeat table numbers"
    )
    print()
    print("| N | R | floor | tourney | table rep. | random | greedy (Pantheon-like) |")
    print("|---:|---:|---:|---|---:|---|---|")
    for n in players:
        for rounds in rounds_:
            seed = args.seed
            ours, ours_time = measured(n, rounds, partial(tourney_seating, n, rounds, seed))
            rand, rand_time = measured(
                n, rounds, partial(random_seating, n, rounds, random.Random(seed))
            )
            greedy, greedy_time = measured(
                n, rounds, partial(greedy_seating, n, rounds, random.Random(seed))
            )
            sizes, _ = table_sizes(n, 4)
            floor = balanced.repeat_floor(n, sizes, rounds)

            def cell(q: balanced.Quality, spent: float) -> str:
                return f"{q.repeats} / {q.most} / {q.seat_spread} / {q.indirect} / {spent:.2f}"

            print(
                f"| {n} | {rounds} | {floor} | {cell(ours, ours_time)} | {ours.table_repeats} | "
                f"{cell(rand, rand_time)} | {cell(greedy, greedy_time)} |",
                flush=True,
            )


if __name__ == "__main__":
    main()
