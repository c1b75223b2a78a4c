"""Round robins at Racehorse's tables of 5 to 8 (issue 15): legal tables every round, every
pair meets, and as few rounds as there can be where that is known (two tables)."""

from __future__ import annotations

import itertools
from collections import Counter
from math import comb

import pytest

from tourney.tournament.formats.round_robin.schedule import coverage, schedule
from tourney.tournament.seating.seating import table_sizes


def _names(n: int) -> list[str]:
    return [f"p{i}" for i in range(n)]


@pytest.mark.parametrize("sides", [5, 6, 7, 8])
@pytest.mark.parametrize("n", [10, 12, 13, 14, 16])
def test_every_round_seats_everyone_once_at_tables_of_5_to_8(n: int, sides: int) -> None:
    names = _names(n)
    plan = schedule(names, sides)
    sizes, byes = table_sizes(n, sides)
    assert byes == 0 and all(5 <= size <= 8 for size in sizes)
    for scheduled in plan.rounds:
        seated = [e for t in scheduled.tables for e in t]
        assert sorted(seated) == sorted(names) and not scheduled.byes, "everyone once a round"
        assert sorted((len(t) for t in scheduled.tables), reverse=True) == list(sizes)
    counts = coverage(plan, names, sides)
    assert counts.never_met == 0, counts.described()


def _two_table_rounds(sizes: tuple[int, ...]) -> int:
    """The fewest rounds two tables can meet every pair in: never 2 (everyone at round 1's
    first table would have to sit with everyone at its second); 3 when a table is even
    (see `crossing`); with both odd (5 + 5, 7 + 7) 4, since three rounds give four side
    codes of which only two complementary pairs, forcing the 3-round split."""
    return 3 if any(size % 2 == 0 for size in sizes) else 4


@pytest.mark.parametrize(("n", "sides"), [(10, 5), (12, 6), (13, 6), (14, 7), (16, 8), (16, 7)])
def test_two_tables_meet_every_pair_in_the_fewest_rounds(n: int, sides: int) -> None:
    names = _names(n)
    sizes, _ = table_sizes(n, sides)
    assert len(sizes) == 2
    counts = coverage(schedule(names, sides), names, sides)
    assert counts.rounds == _two_table_rounds(sizes), counts.described()
    assert counts.never_met == 0 and counts.most <= counts.rounds


def _least_repeats(a: int, b: int, rounds: int) -> int:
    """The fewest repeats (m*(m-1)/2 summed over pairs) of any schedule of two tables of
    `a` and `b` over `rounds` rounds that meets every pair: tried over every assignment of
    side codes (round 1's table fixed by the code's first bit)."""
    codes = range(1 << (rounds - 1))
    full = (1 << (rounds - 1)) - 1
    best = None
    for first in itertools.combinations_with_replacement(codes, a):
        banned = {full ^ code for code in first}
        for second in itertools.combinations_with_replacement(
            [c for c in codes if c not in banned], b
        ):
            sides = [(0, c) for c in first] + [(1, c) for c in second]
            if any(
                sum(1 for _, c in sides if not c >> bit & 1) not in (a, b)
                for bit in range(rounds - 1)
            ):
                continue
            repeats = 0
            for (t1, c1), (t2, c2) in itertools.combinations(sides, 2):
                met = (t1 == t2) + rounds - 1 - bin(c1 ^ c2).count("1")
                repeats += comb(met, 2)
            best = repeats if best is None else min(best, repeats)
    assert best is not None
    return best


def test_ten_at_two_tables_of_five_repeat_as_little_as_any_schedule_can() -> None:
    names = _names(10)
    plan = schedule(names, 5)
    met = Counter(
        frozenset(pair)
        for scheduled in plan.rounds
        for table in scheduled.tables
        for pair in itertools.combinations(table, 2)
    )
    assert len(plan.rounds) == 4
    assert sum(comb(m, 2) for m in met.values()) == _least_repeats(5, 5, 4)


def test_sixteen_at_three_tables_meets_every_pair_within_a_round_of_the_bound() -> None:
    """16 at 6, 5, 5: no schedule is known to reach the counting bound of 4 rounds."""
    names = _names(16)
    counts = coverage(schedule(names, 6), names, 6)
    assert counts.never_met == 0 and counts.rounds <= 5, counts.described()
