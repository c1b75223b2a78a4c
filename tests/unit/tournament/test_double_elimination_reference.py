"""Double elimination against a second implementation written from the rule's document
alone (docs/formats/double-elimination.md), in seed numbers: for random results, every
round seats the same tables, and the same champion comes out. The reference knows nothing
of the core's bracket: it follows the document's sections step by step."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support import examples
from tests.unit.tournament.factory import apply, tournament
from tourney.tournament.formats.double_elimination.tables import double_bracket_of
from tourney.tournament.results.rulings import decide_record_result
from tourney.tournament.seating.pairing import decide_pair_round, seeded
from tourney.tournament.state import TournamentError, TournamentState

Rank = Callable[[list[int], int], list[int]]
"""The result of a table: its entrants (seed numbers) best first, given the round."""


def oracle(seed: int) -> Rank:
    def rank(entrants: list[int], number: int) -> list[int]:
        order = sorted(entrants)
        random.Random(f"{seed}/{number}/{order}").shuffle(order)
        return order

    return rank


# -- the reference, from the document --------------------------------------------------


def seed_order(places: int) -> list[int]:
    order = [1]
    while len(order) < places:
        m = len(order)
        order = [x for s in order for x in (s, 2 * m + 1 - s)]
    return order


def reference_two(n: int, rank: Rank, reset: bool) -> tuple[list[set[frozenset[int]]], int]:
    """§3 and §5: the tables of every round, and the champion."""
    k = (n - 1).bit_length()
    places = 2**k
    rounds: dict[int, set[frozenset[int]]] = {}

    def play(a: int | None, b: int | None, number: int) -> tuple[int | None, int | None]:
        if a is None or b is None:
            return (a if b is None else b), None  # a bye, or empty
        rounds.setdefault(number, set()).add(frozenset((a, b)))
        best = rank([a, b], number)
        return best[0], best[1]

    order = [s if s <= n else None for s in seed_order(places)]
    wb_win: dict[int, list[int | None]] = {}
    wb_lose: dict[int, list[int | None]] = {}
    entrants = order
    for r in range(1, k + 1):
        results = [play(entrants[2 * t], entrants[2 * t + 1], r) for t in range(len(entrants) // 2)]
        wb_win[r] = [w for w, _ in results]
        wb_lose[r] = [loser for _, loser in results]
        entrants = wb_win[r]
    lb: list[int | None] = []
    for j in range(1, 2 * k - 1):
        number = j + 1
        if j == 1:
            pairs = [(wb_lose[1][2 * i], wb_lose[1][2 * i + 1]) for i in range(places // 4)]
        elif j % 2 == 0:
            r = j // 2 + 1
            m = places // 2**r
            drop = (
                [m - 1 - i for i in range(m)]
                if r % 2 == 0
                else [(i + m // 2) % m for i in range(m)]
            )
            pairs = [(lb[i], wb_lose[r][drop[i]]) for i in range(m)]
        else:
            pairs = [(lb[2 * i], lb[2 * i + 1]) for i in range(len(lb) // 2)]
        lb = [play(a, b, number)[0] for a, b in pairs]
    wb_champion = wb_win[k][0]
    lb_champion = lb[0] if k > 1 else wb_lose[1][0]
    assert wb_champion is not None and lb_champion is not None
    winner, _ = play(wb_champion, lb_champion, 2 * k)
    if winner == lb_champion and reset:
        winner, _ = play(wb_champion, lb_champion, 2 * k + 1)
    assert winner is not None
    return [rounds.get(r, set()) for r in range(1, max(rounds) + 1)], winner


def table_sizes(count: int, size: int) -> list[int]:
    """seating.table_sizes as §4 says it: tables of 4: fours and as few threes as possible,
    a 2 only when needed; tables of 3: threes plus one or two tables of 2."""
    if count <= 1:
        return []
    for twos in range(count // 2 + 1):
        rest = count - 2 * twos
        for smalls in range(rest // (size - 1) + 1):
            if (rest - smalls * (size - 1)) % size == 0:
                fulls = (rest - smalls * (size - 1)) // size
                return [size] * fulls + [size - 1] * smalls + [2] * twos
    raise AssertionError


def deal(players: list[int], size: int) -> list[list[int]]:
    capacity = sorted(table_sizes(len(players), size))
    tables: list[list[int]] = [[] for _ in capacity]
    queue = sorted(players)
    forward = True
    while queue:
        for t in range(len(tables)) if forward else range(len(tables) - 1, -1, -1):
            if queue and len(tables[t]) < capacity[t]:
                tables[t].append(queue.pop(0))
        forward = not forward
    return tables


def reference_multi(
    n: int, size: int, rank: Rank, reset: bool
) -> tuple[list[set[frozenset[int]]], int]:
    """§4 and §5."""
    rounds: dict[int, set[frozenset[int]]] = {}

    def play_round(players: list[int], number: int) -> tuple[list[int], list[int]]:
        stay: list[int] = []
        lost: list[int] = []
        for table in deal(players, size):
            rounds.setdefault(number, set()).add(frozenset(table))
            best = rank(table, number)
            keep = max(1, len(table) // 2)
            stay += best[:keep]
            lost += best[keep:]
        return stay, lost

    wb = list(range(1, n + 1))
    dropped: dict[int, list[int]] = {}
    r = 0
    while len(wb) >= 2:
        r += 1
        wb, dropped[r] = play_round(wb, r)
    wb_rounds = r
    carried: list[int] = []
    last = 0
    j = 1
    while True:
        players = carried + dropped.get(j, [])
        if len(players) <= 1 and j >= wb_rounds:
            carried = players  # the LB champion
            break
        if len(players) >= 2:
            carried, _ = play_round(players, j + 1)
            last = j + 1
        else:
            carried = players
        j += 1
    final = max(wb_rounds, last) + 1
    wb_champion, lb_champion = wb[0], carried[0]
    rounds[final] = {frozenset((wb_champion, lb_champion))}
    winner = rank([wb_champion, lb_champion], final)[0]
    if winner == lb_champion and reset:
        rounds[final + 1] = {frozenset((wb_champion, lb_champion))}
        winner = rank([wb_champion, lb_champion], final + 1)[0]
    return [rounds.get(r, set()) for r in range(1, max(rounds) + 1)], winner


# -- the core, driven by the same results ----------------------------------------------


def core(
    n: int, size: int, rank: Rank, reset: bool, seed: int
) -> tuple[list[set[frozenset[int]]], int]:
    state: TournamentState = tournament(
        n, format="double_elimination", table_size=size, rounds=0, seed=seed
    )
    if not reset:
        from dataclasses import replace

        state = replace(state, settings=replace(state.created, grand_final_reset=False))
    seat_of: dict[str, int] = {}
    rounds: list[set[frozenset[int]]] = []
    while True:
        try:
            state = apply(state, decide_pair_round(state))
        except TournamentError as exc:
            assert "is the champion" in str(exc)
            break
        number = len(state.rounds)
        if number == 1:
            seat_of = {e: i + 1 for i, e in enumerate(seeded(state, state.entrant_ids()))}
        tables: set[frozenset[int]] = set()
        for match in state.round_matches(number):
            seeds = [seat_of[e] for e in match.sides]
            tables.add(frozenset(seeds))
            order = rank(seeds, number)
            scores = [61 if s == order[0] else 50 - order.index(s) for s in seeds]
            winner = seeds.index(order[0])
            state = apply(state, decide_record_result(state, match.match_id, scores, [winner]))
        rounds.append(tables)
    champion = double_bracket_of(state).champion
    assert champion is not None
    return rounds, seat_of[champion]


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6, 7, 8, 11, 16, 17])
@pytest.mark.parametrize("size", [2, 3, 4])
def test_the_core_seats_what_the_document_says(n: int, size: int) -> None:
    for seed in range(3):
        rank = oracle(seed)
        expected = (
            reference_two(n, rank, True) if size == 2 else reference_multi(n, size, rank, True)
        )
        assert core(n, size, rank, True, seed) == expected


@pytest.mark.slow
@settings(max_examples=examples(80), deadline=None)
@given(
    n=st.integers(2, 40),
    size=st.sampled_from([2, 3, 4]),
    reset=st.booleans(),
    seed=st.integers(0, 100_000),
)
def test_any_results_agree_with_the_document(n: int, size: int, reset: bool, seed: int) -> None:
    rank = oracle(seed)
    expected = reference_two(n, rank, reset) if size == 2 else reference_multi(n, size, rank, reset)
    assert core(n, size, rank, reset, seed) == expected
