from __future__ import annotations

import pytest

from tests.factories.demo_site import DemoTournament
from tourney.games.horserace.sheet import HAND_ROWS
from tourney.reports.rounds import round_view, table_cards
from tourney.reports.scoresheets import blank_sheets
from tourney.tournament.state import TournamentError


def test_a_blank_sheet_for_every_table_with_players_by_seat(swiss: DemoTournament) -> None:
    state = swiss.state
    sheets = blank_sheets(state, 2)
    records = sorted(state.round_matches(2), key=lambda m: m.table)
    assert [s.table for s in sheets] == [m.table for m in records] == [1, 2, 3, 4]
    for sheet, record in zip(sheets, records, strict=True):
        assert sheet.match_id == record.match_id
        assert [s.player_id for s in sheet.seats] == list(record.seats)
        assert [s.number for s in sheet.seats] == list(range(1, len(record.seats) + 1))
        assert sheet.signers == tuple(state.players[p].name for p in record.seats)
        assert sheet.hands == tuple(range(1, HAND_ROWS + 1))
        assert sheet.heading.name == "Club Night" and sheet.round_name == "Round 2"
    assert [len(s.seats) for s in sheets] == [4, 3, 3, 3]


def test_partnership_sheets_have_two_sides_of_two(pairs: DemoTournament) -> None:
    for sheet in blank_sheets(pairs.state, 1):
        assert len(sheet.sides) == 2
        assert [s.side for s in sheet.seats] == [0, 1, 0, 1]
        assert sheet.sides[0].members == (sheet.seats[0].name, sheet.seats[2].name)
        assert sheet.sides[1].name == pairs.state.entrant_name(sheet.sides[1].entrant_id)


def test_an_unpaired_round_is_refused(swiss: DemoTournament) -> None:
    with pytest.raises(TournamentError, match="round 4 of 'Club Night' has not been paired"):
        blank_sheets(swiss.state, 4)
    with pytest.raises(TournamentError):
        round_view(swiss.state, 0)


def test_pairings_show_results_and_link_only_matches_with_sheets(swiss: DemoTournament) -> None:
    some = {swiss.state.rounds[0].tables[0].match_id}
    view = round_view(swiss.state, 1, some)
    assert [t.sheet_href is not None for t in view.tables] == [True, False, False, False]
    assert view.tables[0].sheet_href == f"match-{view.tables[0].match_id}.html"
    for table in view.tables:
        assert " won (" in table.result or table.result.startswith("shared win")
        assert table.why.text


def test_knockout_rounds_name_their_byes_and_stages(cup: DemoTournament) -> None:
    view = round_view(cup.state, 1)
    assert len(view.byes) == 5  # 11 entrants in a bracket of 16
    assert round_view(cup.state, 4).name == "Round 4 (final)"
    assert round_view(cup.state, 3).name == "Round 3 (semi-finals)"
    final = round_view(cup.state, 4)
    assert len(final.tables) == 2  # the final and the third-place match


def test_table_cards_follow_the_pairings(swiss: DemoTournament) -> None:
    cards = table_cards(swiss.state, 3)
    view = round_view(swiss.state, 3)
    assert [(c.table, c.seats) for c in cards] == [(t.number, t.seats) for t in view.tables]


def test_every_sheet_says_its_own_table_size(swiss: DemoTournament) -> None:
    """A table of 3 in a field paired at tables of 4 is not "tables of 4" on its own sheet
    (issue 25, defect 5), blank or completed; the tournament's heading still says 4."""
    from tourney.reports.scoresheets import completed_sheet

    state = swiss.state
    for number in range(1, len(state.rounds) + 1):
        for sheet in blank_sheets(state, number):
            size = len(sheet.seats)
            assert sheet.play_label.startswith(f"tables of {size},"), sheet.play_label
    threes = [m for m in swiss.matches if len(state.matches[m].seats) == 3]
    assert threes
    for match_id in threes:
        record = state.matches[match_id]
        played = completed_sheet(state, record, swiss.matches[match_id], swiss.events[match_id])
        assert played.play_label.startswith("tables of 3,"), played.play_label
        assert played.heading.play_label.startswith("tables of 4,")
