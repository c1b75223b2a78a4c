"""Round-robin schedules.

* Two sides a table (individual tables of 2, or fixed partnerships where each entrant is a
  pair): the circle method gives the complete schedule -- everyone meets everyone exactly
  once in n - 1 rounds (n rounds with one bye each when n is odd), and seat 1 balanced
  as in Berger tables: |2 * seat-1 turns - matches| <= 1 for everyone.
* Tables of 3 or 4: a complete design exists only for some counts, so each round is built
  by a seeded local search that keeps repeat meetings as rare as the numbers allow; every
  round is a legal split of the field (`seating.table_sizes`). `meeting_evenness` reports
  how evenly it came out: the fewest and most times any two entrants met.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from dataclasses import dataclass

from tourney.tournament.seating import SeatRecord, seat_order, table_sizes


@dataclass(frozen=True)
class ScheduledRound:
    tables: tuple[tuple[str, ...], ...]
    byes: tuple[str, ...] = ()


@dataclass(frozen=True)
class Schedule:
    rounds: tuple[ScheduledRound, ...]


@dataclass(frozen=True)
class Evenness:
    """How evenly a schedule spreads meetings over all pairs of entrants."""

    pairs: int
    min_meetings: int
    max_meetings: int
    never_met: int

    def describe(self) -> str:
        return (
            f"every pair met between {self.min_meetings} and {self.max_meetings} times "
            f"({self.never_met} of {self.pairs} pairs never met)"
        )


def circle_method(entrants: Sequence[str]) -> Schedule:
    """The complete 2-sided schedule, seat 1 first in each pair.

    Seat 1 is balanced as in Berger tables: every entrant's seat-1 count is within one
    half-game of half their matches (|2 * seat1 - matches| <= 1).
    """
    field: list[str | None] = list(entrants)
    if len(field) % 2:
        field.append(None)
    n = len(field)
    rounds: list[ScheduledRound] = []
    for number in range(n - 1):
        tables: list[tuple[str, ...]] = []
        byes: list[str] = []
        for i in range(n // 2):
            a, b = field[i], field[n - 1 - i]
            if i == 0 and number % 2:
                a, b = b, a
            if a is None or b is None:
                byes.extend(x for x in (a, b) if x is not None)
            else:
                tables.append((a, b))
        rounds.append(ScheduledRound(tuple(tables), tuple(byes)))
        field = [field[0], field[-1], *field[1:-1]]
    return Schedule(tuple(rounds))


def rounds_needed(count: int, sides: int) -> int:
    """The fewest rounds in which each entrant can meet all the others at least once."""
    if count <= 1:
        return 0
    return -(-(count - 1) // (sides - 1))


def _cost(table: Sequence[int], meetings: list[list[int]]) -> int:
    # Squares make a third meeting cost more than two second ones.
    return sum((meetings[a][b] + 1) ** 2 for a, b in itertools.combinations(table, 2))


def spread_schedule(
    entrants: Sequence[str], sides: int, rounds: int | None = None, *, seed: int = 0
) -> Schedule:
    """A schedule at tables of up to `sides` that spreads meetings as evenly as it can.

    `rounds` defaults to `rounds_needed`. Deterministic for a given `seed`.
    """
    if sides == 2:
        full = circle_method(entrants)
        return Schedule(full.rounds[: rounds if rounds is not None else len(full.rounds)])
    n = len(entrants)
    total = rounds_needed(n, sides) if rounds is None else rounds
    rng = random.Random(seed)
    meetings = [[0] * n for _ in range(n)]
    records: dict[str, SeatRecord] = {}
    sizes, bye_count = table_sizes(n, sides)
    byes_had = [0] * n
    result: list[ScheduledRound] = []
    for number in range(1, total + 1):
        by_need = sorted(range(n), key=lambda i: (byes_had[i], -i))
        sitting_out = sorted(by_need[:bye_count])
        for i in sitting_out:
            byes_had[i] += 1
        players = [i for i in range(n) if i not in sitting_out]
        tables = _best_round(players, sizes, meetings, rng)
        seated: list[tuple[str, ...]] = []
        for table in tables:
            for a, b in itertools.combinations(table, 2):
                meetings[a][b] += 1
                meetings[b][a] += 1
            seats = seat_order([entrants[i] for i in table], records)
            for position, entrant in enumerate(seats):
                records[entrant] = records.get(entrant, SeatRecord()).seated(position, number)
            seated.append(seats)
        result.append(ScheduledRound(tuple(seated), tuple(entrants[i] for i in sitting_out)))
    return Schedule(tuple(result))


def _best_round(
    players: list[int], sizes: tuple[int, ...], meetings: list[list[int]], rng: random.Random
) -> list[list[int]]:
    """Split `players` into tables of `sizes`, locally minimising repeat meetings."""
    best: list[list[int]] | None = None
    best_cost = -1
    for _ in range(8):
        shuffled = players[:]
        rng.shuffle(shuffled)
        tables: list[list[int]] = []
        start = 0
        for size in sizes:
            tables.append(shuffled[start : start + size])
            start += size
        improved = True
        while improved:
            improved = False
            for t1, t2 in itertools.combinations(range(len(tables)), 2):
                for i, j in itertools.product(range(len(tables[t1])), range(len(tables[t2]))):
                    before = _cost(tables[t1], meetings) + _cost(tables[t2], meetings)
                    tables[t1][i], tables[t2][j] = tables[t2][j], tables[t1][i]
                    after = _cost(tables[t1], meetings) + _cost(tables[t2], meetings)
                    if after < before:
                        improved = True
                    else:
                        tables[t1][i], tables[t2][j] = tables[t2][j], tables[t1][i]
        cost = sum(_cost(t, meetings) for t in tables)
        if best is None or cost < best_cost:
            best, best_cost = [sorted(t) for t in tables], cost
    return best or []


def meeting_evenness(schedule: Schedule, entrants: Sequence[str]) -> Evenness:
    """Count, over all pairs of `entrants`, how often the schedule seats them together."""
    index = {e: i for i, e in enumerate(entrants)}
    n = len(entrants)
    meetings = [[0] * n for _ in range(n)]
    for scheduled in schedule.rounds:
        for table in scheduled.tables:
            for a, b in itertools.combinations(table, 2):
                meetings[index[a]][index[b]] += 1
                meetings[index[b]][index[a]] += 1
    counts = [meetings[a][b] for a, b in itertools.combinations(range(n), 2)]
    if not counts:
        return Evenness(0, 0, 0, 0)
    return Evenness(len(counts), min(counts), max(counts), counts.count(0))
