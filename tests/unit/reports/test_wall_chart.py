from __future__ import annotations

from tests.factories.demo_site import DemoTournament
from tourney.reports.wall_chart import wall_chart
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
