"""Double elimination on the pure core: the bracket's shape, who drops where, who is out,
the grand final and its reset, and the invariants over random results."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support import examples
from tests.unit.tournament.factory import apply, pair, play, play_out, tournament, words
from tourney.tournament.formats.double_elimination import bracket as de
from tourney.tournament.formats.double_elimination.tables import bracket_labels, double_bracket_of
from tourney.tournament.formats.elimination.bracket import Play
from tourney.tournament.matches import Outcome
from tourney.tournament.results.rulings import decide_record_result
from tourney.tournament.seating.pairing import (
    decide_pair_deciding_matches,
    decide_pair_round,
    seeded,
)
from tourney.tournament.standings.standings import standings_of
from tourney.tournament.state import TournamentError, TournamentState

FIELDS = (4, 5, 6, 8, 11, 16)


def double(
    players: int, table_size: int = 2, *, reset: bool = True, seed: int = 0
) -> TournamentState:
    state = tournament(
        players, format="double_elimination", table_size=table_size, rounds=0, seed=seed
    )
    if not reset:
        settings = state.created
        from dataclasses import replace

        state = replace(state, settings=replace(settings, grand_final_reset=False))
    return state


def losses(state: TournamentState) -> Counter[str]:
    bracket = double_bracket_of(state)
    return Counter(e for t in bracket.tables() for e in t.lost)


def check_invariants(state: TournamentState) -> None:
    """Every entrant but the champion lost exactly twice (or, without a reset, the
    runner-up once); the champion at most once; nobody played after a second loss; every
    match of the event is a table of the bracket."""
    bracket = double_bracket_of(state)
    assert bracket.champion is not None
    lost = losses(state)
    reset = state.created.grand_final_reset
    for entrant in state.entrant_ids():
        if entrant == bracket.champion:
            assert lost[entrant] <= 1
        elif entrant == bracket.runner_up and not reset:
            assert lost[entrant] in (1, 2)
        else:
            assert lost[entrant] == 2, (entrant, lost[entrant])
    # Nobody plays after their second loss.
    out_round: dict[str, int] = {}
    seen = Counter[str]()
    for table in sorted(bracket.tables(), key=lambda t: t.played_in):
        for entrant in table.lost:
            seen[entrant] += 1
            if seen[entrant] == 2:
                out_round[entrant] = table.played_in
    for match in state.matches.values():
        for entrant in match.sides:
            assert match.round <= out_round.get(entrant, 10**6), (entrant, match.match_id)
    labels = bracket_labels(state)
    assert set(labels) == set(state.matches)
    ranks = {r.entrant_id: r.rank for r in standings_of(state)}
    assert ranks[bracket.champion] == 1
    assert bracket.runner_up is not None and ranks[bracket.runner_up] == 2


# -- tables of 2 -------------------------------------------------------------------------


def test_drop_order_reverses_even_rounds_and_swaps_halves_of_odd_ones() -> None:
    assert de.drop_order(4, 2) == [3, 2, 1, 0]
    assert de.drop_order(4, 3) == [2, 3, 0, 1]
    assert de.drop_order(2, 3) == [1, 0]
    assert de.drop_order(1, 4) == [0]


def test_the_losers_bracket_of_eight_places() -> None:
    sources = de.losers_sources(3)
    assert sources == [
        [(("wb", 1, 0), ("wb", 1, 1)), (("wb", 1, 2), ("wb", 1, 3))],
        [(("lb", 1, 0), ("wb", 2, 1)), (("lb", 1, 1), ("wb", 2, 0))],
        [(("lb", 2, 0), ("lb", 2, 1))],
        [(("lb", 3, 0), ("wb", 3, 0))],
    ]


def _favourites_win(state: TournamentState) -> TournamentState:
    """Every table of the latest round won by its best seed (the lowest player number)."""
    number = len(state.rounds)
    for match in state.round_matches(number):
        best = min(range(len(match.sides)), key=lambda s: int(match.sides[s][1:]))
        scores = [61 if s == best else 10 + s for s in range(len(match.sides))]
        state = apply(state, decide_record_result(state, match.match_id, scores, [best]))
    return state


def test_eight_entrants_when_the_seeds_win() -> None:
    # Ratings give the seeds; make them p0 > p1 > ... by rating.
    state = double(8)
    from dataclasses import replace

    players = {p: replace(player, rating=2000 - int(p[1:])) for p, player in state.players.items()}
    state = replace(state, players=players)
    rounds: list[list[tuple[str, ...]]] = []
    while True:
        try:
            state = pair(state)
        except TournamentError as exc:
            assert "are paired" in str(exc)
            break
        rounds.append(
            sorted(tuple(sorted(m.sides)) for m in state.round_matches(len(state.rounds)))
        )
        state = _favourites_win(state)
    assert rounds == [
        [("p0", "p7"), ("p1", "p6"), ("p2", "p5"), ("p3", "p4")],  # WB 1
        [("p0", "p3"), ("p1", "p2"), ("p4", "p7"), ("p5", "p6")],  # WB 2; LB 1
        [("p0", "p1"), ("p2", "p4"), ("p3", "p5")],  # WB final; LB 2 crossed
        [("p2", "p3")],  # LB 3
        [("p1", "p2")],  # LB final: the WB final's loser
        [("p0", "p1")],  # grand final: the WB champion wins, no reset
    ]
    ranks = [r.entrant_id for r in standings_of(state)]
    assert ranks[:4] == ["p0", "p1", "p2", "p3"]
    check_invariants(state)


@pytest.mark.parametrize("n", range(3, 17))
def test_byes_go_to_the_top_seeds_and_nobody_waits_a_round_with_no_table(n: int) -> None:
    state = pair(double(n))
    bracket = double_bracket_of(state)
    places = 1 << (n - 1).bit_length()
    byes = {t.stay[0] for t in bracket.winners[0].tables if t.status == "bye"}
    seeds = seeded(state, state.entrant_ids())
    assert byes == set(seeds[: places - n])
    state = play_out(play(state, random.Random(n), 0.0), random.Random(n))
    assert all(state.round_matches(r.round) for r in state.rounds)


@pytest.mark.parametrize("n", FIELDS)
@pytest.mark.parametrize("seed", range(4))
def test_two_sided_invariants(n: int, seed: int) -> None:
    state = play_out(double(n, seed=seed), random.Random(seed), shared_rate=0.3)
    check_invariants(state)
    k = (n - 1).bit_length()
    assert len(state.rounds) in (2 * k, 2 * k + 1)


def test_a_dropped_player_meets_nobody_met_before_losers_round_4_of_16() -> None:
    for seed in range(20):
        state = play_out(double(16, seed=seed), random.Random(seed))
        bracket = double_bracket_of(state)
        met: set[frozenset[str]] = set()
        for number in range(1, len(state.rounds) + 1):
            tables = bracket.tables_in(number)
            pairs = {frozenset(t.present) for t in tables if len(t.present) == 2}
            early = [t for t in tables if t.bracket == "losers" and t.round <= 3]
            for table in early:
                assert frozenset(table.present) not in met, (seed, table)
            met |= pairs


def _record(state: TournamentState, winner_first: bool) -> TournamentState:
    match = state.round_matches(len(state.rounds))[0]
    wb_champion = double_bracket_of(state).final
    assert wb_champion is not None
    champion = wb_champion.entrants[0]
    side = match.sides.index(champion) if winner_first else 1 - match.sides.index(champion)
    scores = [61 if s == side else 30 for s in range(2)]
    return apply(state, decide_record_result(state, match.match_id, scores, [side]))


@pytest.mark.parametrize("reset", [True, False])
def test_the_grand_final_and_its_reset(reset: bool) -> None:
    state = double(4, reset=reset)
    for _ in range(3):  # WB 1; WB 2 + LB 1; LB 2
        state = _favourites_win(pair(state))
    state = pair(state)
    final = double_bracket_of(state).final
    assert final is not None and final.status == "in_play" and final.played_in == 4
    lb_champion = final.entrants[1]
    state = _record(state, winner_first=False)  # the LB champion wins the grand final
    bracket = double_bracket_of(state)
    if not reset:
        assert bracket.champion == lb_champion and bracket.reset is None
        with pytest.raises(TournamentError, match="are paired"):
            pair(state)
        return
    assert bracket.champion is None and bracket.reset is not None
    state = pair(state)
    assert len(state.rounds) == 5
    assert "grand final reset" in bracket_labels(state).values()
    state = _record(state, winner_first=True)
    bracket = double_bracket_of(state)
    assert bracket.champion == final.entrants[0]
    check_invariants(state)


def test_a_shared_win_with_equal_scores_needs_a_deciding_match() -> None:
    state = pair(double(4))
    match = state.round_matches(1)[0]
    state = apply(state, decide_record_result(state, match.match_id, [61, 61], [0, 1]))
    state = play(state, random.Random(1), shared_rate=0)
    with pytest.raises(TournamentError, match="needs a deciding match"):
        decide_pair_round(state)
    events = decide_pair_deciding_matches(state)
    assert len(events) == 1
    state = apply(state, events)
    state = play(state, random.Random(2), shared_rate=0)
    state = pair(state)
    assert len(state.rounds) == 2


# -- tables of 3 and 4 -------------------------------------------------------------------


@pytest.mark.parametrize("n", FIELDS)
@pytest.mark.parametrize("size", [3, 4])
@pytest.mark.parametrize("seed", range(3))
def test_multi_player_invariants(n: int, size: int, seed: int) -> None:
    state = play_out(double(n, size, seed=seed), random.Random(seed), shared_rate=0.3)
    check_invariants(state)
    bracket = double_bracket_of(state)
    assert bracket.final is not None
    assert bracket.final.played_in == de.final_round(n, size)


def test_at_tables_of_four_the_top_two_stay_and_the_rest_drop() -> None:
    state = pair(double(8, 4))
    for match in state.round_matches(1):
        scores = [61, 50, 40, 30]
        state = apply(state, decide_record_result(state, match.match_id, scores, [0]))
    bracket = double_bracket_of(state)
    for table in bracket.winners[0].tables:
        assert table.keep == 2
        assert table.stay == tuple(table.plays[0].sides[:2])
    state = pair(state)
    two = double_bracket_of(state).tables_in(2)
    assert [t.bracket for t in two] == ["winners", "losers"]
    dropped = {e for t in bracket.winners[0].tables for e in t.lost}
    assert set(two[1].present) == dropped


def test_equal_scores_across_the_cut_play_a_deciding_match_for_the_place_left() -> None:
    state = pair(double(4, 4))
    match = state.round_matches(1)[0]
    state = apply(state, decide_record_result(state, match.match_id, [61, 40, 40, 10], [0]))
    table = double_bracket_of(state).winners[0].tables[0]
    assert table.status == "deciding_match_needed"
    assert table.stay == (match.sides[0],) and set(table.tied) == set(match.sides[1:3])
    with pytest.raises(TournamentError, match="needs a deciding match"):
        decide_pair_round(state)
    state = apply(state, decide_pair_deciding_matches(state))
    deciding = state.deciding[-1].table
    sides = state.matches[deciding.match_id].sides
    state = apply(state, decide_record_result(state, deciding.match_id, [30, 61], [1]))
    table = double_bracket_of(state).winners[0].tables[0]
    assert table.stay == (match.sides[0], sides[1])


def test_settle_at_a_table_of_two_is_the_single_elimination_rule() -> None:
    higher = [Play("m", ("a", "b"), Outcome((62, 64), (0, 1)))]
    assert de.settle(higher, ("a", "b"), 1)[:2] == ("decided", ("b",))
    equal = [Play("m", ("a", "b"), Outcome((61, 61), (0, 1)))]
    status, stay, tied, note, _ = de.settle(equal, ("a", "b"), 1)
    assert (status, stay, tied) == ("deciding_match_needed", (), ("a", "b"))
    assert "deciding match" in words(None, note)


def test_final_round_agrees_with_the_bracket() -> None:
    for n in range(2, 40):
        for size in (2, 3, 4):
            seeds = [f"s{i}" for i in range(n)]
            assert de.final_round(n, size) >= 2
            if size == 2:
                assert de.final_round(n, size) == 2 * (n - 1).bit_length()
            del seeds


@pytest.mark.slow
@settings(max_examples=examples(60), deadline=None)
@given(
    n=st.integers(2, 20),
    size=st.sampled_from([2, 3, 4]),
    reset=st.booleans(),
    seed=st.integers(0, 10_000),
    shared=st.sampled_from([0.0, 0.2, 0.5]),
)
def test_any_results_end_with_one_champion_and_two_losses_each(
    n: int, size: int, reset: bool, seed: int, shared: float
) -> None:
    state = play_out(double(n, size, reset=reset, seed=seed), random.Random(seed), shared)
    check_invariants(state)


@settings(max_examples=examples(25), deadline=None)
@given(n=st.integers(2, 12), size=st.sampled_from([2, 4]), seed=st.integers(0, 1000))
def test_any_results_quick(n: int, size: int, seed: int) -> None:
    state = play_out(double(n, size, seed=seed), random.Random(seed), 0.3)
    check_invariants(state)


@pytest.mark.parametrize("players", [8, 10, 12, 16])
def test_partnerships_play_the_two_sided_bracket(players: int) -> None:
    state = tournament(
        players, format="double_elimination", table_size=4, rounds=0, partnerships=True
    )
    state = play_out(state, random.Random(players), shared_rate=0.2)
    check_invariants(state)
    assert all(len(m.seats) == 4 and len(m.sides) == 2 for m in state.matches.values())


def test_during_the_event_those_still_in_rank_above_those_out() -> None:
    state = double(8)
    for _ in range(2):
        state = play(pair(state), random.Random(3), shared_rate=0)
    bracket = double_bracket_of(state)
    out = set(bracket.out_in)
    assert len(out) == 2  # the losers of the losers' bracket's first round
    in_winners = {e for t in bracket.tables_in(2) if t.bracket == "winners" for e in t.stay}
    ranks = {r.entrant_id: r.rank for r in standings_of(state)}
    assert max(ranks[e] for e in in_winners) < min(ranks[e] for e in ranks if e not in in_winners)
    assert min(ranks[e] for e in out) > max(ranks[e] for e in ranks if e not in out)


def test_round_names_and_bracket_labels() -> None:
    from tourney.reports.rounds import round_name

    state = play(pair(double(8)), random.Random(1), shared_rate=0)
    state = pair(state)
    assert round_name(state, 2) == "Round 2 (winners' round 2, losers' round 1)"
    labels = [bracket_labels(state)[m.match_id] for m in state.round_matches(2)]
    assert sorted(labels) == ["losers' bracket"] * 2 + ["winners' bracket"] * 2
    assert all("bracket" in words(state, t.why) for t in state.rounds[1].tables)


def test_a_result_changed_after_the_next_round_was_paired_is_named_not_paired_over() -> None:
    """Round 1's winner reversed once round 2 is paired: the bracket's round-2 tables are
    no longer the ones paired, and pairing round 3 says so instead of pairing an empty
    round on a bracket that waits."""
    from tourney.tournament.results.rulings import decide_adjudicate

    state = play(pair(double(4)), random.Random(1), shared_rate=0)
    state = play(pair(state), random.Random(2), shared_rate=0)
    match = state.round_matches(1)[0]
    assert match.outcome is not None
    reversed_ = tuple(1 - w for w in range(2) if w in match.outcome.winners)
    scores = [61 if s in reversed_ else 20 for s in range(2)]
    state = apply(
        state, decide_adjudicate(state, match.match_id, scores, reversed_, "error", replace=True)
    )
    with pytest.raises(TournamentError, match="was never paired"):
        decide_pair_round(state)
