"""Round-robin schedules: every pair of entrants meets at least once.

* Two sides a table (individual tables of 2, or fixed partnerships where each entrant is a
  pair): the circle method -- everyone meets everyone exactly once in n - 1 rounds (n
  rounds with one bye each when n is odd), seat 1 balanced as in Berger tables.
* Tables of 3 or 4: every round is split as `seating.table_sizes` says (no byes), and the
  schedule has as many rounds as it takes for every pair to meet at least once. Fields of
  up to 40 use the schedules shipped in ``schedules.json`` (published designs,
  affine planes, and the best that a long search found; `bench/roundrobin_schedules.py`
  makes the file and says where each published one comes from); they meet every pair
  exactly once wherever such a schedule is known (8, 9, 14, 15, 20, 21, 26, 27, ... at 3s;
  15, 16, 27, 28, 39, 40 at 4s). Larger fields get `covering.search` with a small budget.
* Tables of 5 to 8 (Racehorse): two tables that split for it get the three-round crossing
  schedule (`crossing`, the fewest rounds there can be); other fields the better of two
  searches (`BIG_HEATS`). Every pair meets at least once; the round-1 note says how often.
* Seats: tables are seated round by round with `seating.seat_order`'s rotation.

`coverage` counts what a schedule actually does -- how many pairs meet once, twice, ...
-- so the notes that quote it never claim more than was checked.
"""

from __future__ import annotations

import functools
import itertools
import json
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from tourney.tournament.notes.notes import Note, note
from tourney.tournament.seating import covering
from tourney.tournament.seating.covering import Rounds
from tourney.tournament.seating.crossing import crossing
from tourney.tournament.seating.seating import BIG_TABLE, SeatRecord, seat_order, table_sizes

SCHEDULES = Path(__file__).with_name("schedules.json")
SEARCH_BUDGET = 100_000
"""Search moves for a field with no shipped schedule (about half a second)."""

BIG_HEATS = (1.0, 3.0)
"""Tables of 5 to 8 are searched twice, at these heats, and the better schedule kept: a
move there changes many pairs at once, and the usual heat finds one round too many at
some fields (14 at 7 + 7: 5 rounds, where 4 meet every pair) while a hotter search does
worse at others (30 at 8, 8, 7, 7)."""

CONTINUED = "earlier rounds completed by search"
"""The source of a schedule that completes rounds paired by another schedule."""

_TIMES = {0: "round_robin.pairs_never", 1: "round_robin.pairs_once", 2: "round_robin.pairs_twice"}


@dataclass(frozen=True)
class ScheduledRound:
    tables: tuple[tuple[str, ...], ...]
    byes: tuple[str, ...] = ()


@dataclass(frozen=True)
class Schedule:
    rounds: tuple[ScheduledRound, ...]
    source: str = ""


@dataclass(frozen=True)
class Coverage:
    """How often a schedule seats each pair of its entrants together."""

    entrants: int
    sides: int
    rounds: int
    meetings: tuple[tuple[int, int], ...]
    """(times met, number of pairs) for every count that occurs, fewest times first."""

    @property
    def pairs(self) -> int:
        return sum(count for _, count in self.meetings)

    @property
    def never_met(self) -> int:
        return dict(self.meetings).get(0, 0)

    @property
    def most(self) -> int:
        return max((times for times, _ in self.meetings), default=0)

    def described(self, partnerships: bool = False) -> Note:
        """``"6 players at tables of 3: 4 rounds, every pair meets at least once (8 pairs
        once, 6 twice, 1 four times)"``, as a note."""
        where = (
            note("round_robin.partnerships_at", n=self.entrants, sides=self.sides)
            if partnerships
            else note("round_robin.players_at", n=self.entrants, sides=self.sides)
        )
        rounds = note("round_robin.rounds", n=self.rounds)
        if self.pairs == 0:
            return note("round_robin.no_pairs", where=where, rounds=rounds)
        counts = tuple(_pairs_met(times, count) for times, count in self.meetings)
        if self.never_met:
            return note("round_robin.not_every_pair", where=where, rounds=rounds, counts=counts)
        if self.most == 1:
            return note("round_robin.exactly_once", where=where, rounds=rounds)
        return note("round_robin.at_least_once", where=where, rounds=rounds, counts=counts)


def _pairs_met(times: int, count: int) -> Note:
    """``"8 pairs once"``: how many pairs meet `times` times."""
    if times in _TIMES:
        return note(_TIMES[times], n=count)
    return note("round_robin.pairs_times", n=count, times=note("round_robin.times", n=times))


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
    return Schedule(tuple(rounds), "circle method")


@functools.cache
def shipped() -> dict[tuple[int, int], tuple[str, Rounds]]:
    """The shipped schedules by (entrants, table size): (source, rounds of indexes)."""
    raw = json.loads(SCHEDULES.read_text(encoding="utf-8"))
    table: dict[tuple[int, int], tuple[str, Rounds]] = {}
    for key, value in raw.items():
        n, sides = (int(part) for part in key.split("@"))
        rounds = tuple(tuple(tuple(t) for t in r) for r in value["rounds"])
        table[(n, sides)] = (str(value["source"]), rounds)
    return table


