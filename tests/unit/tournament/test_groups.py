"""Groups -> knockout (docs/formats/groups-knockout.md): pool formation, who advances
(ties included), the knockout's first-round separation, and whole nights through the pure
core."""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.factories.simulation import play_round
from tests.support import examples
from tests.unit.tournament.factory import all_words, words
from tourney.gamekit.stored import HORSE_RACE
from tourney.tournament.create import decide_create
from tourney.tournament.entries.entries import decide_register, last_round
from tourney.tournament.events import RoundPaired, TournamentEvent, event_from_payload
from tourney.tournament.formats.groups import stages
from tourney.tournament.formats.groups.format import knockout_bracket
from tourney.tournament.formats.groups.pairing import pool_tables
from tourney.tournament.records.groups import KnockoutSeeded, PoolsFormed
from tourney.tournament.result_events import MatchResultRecorded
from tourney.tournament.round_events import DecidingMatchPaired
from tourney.tournament.seating.next_round import decide_deciding_matches, decide_next_round
from tourney.tournament.standings.standings import standings_of
from tourney.tournament.state import TournamentError, TournamentState, evolve


def apply(state: TournamentState, events: Sequence[TournamentEvent]) -> TournamentState:
    for event in events:
        state = evolve(state, event)
    return state


def groups(
    players: int,
    *,
    pools: int = 0,
    pool_size: int = 0,
    advance: int = 2,
    pool_format: str = "round_robin",
    table_size: int = 2,
    rounds: int = 3,
) -> TournamentState:
    """A groups tournament with players p1..pN rated so that p1 is seed 1, p2 seed 2..."""
    state = apply(
        TournamentState(),
        decide_create(
            TournamentState(),
            "Cup",
            format="groups",
            table_size=table_size,
            rounds=rounds,
            pools=pools,
            pool_size=pool_size,
            advance=advance,
            pool_format=pool_format,
            game_name=HORSE_RACE,
        ),
    )
    for i in range(1, players + 1):
        state = apply(state, decide_register(state, f"p{i}", f"P{i}", rating=3000 - i))
    return state


def pair(state: TournamentState) -> TournamentState:
    return apply(state, decide_next_round(state))


def seeds(pools: Sequence[Sequence[str]]) -> list[list[int]]:
    return [[int(e[1:]) for e in pool] for pool in pools]


# -- pool formation --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "expected"),
    [
        (8, [[1, 8], [2, 7], [3, 6], [4, 5]]),
        (10, [[1, 8, 9], [2, 7, 10], [3, 6], [4, 5]]),
        (13, [[1, 8, 9], [2, 7, 10], [3, 6, 11], [4, 5, 12, 13]]),
        (16, [[1, 8, 9, 16], [2, 7, 10, 15], [3, 6, 11, 14], [4, 5, 12, 13]]),
    ],
)
def test_pools_are_dealt_by_snake_seeding_as_the_doc_tabulates(
    players: int, expected: list[list[int]]
) -> None:
    state = pair(groups(players, pools=4, advance=2))
    assert seeds(state.groups.pools) == expected
    assert list(state.groups.seed_order) == [f"p{i}" for i in range(1, players + 1)]
    # Round 1 holds every pool's tables, pool A's first, numbered across the pools.
    first = state.rounds[0]
    assert [t.number for t in first.tables] == list(range(1, len(first.tables) + 1))
    pools_of_tables = [words(state, t.why).split(":")[0] for t in first.tables]
    assert pools_of_tables == sorted(pools_of_tables)


def test_pool_size_sets_the_number_of_pools_rounding_up() -> None:
    state = pair(groups(13, pool_size=4, advance=1))
    assert [len(p) for p in state.groups.pools] == [3, 3, 3, 4]


