"""The standings page's chart of each player's match points by round and the series page's
of the season's points by night (issue 36): drawn by the server in black only (each line its
own dash and marker, its name at its end), a text equivalent of every value, the same numbers
as a table for everyone, sized to read on a 390 px phone, in the page's language."""

from __future__ import annotations

import html
import re
from fractions import Fraction
from pathlib import Path

import pytest

from tests.factories.demo_site import DemoTournament, demo_tournament, publish_demo
from tests.unit.tournament.factory import tournament
from tourney.i18n import using
from tourney.reports.progress_chart import series_progress, standings_progress
from tourney.season.series import Series, SeriesCreated, SeriesRow
from tourney.tournament.matches import points_text
from tourney.tournament.standings.progress import points_by_round

PHONE_TEXT = 366  # a 390 px screen less the page's margins


def figure(page: str, id_: str) -> str:
    found = re.search(rf'<figure class="race progress" id="{id_}">.*?</figure>', page, re.S)
    assert found, page
    return found.group(0)


def numbers(page: str, id_: str) -> dict[str, list[str]]:
    """The folded table under the chart: each name's cells."""
    found = re.search(rf'<details[^>]* id="{id_}-numbers">(.*?)</details>', page, re.S)
    assert found, page
    rows = re.findall(r"<tr><td>([^<]*)</td>(.*?)</tr>", found.group(1))
    return {
        html.unescape(name): re.findall(r'<td class="num">([^<]*)</td>', cells)
        for name, cells in rows
    }


def check_drawn_for_a_phone_in_black(svg: str) -> None:
    width = float(re.search(r'viewBox="0 0 ([\d.]+) ', svg).group(1))  # type: ignore[union-attr]
    sizes = [float(s) for s in re.findall(r'font-size="([\d.]+)"', svg)]
    assert min(sizes) * PHONE_TEXT / width >= 10, (width, min(sizes))
    colours = set(re.findall(r'(?:fill|stroke)="([^"]+)"', svg))
    assert colours <= {"#000", "none"}, colours
    sides = svg.split('<g class="side ')[1:]
    looks = set()
    for side in sides:
        dash = re.search(r'<polyline [^>]*?(stroke-dasharray="[^"]+")?/>', side)
        shape = re.search(r'<g fill="#000"><(\w+)', side)
        assert dash is not None and shape is not None
        looks.add((dash.group(1), shape.group(1)))
        # the key beside the name draws the same dash and marker
        key = side[side.index("</g>") :]
        assert (dash.group(1) or "stroke-width") in key and f"<{shape.group(1)} " in key
    assert len(looks) == len(sides)  # no two lines told apart by colour alone


@pytest.fixture(scope="module")
def swiss() -> DemoTournament:
    return demo_tournament(5, players=12, rounds=3, table_size=3, name="Progress Night")


def test_the_standings_page_draws_each_players_points_by_round(
    swiss: DemoTournament, tmp_path: Path
) -> None:
    publish_demo(tmp_path, swiss)
    page = (tmp_path / "standings.html").read_text(encoding="utf-8")
    drawn = figure(page, "points-by-round")
    check_drawn_for_a_phone_in_black(drawn)
    progress = points_by_round(swiss.state)
    said = html.unescape(re.search(r'aria-label="([^"]*)"', drawn).group(1))  # type: ignore[union-attr]
    # the leaders drawn (eight lines), each value said in the text equivalent
    assert drawn.count('<g class="side ') == 8
    for entrant in progress[:8]:
        assert f"{entrant.name}: {', '.join(map(points_text, entrant.points))}" in said
    assert progress[8].name + ":" not in said
    assert "the first 8 of 12; the table has everyone" in drawn
    # the table has everyone, round by round
    table = numbers(page, "points-by-round")
    assert table == {e.name: [points_text(p) for p in e.points[1:]] for e in progress}
    assert re.search(r"<th class=\"num\">Round 1</th>.*Round 3</th>", page)


def test_a_bracket_and_a_night_not_yet_paired_have_no_chart(tmp_path: Path) -> None:
    cup = demo_tournament(12, players=5, format="elimination", table_size=2, name="Cup")
    publish_demo(tmp_path, cup)
    assert "points-by-round" not in (tmp_path / "standings.html").read_text(encoding="utf-8")
    assert standings_progress(cup.state) is None
    assert standings_progress(tournament(6, table_size=3)) is None  # nothing paired


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("it", ("Punti partita dopo ogni turno", "turno", "Turno 1", "In numeri")),
        ("ru", ("Очки за матчи после каждого тура", "тур", "Тур 1", "То же в цифрах")),
    ],
)
def test_the_chart_speaks_the_pages_language(
    swiss: DemoTournament, language: str, words: tuple[str, ...]
) -> None:
    with using(language):
        view = standings_progress(swiss.state)
    assert view is not None
    assert words[0] in view.caption and words[0] in view.chart
    assert f">{words[1]}</text>" in view.chart and view.steps[0] == words[2]


def _row(name: str, points: tuple[Fraction | None, ...]) -> SeriesRow:
    played = [p for p in points if p is not None]
    total = sum(played, Fraction(0))
    return SeriesRow(1, False, name, name, points, frozenset(), total, total, len(played), True)


def test_the_series_chart_counts_the_best_nights_so_far() -> None:
    series = Series(SeriesCreated("League", "match-points", best=2), ("a", "b", "c", "d"))
    rows = [
        _row("Ana", (Fraction(3), None, Fraction(5), Fraction(4))),
        _row("Bo", (Fraction(1), Fraction(5, 2), Fraction(1), None)),
    ]
    view = series_progress(series, rows)
    assert view is not None
    assert view.steps == ("N1", "N2", "N3", "N4")
    # Ana: 3, 3 (not played), 3+5, then 5+4 (the best two of three)
    assert dict(view.rows) == {"Ana": ("3", "3", "8", "9"), "Bo": ("1", "3½", "3½", "3½")}
    assert "Ana: 0, 3, 3, 8, 9" in view.chart and "(best 2 nights count)" in view.caption
    check_drawn_for_a_phone_in_black(view.chart)
    every = Series(SeriesCreated("League", "match-points"), ("a", "b"))
    view = series_progress(every, [_row("Ana", (Fraction(3), Fraction(5)))])
    assert view is not None and dict(view.rows) == {"Ana": ("3", "8")}
