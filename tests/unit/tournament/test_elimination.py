from __future__ import annotations

import random
from fractions import Fraction

import pytest

from tests.unit.tournament.factory import apply, pair, play, play_out, tournament, words
from tourney.tournament.events import PairedTable, RoundPaired
from tourney.tournament.formats.elimination.bracket import (
    Play,
    build_bracket,
    places_layout,
    round_count,
    seed_order,
)
from tourney.tournament.formats.elimination.format import bracket_of
from tourney.tournament.matches import Outcome
from tourney.tournament.notes.notes import recorded
from tourney.tournament.results.rulings import decide_record_result
from tourney.tournament.seating.pairing import (
    decide_pair_deciding_matches,
    decide_pair_round,
    seeded,
)
from tourney.tournament.seating.seating import table_sizes
from tourney.tournament.standings.standings import standings_of
from tourney.tournament.state import TournamentError


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
    assert "higher final score" in words(None, slot.note)


def test_an_equal_shared_win_needs_a_deciding_match_which_then_decides() -> None:
    tied = [Play("m", ("a", "b"), _tie((61, 61)))]
    slot = build_bracket(["a", "b"], 2, {(1, 0): tied}).rounds[0].slots[0]
    assert (slot.status, slot.winner, slot.tied) == ("deciding_match_needed", None, ("a", "b"))
    decided = [*tied, Play("m-d1", ("a", "b"), Outcome((40, 61), (1,)))]
    slot = build_bracket(["a", "b"], 2, {(1, 0): decided}).rounds[0].slots[0]
    assert (slot.status, slot.winner) == ("decided", "b")


def test_the_third_place_match_is_paired_with_the_final() -> None:
    rng = random.Random(1)
    state = tournament(8, format="elimination", table_size=2, rounds=0, third_place=True)
    for _ in range(2):
        state = play(pair(state), rng, shared_rate=0.0)
    state = pair(state)
    final_round = state.rounds[-1]
    assert len(final_round.tables) == 2
    assert words(state, final_round.tables[1].why).startswith("third-place match")
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


@pytest.mark.parametrize("sides", [2, 3, 4])
@pytest.mark.parametrize("players", range(2, 41))
def test_every_knockout_round_is_as_full_as_it_can_be_and_one_champion_is_left(
    players: int, sides: int
) -> None:
    """Tables of 3 and 4: every round splits its field as `table_sizes` does, never a bye.
    Tables of 2: byes only in round 1, just enough to fill the bracket (2**rounds)."""
    rng = random.Random(players * 10 + sides)
    state = tournament(players, format="elimination", table_size=sides, rounds=0, seed=players)
    state = play_out(state, rng, shared_rate=0.4)
    rounds = round_count(players, sides)
    assert len(state.rounds) == rounds
    field = players
    for paired in state.rounds:
        sizes = sorted((len(t.seats) for t in paired.tables), reverse=True)
        if sides == 2 and paired.round == 1:
            assert len(paired.byes) == 2**rounds - players
            assert sizes == [2] * ((players - len(paired.byes)) // 2)
        else:
            expected, byes = table_sizes(field, sides)
            assert (sizes, len(paired.byes)) == (list(expected), byes)
        field = len(paired.tables) + len(paired.byes)
    assert field == 1
    bracket = bracket_of(state)
    assert bracket.champion is not None
    out = [e for r in bracket.rounds for s in r.slots for e in s.present if e != s.winner]
    assert sorted([*out, bracket.champion]) == sorted(state.entrant_ids())


def test_eleven_at_tables_of_four_sit_four_four_three_then_a_final_of_three() -> None:
    state = pair(tournament(11, format="elimination", table_size=4, rounds=0))
    assert sorted(len(t.seats) for t in state.rounds[0].tables) == [3, 4, 4]
    assert state.rounds[0].byes == ()
    final = bracket_of(state).rounds[1].slots
    assert [len(s.entrants) for s in final] == [3]


def test_a_knockout_paired_by_the_places_layout_goes_on_with_it() -> None:
    """A stored round 1 of 11 at 4s paired as 3, 2, 3, 3 (before full tables) is a fact:
    the bracket keeps its layout, and round 2 is its final of 4."""
    state = tournament(11, format="elimination", table_size=4, rounds=0)
    field = seeded(state, state.active_entrants())
    old = places_layout(11, 4)
    tables = [[field[s - 1] for s in t if s is not None] for t in old.first]
    paired = RoundPaired(
        round=1,
        tables=tuple(
            PairedTable(i, tuple(t), f"club-night-r1-t{i}", recorded("old"))
            for i, t in enumerate(tables, 1)
        ),
    )
    state = play(apply(state, [paired]), random.Random(1), shared_rate=0.0)
    state = pair(state)
    assert [len(t.seats) for t in state.rounds[1].tables] == [4]


def test_knockout_standings_rank_by_how_far_each_went() -> None:
    """The champion first even with fewer match points than the runner-up; a deciding
    match adds no win."""
    state = pair(tournament(4, format="elimination", table_size=2, rounds=0))
    first, second = state.rounds[0].tables
    state = apply(state, decide_record_result(state, first.match_id, (61, 61), (0, 1)))
    state = apply(state, decide_record_result(state, second.match_id, (61, 20), (0,)))
    state = apply(state, decide_pair_deciding_matches(state))
    deciding = state.deciding[-1].table
    state = apply(state, decide_record_result(state, deciding.match_id, (61, 30), (0,)))
    state = pair(state)
    final = state.rounds[-1].tables[0]
    sides = state.matches[final.match_id].sides
    winner_of_first = state.matches[deciding.match_id].sides[0]
    top = sides.index(winner_of_first)
    scores = (70, 61) if top == 0 else (61, 70)
    state = apply(state, decide_record_result(state, final.match_id, scores, (0, 1)))
    rows = standings_of(state)
    champion = bracket_of(state).champion
    assert champion == winner_of_first
    assert [rows[0].entrant_id, rows[0].rank] == [champion, 1]
    runner_up = next(e for e in sides if e != champion)
    assert [rows[1].entrant_id, rows[1].rank] == [runner_up, 2]
    assert rows[0].match_points < rows[1].match_points  # ½ + ½ against 1 + ½
    assert (rows[0].wins, rows[0].shared_wins, rows[0].played) == (0, 2, 2)
    # Both out in round 1: the deciding match's loser (½ from the shared win) goes first.
    assert [r.rank for r in rows[2:]] == [3, 4]
    loser = state.matches[deciding.match_id].sides[1]
    assert (rows[2].entrant_id, rows[2].match_points, rows[2].wins) == (loser, Fraction(1, 2), 0)


def test_a_bracket_note_names_a_match_by_its_table_never_by_its_id() -> None:
    """Players read table codes, not match ids (``cup-r2-t1-d1`` is an internal name)."""
    from tourney.i18n import npage_, page_
    from tourney.tournament.formats.elimination.bracket import match_words
    from tourney.tournament.notes.note_words import render

    def said(match_id: str) -> str:
        return render(match_words(match_id), str, page_, npage_)

    assert said("cup-r2-t1") == "T1"
    assert said("cup-r2-t3-p2") == "T3"
    assert said("cup-r2-t1-d2") == "T1, deciding match 2"
