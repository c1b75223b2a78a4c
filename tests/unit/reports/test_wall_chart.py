from __future__ import annotations

from dataclasses import replace

import pytest

from tests.factories.demo_site import DemoTournament
from tourney import i18n
from tourney.reports.results import legend, result_mark
from tourney.reports.wall_chart import wall_chart
from tourney.tournament.results.result_marks import CODES, letters, result_codes
from tourney.tournament.standings.standings import standings_of


def test_a_row_per_entrant_a_cell_per_round_in_standings_order(swiss: DemoTournament) -> None:
    chart = wall_chart(swiss.state, frozenset(swiss.matches))
    rows = standings_of(swiss.state)
    assert [r.entrant_id for r in chart.rows] == [r.entrant_id for r in rows]
    assert chart.rounds == (1, 2, 3)
    for row, standing in zip(chart.rows, rows, strict=True):
        assert len(row.cells) == 3
        marks = [c.mark for c in row.cells]
        assert marks.count("W") == standing.wins
        assert marks.count("W=") == standing.shared_wins
        assert marks.count("L") == standing.losses
        for cell, number in zip(row.cells, chart.rounds, strict=True):
            record = next(m for m in swiss.state.round_matches(number) if row.entrant_id in m.sides)
            assert cell.table == record.table
            assert cell.href == f"match-{record.match_id}.html"
            assert len(cell.opponents) == len(record.sides) - 1


def test_byes_show_as_byes(cup: DemoTournament) -> None:
    chart = wall_chart(cup.state)
    byes = [c for row in chart.rows for c in row.cells if c.bye]
    assert len(byes) == len(cup.state.byes()) == 5
    assert all(c.href is None for row in chart.rows for c in row.cells)


@pytest.mark.parametrize(
    ("language", "win", "loss"), [("en", "W", "L"), ("it", "V", "P"), ("ru", "В", "П")]
)
def test_result_letters_are_the_clubs_own_with_a_legend(
    swiss: DemoTournament, language: str, win: str, loss: str
) -> None:
    """The letters in a cell are the reader's (Italian V/P, Russian В/П), each once in the
    legend with its meaning; no two results share a letter."""
    with i18n.using(language):
        chart = wall_chart(swiss.state, frozenset(swiss.matches))
        said = letters()
    marks = [c.mark for row in chart.rows for c in row.cells if c.mark]
    assert win in marks and loss in marks
    shown = dict(chart.legend)
    assert len(shown) == len(CODES) == len(set(said.values()))
    assert all(part in shown for mark in marks for part in mark.split())
    if language != "en":
        english = {"W", "W=", "L", "V", "F", "A", "P", "Tm", "R"}
        assert not {m for mark in marks for m in mark.split()} & (english - set(said.values()))
        assert all(meaning != code for code, meaning in zip(CODES, shown.values(), strict=True))


def test_every_result_a_cell_can_show_has_its_letter(swiss: DemoTournament) -> None:
    """A match stopped by the clock shows Tm, and the legend says what Tm is (it did not)."""
    record = next(iter(swiss.state.matches.values()))
    outcome = record.outcome
    assert outcome is not None
    timed = replace(record, outcome=replace(outcome, kind="time"))
    assert result_codes(timed, outcome.winners[0]) == ("win", "time")
    with i18n.using("ru"):
        assert result_mark(timed, outcome.winners[0]) == "В Вр"
        assert ("Вр", "остановлен по времени") in legend()
