from __future__ import annotations

import re

import pytest

from tests.factories.demo_site import DemoTournament
from tests.unit.tournament.factory import apply, pair, tournament
from tourney.reports.bracket import BOX_WIDTH, bracket_view, fit
from tourney.tournament.events import PairedTable, RoundPaired
from tourney.tournament.formats.elimination.bracket import places_layout
from tourney.tournament.formats.elimination.format import bracket_of
from tourney.tournament.notes.notes import recorded
from tourney.tournament.results.rulings import decide_adjudicate, decide_record_result
from tourney.tournament.seating.pairing import decide_pair_deciding_matches, seeded
from tourney.tournament.state import TournamentError, TournamentState


def test_the_bracket_names_the_champion_and_every_advancing_winner(cup: DemoTournament) -> None:
    state = cup.state
    view = bracket_view(state, cup.matches.keys())
    bracket = bracket_of(state)
    assert bracket.champion is not None
    assert view.champion == state.entrant_name(bracket.champion)
    assert [c.name for c in view.columns] == ["round 1", "quarter-finals", "semi-finals", "final"]
    for column, round_ in zip(view.columns, bracket.rounds, strict=True):
        assert [s.winner for s in column.slots] == [
            None if s.winner is None else state.entrant_name(s.winner) for s in round_.slots
        ]
    first = view.columns[0].slots
    byes = [s for s in first if s.status == "bye"]
    assert len(byes) == 5
    assert all([e.state for e in s.entries] == ["winner", "bye"] for s in byes)
    assert all(not s.hrefs for s in byes)
    played = [s for s in first if s.status == "decided"]
    assert all(len(s.hrefs) >= 1 for s in played)
    ids = set(state.entrant_ids())
    words = {w for s in first for w in re.findall(r"[\w.-]+", s.note)}
    assert words and not words & ids


def test_third_place_match_sits_under_the_final(cup: DemoTournament) -> None:
    view = bracket_view(cup.state)
    third = view.third_place
    assert third is not None and third.label == "third-place match"
    final = view.columns[-1].slots[0]
    assert third.x == final.x and third.y > final.y + final.height
    bracket = bracket_of(cup.state)
    assert bracket.third_place is not None and bracket.third_place.winner is not None
    assert third.winner == cup.state.entrant_name(bracket.third_place.winner)
    assert third.y + third.height <= view.height


def test_tables_of_four_show_every_place_and_connect_to_the_final(
    cup_of_four: DemoTournament,
) -> None:
    """10 at tables of 4 sit 4, 3, 3 (no byes, no empty places), then a final of 3."""
    view = bracket_view(cup_of_four.state)
    assert view.sides == 4
    first = view.columns[0].slots
    assert sorted(len(s.entries) for s in first) == [3, 3, 4]
    assert all(e.state not in ("bye", "empty") for s in first for e in s.entries)
    present = [e for s in first for e in s.entries]
    assert len(present) == 10
    assert {e.seed for e in present} == set(range(1, 11))
    assert len(view.connectors) == len(first)
    final = view.columns[1].slots[0]
    assert final.x == first[0].x + BOX_WIDTH + 48
    assert min(s.y for s in first) < final.y < max(s.y for s in first)


def test_long_names_are_cut_to_fit_and_notes_name_entrants(cup: DemoTournament) -> None:
    assert fit("a" * 30) == "a" * 19 + "…" and fit("Ann") == "Ann"
    notes = [s.note for c in bracket_view(cup.state).columns for s in c.slots if s.note]
    ids = set(cup.state.entrant_ids())
    assert notes and not any(word in ids for n in notes for word in n.split())
    names = {cup.state.entrant_name(e) for e in ids}
    assert all(any(name in n for name in names) for n in notes if " won " in n)


def test_other_formats_have_no_bracket(swiss: DemoTournament) -> None:
    with pytest.raises(TournamentError, match="not an elimination event"):
        bracket_view(swiss.state)


def _eleven_at_fours() -> TournamentState:
    return pair(tournament(11, format="elimination", table_size=4, rounds=0))


def test_an_adjudicated_table_shows_its_result_and_every_player() -> None:
    """Issue 12: a tied table went to a deciding match, then the director adjudicated the
    table itself; the bracket showed the deciding match's scores and lost a player."""
    state = _eleven_at_fours()
    tables = state.rounds[0].tables
    for table in tables:
        sides = len(state.matches[table.match_id].sides)
        scores = (
            (61, 61, *([20] * (sides - 2))) if table is tables[-1] else (61, *([10] * (sides - 1)))
        )
        winners = (0, 1) if table is tables[-1] else (0,)
        state = apply(state, decide_record_result(state, table.match_id, scores, winners))
    state = apply(state, decide_pair_deciding_matches(state))
    deciding = state.deciding[-1].table
    state = apply(state, decide_record_result(state, deciding.match_id, (61, 40), (0,)))
    tied = tables[-1].match_id
    adjudicated = tuple(
        50 if side == 2 else 40 - 10 * side for side in range(len(state.matches[tied].sides))
    )
    state = apply(
        state, decide_adjudicate(state, tied, adjudicated, (2,), "scoresheet", replace=True)
    )
    view = bracket_view(state)
    slot = next(s for s in view.columns[0].slots if s.index == len(tables) - 1)
    match = state.matches[tied]
    assert [e.name for e in slot.entries] == [state.entrant_name(e) for e in match.sides]
    assert [e.score for e in slot.entries] == list(adjudicated)
    assert slot.winner == state.entrant_name(match.sides[2])
    assert "(adjudicated)" in slot.note


def test_an_empty_place_reads_empty_and_a_bye_reads_bye(cup: DemoTournament) -> None:
    """A knockout paired with empty places (the layout before full tables) shows them as
    empty; a real bye (one entrant at the table) still reads "bye"."""
    state = tournament(11, format="elimination", table_size=4, rounds=0)
    field = seeded(state, state.active_entrants())
    tables = [[field[s - 1] for s in t if s is not None] for t in places_layout(11, 4).first]
    old = RoundPaired(
        round=1,
        tables=tuple(
            PairedTable(i, tuple(t), f"club-night-r1-t{i}", recorded("old"))
            for i, t in enumerate(tables, 1)
        ),
    )
    view = bracket_view(apply(state, [old]))
    places = [e.state for s in view.columns[0].slots for e in s.entries]
    assert places.count("empty") == 5 and "bye" not in places
    assert all(
        e.name == "empty" for s in view.columns[0].slots for e in s.entries if e.state == "empty"
    )
    byes = [s for s in bracket_view(cup.state).columns[0].slots if s.status == "bye"]
    assert byes and all([e.state for e in s.entries] == ["winner", "bye"] for s in byes)