def test_a_round_robin_pool_schedule_is_fixed_once_per_pool() -> None:
    state = pair(groups(10, pools=4, advance=1))
    assert sorted(state.groups.schedules) == [0, 1, 2, 3]
    # Pools of 3 play 3 rounds (a bye each), pools of 2 one: the stage has 3 rounds.
    assert stages.pool_rounds(state) == 3
    assert last_round(state) == 3 + 2  # a knockout of 4


@pytest.mark.parametrize(
    ("players", "options", "words"),
    [
        (5, {"pools": 3, "advance": 1}, "pools of 1 in 3 pools; a pool needs at least 2"),
        (8, {"pools": 4, "advance": 3}, "(--advance too many)"),
    ],
)
def test_pairing_refuses_pools_too_small_and_advancing_too_many(
    players: int, options: dict[str, int], words: str
) -> None:
    state = groups(players, pools=options["pools"], advance=options["advance"])
    with pytest.raises(TournamentError, match=r"cannot pair round 1 of 'Cup'") as raised:
        decide_next_round(state)
    assert words in str(raised.value)
    assert "\n" not in str(raised.value)


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"pools": 2, "pool_size": 4}, "one of the two"),
        ({}, "one of the two"),
        ({"pools": 2, "pool_format": "ladder"}, "unknown --pool-format"),
        ({"pools": 1, "advance": 1}, "a knockout needs at least 2"),
        ({"pool_size": 3, "advance": 4}, "more than a pool of 3 holds"),
    ],
)
def test_creating_refuses_settings_that_make_no_groups_tournament(
    options: dict[str, object], words: str
) -> None:
    kwargs: dict[str, object] = {"pools": 0, "pool_size": 0, "advance": 2}
    kwargs.update(options)
    with pytest.raises(TournamentError, match=words):
        decide_create(
            TournamentState(),
            "Cup",
            format="groups",
            table_size=2,
            rounds=3,
            **kwargs,  # type: ignore[arg-type]
            game_name=HORSE_RACE,
        )


# -- who advances ----------------------------------------------------------------------


def _result(
    state: TournamentState, winner: str, loser: str, scores: tuple[int, int]
) -> TournamentState:
    match = next(
        m for m in state.matches.values() if set(m.sides) == {winner, loser} and not m.outcome
    )
    w = match.sides.index(winner)
    ordered = (scores[0], scores[1]) if w == 0 else (scores[1], scores[0])
    return evolve(state, MatchResultRecorded(match.match_id, ordered, (w,)))


def _cycle_pools(scores: dict[tuple[str, str], tuple[int, int]]) -> TournamentState:
    """Two pools of 3 (p1 p4 p5 and p2 p3 p6), one advancing each; pool A plays a cycle
    p1 > p4 > p5 > p1 with the given scores, pool B's favourite wins everything."""
    state = groups(6, pools=2, advance=1)
    for _ in range(3):
        state = pair(state)
        for match in list(state.round_matches(len(state.rounds))):
            a, b = match.sides
            if (a, b) in scores or (b, a) in scores:
                winner, loser = (a, b) if (a, b) in scores else (b, a)
                state = _result(state, winner, loser, scores[(winner, loser)])
            else:
                winner = min(match.sides, key=lambda e: int(e[1:]))
                loser = a if winner == b else b
                state = _result(state, winner, loser, (61, 30))
    return state


def test_a_tie_the_tie_breaks_leave_is_settled_by_pool_seed_order() -> None:
    level = {("p1", "p4"): (61, 30), ("p4", "p5"): (61, 30), ("p5", "p1"): (61, 30)}
    state = _cycle_pools(level)
    assert seeds(state.groups.pools) == [[1, 4, 5], [2, 3, 6]]
    table = pool_tables(state)[0]
    assert all(r.tied for r in table.rows)  # level on points and every tie-break
    assert table.advancing == ("p1",)
    assert any(
        "P1 goes through on seed order (pool seed 1 before 2)" in note
        for note in all_words(state, table.notes)
    )
    state = pair(state)
    knockout = state.groups.knockout
    assert knockout is not None and knockout.advanced == (("p1",), ("p2",))
    assert knockout.first_round == 4
    notes = " | ".join(all_words(state, state.rounds[-1].notes))
    assert "seed order" in notes and "pool B: P2 (1st, 3 pts) advance" in notes


