from __future__ import annotations

import re

import pytest

from tests.factories.demo_site import DemoTournament
from tourney.reports.bracket import BOX_WIDTH, bracket_view, fit, names_for_ids
from tourney.tournament.state import TournamentError, bracket_of


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
    view = bracket_view(cup_of_four.state)
    assert view.sides == 4
    first = view.columns[0].slots
    assert all(len(s.entries) == 4 for s in first)
    present = [e for s in first for e in s.entries if e.state != "bye"]
    assert len(present) == 10
    assert {e.seed for e in present} == set(range(1, 11))
    assert len(view.connectors) == len(first)
    final = view.columns[1].slots[0]
    assert final.x == first[0].x + BOX_WIDTH + 48
    assert min(s.y for s in first) < final.y < max(s.y for s in first)


def test_long_names_are_cut_to_fit_and_ids_become_names(cup: DemoTournament) -> None:
    assert fit("a" * 30) == "a" * 19 + "…" and fit("Ann") == "Ann"
    entrant = cup.state.entrant_ids()[0]
    assert names_for_ids(cup.state, f"{entrant} won m-1") == (
        f"{cup.state.entrant_name(entrant)} won m-1"
    )


def test_other_formats_have_no_bracket(swiss: DemoTournament) -> None:
    with pytest.raises(TournamentError, match="not an elimination event"):
        bracket_view(swiss.state)
