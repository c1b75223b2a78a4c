"""Standings as a page, and as Markdown, CSV and JSON exports of the same rows.

The views are named tuples, and the module does without ``from __future__ import
annotations`` (`typing.NamedTuple` would compile each string annotation): `tourney
standings` defines them on each run (bench/FINDINGS.md, "standings toward 12x")."""

import json
from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from tourney.gamekit import game
from tourney.i18n import page_, page_mark
from tourney.reports.heading import Heading, heading_of
from tourney.tournament.events import TIE_BREAK_WORDS
from tourney.tournament.standings.rows import COLUMNS, StandingRow
from tourney.tournament.standings.standings import standings_of
from tourney.tournament.state import TournamentState

COLUMN_LABELS = {
    "rank": page_mark("Rank"),
    "name": page_mark("Name"),
    "club": page_mark("Club"),
    "points": page_mark("Points"),
    "penalty": page_mark("Penalty"),
    "played": page_mark("Played"),
    "wins": page_mark("Wins"),
    "shared": page_mark("Shared"),
    "losses": page_mark("Losses"),
    "byes": page_mark("Byes"),
    "buchholz": page_mark("Opponents (avg)"),
    "scored": page_mark("Game points"),  # Racehorse: "Net units" (the game's `scored`)
    "status": page_mark("Status"),
    "prize": page_mark("Prize"),
}

NUMERIC = frozenset(
    {
        "points",
        "penalty",
        "played",
        "wins",
        "shared",
        "losses",
        "byes",
        "buchholz",
        "scored",
        "prize",
    }
)


class StandingLine(NamedTuple):
    entrant_id: str
    rank: int
    cells: tuple[str, ...]
    decimal_cells: tuple[str, ...]
    leader: bool
    withdrawn: bool


class StandingsView(NamedTuple):
    heading: Heading
    columns: tuple[str, ...]
    labels: tuple[str, ...]
    numeric: tuple[bool, ...]
    lines: tuple[StandingLine, ...]
    leaders: tuple[str, ...]
    complete: bool
    tie_breaks: tuple[str, ...]
    mixed_tables: str
    """The table sizes a field mixes, in words (what the opponents' average makes fair)."""

    shown: tuple[int, ...] = ()
    """The columns worth showing a person: rank and name, then those with something to
    say this time (no clubs, no byes... are left out). Files keep every column."""


WITHDRAWN = page_mark("withdrawn")


def _shown(cells: tuple[str, ...]) -> tuple[str, ...]:
    """A row's cells as the page shows them: the status in the reader's language."""
    return tuple(page_(c) if c == WITHDRAWN else c for c in cells)


def standings_view(state: TournamentState) -> StandingsView:
    """The standings of `state`; `leaders` are the names ranked first."""
    rows = standings_of(state)
    heading = heading_of(state)
    lines = tuple(
        StandingLine(
            r.entrant_id,
            r.rank,
            _shown(r.cells()),
            r.cells(decimals=True),
            r.rank == 1,
            r.withdrawn,
        )
        for r in rows
    )
    unfinished = any(m.outcome is None for m in state.matches.values())
    played = game(state.created.game)
    scored = played.scored
    mixed = played.display.table_sizes_text
    labels = {**COLUMN_LABELS, "scored": page_(scored).capitalize()}
    words = {**TIE_BREAK_WORDS, "scored": page_("{points} scored").format(points=page_(scored))}
    said = {i for i in range(len(COLUMNS)) if any(line.cells[i] not in ("", "0") for line in lines)}
    if COLUMNS.index("penalty") in said:  # the points net of a penalty, even when all are 0
        said.add(COLUMNS.index("points"))
    shown = tuple(i for i in range(len(COLUMNS)) if i < 2 or i in said)
    return StandingsView(
        heading=heading,
        columns=COLUMNS,
        labels=tuple(page_(labels[c]) for c in COLUMNS),
        numeric=tuple(c in NUMERIC for c in COLUMNS),
        lines=lines,
        leaders=tuple(r.name for r in rows if r.rank == 1),
        complete=heading.paired >= heading.rounds and not unfinished,
        tie_breaks=tuple(page_(words[t]) for t in state.created.tie_breaks),
        mixed_tables=page_("tables of {sizes}").format(sizes=page_(mixed)),
        shown=shown,
    )


def _markdown_cell(text: str) -> str:
    """Escape Markdown's punctuation so a name is shown, never interpreted."""
    out = []
    for char in text:
        if char in "\\`*_{}[]()<>#+-.!|~&":
            out.append("\\" + char)
        else:
            out.append(char)
    return "".join(out).replace("\n", " ")


def standings_markdown(view: StandingsView) -> str:
    """A Markdown document: a title line and one pipe table."""
    title = _markdown_cell(view.heading.name)
    lines = [
        "# " + page_("{title}: standings").format(title=title),
        "",
        "| " + " | ".join(view.labels) + " |",
        "|" + "|".join("---:" if n else "---" for n in view.numeric) + "|",
    ]
    for line in view.lines:
        lines.append("| " + " | ".join(_markdown_cell(c) for c in line.cells) + " |")
    return "\n".join(lines) + "\n"


def standings_csv(view: StandingsView) -> str:
    """CSV for spreadsheets: fractions as decimals (``2.333``, not ``2 1/3``)."""
    from tourney.reports.spreadsheet import csv_text

    return csv_text(view.columns, (line.decimal_cells for line in view.lines))


def standings_csv_of(state: TournamentState) -> str:
    """`standings_csv` of `standings_view(state)`, without the view: a file's header is the
    columns' keys, never a label in the game's words, so `tourney standings --csv` loads no
    game (finding one reads every installed distribution's entry points: ~90 M
    instructions, 2x `python -c pass`)."""
    from tourney.reports.spreadsheet import csv_text

    return csv_text(COLUMNS, (row.cells(decimals=True) for row in standings_of(state)))


def standings_json(state: TournamentState) -> str:
    """JSON: the tournament's heading and every row's exact values."""
    rows: tuple[StandingRow, ...] = standings_of(state)
    heading = heading_of(state)
    tournament = {
        "name": heading.name,
        "slug": heading.slug,
        "format": heading.format,
        "rounds": heading.rounds,
        "paired": heading.paired,
    }
    return standings_json_of(tournament, [row.to_dict() for row in rows])


def standings_json_of(tournament: Mapping[str, Any], rows: Sequence[Mapping[str, Any]]) -> str:
    """The JSON document of `standings_json` from its parts: the heading (name, slug,
    format, rounds, paired) and the rows as `StandingRow.to_dict()` gives them (the read
    model `standings_views` stores exactly those)."""
    document = {"tournament": dict(tournament), "standings": [dict(row) for row in rows]}
    return json.dumps(document, ensure_ascii=False, indent=2) + "\n"
