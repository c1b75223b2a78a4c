"""A search for round-robin schedules at tables of 3 to 8: every pair meets, few repeats.

Entrants are 0..n-1; a schedule is a tuple of rounds, each a tuple of tables (tuples of
entrants), every round split into the same table sizes. The search (used by
`bench/roundrobin_schedules.py` with a large budget for the shipped schedules, and by
`roundrobin` with a small one for other fields) works in two steps:

1. *Greedy*: add rounds one at a time, each split to seat as many pairs that have not met
   as a local search finds, until every pair has met. Each round seats at least one new
   pair, so this always ends.
2. *Anneal*: try one round fewer, starting from the best schedule so far with its last
   round dropped, and move entrants between tables (simulated annealing, half the moves
   aimed at a pair that has not met) until every pair meets again; repeat while it
   succeeds. Then spend what is left of the budget spreading the repeats evenly.

The cost of a schedule is ``COVER_WEIGHT`` per pair that never meets plus, for every pair,
the number of pairs of meetings it has (m*(m-1)/2 for m meetings), so a third meeting
costs more than two second ones. Deterministic for a given seed and budget: the budget
counts moves, never seconds.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

Table = tuple[int, ...]
Round = tuple[Table, ...]
Rounds = tuple[Round, ...]

COVER_WEIGHT = 8
"""What a pair that never meets costs against a repeat meeting (m*(m-1)/2 per pair)."""

SMALL = 40
"""Fields up to this size get the thorough (slower) greedy rounds."""


@dataclass(frozen=True)
class Found:
    """The best schedule a search found, and the moves it spent."""

    rounds: Rounds
    moves: int


def pairs_per_round(sizes: Sequence[int]) -> int:
    return sum(s * (s - 1) // 2 for s in sizes)


def lower_bound(n: int, sizes: Sequence[int]) -> int:
    """Rounds that every schedule needs: enough pair-seats for all pairs, and enough
    tablemates for the entrant who meets the fewest each round."""
    if n <= 1:
        return 0
    per_round = pairs_per_round(sizes)
    by_pairs = -(-(n * (n - 1) // 2) // per_round)
    # Each round an entrant meets (size - 1) others; seats at the larger tables are shared
    # out, so the sum over entrants of tablemates met per round is fixed.
    degree_total = sum(s * (s - 1) for s in sizes)
    by_degree = -(-(n * (n - 1)) // degree_total)
    return max(by_pairs, by_degree, 1)


def meeting_counts(
    n: int,
    rounds: Sequence[Sequence[Sequence[int]]],
    history: Sequence[Sequence[int]] | None = None,
) -> list[list[int]]:
    """How often each pair of `n` entrants meets at the tables of `rounds` (an n x n
    matrix), on top of the meetings in `history`."""
    counts = [list(row) for row in history] if history is not None else [[0] * n for _ in range(n)]
    for round_ in rounds:
        for table in round_:
            for a, b in itertools.combinations(table, 2):
                counts[a][b] += 1
                counts[b][a] += 1
    return counts


def cost_of(counts: list[list[int]]) -> tuple[int, int]:
    """(pairs that never met, sum over pairs of m*(m-1)/2)."""
    n = len(counts)
    never = 0
    repeats = 0
    for a in range(n):
        row = counts[a]
        for b in range(a + 1, n):
            m = row[b]
            if m == 0:
                never += 1
            else:
                repeats += m * (m - 1) // 2
    return never, repeats


def _split(order: Sequence[int], sizes: Sequence[int]) -> list[list[int]]:
    tables: list[list[int]] = []
    start = 0
    for size in sizes:
        tables.append(list(order[start : start + size]))
        start += size
    return tables


def _swaps(tables: list[list[int]], cost: Callable[[list[int]], int], passes: int) -> None:
    """Swap entrants between tables while a swap lowers the cost (at most `passes` passes
    over every pair of tables)."""
    costs = [cost(t) for t in tables]
    for _ in range(passes):
        improved = False
        for t1, t2 in itertools.combinations(range(len(tables)), 2):
            for i, j in itertools.product(range(len(tables[t1])), range(len(tables[t2]))):
                tables[t1][i], tables[t2][j] = tables[t2][j], tables[t1][i]
                c1, c2 = cost(tables[t1]), cost(tables[t2])
                if c1 + c2 < costs[t1] + costs[t2]:
                    costs[t1], costs[t2] = c1, c2
                    improved = True
                else:
                    tables[t1][i], tables[t2][j] = tables[t2][j], tables[t1][i]
        if not improved:
            return


def _greedy_round(
    n: int, sizes: Sequence[int], counts: list[list[int]], rng: random.Random
) -> list[list[int]]:
    """One round seating as many new pairs as it finds (at least one).

    Up to `SMALL` entrants (every shipped schedule was made this way): the best of 4
    random splits improved by swaps until none helps. Larger fields, where that takes
    seconds: each table starts with a random free entrant and takes, one at a time, the
    free entrant who has met its members least, then one pass of swaps.
    """

    def table_cost(table: list[int]) -> int:
        return sum((counts[a][b] + 1) ** 2 - 1 for a, b in itertools.combinations(table, 2))

    best: list[list[int]] = []
    if n <= SMALL:
        best_cost = -1
        for _ in range(4):
            order = list(range(n))
            rng.shuffle(order)
            tables = _split(order, sizes)
            _swaps(tables, table_cost, passes=n * n)
            total = sum(table_cost(t) for t in tables)
            if best_cost < 0 or total < best_cost:
                best, best_cost = tables, total
    else:
        free = list(range(n))
        rng.shuffle(free)
        for size in sizes:
            table = [free.pop()]
            while len(table) < size:
                pick = min(range(len(free)), key=lambda i: table_cost([*table, free[i]]))
                table.append(free.pop(pick))
            best.append(table)
        _swaps(best, table_cost, passes=1)
    if not any(counts[a][b] == 0 for t in best for a, b in itertools.combinations(t, 2)):
        # No new pair seated (only with very uneven counts): seat one by a swap.
        a, b = next((a, b) for a in range(n) for b in range(a + 1, n) if counts[a][b] == 0)
        home = next(t for t in best if a in t)
        away = next(t for t in best if b in t)
        other = next(p for p in home if p != a)
        home[home.index(other)], away[away.index(b)] = b, other
    return best


def greedy(
    n: int, sizes: Sequence[int], counts: list[list[int]], rng: random.Random
) -> list[list[list[int]]]:
    """Rounds added one at a time until every pair has met (`counts` is updated)."""
    rounds: list[list[list[int]]] = []
    while any(counts[a][b] == 0 for a in range(n) for b in range(a + 1, n)):
        tables = _greedy_round(n, sizes, counts, rng)
        for table in tables:
            for a, b in itertools.combinations(table, 2):
                counts[a][b] += 1
                counts[b][a] += 1
        rounds.append(tables)
    return rounds


def exchange(
    a: int, ta: list[int], b: int, tb: list[int], bump: Callable[[int, int, int], None]
) -> None:
    """`a` (at table `ta`) and `b` (at `tb`) change tables: every meeting they leave is
    counted down and every one they make counted up, through ``bump(player, other, step)``
    (the annealers here and in `balanced` each keep their own counts)."""
    for x in ta:
        if x != a:
            bump(a, x, -1)
            bump(b, x, 1)
    for y in tb:
        if y != b:
            bump(b, y, -1)
            bump(a, y, 1)
    ta[ta.index(a)] = b
    tb[tb.index(b)] = a


class _Annealer:
    """Simulated annealing over a fixed number of rounds; moves swap two entrants' tables
    within one round."""

    def __init__(
        self, n: int, rounds: list[list[list[int]]], history: list[list[int]], rng: random.Random
    ) -> None:
        self.n = n
        self.rng = rng
        self.rounds = [[list(t) for t in r] for r in rounds]
        self.where = [[0] * n for _ in self.rounds]
        for r, round_ in enumerate(self.rounds):
            for t, table in enumerate(round_):
                for p in table:
                    self.where[r][p] = t
        self.counts = [list(row) for row in history]
        for round_ in self.rounds:
            for table in round_:
                for a, b in itertools.combinations(table, 2):
                    self.counts[a][b] += 1
                    self.counts[b][a] += 1
        self.never = {(a, b) for a in range(n) for b in range(a + 1, n) if self.counts[a][b] == 0}
        never, repeats = cost_of(self.counts)
        self.cost = COVER_WEIGHT * never + repeats

    def _delta(self, a: int, ta: list[int], b: int, tb: list[int]) -> int:
        """Cost change when a (at ta) and b (at tb) swap tables."""
        row_a, row_b = self.counts[a], self.counts[b]
        delta = 0
        for x in ta:
            if x != a:
                m = row_a[x]  # a leaves x
                delta += COVER_WEIGHT if m == 1 else 0
                delta -= m - 1
                m = row_b[x]  # b joins x
                delta -= COVER_WEIGHT if m == 0 else 0
                delta += m
        for y in tb:
            if y != b:
                m = row_b[y]
                delta += COVER_WEIGHT if m == 1 else 0
                delta -= m - 1
                m = row_a[y]
                delta -= COVER_WEIGHT if m == 0 else 0
                delta += m
        return delta

    def _bump(self, a: int, x: int, step: int) -> None:
        m = self.counts[a][x] + step
        self.counts[a][x] = m
        self.counts[x][a] = m
        pair = (a, x) if a < x else (x, a)
        if m == 0:
            self.never.add(pair)
        elif m == 1 and step == 1:
            self.never.discard(pair)

    def _swap(self, r: int, a: int, ta: list[int], b: int, tb: list[int], delta: int) -> None:
        exchange(a, ta, b, tb, self._bump)
        where = self.where[r]
        where[a], where[b] = where[b], where[a]
        self.cost += delta

    def _pick(self) -> tuple[int, int, int] | None:
        """A move (round, a, b): half the time one that seats a pair that never met."""
        rng = self.rng
        r = rng.randrange(len(self.rounds))
        where = self.where[r]
        if self.never and rng.random() < 0.5:
            a, c = rng.choice(tuple(self.never)) if len(self.never) < 64 else self._some_never()
            if rng.random() < 0.5:
                a, c = c, a
            table = self.rounds[r][where[a]]
            b = rng.choice(table)
            if b == a:
                return None
            return r, c, b  # c moves to a's table, b to c's
        a, b = rng.randrange(self.n), rng.randrange(self.n)
        if where[a] == where[b]:
            return None
        return r, a, b

    def _done(self, stop_at: int | None) -> bool:
        return not self.never if stop_at is None else self.cost <= stop_at

    def _some_never(self) -> tuple[int, int]:
        # Sampling pairs is cheaper than copying a large set for every move.
        n, rng = self.n, self.rng
        while True:
            a, b = rng.randrange(n), rng.randrange(n)
            if a != b and self.counts[a][b] == 0:
                return (a, b)

    def run(
        self, steps: int, start_temp: float, end_temp: float, stop_at: int | None = None
    ) -> tuple[int, list[list[list[int]]], int]:
        """Anneal for `steps` moves, or until the cost is at most `stop_at` (None: until
        every pair has met); return the best cost seen, its rounds, and the moves spent."""
        best_cost = self.cost
        best = [[list(t) for t in r] for r in self.rounds]
        if steps <= 0 or self._done(stop_at):
            return best_cost, best, 0
        ratio = (end_temp / start_temp) ** (1 / steps)
        temp = start_temp
        rng = self.rng
        spent = 0
        while spent < steps:
            spent += 1
            temp *= ratio
            move = self._pick()
            if move is None:
                continue
            r, a, b = move
            where = self.where[r]
            ta, tb = self.rounds[r][where[a]], self.rounds[r][where[b]]
            if ta is tb:
                continue
            delta = self._delta(a, ta, b, tb)
            if delta <= 0 or rng.random() < math.exp(-delta / temp):
                self._swap(r, a, ta, b, tb, delta)
                if self.cost < best_cost and (stop_at is None or not self.never):
                    best_cost = self.cost
                    best = [[list(t) for t in r_] for r_ in self.rounds]
                    if self._done(stop_at):
                        break
        return best_cost, best, spent


def _frozen(rounds: list[list[list[int]]]) -> Rounds:
    return tuple(
        tuple(sorted((tuple(sorted(t)) for t in r), key=lambda t: (-len(t), t))) for r in rounds
    )


def search(
    n: int,
    sizes: Sequence[int],
    *,
    history: Sequence[Sequence[int]] | None = None,
    seed: int = 0,
    budget: int = 200_000,
    heat: float = 1.0,
) -> Found:
    """Rounds of `n` entrants at tables of `sizes` in which every pair meets at least once
    (counting the meetings in `history`, an n x n matrix), as few rounds as the search
    finds within `budget` moves, then as even repeats as it finds. `heat` scales the
    temperatures of the search for fewer rounds (`roundrobin.BIG_HEATS`)."""
    rng = random.Random(seed)
    base = [list(row) for row in history] if history is not None else [[0] * n for _ in range(n)]
    counts = [list(row) for row in base]
    current = greedy(n, sizes, counts, rng)
    floor = lower_bound(n, sizes) if history is None else 1
    spent = 0
    while len(current) > floor and spent < budget:
        trial = [[list(t) for t in r] for r in current[:-1]]
        annealer = _Annealer(n, trial, base, rng)
        # Stop as soon as every pair meets (the polish below spreads the repeats); leave
        # half of the budget for that polish.
        steps = max((budget - spent) // 2, 1)
        _, rounds, used = annealer.run(steps, 2.0 * heat, 0.05 * heat)
        spent += used
        if cost_of(meeting_counts(n, _frozen(rounds), base))[0]:
            break
        current = rounds
    if spent < budget:
        annealer = _Annealer(n, current, base, rng)
        floor_cost = repeat_floor(n, sizes, len(current), base)
        _, polished, used = annealer.run(budget - spent, 1.0, 0.02, stop_at=floor_cost)
        spent += used
        if cost_of(meeting_counts(n, _frozen(polished), base))[0] == 0:
            current = polished
    return Found(_frozen(current), spent)


def repeat_floor(
    n: int, sizes: Sequence[int], rounds: int, base: list[list[int]] | None = None
) -> int:
    """The least repeat cost (m*(m-1)/2 summed over pairs) a schedule of `rounds` rounds
    that meets every pair can have, with the meetings in `base` too: the meetings past one
    a pair spread as evenly as they go."""
    before = sum(base[a][b] for a in range(n) for b in range(a + 1, n)) if base else 0
    seats = pairs_per_round(sizes) * rounds + before
    pairs = n * (n - 1) // 2
    surplus = seats - pairs
    if surplus < 0:
        return 0
    # With every pair met once, m*(m-1)/2 summed is least when the surplus is spread.
    extra, rest = divmod(surplus, pairs)
    per = (extra + 1) * extra // 2
    return pairs * per + rest * (extra + 1)
