"""The evening and the season, as a picture: the standings page's chart of each player's
(or pair's) match points after every round, and the series page's chart of each person's
series points after every night (`race_chart`), each with a table of the same numbers for
screen readers and for anyone who wants them exact."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from tourney.i18n import npage_, page_
from tourney.reports.race_chart import MOST_SIDES, race_chart
from tourney.season.series import Series, SeriesRow
from tourney.tournament.format import format_of
from tourney.tournament.matches import points_text
from tourney.tournament.standings.progress import points_by_round
from tourney.tournament.state import TournamentState


@dataclass(frozen=True)
class ProgressView:
    """A chart of points step by step and its table: ``steps`` the table's column headings
    (round 1, round 2...), ``rows`` each name and its points after each step, as text."""

    chart: str
    caption: str
    steps: tuple[str, ...]
    rows: tuple[tuple[str, tuple[str, ...]], ...]


def _progress(
    names: Sequence[str],
    points: Sequence[Sequence[Fraction]],
    step: str,
    heading: Callable[[int], str],
    title: str,
) -> ProgressView | None:
    """The view of ``points`` (each name's, from before the first step), the steps called
    ``step`` on the chart and ``heading(n)`` in the table; the chart draws the first
    `MOST_SIDES` names (the leaders), the table every name."""
    if not names or len(points[0]) < 2:
        return None
    shown = min(len(names), MOST_SIDES)
    spoken = [[points_text(p) for p in line] for line in points]
    chart = race_chart(
        names[:shown],
        [[float(p) for p in line] for line in points[:shown]],
        step,
        title=title,
        spoken=spoken[:shown],
    )
    caption = title + "."
    if shown < len(names):
        caption += " " + page_(
            "The chart shows the first {shown} of {num}; the table has everyone."
        ).format(shown=shown, num=len(names))
    return ProgressView(
        chart,
        caption,
        tuple(heading(n) for n in range(1, len(points[0]))),
        tuple((name, tuple(line[1:])) for name, line in zip(names, spoken, strict=True)),
    )


def standings_progress(state: TournamentState) -> ProgressView | None:
    """The standings page's chart: each entrant's match points after every round (none
    for a bracket, ranked by how far each went, nor before a round is paired)."""
    if format_of(state).bracket:
        return None
    progress = points_by_round(state)
    fmt = format_of(state)
    return _progress(
        [entrant.name for entrant in progress],
        [entrant.points for entrant in progress],
        page_("round"),
        lambda n: fmt.round_name(state, n),  # as the format names it: "Round 2 (pools)"
        page_("Match points after each round"),
    )


def series_progress(series: Series, rows: Sequence[SeriesRow]) -> ProgressView | None:
    """The series page's chart: each person's series points after every night, as the
    table counts them (with ``best N``, the best N nights so far)."""
    best = series.settings.best
    points = []
    for row in rows:
        line = [Fraction(0)]
        for night in range(1, len(row.points) + 1):
            played = sorted((p for p in row.points[:night] if p is not None), reverse=True)
            line.append(sum(played[:best] if best is not None else played, Fraction(0)))
        points.append(line)
    title = page_("Series points after each night")
    if best is not None:
        counts = npage_("best {n} night counts", "best {n} nights count", best)
        title += f" ({counts.format(n=best)})"
    return _progress(
        [row.name for row in rows],
        points,
        page_("night"),
        lambda n: page_("N{n}").format(n=n),
        title,
    )