def test_a_tie_on_points_is_settled_by_the_first_tie_break_that_differs() -> None:
    spread = {("p1", "p4"): (61, 50), ("p4", "p5"): (61, 10), ("p5", "p1"): (61, 20)}
    state = _cycle_pools(spread)
    table = pool_tables(state)[0]
    # Level on match points and opponents' average; game points: p4 111, p1 81, p5 71.
    assert [r.entrant_id for r in table.rows] == ["p4", "p1", "p5"]
    assert table.advancing == ("p4",)
    assert any("P4 goes through on game points scored" in n for n in all_words(state, table.notes))


def test_a_withdrawn_player_does_not_advance_and_the_next_goes_through() -> None:
    from tourney.tournament.entries.entries import decide_withdraw

    level = {("p1", "p4"): (61, 30), ("p4", "p5"): (61, 30), ("p5", "p1"): (61, 30)}
    state = _cycle_pools(level)
    state = apply(state, decide_withdraw(state, "p1"))
    assert pool_tables(state)[0].advancing == ("p4",)


def test_the_knockout_is_refused_while_a_pool_match_has_no_result() -> None:
    state = groups(8, pools=2, advance=2)
    rng = random.Random(1)
    for _ in range(3):
        state = play_round(pair(state), rng, 0.0)[0]
    last = state.rounds[-1].tables[-1].match_id
    state = groups(8, pools=2, advance=2)
    for number in range(3):
        state = pair(state)
        if number < 2:
            state = play_round(state, rng, 0.0)[0]
    done = [m for m in state.round_matches(3) if m.match_id != last]
    for match in done:
        state = evolve(state, MatchResultRecorded(match.match_id, (61, 20), (0,)))
    with pytest.raises(TournamentError) as raised:
        decide_next_round(state)
    assert str(raised.value) == (
        "cannot start the knockout of 'Cup': the pools are unfinished, 1 pool match "
        "without a result (round 3 table 4)"
    )


# -- the knockout's placement ----------------------------------------------------------


def _advanced(pools: int, advance: int) -> list[list[str]]:
    return [[f"{chr(65 + p)}{k}" for k in range(1, advance + 1)] for p in range(pools)]


def _first_round(order: Sequence[str], sides: int) -> list[list[str]]:
    return [[order[s] for s in t] for t in stages.first_round_tables(len(order), sides)]


@pytest.mark.parametrize(
    ("pools", "advance", "tables"),
    [
        (2, 2, [["A1", "B2"], ["B1", "A2"]]),
        (4, 2, [["A1", "D2"], ["D1", "A2"], ["B1", "C2"], ["C1", "B2"]]),
        (3, 2, [["A1"], ["A2", "C2"], ["B1"], ["C1", "B2"]]),
        (2, 4, [["A1", "B4"], ["B2", "A3"], ["B1", "A4"], ["A2", "B3"]]),
    ],
)
def test_the_first_round_crosses_the_pools_as_the_doc_tabulates(
    pools: int, advance: int, tables: list[list[str]]
) -> None:
    order, clashes = stages.separated_order(_advanced(pools, advance), 2)
    assert clashes == 0
    assert _first_round(order, 2) == tables


def test_when_keeping_apart_is_impossible_the_fewest_clashes_are_taken_and_said() -> None:
    order, clashes = stages.separated_order(_advanced(1, 4), 2)
    assert (order, clashes) == (["A1", "A2", "A3", "A4"], 2)
    order, clashes = stages.separated_order(_advanced(2, 2), 4)  # one table of 4
    assert clashes == 2
    state = groups(8, pools=2, advance=2, table_size=4)
    rng = random.Random(3)
    while state.groups.knockout is None:
        state = play_round(pair(state), rng, 0.0)[0]
    assert any(
        "could not be kept apart" in n for n in all_words(state, state.groups.knockout.notes)
    )


