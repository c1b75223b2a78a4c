from __future__ import annotations

import random

import pytest

from tests.unit.tournament.factory import apply, pair, play, tournament
from tourney.tournament.elimination import Play, build_bracket, seed_order
from tourney.tournament.matches import Outcome
from tourney.tournament.state import (
    TournamentError,
    bracket_of,
    decide_pair_deciding_matches,
    decide_pair_round,
    decide_record_result,
)


def test_seed_order_is_the_standard_bracket() -> None:
    assert seed_order(8, 2) == [1, 8, 4, 5, 2, 7, 3, 6]
    tables = [sorted(seed_order(16, 4)[i : i + 4]) for i in range(0, 16, 4)]
    assert tables[0] == [1, 8, 9, 16]
    assert all(len({s for s in t if s <= 4}) == 1 for t in tables)  # one top seed each


@pytest.mark.parametrize("n", range(3, 17))
def test_byes_go_to_the_top_seeds(n: int) -> None:
    seeds = [f"s{i}" for i in range(1, n + 1)]
    first = build_bracket(seeds, 2, {}).rounds[0]
    with_bye = {s.winner for s in first.slots if s.status == "bye"}
    places = 1 << (n - 1).bit_length()
    assert with_bye == set(seeds[: places - n])


def _tie(scores: tuple[int, int]) -> Outcome:
    return Outcome(scores, (0, 1))


def test_a_shared_win_goes_to_the_higher_final_score() -> None:
    plays = {(1, 0): [Play("m", ("a", "b"), _tie((62, 64)))]}
    slot = build_bracket(["a", "b"], 2, plays).rounds[0].slots[0]
    assert (slot.status, slot.winner) == ("decided", "b")
    assert "higher final score" in slot.note


def test_an_equal_shared_win_needs_a_deciding_match_which_then_decides() -> None:
    tied = [Play("m", ("a", "b"), _tie((61, 61)))]
    slot = build_bracket(["a", "b"], 2, {(1, 0): tied}).rounds[0].slots[0]
    assert (slot.status, slot.winner, slot.tied) == ("deciding_match_needed", None, ("a", "b"))
    decided = [*tied, Play("m-d1", ("a", "b"), Outcome((40, 61), (1,)))]
    slot = build_bracket(["a", "b"], 2, {(1, 0): decided}).rounds[0].slots[0]
    assert (slot.status, slot.winner) == ("decided", "b")


@pytest.mark.parametrize(("players", "table_size"), [(6, 2), (8, 2), (13, 4), (9, 3), (2, 2)])
def test_a_whole_knockout_produces_one_champion(players: int, table_size: int) -> None:
    rng = random.Random(players)
    state = tournament(players, format="elimination", table_size=table_size, rounds=0)
    while True:
        try:
            state = pair(state)
        except TournamentError as exc:
            assert "are paired" in str(exc)
            break
        state = play(state, rng, shared_rate=0.5)
        while True:
            try:
                state = apply(state, decide_pair_deciding_matches(state))
            except TournamentError:
                break
            state = play(state, rng, shared_rate=0.5)
    bracket = bracket_of(state)
    assert bracket.champion is not None
    eliminated = [
        e for r in bracket.rounds for slot in r.slots for e in slot.present if e != slot.winner
    ]
    assert sorted([*eliminated, bracket.champion]) == sorted(state.entrant_ids())


def test_the_third_place_match_is_paired_with_the_final() -> None:
    rng = random.Random(1)
    state = tournament(8, format="elimination", table_size=2, rounds=0, third_place=True)
    for _ in range(2):
        state = play(pair(state), rng, shared_rate=0.0)
    state = pair(state)
    final_round = state.rounds[-1]
    assert len(final_round.tables) == 2
    assert final_round.tables[1].why.startswith("third-place match")
    semis = bracket_of(state).rounds[1].slots
    losers = {e for s in semis for e in s.present if e != s.winner}
    assert set(state.matches[final_round.tables[1].match_id].sides) == losers


def test_the_next_knockout_round_waits_for_a_deciding_match() -> None:
    state = pair(tournament(4, format="elimination", table_size=2, rounds=0))
    first, second = state.rounds[-1].tables
    state = apply(state, decide_record_result(state, first.match_id, (61, 61), (0, 1)))
    state = apply(state, decide_record_result(state, second.match_id, (61, 10), (0,)))
    with pytest.raises(TournamentError, match="needs a deciding match between"):
        decide_pair_round(state)
    state = apply(state, decide_pair_deciding_matches(state))
    deciding = state.deciding[-1]
    assert deciding.decides == first.match_id
    assert deciding.table.number == 3
    state = apply(state, decide_record_result(state, deciding.table.match_id, (30, 61), (1,)))
    state = pair(state)
    final = state.matches[state.rounds[-1].tables[0].match_id]
    assert deciding.table.seats[1] in final.sides
