"""Balanced seating: R rounds of N players at tables of 3 or 4, fixed before round 1.

The mahjong world's "seating" (World Riichi, Pantheon): results never move anyone; the
whole schedule is chosen once so that the players mix as well as R rounds allow. A
schedule is judged by these counts, **in this order** (an earlier one is never traded for
a later one):

1. *Repeats*: for every pair of players, the meetings past their first, summed
   (a pair at one table twice is 1 repeat; three times, 2). The search's cost of a pair
   meeting m >= 2 times is REPEAT_WEIGHT * (m - 1) + m * (m - 1) / 2: the repeats first,
   then fewer third meetings.
2. *Table repeats*: for every player, the rounds past the first at each table number,
   summed (a player at table 3 in two rounds is 1).
3. *Seat imbalance*: for every player and seat, the square of the turns in that seat,
   summed -- least when each player's seats are spread evenly over the rounds. Reported
   as the largest gap, over players, between their most- and least-used seat
   (seats 1 to the table size).

Reported beside them, not optimised: *indirect meets*, the pairs who never sat together
but share an opponent (World Riichi's seating tables report them), and the pairs who
neither met nor share an opponent.

The algorithm (deterministic for a given seed; budgets count moves, never seconds):

* Who sits with whom. A known design where the first R rounds meet no pair twice: the
  affine plane of order 4 (16 players, 5 rounds, tables of 4) or of order 3 (9 at tables
  of 3, 4 rounds), a schedule a long search found (``schedules.json``: 20
  players x 5 rounds), or the first R rounds of a shipped round-robin schedule
  (`roundrobin.shipped`) whose rounds meet every pair exactly once (15, 16, 27, 28, 39,
  40 at tables of 4; 8, 9, 14, 15, 20, 21, ... at 3). Otherwise rounds built one at a
  time (each table starts with a random free player and takes, of the next
  `GREEDY_LOOK` free players, the one who has met its members least), then simulated
  annealing: a move swaps two players' tables in one round, half the moves taking a
  player out of a table where they meet someone again; it stops at the lower bound of
  the repeats (`repeat_floor`) or when the budget is spent, keeping the best seen.
* Table numbers: tables swap numbers within a round (annealing on the table repeats),
  then a second annealing also swaps two players' tables where that adds no meeting.
* Seats: rounds seated in turn (each table in the order giving everyone the seats they
  have had least), annealing on the seat imbalance, then `_even_out`'s alternating paths.
"""

from __future__ import annotations

import functools
import itertools
import json
import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from tourney.tournament.formats.round_robin.schedule import shipped
from tourney.tournament.notes.notes import Note, clauses, note
from tourney.tournament.seating.covering import exchange, meeting_counts
from tourney.tournament.seating.seating import table_sizes

Table = tuple[int, ...]
Round = tuple[Table, ...]
Rounds = tuple[Round, ...]

SCHEDULES = Path(__file__).with_name("schedules.json")
"""Schedules a long search found (`bench/balanced_schedules.py`), by ``N@SIDES``."""

BUDGET = 400_000
"""Annealing moves for a schedule with no known design (a few seconds at 64 x 8 at
most; it stops as soon as it reaches the lower bound)."""

GREEDY_LOOK = 64
"""How many free players (in shuffled order) a table looks at for its next member."""

TABLE_MOVES = 60
POLISH_MOVES = 200
SEAT_MOVES = 20
"""Annealing moves per player and round for the table numbers, and for the seats (both
stop early at the even spread)."""


@dataclass(frozen=True)
class Quality:
    """What a schedule does, counted: see the module's objective order."""

    repeats: int
    most: int
    """The most times one pair meets."""
    table_repeats: int
    seat_squares: int
    seat_spread: int
    indirect: int
    """Pairs who never met but share an opponent."""
    apart: int
    """Pairs who neither met nor share an opponent."""

    def described(self) -> Note:
        """What the schedule does, as a note's clauses (repeats, table numbers, seats,
        indirect meetings)."""
        meets = (
            note("balanced.no_repeats")
            if self.repeats == 0
            else note("balanced.repeats", n=self.repeats, most=self.most)
        )
        return clauses(
            meets,
            note("balanced.table_repeats", n=self.table_repeats),
            note("balanced.seat_gap", n=self.seat_spread),
            note("balanced.indirect", n=self.indirect, apart=self.apart),
        )