def _brute_force(advanced: list[list[str]], sides: int) -> tuple[list[str], int]:
    """Every tier-keeping seed order in lexicographic order: the first with the fewest."""
    base = stages.base_order(advanced)
    pool_of = {e: i for i, pool in enumerate(advanced) for e in pool}
    tier = {e: pool.index(e) for pool in advanced for e in pool}
    tiers = [[e for e in base if tier[e] == t] for t in range(max(tier.values()) + 1)]
    best: tuple[list[str], int] | None = None
    for parts in itertools.product(*(itertools.permutations(t) for t in tiers)):
        order = [e for part in parts for e in part]
        count = stages.clashes(order, pool_of, sides)
        if best is None or count < best[1]:
            best = (order, count)
    assert best is not None
    return best


@settings(max_examples=examples(150), deadline=None)
@given(
    sizes=st.lists(st.integers(min_value=1, max_value=4), min_size=1, max_size=6),
    sides=st.sampled_from([2, 2, 3, 4]),
)
def test_same_pool_never_meets_in_knockout_round_one_when_avoidable(
    sizes: list[int], sides: int
) -> None:
    advanced = [[f"{chr(65 + p)}{k}" for k in range(1, n + 1)] for p, n in enumerate(sizes)]
    total = sum(sizes)
    if not 2 <= total <= 9:
        return
    order, count = stages.separated_order(advanced, sides)
    expected, fewest = _brute_force(advanced, sides)
    assert count == fewest  # 0 whenever some seed order keeps every pool apart
    assert order == expected  # and the first such order, as the doc says
    pool_of = {e: i for i, pool in enumerate(advanced) for e in pool}
    assert stages.clashes(order, pool_of, sides) == count
    assert sorted(order) == sorted(stages.base_order(advanced))


# -- whole nights ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "pools", "advance", "pool_format", "table_size"),
    [
        (8, 2, 2, "round_robin", 2),
        (10, 3, 2, "round_robin", 2),
        (13, 4, 2, "swiss", 2),
        (16, 4, 2, "round_robin", 2),
        (16, 4, 2, "swiss", 4),
    ],
)
def test_a_whole_night_reaches_a_champion_with_pools_kept_apart(
    players: int, pools: int, advance: int, pool_format: str, table_size: int
) -> None:
    state = groups(
        players,
        pools=pools,
        advance=advance,
        pool_format=pool_format,
        table_size=table_size,
        rounds=3,
    )
    rng = random.Random(players)
    events: list[TournamentEvent] = []
    while True:
        try:
            paired = decide_next_round(state)
        except TournamentError as exc:
            assert "are paired" in str(exc)
            break
        events += paired
        state = apply(state, paired)
        state, played = play_round(state, rng, 0.1)
        events += played
        while state.groups.knockout is not None:
            try:
                deciding = decide_deciding_matches(state)
            except TournamentError:
                break
            state = apply(state, deciding)
            events += deciding
            state, played = play_round(state, rng, 0.1)
            events += played
    knockout = state.groups.knockout
    assert knockout is not None
    champion = knockout_bracket(state).champion
    assert champion is not None
    assert standings_of(state)[0].entrant_id == champion
    assert len(state.rounds) == last_round(state)
    # Round 1 of the knockout: no two of one pool at a table (avoidable in every case here).
    first = state.rounds[knockout.first_round - 1]
    for table in first.tables:
        sides = state.matches[table.match_id].sides
        assert len({state.groups.pool_of(e) for e in sides}) == len(sides)
    # Every event survives its payload, and replaying them gives the same state.
    for event in events:
        assert event_from_payload(event.type, event.to_payload()) == event
    created = [e for e in events if isinstance(e, PoolsFormed | KnockoutSeeded | RoundPaired)]
    assert created


