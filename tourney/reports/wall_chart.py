"""The wall chart: one row per entrant, one column per round, in standings order."""

from __future__ import annotations

from dataclasses import dataclass

from tourney.reports import paths
from tourney.reports.heading import Heading, heading_of
from tourney.reports.results import legend, result_mark
from tourney.tournament.matches import points_text
from tourney.tournament.standings.standings import standings_of
from tourney.tournament.state import TournamentState


@dataclass(frozen=True)
class WallCell:
    """What an entrant did in one round: a table (`table` set), a bye, or nothing."""

    table: int | None
    bye: bool
    mark: str
    score: int | None
    opponents: tuple[str, ...]
    href: str | None


@dataclass(frozen=True)
class WallRow:
    rank: str
    entrant_id: str
    name: str
    cells: tuple[WallCell, ...]
    points: str


@dataclass(frozen=True)
class WallChart:
    heading: Heading
    rounds: tuple[int, ...]
    rows: tuple[WallRow, ...]
    legend: tuple[tuple[str, str], ...]
    """Each result letter and its meaning, in the reader's language."""


EMPTY = WallCell(None, False, "", None, (), None)


def wall_chart(state: TournamentState, sheets: frozenset[str] = frozenset()) -> WallChart:
    """The chart of every entrant by every paired round; cells of matches in `sheets` link
    to their completed scoresheet."""
    rounds = tuple(range(1, len(state.rounds) + 1))
    cells: dict[tuple[str, int], WallCell] = {}
    for record in state.matches.values():
        for side, entrant in enumerate(record.sides):
            outcome = record.outcome
            cell = WallCell(
                table=record.table,
                bye=False,
                mark=result_mark(record, side),
                score=None if outcome is None else outcome.scores[side],
                opponents=tuple(state.entrant_name(o) for o in record.sides if o != entrant),
                href=paths.match_page(record.match_id) if record.match_id in sheets else None,
            )
            # Rotating partners: a round's partnership stands for each of its two players.
            team = state.teams.get(entrant) if state.rotating else None
            for holder in team.members if team is not None else (entrant,):
                # A deciding match is the later table: it shows, the first match is in its sheet.
                key = (holder, record.round)
                if key not in cells or record.decides is not None:
                    cells[key] = cell
    for paired in state.rounds:
        for entrant in paired.byes:
            cells[(entrant, paired.round)] = WallCell(None, True, "bye", None, (), None)
    rows = tuple(
        WallRow(
            rank=row.rank_text,
            entrant_id=row.entrant_id,
            name=row.name,
            cells=tuple(cells.get((row.entrant_id, n), EMPTY) for n in rounds),
            points=points_text(row.match_points),
        )
        for row in standings_of(state)
    )
    return WallChart(heading_of(state), rounds, rows, legend())
