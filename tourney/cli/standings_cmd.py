"""`tourney standings`: the table, in the terminal or as JSON or CSV."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from tourney.cli.director_options import TournamentOpt, open_director
from tourney.cli.options import Db, json_flag
from tourney.cli.scorer_io import echo
from tourney.i18n import N_, _

if TYPE_CHECKING:
    from tourney.reports.standings import StandingsView


def standings(
    tournament: TournamentOpt = None,
    as_csv: Annotated[bool, typer.Option("--csv", help="Print CSV (formula-safe cells).")] = False,
    db: Db = None,
    as_json: Annotated[bool, json_flag("the standings")] = False,
) -> None:
    """Show the standings: match points, then the tournament's tie-breaks in order.

    Shared wins score as the tournament says (1/k by default); withdrawn players stay, marked.
    Tie-breaks (set at creation): buchholz is the opponents' average match points (averaged
    over the opponents met, so tables of 3 and 4 compare), scored the game points scored,
    head_to_head the points among the tied. --csv writes decimals (2.333) for spreadsheets.
    A line under the table says which results are still missing in the current round.

    Example: tourney standings --csv > standings.csv
    """
    from tourney.reports.standings import standings_csv, standings_json, standings_view
    from tourney.tournament.pairing import missing_tables, tables_text

    with open_director(db, reads=True) as director:
        # Text, CSV and JSON from one source, the tournament's stream folded (the wall
        # display reads the same standings from the read model, which the tests hold equal).
        state = director.load(director.resolve(tournament)).state
        if as_json:
            typer.echo(standings_json(state), nl=False)
            return
        view = standings_view(state)
        if as_csv:
            typer.echo(standings_csv(view), nl=False)
            return
        print_standings(view)
        if state.rounds:
            missing = missing_tables(state, len(state.rounds))
            if missing:
                echo(
                    _("Round {count}: results still missing at {tables_text}").format(
                        count=len(state.rounds), tables_text=tables_text(missing)
                    )
                )


# The standings' column labels (tourney.reports.standings.COLUMN_LABELS), as the CLI reads them.
_LABELS = (
    N_("Rank"),
    N_("Name"),
    N_("Club"),
    N_("Points"),
    N_("Played"),
    N_("Wins"),
    N_("Shared"),
    N_("Losses"),
    N_("Byes"),
    N_("Opponents (avg)"),
    N_("Game points"),
    N_("Net units"),
    N_("Status"),
)


def print_standings(view: StandingsView) -> None:
    """The standings as a rich table in the terminal. Every cell is plain text: a name like
    ``[red]Eve`` is shown as typed (never read as Rich markup), and control characters are
    shown as escapes (never sent to the terminal)."""
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    from tourney.errors import printable

    heading = view.heading
    done = (
        _("round {paired} of {rounds}").format(paired=heading.paired, rounds=heading.rounds)
        if heading.paired
        else _("no round yet")
    )
    keep = view.shown
    # The heading on a line of its own: as the table's title it was wrapped to the width of
    # the table, which is two narrow columns before any result.
    title = Text(
        printable(
            _("{name} — standings ({done}; {play_label})").format(
                name=heading.name, done=done, play_label=heading.play_label
            )
        )
    )
    table = Table()
    for i in keep:
        table.add_column(
            _(view.labels[i]), justify="right" if view.numeric[i] else "left", no_wrap=True
        )
    for line in view.lines:
        style = "dim" if line.withdrawn else ("bold" if line.leader else None)
        table.add_row(*(Text(printable(line.cells[i])) for i in keep), style=style)
    console = Console()
    console.width = max(console.width, 120)
    console.print(title)
    console.print(table)


def register(root: typer.Typer) -> None:
    root.command(rich_help_panel="Director")(standings)