@dataclass(frozen=True)
class Seating:
    """A schedule: each round's tables in table-number order, each in seat order."""

    rounds: Rounds
    source: str
    seed: int
    moves: int
    quality: Quality


def repeat_floor(n: int, sizes: Sequence[int], rounds: int) -> int:
    """The fewest repeats any schedule can have: more pair-seats than pairs must repeat,
    and so must a player who meets more tablemates than there are others."""
    if n < 2:
        return 0
    seats = rounds * sum(s * (s - 1) // 2 for s in sizes)
    by_pairs = max(0, seats - n * (n - 1) // 2)
    smallest = min(sizes) - 1
    # Each player meets at least (smallest table - 1) a round; past n - 1 that repeats.
    by_player = n * max(0, rounds * smallest - (n - 1)) // 2
    return max(by_pairs, by_player)


# -- known designs ---------------------------------------------------------------------


def _gf(q: int) -> tuple[list[list[int]], list[list[int]]]:
    """Addition and multiplication tables of the field of q = 3 or 4 elements."""
    if q == 3:
        return (
            [[(a + b) % 3 for b in range(3)] for a in range(3)],
            [[(a * b) % 3 for b in range(3)] for a in range(3)],
        )
    # GF(4) as polynomials over GF(2) modulo x^2 + x + 1: 0, 1, x (2), x + 1 (3).
    mul = [[0] * 4 for _ in range(4)]
    for a in range(4):
        for b in range(4):
            product = 0
            for bit in range(2):
                if b >> bit & 1:
                    product ^= a << bit
            if product & 0b100:
                product ^= 0b111
            mul[a][b] = product
    return [[a ^ b for b in range(4)] for a in range(4)], mul


def affine_plane(q: int) -> Rounds:
    """The q + 1 parallel classes of the affine plane of order q (q = 3, 4): q*q players,
    every pair at one table exactly once. Player x*q + y is the point (x, y); round 1
    holds the lines x = c, round m + 2 the lines y = m*x + b."""
    add, mul = _gf(q)
    rounds: list[Round] = [tuple(tuple(c * q + y for y in range(q)) for c in range(q))]
    for m in range(q):
        rounds.append(tuple(tuple(x * q + add[mul[m][x]][b] for x in range(q)) for b in range(q)))
    return tuple(rounds)


@functools.cache
def _found() -> dict[tuple[int, int], tuple[str, Rounds]]:
    raw = json.loads(SCHEDULES.read_text(encoding="utf-8"))
    table: dict[tuple[int, int], tuple[str, Rounds]] = {}
    for key, value in raw.items():
        n, sides = (int(part) for part in key.split("@"))
        rounds = tuple(tuple(tuple(t) for t in r) for r in value["rounds"])
        table[(n, sides)] = (str(value["source"]), rounds)
    return table


def known(n: int, sides: int, rounds: int) -> tuple[str, Rounds] | None:
    """A schedule meeting no pair twice from a known design, when one has `rounds` rounds."""
    if sides == 4 and n == 16 and rounds <= 5:
        return "affine plane of order 4 (resolvable, Social Golfer 4-4-5)", affine_plane(4)[:rounds]
    if sides == 3 and n == 9 and rounds <= 4:
        return "affine plane of order 3 (Kirkman's 9 schoolgirls)", affine_plane(3)[:rounds]
    found = _found().get((n, sides))
    if found is not None and len(found[1]) >= rounds:
        return f"first {rounds} rounds of {found[0]}", found[1][:rounds]
    found = shipped().get((n, sides))
    if found is not None and len(found[1]) >= rounds:
        source, schedule = found
        prefix = schedule[:rounds]
        if _squares(meeting_counts(n, prefix)) == 0:
            return f"first {rounds} rounds of the round-robin schedule ({source})", prefix
    return None


# -- who sits with whom ----------------------------------------------------------------


START_HEAT, END_HEAT = 2.0, 0.1
"""The annealing's temperature, falling geometrically over the budget."""

REPEAT_WEIGHT = 4
"""The search's cost of a pair meeting m times: REPEAT_WEIGHT * (m - 1) + m * (m - 1) / 2
(nothing for m <= 1). The first term makes the repeats come first, the second spreads
them (a third meeting costs more than a second)."""


def _pair_cost(m: int) -> int:
    return REPEAT_WEIGHT * (m - 1) + m * (m - 1) // 2 if m > 1 else 0


def _meet(m: int) -> int:
    """The cost of one more meeting of a pair that has met m times."""
    return _pair_cost(m + 1) - _pair_cost(m)


def _squares(counts: list[list[int]]) -> int:
    n = len(counts)
    return sum(_pair_cost(m) for a in range(n) for m in counts[a][a + 1 :])


def _greedy(n: int, sizes: Sequence[int], rounds: int, rng: random.Random) -> list[list[list[int]]]:
    counts = [[0] * n for _ in range(n)]
    schedule: list[list[list[int]]] = []
    for _ in range(rounds):
        free = list(range(n))
        rng.shuffle(free)
        tables: list[list[int]] = []
        for size in sizes:
            table = [free.pop()]
            while len(table) < size:
                look = range(max(0, len(free) - GREEDY_LOOK), len(free))  # free is shuffled
                pick = min(look, key=lambda i: sum(counts[free[i]][m] for m in table))
                table.append(free.pop(pick))
            tables.append(table)
        for table in tables:
            for a, b in itertools.combinations(table, 2):
                counts[a][b] += 1
                counts[b][a] += 1
        schedule.append(tables)
    return schedule


class _Annealer:
    """Simulated annealing on the sum of m*(m-1)/2: a move swaps two players' tables."""

    def __init__(self, n: int, schedule: list[list[list[int]]], rng: random.Random) -> None:
        self.n = n
        self.rng = rng
        self.rounds = schedule
        self.where = [[0] * n for _ in schedule]
        for r, round_ in enumerate(schedule):
            for t, table in enumerate(round_):
                for p in table:
                    self.where[r][p] = t
        self.counts = meeting_counts(n, schedule)
        self.cost = _squares(self.counts)
        self.again = {(a, b) for a in range(n) for b in range(a + 1, n) if self.counts[a][b] > 1}

    def _delta(self, a: int, ta: list[int], b: int, tb: list[int]) -> int:
        row_a, row_b = self.counts[a], self.counts[b]
        delta = 0
        for x in ta:
            if x != a:
                delta += _meet(row_b[x]) - _meet(row_a[x] - 1)
        for y in tb:
            if y != b:
                delta += _meet(row_a[y]) - _meet(row_b[y] - 1)
        return delta

    def _pick(self) -> tuple[int, int, int]:
        """(round, a, b): half the time `a` is one of a pair that meets again, taken from a
        round where they meet."""
        rand, n, rounds = self.rng.random, self.n, len(self.rounds)
        if self.again and rand() < 0.5:
            again = tuple(self.again) if len(self.again) < 256 else self._some_again()
            x, y = again[int(rand() * len(again))]
            first = int(rand() * rounds)
            for k in range(rounds):
                r = (first + k) % rounds
                if self.where[r][x] == self.where[r][y]:
                    return r, (x if rand() < 0.5 else y), int(rand() * n)
        return int(rand() * rounds), int(rand() * n), int(rand() * n)

    def _some_again(self) -> tuple[tuple[int, int], ...]:
        rand, n, counts = self.rng.random, self.n, self.counts
        while True:
            a, b = int(rand() * n), int(rand() * n)
            if counts[a][b] > 1:
                return ((a, b),)

    def _bump(self, a: int, x: int, step: int) -> None:
        m = self.counts[a][x] + step
        self.counts[a][x] = m
        self.counts[x][a] = m
        if m == 2 and step == 1:
            self.again.add((a, x) if a < x else (x, a))
        elif m == 1 and step == -1:
            self.again.discard((a, x) if a < x else (x, a))

    def run(self, steps: int, floor: int) -> tuple[list[list[list[int]]], int]:
        """Anneal until the cost reaches `floor` or `steps` moves are spent; the best
        schedule seen and the moves spent."""
        best_cost = self.cost
        best = [[list(t) for t in r] for r in self.rounds]
        if steps <= 0 or self.cost <= floor:
            return best, 0
        start, end = START_HEAT, END_HEAT
        ratio = (end / start) ** (1 / steps)
        temp = start
        rng = self.rng
        spent = 0
        while spent < steps:
            spent += 1
            temp *= ratio
            r, a, b = self._pick()
            where = self.where[r]
            if where[a] == where[b]:
                continue
            ta, tb = self.rounds[r][where[a]], self.rounds[r][where[b]]
            delta = self._delta(a, ta, b, tb)
            if delta <= 0 or rng.random() < math.exp(-delta / temp):
                exchange(a, ta, b, tb, self._bump)
                where[a], where[b] = where[b], where[a]
                self.cost += delta
                if self.cost < best_cost:
                    best_cost = self.cost
                    best = [[list(t) for t in r_] for r_ in self.rounds]
                    if best_cost <= floor:
                        break
        return best, spent


# -- table numbers and seats -----------------------------------------------------------


def _anneal_labels(
    units: list[list[list[int]]], labels: int, n: int, steps: int, rng: random.Random
) -> None:
    """Each unit is a list of groups of players; a group's position in its unit is its
    label (a table number in a round; a seat at a table, the groups holding one player).
    Swap positions within units to lower the sum, over players and labels, of k*(k-1)/2
    for k times at that label: simulated annealing from the order given, keeping the best,
    stopping early at the even spread's sum."""
    held = [[0] * labels for _ in range(n)]
    for unit in units:
        for label, group in enumerate(unit):
            for p in group:
                held[p][label] += 1
    cost = sum(k * (k - 1) // 2 for row in held for k in row)
    # The least it can be: each player's turns spread evenly over the labels.
    floor = 0
    for row in held:
        even, rest = divmod(sum(row), labels)
        floor += rest * (even + 1) * even // 2 + (labels - rest) * even * (even - 1) // 2
    best_cost, best = cost, [list(unit) for unit in units]
    movable = [u for u, unit in enumerate(units) if len(unit) > 1]
    if not movable or cost <= floor:
        return
    temp, ratio = 1.0, (0.05 / 1.0) ** (1 / steps)
    rand = rng.random
    for _ in range(steps):
        temp *= ratio
        unit = units[movable[int(rand() * len(movable))]]
        i, j = int(rand() * len(unit)), int(rand() * len(unit))
        if i == j:
            continue
        delta = sum(held[p][j] - held[p][i] + 1 for p in unit[i])
        delta += sum(held[p][i] - held[p][j] + 1 for p in unit[j])
        if delta <= 0 or rand() < math.exp(-delta / temp):
            for p in unit[i]:
                held[p][i] -= 1
                held[p][j] += 1
            for p in unit[j]:
                held[p][j] -= 1
                held[p][i] += 1
            unit[i], unit[j] = unit[j], unit[i]
            cost += delta
            if cost < best_cost:
                best_cost, best = cost, [list(u) for u in units]
                if cost <= floor:
                    break
    for unit, kept in zip(units, best, strict=True):
        unit[:] = kept


def _number_tables(n: int, schedule: list[list[list[int]]], rng: random.Random) -> None:
    """Reorder each round's tables (table numbers) so players revisit a number rarely;
    then `_polish_numbers`."""
    tables = max((len(r) for r in schedule), default=0)
    _anneal_labels(schedule, tables, n, TABLE_MOVES * n * len(schedule), rng)
    _polish_numbers(n, schedule, tables, rng)


def _polish_numbers(
    n: int, schedule: list[list[list[int]]], tables: int, rng: random.Random
) -> None:
    """Simulated annealing on the table repeats whose moves never add a repeat meeting:
    swap two tables' numbers in a round, or two players' tables when that costs no
    meeting (the sum of m*(m-1)/2 stays or falls). Keeps the best schedule seen."""
    counts = meeting_counts(n, schedule)
    visits = [[0] * tables for _ in range(n)]
    for round_ in schedule:
        for number, table in enumerate(round_):
            for p in table:
                visits[p][number] += 1
    cost = sum(k * (k - 1) // 2 for row in visits for k in row)
    floor = 0
    for row in visits:
        even, rest = divmod(sum(row), tables)
        floor += rest * (even + 1) * even // 2 + (tables - rest) * even * (even - 1) // 2
    steps = POLISH_MOVES * n * len(schedule)
    best_cost, best = cost, [[list(t) for t in r] for r in schedule]
    if cost <= floor or tables < 2 or steps <= 0:
        return
    rand = rng.random
    temp, ratio = 1.0, (0.05 / 1.0) ** (1 / steps)
    for _ in range(steps):
        temp *= ratio
        round_ = schedule[int(rand() * len(schedule))]
        i, j = int(rand() * len(round_)), int(rand() * len(round_))
        if i == j:
            continue
        ti, tj = round_[i], round_[j]
        if rand() < 0.5:
            # Two tables exchange numbers.
            delta = sum(visits[p][j] - visits[p][i] + 1 for p in ti)
            delta += sum(visits[p][i] - visits[p][j] + 1 for p in tj)
            if delta <= 0 or rand() < math.exp(-delta / temp):
                for p in ti:
                    visits[p][i] -= 1
                    visits[p][j] += 1
                for p in tj:
                    visits[p][j] -= 1
                    visits[p][i] += 1
                round_[i], round_[j] = tj, ti
                cost += delta
        else:
            # Two players exchange tables, if no meeting is added.
            x, y = int(rand() * len(ti)), int(rand() * len(tj))
            a, b = ti[x], tj[y]
            row_a, row_b = counts[a], counts[b]
            meet = sum(_meet(row_b[m]) - _meet(row_a[m] - 1) for m in ti if m != a)
            meet += sum(_meet(row_a[m]) - _meet(row_b[m] - 1) for m in tj if m != b)
            if meet > 0:
                continue
            delta = visits[a][j] - visits[a][i] + 1 + visits[b][i] - visits[b][j] + 1
            if meet < 0 or delta <= 0 or rand() < math.exp(-delta / temp):
                for m in ti:
                    if m != a:
                        counts[a][m] -= 1
                        counts[m][a] -= 1
                        counts[b][m] += 1
                        counts[m][b] += 1
                for m in tj:
                    if m != b:
                        counts[b][m] -= 1
                        counts[m][b] -= 1
                        counts[a][m] += 1
                        counts[m][a] += 1
                ti[x], tj[y] = b, a
                visits[a][i] -= 1
                visits[a][j] += 1
                visits[b][j] -= 1
                visits[b][i] += 1
                cost += delta
        if cost < best_cost:
            best_cost, best = cost, [[list(t) for t in r] for r in schedule]
            if cost <= floor:
                break
    for round_, kept in zip(schedule, best, strict=True):
        round_[:] = kept


def _seat(n: int, schedule: list[list[list[int]]], rng: random.Random) -> None:
    """Order each table's players into seats so everyone's seats spread evenly."""
    seats = max((len(t) for r in schedule for t in r), default=0)
    # Start from the rounds seated in turn, each table in the order that gives everyone
    # the seats they have had least so far (24 orders at a table of 4).
    turns = [[0] * seats for _ in range(n)]
    for round_ in schedule:
        for t, table in enumerate(round_):
            best = min(
                itertools.permutations(table),
                key=lambda order: sum(turns[p][s] for s, p in enumerate(order)),
            )
            round_[t] = list(best)
            for s, p in enumerate(best):
                turns[p][s] += 1
    units = [[[p] for p in table] for round_ in schedule for table in round_]
    _anneal_labels(units, seats, n, SEAT_MOVES * n * len(schedule), rng)
    tables = iter(units)
    for round_ in schedule:
        for t in range(len(round_)):
            round_[t] = [group[0] for group in next(tables)]
    _even_out(n, [table for round_ in schedule for table in round_], seats)


def _even_out(n: int, tables: list[list[int]], seats: int) -> None:
    """Alternating-path repair (as in the proof that bipartite graphs have equitable edge
    colourings): while a player has sat in seat i at least 2 more times than in seat j, find
    a chain -- that player's table where they sit in i, its player in seat j, that
    player's table where they sit in i, ... -- ending at a player who has sat in i at least
    3 fewer times than the first (counting i less j), and swap seats i and j at every table
    of it: the players inside the chain keep their counts, the two ends move 1 each toward
    even. Every swap lowers the sum of squares, so it ends."""
    turns = [[0] * seats for _ in range(n)]
    at: list[list[list[int]]] = [[[] for _ in range(seats)] for _ in range(n)]
    for index, table in enumerate(tables):
        for s, p in enumerate(table):
            turns[p][s] += 1
            at[p][s].append(index)
    for _ in range(4 * n * seats):
        improved = False
        for i, j in itertools.permutations(range(seats), 2):
            for start in range(n):
                gap = turns[start][i] - turns[start][j]
                if gap < 2:
                    continue
                parent: dict[int, tuple[int, int]] = {start: (-1, -1)}
                queue = [start]
                end = -1
                while queue and end < 0:
                    x = queue.pop(0)
                    for index in at[x][i]:
                        table = tables[index]
                        if j >= len(table):
                            continue
                        y = table[j]
                        if y in parent:
                            continue
                        parent[y] = (x, index)
                        if turns[y][i] - turns[y][j] <= gap - 3:
                            end = y
                            break
                        queue.append(y)
                if end < 0:
                    continue
                y = end
                while y != start:
                    x, index = parent[y]
                    table = tables[index]
                    table[i], table[j] = table[j], table[i]
                    at[x][i].remove(index)
                    at[x][j].append(index)
                    at[y][j].remove(index)
                    at[y][i].append(index)
                    y = x
                turns[start][i] -= 1
                turns[start][j] += 1
                turns[end][i] += 1
                turns[end][j] -= 1
                improved = True
        if not improved:
            return


# -- measuring -------------------------------------------------------------------------


def quality(n: int, rounds: Sequence[Sequence[Sequence[int]]]) -> Quality:
    """Count what a schedule (tables in number order, players in seat order) does."""
    counts = meeting_counts(n, rounds)
    repeats = sum(max(0, m - 1) for a in range(n) for m in counts[a][a + 1 :])
    most = max((m for row in counts for m in row), default=0)
    tables = max((len(r) for r in rounds), default=0)
    seats = max((len(t) for r in rounds for t in r), default=0)
    visits = [[0] * tables for _ in range(n)]
    turns = [[0] * seats for _ in range(n)]
    for round_ in rounds:
        for number, table in enumerate(round_):
            for s, p in enumerate(table):
                visits[p][number] += 1
                turns[p][s] += 1
    table_repeats = sum(max(0, k - 1) for row in visits for k in row)
    played = [row for row in turns if any(row)]
    squares = sum(k * k for row in played for k in row)
    spread = max((max(row) - min(row) for row in played), default=0)
    masks = [sum(1 << b for b in range(n) if counts[a][b]) for a in range(n)]
    indirect = apart = 0
    for a in range(n):
        for b in range(a + 1, n):
            if not counts[a][b]:
                if masks[a] & masks[b]:
                    indirect += 1
                else:
                    apart += 1
    return Quality(repeats, most, table_repeats, squares, spread, indirect, apart)


# -- the whole schedule ----------------------------------------------------------------


def balanced(n: int, rounds: int, sides: int, *, seed: int = 0, budget: int = BUDGET) -> Seating:
    """The schedule of players 0..n-1 (n >= 2) over `rounds` rounds at tables of `sides`
    (3 or 4; `seating.table_sizes` splits the field, so no one sits out)."""
    sizes, _ = table_sizes(n, sides)
    rng = random.Random(seed)
    design = known(n, sides, rounds)
    moves = 0
    if design is not None:
        source, fixed = design
        schedule = [[list(t) for t in r] for r in fixed]
    else:
        schedule = _greedy(n, sizes, rounds, rng)
        floor = _pair_cost(2) * repeat_floor(n, sizes, rounds)  # each a second meeting
        schedule, moves = _Annealer(n, schedule, rng).run(budget, floor)
        source = f"search (seed {seed}, {moves} annealing moves)"
    # Tables of a round in the order table_sizes gives (largest first) before numbering.
    for round_ in schedule:
        round_.sort(key=lambda t: -len(t))
    _number_tables(n, schedule, rng)
    _seat(n, schedule, rng)
    frozen = tuple(tuple(tuple(t) for t in r) for r in schedule)
    return Seating(frozen, source, seed, moves, quality(n, frozen))
