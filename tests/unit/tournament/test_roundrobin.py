from __future__ import annotations

import itertools
from collections import Counter

import pytest

from tourney.tournament.roundrobin import (
    circle_method,
    meeting_evenness,
    rounds_needed,
    spread_schedule,
)
from tourney.tournament.seating import table_sizes


def _names(n: int) -> list[str]:
    return [f"p{i}" for i in range(n)]


@pytest.mark.parametrize("n", range(2, 31))
def test_the_circle_method_meets_everyone_exactly_once(n: int) -> None:
    names = _names(n)
    schedule = circle_method(names)
    assert len(schedule.rounds) == (n - 1 if n % 2 == 0 else n)
    pairs = Counter(frozenset(t) for r in schedule.rounds for t in r.tables)
    assert set(pairs) == {frozenset(p) for p in itertools.combinations(names, 2)}
    assert set(pairs.values()) == {1}
    for scheduled in schedule.rounds:
        seated = [e for t in scheduled.tables for e in t] + list(scheduled.byes)
        assert sorted(seated) == sorted(names)
        assert len(scheduled.byes) == n % 2


@pytest.mark.parametrize("n", range(2, 31))
def test_the_circle_method_balances_seat_one_within_a_half(n: int) -> None:
    schedule = circle_method(_names(n))
    first = Counter(t[0] for r in schedule.rounds for t in r.tables)
    played = Counter(e for r in schedule.rounds for t in r.tables for e in t)
    assert all(abs(2 * first[e] - played[e]) <= 1 for e in played)


@pytest.mark.parametrize(("n", "sides"), [(n, s) for n in range(4, 21) for s in (3, 4)])
def test_spread_schedules_use_legal_tables_and_rarely_repeat(n: int, sides: int) -> None:
    names = _names(n)
    schedule = spread_schedule(names, sides)
    sizes, byes = table_sizes(n, sides)
    assert len(schedule.rounds) == rounds_needed(n, sides)
    for scheduled in schedule.rounds:
        seated = [e for t in scheduled.tables for e in t] + list(scheduled.byes)
        assert sorted(seated) == sorted(names)
        assert sorted(len(t) for t in scheduled.tables) == sorted(sizes)
        assert len(scheduled.byes) == byes
    assert meeting_evenness(schedule, names).max_meetings <= 2


@pytest.mark.parametrize(("n", "sides"), [(9, 3), (16, 4)])
def test_counts_that_allow_a_perfect_design_get_one(n: int, sides: int) -> None:
    names = _names(n)
    evenness = meeting_evenness(spread_schedule(names, sides), names)
    assert (evenness.min_meetings, evenness.max_meetings, evenness.never_met) == (1, 1, 0)
    assert evenness.describe().startswith("every pair met between 1 and 1 times")


def test_a_spread_schedule_is_the_same_for_the_same_seed() -> None:
    assert spread_schedule(_names(13), 4, seed=3) == spread_schedule(_names(13), 4, seed=3)
