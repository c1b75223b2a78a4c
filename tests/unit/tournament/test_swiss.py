"""Swiss pairing properties over many random tournaments, played through the decide API."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Sequence

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support import examples
from tests.unit.tournament.factory import all_words, apply, pair, play, tournament, words
from tests.unit.tournament.seat_checks import assert_no_better_swap
from tourney.tournament.entries.entries import decide_withdraw
from tourney.tournament.seating.pairing import meetings, seat_records
from tourney.tournament.seating.seating import table_sizes
from tourney.tournament.state import TournamentState

SEEDED = settings(derandomize=True, deadline=None, max_examples=examples(60))


def _conflict_free_exists(
    people: Sequence[str], sizes: tuple[int, ...], met: dict[str, frozenset[str]]
) -> bool:
    """Brute force: can `people` sit at tables of `sizes` with nobody meeting again?"""
    if not people:
        return True
    head, rest = people[0], people[1:]
    for size in set(sizes):
        left = list(sizes)
        left.remove(size)
        for others in itertools.combinations(rest, size - 1):
            table = (head, *others)
            if any(b in met[a] for a, b in itertools.combinations(table, 2)):
                continue
            remaining = [p for p in rest if p not in others]
            if _conflict_free_exists(remaining, tuple(left), met):
                return True
    return False


def _check_round(state: TournamentState, before: TournamentState) -> None:
    paired = state.rounds[-1]
    seated = [seat for table in paired.tables for seat in table.seats]
    everyone = seated + list(paired.byes)
    assert len(everyone) == len(set(everyone)), "someone is seated twice in one round"
    active = set(before.active_entrants())
    assert {m for t in paired.tables for m in state.matches[t.match_id].sides} | set(
        paired.byes
    ) == active
    sides = before.created.sides_per_table
    sizes, byes = table_sizes(len(active), sides)
    assert sorted(len(state.matches[t.match_id].sides) for t in paired.tables) == sorted(sizes)
    assert len(paired.byes) == byes
    # Byes: a second bye only once every other active entrant has had one.
    counts = Counter(e for e in state.byes() if e in active)
    if counts and max(counts.values()) >= 2:
        assert all(counts[e] >= max(counts.values()) - 1 for e in active)
    # Seat rotation over the event: no two tablemates could swap seats and lower the sum
    # of their past turns in the seats given.
    records = seat_records(before)
    for table in paired.tables:
        assert_no_better_swap(state.matches[table.match_id].sides, records)


@SEEDED
@given(
    players=st.integers(2, 10),
    table_size=st.sampled_from([2, 3, 4]),
    rounds=st.integers(1, 7),
    seed=st.integers(0, 10_000),
)
def test_random_swiss_tournaments_keep_the_pairing_promises(
    players: int, table_size: int, rounds: int, seed: int
) -> None:
    rng = random.Random(seed)
    state = tournament(players, table_size=table_size, rounds=rounds, seed=seed)
    for _ in range(rounds):
        before = state
        met = meetings(before)
        state = pair(state)
        _check_round(state, before)
        paired = state.rounds[-1]
        repeats = [
            (a, b)
            for t in paired.tables
            for a, b in itertools.combinations(state.matches[t.match_id].sides, 2)
            if b in met[a]
        ]
        if repeats:
            sizes, _ = table_sizes(len(before.active_entrants()), table_size)
            playing = [e for e in before.active_entrants() if e not in paired.byes]
            assert not _conflict_free_exists(playing, sizes, met), f"avoidable repeat {repeats}"
            assert any("unavoidable" in words(state, t.why) for t in paired.tables)
        state = play(state, rng, shared_rate=0.2)


@SEEDED
@given(seed=st.integers(0, 10_000), withdraw_after=st.integers(1, 3))
def test_withdrawn_players_are_never_paired_again(seed: int, withdraw_after: int) -> None:
    rng = random.Random(seed)
    state = tournament(11, table_size=4, rounds=5, seed=seed)
    gone = {f"p{rng.randrange(11)}", f"p{rng.randrange(11)}"}
    for number in range(1, 6):
        if number == withdraw_after + 1:
            for player in gone:
                state = apply(state, decide_withdraw(state, player, "went home"))
        state = pair(state)
        if number > withdraw_after:
            seated = {s for t in state.rounds[-1].tables for s in t.seats}
            assert not seated & gone
        state = play(state, rng)


def test_thirteen_players_at_tables_of_four_sit_four_three_three_three() -> None:
    state = pair(tournament(13, table_size=4))
    assert [len(t.seats) for t in state.rounds[-1].tables] == [4, 3, 3, 3]
    assert state.rounds[-1].byes == ()
    assert "tables of 4, 3, 3, 3" in words(state, state.rounds[-1].notes[0])


def test_an_odd_field_at_tables_of_two_gives_the_bye_to_the_lowest_ranked() -> None:
    rng = random.Random(5)
    state = tournament(7, table_size=2, rounds=7)
    had_bye: list[str] = []
    for _ in range(7):
        state = pair(state)
        (bye,) = state.rounds[-1].byes
        assert bye not in had_bye
        had_bye.append(bye)
        assert "lowest-ranked" in words(state, state.rounds[-1].notes[-1])
        state = play(state, rng)
    assert len(set(had_bye)) == 7


def test_clubmates_are_kept_apart_when_the_field_allows() -> None:
    state = tournament(16, table_size=4, clubs=4, seed=2)
    state = pair(state, avoid_same_club=True)
    for table in state.rounds[-1].tables:
        clubs = [state.players[s].club for s in table.seats]
        assert len(set(clubs)) == 4, table.why


def test_a_forbidden_pairing_is_avoided() -> None:
    state = tournament(4, table_size=2, seed=1)
    first = pair(state)
    top = first.rounds[-1].tables[0].seats
    forbidden = frozenset({frozenset(top)})
    again = pair(state, forbidden=forbidden)
    assert all(set(t.seats) != set(top) for t in again.rounds[-1].tables)


def test_every_table_says_why_it_was_formed() -> None:
    rng = random.Random(9)
    state = pair(tournament(9, table_size=3, rounds=3))
    state = pair(play(state, rng))
    for table in state.rounds[-1].tables:
        assert "highest-ranked entrant not yet seated" in words(state, table.why)
        assert "seat 1 to" in words(state, table.why)


def test_seat_one_stays_spread_over_a_long_swiss() -> None:
    """Measured bound: over 9 rounds at tables of 4, nobody opens more than 4 times."""
    rng = random.Random(11)
    state = tournament(40, table_size=4, rounds=9, seed=11)
    for _ in range(9):
        state = play(pair(state), rng)
    openers = Counter(state.matches[t.match_id].sides[0] for r in state.rounds for t in r.tables)
    assert max(openers.values()) <= 4


def test_an_impossible_request_still_seats_everyone_and_says_it_is_not_proven() -> None:
    """1,000 players in 3 clubs cannot all sit apart from clubmates at tables of 4."""
    from fractions import Fraction

    from tourney.tournament.formats.swiss.search import SwissEntrant, pair_swiss

    entrants = [SwissEntrant(f"p{i}", f"P{i}", Fraction(0), 0, f"c{i % 3}") for i in range(1000)]
    pairing = pair_swiss(entrants, 4, {}, avoid_same_club=True)
    seated = [e for t in pairing.tables for e in t.sides]
    assert sorted(seated) == sorted(e.entrant_id for e in entrants)
    assert pairing.conflicts == 250  # one clubmate pair per table: the least possible
    assert any("not proven minimal" in note for note in all_words(None, pairing.notes))
    assert all("unavoidable" not in words(None, t.why) for t in pairing.tables)


def test_a_table_s_companions_are_the_free_entrants_after_its_head_in_ranking_order() -> None:
    """The search's step (`search._companions`) offers, for the best-ranked free entrant,
    every choice of companions among the entrants after it still free, in ranking order:
    what the list of those left would give, with no list copied at each table."""
    from tourney.tournament.formats.swiss.search import (
        UNBOUNDED,
        SwissEntrant,
        _companions,
        _Field,
    )

    rng = random.Random(3)
    for _ in range(300):
        size = rng.randint(2, 14)
        fld = _Field([SwissEntrant(f"e{i}", f"E{i}") for i in range(size)], {}, frozenset(), False)
        order = rng.sample(range(size), size)
        free = bytearray(rng.random() < 0.7 for _ in order)
        head_at = rng.randrange(size)
        free[head_at] = 1
        for at in range(head_at):  # the head is the best-ranked entrant still free
            free[at] = 0
        need = rng.randint(1, 3)
        left = [order[at] for at in range(head_at + 1, size) if free[at]]
        offered = _companions(fld, order, free, head_at, need, (UNBOUNDED,) * 3, 0, [10**6])
        assert [members for members, _ in offered] == [
            (order[head_at], *others) for others in itertools.combinations(left, need)
        ]


def test_nearest_first_orders_the_other_tables_by_distance_lower_first() -> None:
    """The repair's order of partner tables (`search.nearest_first`): what sorting every
    other index by its distance gives (a stable sort: the lower of two as near first)."""
    from tourney.tournament.formats.swiss.search import nearest_first

    for count in range(1, 12):
        for i in range(count):
            expected = [j for j in sorted(range(count), key=lambda j: abs(j - i)) if j != i]
            assert list(nearest_first(i, count)) == expected
