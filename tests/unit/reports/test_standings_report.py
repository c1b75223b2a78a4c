from __future__ import annotations

import csv
import io
import json

import pytest

from tests.factories.demo_site import FORMULA_NAME, HOSTILE_NAME, DemoTournament
from tourney.reports.spreadsheet import csv_text, neutralise
from tourney.reports.standings import (
    standings_csv,
    standings_json,
    standings_markdown,
    standings_view,
)
from tourney.tournament.standings.rows import COLUMNS
from tourney.tournament.standings.standings import standings_of


@pytest.mark.parametrize("start", ["=", "+", "-", "@", "\t", "\r"])
def test_formula_starts_are_neutralised(start: str) -> None:
    assert neutralise(f"{start}SUM(A1)") == f"'{start}SUM(A1)"


@pytest.mark.parametrize("cell", ["Ann", "", "12", "1=", " =x", "'=x"])
def test_ordinary_cells_are_left_alone(cell: str) -> None:
    assert neutralise(cell) == cell


def test_csv_text_neutralises_header_and_cells() -> None:
    text = csv_text(["=h"], [["@x"], ["plain"]])
    assert list(csv.reader(io.StringIO(text))) == [["'=h"], ["'@x"], ["plain"]]


def test_the_view_follows_the_core_standings(swiss: DemoTournament) -> None:
    view = standings_view(swiss.state)
    rows = standings_of(swiss.state)
    assert [line.cells for line in view.lines] == [row.cells() for row in rows]
    assert view.leaders == tuple(r.name for r in rows if r.rank == 1)
    assert view.complete
    assert view.labels[0] == "Rank" and len(view.labels) == len(COLUMNS)


def test_csv_export_reads_back_with_formulas_defused(swiss: DemoTournament) -> None:
    view = standings_view(swiss.state)
    rows = list(csv.reader(io.StringIO(standings_csv(view))))
    assert rows[0] == list(COLUMNS)
    names = [row[1] for row in rows[1:]]
    assert "'" + FORMULA_NAME in names and FORMULA_NAME not in names
    assert HOSTILE_NAME in names
    assert len(rows) == 1 + len(view.lines)


def test_markdown_escapes_names(swiss: DemoTournament) -> None:
    text = standings_markdown(standings_view(swiss.state))
    lines = text.splitlines()
    assert lines[0] == "# Club Night: standings"
    assert HOSTILE_NAME not in text
    assert "\\<script\\>alert\\(1\\)\\</script\\>" in text
    body = [line for line in lines[4:] if line]
    assert len(body) == 13 and all(line.count(" | ") == len(COLUMNS) - 1 for line in body)


def test_json_export_holds_exact_values(swiss: DemoTournament) -> None:
    document = json.loads(standings_json(swiss.state))
    assert document["tournament"]["name"] == "Club Night"
    assert document["tournament"]["paired"] == 3
    rows = standings_of(swiss.state)
    assert [r["entrant_id"] for r in document["standings"]] == [r.entrant_id for r in rows]
    assert document["standings"][0]["match_points"] == str(rows[0].match_points)
