"""Balanced seating: the known designs meet no pair twice, the search finds repeat-free
schedules where they exist within the sizes the issue names, every round is legal, and
the counts reported are the counts of the schedule."""

from __future__ import annotations

import itertools
import random
import time
from collections import Counter

import pytest

from tests.unit.tournament.factory import apply, pair, play, tournament, words
from tourney.tournament.entries.entries import decide_withdraw
from tourney.tournament.formats.balanced import design as balanced
from tourney.tournament.formats.balanced.design import affine_plane, quality, repeat_floor
from tourney.tournament.formats.balanced.format import balanced_seed
from tourney.tournament.round_events import ScheduleFixed
from tourney.tournament.seating.pairing import decide_pair_round
from tourney.tournament.seating.seating import table_sizes


def _legal(n: int, sides: int, rounds: balanced.Rounds) -> None:
    sizes, _ = table_sizes(n, sides)
    for round_ in rounds:
        assert sorted(p for t in round_ for p in t) == list(range(n)), "everyone once a round"
        assert sorted((len(t) for t in round_), reverse=True) == list(sizes)


def _meetings(rounds: balanced.Rounds) -> Counter[frozenset[int]]:
    return Counter(frozenset(p) for r in rounds for t in r for p in itertools.combinations(t, 2))


@pytest.mark.parametrize("q", [3, 4])
def test_the_affine_planes_meet_every_pair_exactly_once(q: int) -> None:
    rounds = affine_plane(q)
    assert len(rounds) == q + 1
    _legal(q * q, q, rounds)
    met = _meetings(rounds)
    assert len(met) == q * q * (q * q - 1) // 2 and set(met.values()) == {1}


@pytest.mark.parametrize(("n", "rounds"), [(16, 5), (16, 4), (20, 5), (15, 5), (28, 9), (9, 4)])
def test_known_designs_seat_no_pair_twice(n: int, rounds: int) -> None:
    sides = 3 if n == 9 else 4
    seating = balanced.balanced(n, rounds, sides, seed=1)
    _legal(n, sides, seating.rounds)
    assert seating.quality.repeats == 0 and seating.moves == 0, seating.source
    assert set(_meetings(seating.rounds).values()) == {1}


def test_16_players_over_5_rounds_meet_every_pair_once_with_seats_spread() -> None:
    seating = balanced.balanced(16, 5, 4, seed=7)
    assert seating.quality.repeats == 0
    assert seating.quality.indirect == 0 and seating.quality.apart == 0  # everyone met
    assert seating.quality.seat_spread == 1  # 5 rounds in 4 seats: 2, 1, 1, 1 at best


def test_64_players_over_8_rounds_are_seated_without_a_repeat_within_5_seconds() -> None:
    start = time.process_time()
    seating = balanced.balanced(64, 8, 4, seed=balanced.BUDGET)
    spent = time.process_time() - start
    _legal(64, 4, seating.rounds)
    assert seating.quality.repeats == 0 and seating.quality.most == 1
    assert spent < 5.0, f"{spent:.2f} s of CPU"


@pytest.mark.parametrize(("n", "rounds"), [(24, 5), (32, 6), (48, 8), (13, 4)])
def test_the_search_finds_a_repeat_free_schedule_where_there_is_room(n: int, rounds: int) -> None:
    seating = balanced.balanced(n, rounds, 4, seed=3)
    _legal(n, 4, seating.rounds)
    assert seating.quality.repeats == 0, seating.source


def test_where_repeats_are_forced_the_search_reaches_the_pair_bound_at_16_by_6() -> None:
    """16 players meet 3 others a round: 6 rounds seat 144 pairs of 120, so 24 repeat at
    least; the search reaches that with no pair meeting three times."""
    assert repeat_floor(16, (4, 4, 4, 4), 6) == 24
    seating = balanced.balanced(16, 6, 4, seed=2)
    assert seating.quality.repeats == 24 and seating.quality.most == 2