def test_pool_notes_say_the_pools_and_a_swiss_pool_pairs_only_inside_its_pool() -> None:
    state = pair(groups(12, pools=3, advance=1, pool_format="swiss"))
    assert "3 pools by snake seeding" in words(state, state.rounds[0].notes[0])
    for table in state.rounds[0].tables:
        sides = state.matches[table.match_id].sides
        assert len({state.groups.pool_of(e) for e in sides}) == 1


def test_a_knockout_tie_with_equal_scores_plays_a_deciding_match_in_its_round() -> None:
    state = groups(6, pools=2, advance=2)
    for _ in range(3):
        state = pair(state)
        for match in state.round_matches(len(state.rounds)):
            state = evolve(state, MatchResultRecorded(match.match_id, (61, 20), (0,)))
    state = pair(state)  # the knockout's semi-finals
    knockout = state.groups.knockout
    assert knockout is not None and len(state.rounds) == knockout.first_round == 4
    tied, other = sorted(state.round_matches(4), key=lambda m: m.table)
    state = evolve(state, MatchResultRecorded(tied.match_id, (61, 61), (0, 1)))
    state = evolve(state, MatchResultRecorded(other.match_id, (61, 30), (0,)))
    with pytest.raises(
        TournamentError,
        match=r"cannot pair round 5 of .Cup \(knockout\).: round 4 needs a deciding match",
    ):
        decide_next_round(state)
    (deciding,) = decide_deciding_matches(state)
    assert isinstance(deciding, DecidingMatchPaired)
    assert (deciding.round, deciding.decides) == (4, tied.match_id)
    state = evolve(state, deciding)
    state = evolve(state, MatchResultRecorded(deciding.table.match_id, (40, 61), (1,)))
    state = pair(state)
    (final,) = state.round_matches(5)
    through = state.matches[deciding.table.match_id].sides[1]
    assert set(final.sides) == {through, other.sides[0]}


def test_registration_closes_when_the_pools_are_drawn() -> None:
    state = pair(groups(6, pools=2, advance=1))
    with pytest.raises(TournamentError, match="the pool draw of 'Cup' was fixed"):
        decide_register(state, "p99", "Late Comer")


def test_round_robin_pools_pair_by_the_circle_method_the_doc_states() -> None:
    state = groups(8, pools=2, advance=2)
    rounds = []
    for _ in range(3):
        state = pair(state)
        number = len(state.rounds)
        rounds.append([state.matches[t.match_id].seats for t in state.rounds[-1].tables])
        for match in state.round_matches(number):
            state = evolve(state, MatchResultRecorded(match.match_id, (61, 20), (0,)))
    # Pool A is p1 p4 p5 p8, pool B p2 p3 p6 p7; pool A's tables come first.
    assert rounds == [
        [("p1", "p8"), ("p4", "p5"), ("p2", "p7"), ("p3", "p6")],
        [("p5", "p1"), ("p8", "p4"), ("p6", "p2"), ("p7", "p3")],
        [("p1", "p4"), ("p5", "p8"), ("p2", "p3"), ("p6", "p7")],
    ]


def test_a_pool_result_corrected_after_the_knockout_began_keeps_the_draw() -> None:
    from tourney.tournament.result_events import AdjudicatedResult

    level = {("p1", "p4"): (61, 30), ("p4", "p5"): (61, 30), ("p5", "p1"): (61, 30)}
    state = pair(_cycle_pools(level))
    assert pool_tables(state)[0].advancing == ("p1",)
    (p5_p1,) = [m for m in state.matches.values() if set(m.sides) == {"p1", "p5"}]
    winner = p5_p1.sides.index("p5")
    scores = (61, 0) if winner == 0 else (0, 61)
    state = evolve(state, AdjudicatedResult(p5_p1.match_id, scores, (winner,), "recount"))
    table = pool_tables(state)[0]
    assert table.advancing == ("p1",)  # the recorded draw, not the table as it now stands
    assert any("seed order" in note for note in all_words(state, table.notes))