@functools.lru_cache(maxsize=32)
def design(n: int, sides: int) -> tuple[str, Rounds]:
    """The schedule of entrants 0..n-1 at tables of `sides` (3 to 8): (source, rounds)."""
    if n < 2:
        return "no pairs to seat", ()
    if (n, sides) in shipped():
        return shipped()[(n, sides)]
    sizes, _ = table_sizes(n, sides)
    return _searched(n, sizes)


@functools.lru_cache(maxsize=32)
def _searched(n: int, sizes: tuple[int, ...]) -> tuple[str, Rounds]:
    """The schedule of a field with none shipped, by its table sizes (tables of 5 to 8 at
    different `sides` often split a field alike: 10 at 5 to 8 are all 5 + 5)."""
    if min(sizes, default=0) >= BIG_TABLE:
        crossed = crossing(n, sizes)
        if crossed is not None:
            return "crossing schedule of two tables", crossed
        found = min(
            (covering.search(n, sizes, budget=SEARCH_BUDGET, heat=heat) for heat in BIG_HEATS),
            key=lambda f: (len(f.rounds), covering.cost_of(covering.meeting_counts(n, f.rounds))),
        )
    else:
        found = covering.search(n, sizes, budget=SEARCH_BUDGET)
    return "found by search at pairing time", found.rounds


def _seated(
    entrants: Sequence[str],
    rounds: Rounds,
    records: dict[str, SeatRecord],
    first: int,
) -> tuple[ScheduledRound, ...]:
    """Index rounds as entrants' tables in seat order, rotating seats from `records`."""
    records = dict(records)
    result: list[ScheduledRound] = []
    for number, round_ in enumerate(rounds, start=first):
        tables: list[tuple[str, ...]] = []
        for table in round_:
            seats = seat_order([entrants[i] for i in sorted(table)], records)
            for position, entrant in enumerate(seats):
                records[entrant] = records.get(entrant, SeatRecord()).seated(position, number)
            tables.append(seats)
        seated = {e for t in tables for e in t}
        byes = tuple(e for e in entrants if e not in seated)
        result.append(ScheduledRound(tuple(tables), byes))
    return tuple(result)


def schedule(entrants: Sequence[str], sides: int) -> Schedule:
    """The whole round robin of `entrants` (best-seeded first) at tables of `sides`."""
    if sides == 2:
        return circle_method(entrants)
    source, rounds = design(len(entrants), sides)
    return Schedule(_seated(entrants, rounds, {}, 1), source)


def follows(schedule_: Schedule, played: Sequence[ScheduledRound]) -> bool:
    """Whether the rounds `played` are the schedule's first rounds, less whoever had
    withdrawn by then (a table left with one entrant is a bye)."""
    if len(played) > len(schedule_.rounds):
        return False
    for planned, actual in zip(schedule_.rounds, played, strict=False):
        present = {e for t in actual.tables for e in t} | set(actual.byes)
        expected = {frozenset(present.intersection(t)) for t in planned.tables}
        if {frozenset(t) for t in actual.tables} != {t for t in expected if len(t) >= 2}:
            return False
    return True


def continued(entrants: Sequence[str], sides: int, played: Sequence[ScheduledRound]) -> Schedule:
    """A schedule that keeps the rounds `played` (by some other schedule) and adds the
    rounds a search finds for every pair that has not met yet to meet."""
    index = {e: i for i, e in enumerate(entrants)}
    n = len(entrants)
    history = [[0] * n for _ in range(n)]
    records: dict[str, SeatRecord] = {}
    for number, round_ in enumerate(played, start=1):
        for table in round_.tables:
            for position, entrant in enumerate(table):
                records[entrant] = records.get(entrant, SeatRecord()).seated(position, number)
            for a, b in itertools.combinations(table, 2):
                history[index[a]][index[b]] += 1
                history[index[b]][index[a]] += 1
    rest: Rounds = ()
    if sides == 2:
        rest = _pairs_left(n, history)
    elif not all(history[a][b] for a in range(n) for b in range(a + 1, n)):
        sizes, _ = table_sizes(n, sides)
        rest = covering.search(n, sizes, history=history, budget=SEARCH_BUDGET).rounds
    added = _seated(entrants, rest, records, len(played) + 1)
    return Schedule((*played, *added), CONTINUED)


def _pairs_left(n: int, history: list[list[int]]) -> Rounds:
    """Tables of 2 for the pairs that have not met: a greedy matching per round."""
    left = {(a, b) for a in range(n) for b in range(a + 1, n) if not history[a][b]}
    rounds: list[tuple[tuple[int, ...], ...]] = []
    while left:
        busy: set[int] = set()
        tables = []
        for a, b in sorted(left):
            if a not in busy and b not in busy:
                tables.append((a, b))
                busy.update((a, b))
        left -= set(tables)
        rounds.append(tuple(tables))
    return tuple(rounds)


def coverage(schedule_: Schedule, entrants: Sequence[str], sides: int) -> Coverage:
    """Count, over all pairs of `entrants`, how often the schedule seats them together."""
    met: Counter[frozenset[str]] = Counter()
    for scheduled in schedule_.rounds:
        for table in scheduled.tables:
            met.update(frozenset(pair) for pair in itertools.combinations(table, 2))
    counts = Counter(met[frozenset(p)] for p in itertools.combinations(entrants, 2))
    return Coverage(len(entrants), sides, len(schedule_.rounds), tuple(sorted(counts.items())))
