"""A local search over one round's tables: fewer conflicts, then fewer floaters.

Swiss pairing (`swiss`) first searches depth-first in ranking order; when its budget runs
out with conflicts left, this search takes the round it ended with and swaps players
between tables (simulated annealing, deterministic for a seed; the budget counts swaps).
A round is better when its conflicts, compared kind by kind (the caller's `code` packs
them so that comparing the sums compares forbidden pairs, then repeats, then clubmates),
are fewer; between rounds with the same conflicts, when fewer match points float: the sum
over tables of each member's points below the table's best (score groups kept together).

Swaps are aimed: most take a player from a table with a conflict, and most partners come
from a table within `NEAR` places of it in the ranking, so score groups stay together.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

NEAR = 3
"""How many tables up or down the ranking most swaps look for a partner."""

WEIGHTS = (64, 8, 1)
"""How much the annealing's energy counts a forbidden pair, a repeat and clubmates; the
result is still judged kind by kind (an energy is only a guide)."""


@dataclass(frozen=True)
class Searched:
    tables: list[list[int]]
    swaps: int


def anneal(
    tables: Sequence[Sequence[int]],
    table_code: Callable[[Sequence[int]], int],
    kinds: Callable[[int], tuple[int, int, int]],
    points: Sequence[float],
    steps: int,
    seed: int = 0,
) -> Searched:
    """Swap members between `tables` (lists of player indexes) for `steps` swaps at most,
    or until no conflict is left and no table holds a floater; return the best round seen
    (by conflicts, then floaters) and the swaps spent. `table_code(table)` is the
    conflicts of seating `table`'s members together as a packed code (the sum of each
    pair's), `kinds` unpacks a sum of codes into (forbidden, repeats, clubmates);
    `points[i]` is player i's match points, scaled so that a round's win is 1."""
    work = [list(t) for t in tables]
    rng = random.Random(seed)
    rand = rng.random

    def weigh(packed: int) -> int:
        forbidden, repeats, clubmates = kinds(packed)
        return WEIGHTS[0] * forbidden + WEIGHTS[1] * repeats + WEIGHTS[2] * clubmates

    def cost(table: list[int]) -> tuple[int, float]:
        values = [points[m] for m in table]
        top = max(values)
        return table_code(table), sum([top - value for value in values])

    costs = [cost(t) for t in work]
    packed_total = sum(c[0] for c in costs)
    float_total = sum(c[1] for c in costs)
    weight = weigh(packed_total)
    energy = weight + float_total
    best_key = (packed_total, float_total)
    # The swaps kept, in order, four numbers each (ti, a, tj, b); the best round is the
    # start with the first `best_swaps` of them made (a copy of every table at each
    # improvement was a quarter of the time).
    swaps: list[int] = []
    best_swaps = 0
    count = len(work)
    if count < 2 or steps <= 0:
        return Searched([list(t) for t in tables], 0)
    temp, ratio = 2.0, (0.02 / 2.0) ** (1 / steps)
    spent = 0
    # The tables with a conflict, kept up to date; the swaps aim at a list of them taken
    # every 64 swaps (listing them from `costs` then was a pass over every table).
    with_conflict = {i for i, c in enumerate(costs) if c[0]}
    conflicted = sorted(with_conflict)
    while spent < steps:
        spent += 1
        temp *= ratio
        if spent % 64 == 0:
            conflicted = sorted(with_conflict)
        if conflicted and rand() < 0.7:
            ti = conflicted[int(rand() * len(conflicted))]
        else:
            ti = int(rand() * count)
        if rand() < 0.8:
            tj = ti + int(rand() * (2 * NEAR + 1)) - NEAR
            if not 0 <= tj < count:
                continue
        else:
            tj = int(rand() * count)
        if ti == tj:
            continue
        a, b = int(rand() * len(work[ti])), int(rand() * len(work[tj]))
        table_i, table_j = work[ti], work[tj]
        table_i[a], table_j[b] = table_j[b], table_i[a]
        new_i, new_j = cost(table_i), cost(table_j)
        packed_delta = new_i[0] + new_j[0] - costs[ti][0] - costs[tj][0]
        float_delta = new_i[1] + new_j[1] - costs[ti][1] - costs[tj][1]
        new_packed = packed_total + packed_delta
        new_weight = weigh(new_packed) if packed_delta else weight
        delta = new_weight - weight + float_delta
        if delta <= 0 or rand() < math.exp(-delta / temp):
            costs[ti], costs[tj] = new_i, new_j
            swaps += (ti, a, tj, b)
            for table, (packed, _) in ((ti, new_i), (tj, new_j)):
                if packed:
                    with_conflict.add(table)
                else:
                    with_conflict.discard(table)
            packed_total, float_total = new_packed, float_total + float_delta
            weight = new_weight
            energy += delta
            key = (packed_total, float_total)
            if key < best_key:
                best_key, best_swaps = key, len(swaps) // 4
                if packed_total == 0 and float_total <= 1e-9:
                    break
        else:
            table_i[a], table_j[b] = table_j[b], table_i[a]
    best = [list(t) for t in tables]
    for at in range(0, 4 * best_swaps, 4):
        ti, a, tj, b = swaps[at : at + 4]
        best[ti][a], best[tj][b] = best[tj][b], best[ti][a]
    return Searched(best, spent)


# -- exhaustive search for small fields --------------------------------------------------

EXACT_MOST = 32
"""Fields up to this size are also searched exhaustively (player sets as bit masks)."""


@dataclass
class Exhaustive:
    """Rounds found by `rounds_within`, and whether the search ran to its end (so that
    finding fewer than asked proves there are no more)."""

    rounds: list[list[list[int]]]
    complete: bool
    nodes: int


def rounds_within(
    players: Sequence[int],
    sizes: Sequence[int],
    soft: Callable[[int, int], bool],
    hard: Callable[[int, int], bool],
    spare: int,
    *,
    want: int,
    budget: int,
) -> Exhaustive:
    """Up to `want` splits of `players` into tables of `sizes` with no `hard` pair and at
    most `spare` `soft` pairs, searched exhaustively (the player with the fewest possible
    tablemates is seated first) within `budget` nodes."""
    local = list(players)
    k = len(local)
    hard_ok = [0] * k
    soft_bad = [0] * k
    for i in range(k):
        for j in range(k):
            if i != j and not hard(local[i], local[j]):
                hard_ok[i] |= 1 << j
                if soft(local[i], local[j]):
                    soft_bad[i] |= 1 << j
    clean = [hard_ok[i] & ~soft_bad[i] for i in range(k)]
    found: list[list[list[int]]] = []
    nodes = [0]

    def tables(cand: int, need: int, chosen: int, cost: int) -> Iterator[tuple[int, int]]:
        if need == 0:
            yield chosen, cost
            return
        while cand:
            nodes[0] += 1
            if nodes[0] > budget:
                return
            low = cand & -cand
            cand ^= low
            c = low.bit_length() - 1
            extra = (soft_bad[c] & chosen).bit_count()
            if cost + extra <= spare:
                yield from tables(cand & hard_ok[c], need - 1, chosen | low, cost + extra)

    def split(free: int, left: tuple[int, ...], cost: int, acc: list[int]) -> Iterator[list[int]]:
        if not free:
            yield list(acc)
            return
        nodes[0] += 1
        if nodes[0] > budget:
            return
        ranked = []
        rest = free
        while rest:
            low = rest & -rest
            rest ^= low
            i = low.bit_length() - 1
            ranked.append(((clean[i] & free).bit_count(), (hard_ok[i] & free).bit_count(), i))
        _, _, head = min(ranked)
        bit = 1 << head
        for size in sorted(set(left), reverse=True):
            rest_sizes = list(left)
            rest_sizes.remove(size)
            for chosen, spent in tables(hard_ok[head] & free, size - 1, bit, cost):
                acc.append(chosen)
                yield from split(free & ~chosen, tuple(rest_sizes), spent, acc)
                acc.pop()
                if nodes[0] > budget:
                    return

    for masks in split((1 << k) - 1, tuple(sizes), 0, []):
        found.append([[local[i] for i in range(k) if m >> i & 1] for m in masks])
        if len(found) >= want:
            return Exhaustive(found, False, nodes[0])
    return Exhaustive(found, nodes[0] <= budget, nodes[0])