@pytest.mark.parametrize(("n", "rounds"), [(16, 4), (32, 4), (64, 4), (16, 8)])
def test_seats_spread_evenly_when_every_table_seats_4(n: int, rounds: int) -> None:
    seating = balanced.balanced(n, rounds, 4, seed=5)
    turns: dict[int, Counter[int]] = {p: Counter() for p in range(n)}
    for round_ in seating.rounds:
        for table in round_:
            for seat, p in enumerate(table):
                turns[p][seat] += 1
    share = rounds // 4
    assert all(turns[p][s] == share for p in range(n) for s in range(4))
    assert seating.quality.seat_spread == 0


def test_table_numbers_do_not_repeat_when_there_are_more_tables_than_rounds() -> None:
    seating = balanced.balanced(64, 4, 4, seed=5)
    visits = Counter((p, t) for r in seating.rounds for t, table in enumerate(r) for p in table)
    assert max(visits.values()) == 1 and seating.quality.table_repeats == 0


def test_the_same_seed_gives_the_same_schedule() -> None:
    first = balanced.balanced(24, 6, 4, seed=11, budget=20_000)
    again = balanced.balanced(24, 6, 4, seed=11, budget=20_000)
    assert first == again and first.moves == 20_000
    other = balanced.balanced(24, 6, 4, seed=12, budget=20_000)
    assert other.rounds != first.rounds


def test_quality_counts_indirect_meets_by_hand() -> None:
    """Six players at two tables of 3. Round 1: 0,1,2 | 3,4,5: nobody across the tables
    shares an opponent. Round 2: 0,1,3 | 2,4,5: 0-1 and 4-5 meet again; 0-4, 0-5, 1-4,
    1-5 and 2-3 never meet, and each of those shares an opponent (0 and 4 both met 2
    and 3)."""
    one = (((0, 1, 2), (3, 4, 5)),)
    q = quality(6, one)
    assert (q.repeats, q.most, q.indirect, q.apart) == (0, 1, 0, 9)
    two = (*one, ((0, 1, 3), (2, 4, 5)))
    q = quality(6, two)
    assert (q.repeats, q.most, q.indirect, q.apart) == (2, 2, 5, 0)
    assert q.table_repeats == 4  # 0, 1 at table 1 twice, 4, 5 at table 2 twice
    assert q.seat_spread == 2  # 0 sat in seat 1 both rounds, never in seats 2 and 3


def test_a_balanced_event_fixes_its_schedule_with_its_seed_and_leaves_a_withdrawn_seat_empty() -> (
    None
):
    state = tournament(13, format="balanced", table_size=4, rounds=4)
    events = decide_pair_round(state)
    fixed = events[0]
    assert isinstance(fixed, ScheduleFixed) and fixed.seed == balanced_seed(state)
    assert ScheduleFixed.from_payload(fixed.to_payload()) == fixed
    assert len(fixed.rounds) == 4
    state = apply(state, events)
    note = words(state, state.rounds[0].notes[0])
    assert note.startswith("13 players at tables of 4, 4 rounds: ") and "indirect meets" in note
    again = decide_pair_round(tournament(13, format="balanced", table_size=4, rounds=4))
    assert again[0] == fixed, "the same field and slug give the same schedule"
    state = play(state, random.Random(1))
    gone = state.schedule.rounds[1][0][0][0] if state.schedule else ""
    state = apply(state, decide_withdraw(state, gone))
    state = pair(state)
    seated = [e for t in state.rounds[1].tables for e in state.matches[t.match_id].sides]
    assert gone not in seated and len(seated) == 12
    planned = [t for t in state.schedule.rounds[1][0]] if state.schedule else []
    assert {frozenset(state.matches[t.match_id].sides) for t in state.rounds[1].tables} == {
        frozenset(e for e in t if e != gone) for t in planned
    }


@pytest.mark.parametrize("sides", [3, 4])
@pytest.mark.parametrize("n", range(2, 30))
def test_every_field_gets_legal_rounds_and_counts_that_match_a_recount(n: int, sides: int) -> None:
    seating = balanced.balanced(n, 3, sides, seed=n, budget=5_000)
    _legal(n, sides, seating.rounds)
    met = _meetings(seating.rounds)
    assert seating.quality.repeats == sum(m - 1 for m in met.values())
    assert seating.quality.most == max(met.values())
    assert seating.quality.repeats >= repeat_floor(n, table_sizes(n, sides)[0], 3)
