"""`tourney standings`: the table, in the terminal or as JSON or CSV.

Without ``from __future__ import annotations``: Typer reads a command's parameters' types,
and a string annotation costs it a compile each (~0.7 M instructions per parameter, for a
command that runs in ~470 M); names only for type checking are quoted."""

from typing import TYPE_CHECKING, Annotated

import typer

from tourney.cli.director_options import TournamentOpt, open_director
from tourney.cli.options import Db, json_flag
from tourney.cli.scorer_io import echo
from tourney.i18n import N_, _

if TYPE_CHECKING:
    from tourney.reports.standings import StandingsView
    from tourney.tournament.state import TournamentState


def standings(
    tournament: TournamentOpt = None,
    as_csv: Annotated[bool, typer.Option("--csv", help="Print CSV (formula-safe cells).")] = False,
    db: Db = None,
    as_json: Annotated[bool, json_flag("the standings")] = False,
    stage: Annotated[
        str | None,
        typer.Option(
            help="Groups: pools (each pool's table, who advances and why) or knockout (the "
            "bracket). Without it a groups tournament shows the overall table, then both.",
            show_default=False,
        ),
    ] = None,
) -> None:
    """Show the standings: match points, then the tournament's tie-breaks in order.

    Shared wins score as the tournament says (1/k by default); withdrawn players stay, marked.
    A player who did not turn up (a no-show) or withdrew ranks below everyone with as many
    match points who played. Tie-breaks (set at creation): buchholz is the opponents'
    average match points (averaged over the opponents met, so tables of 3 and 4 compare),
    scored the game points scored, head_to_head the points among the tied. An unplayed
    round (a bye, a no-show, a forfeit, a withdrawal's later rounds) counts in buchholz as
    FIDE's virtual opponent: the player's points before it, plus what they did not score
    in it, plus an even share for each later round; an opponent's unplayed rounds count
    as even shares (docs/standings.md). --csv writes decimals (2.333) for spreadsheets.
    A line under the table says which results are still missing in the current round.
    With --prizes (tournament create) the Prize column shows what each place wins now;
    players level after every tie-break share the prizes of the places they cover.

    Example: tourney standings --csv > standings.csv
    """
    from tourney.reports import standings as report

    with open_director(db, reads=True) as director:
        # Text, CSV and JSON from one source, the tournament's stream folded (the wall
        # display reads the same standings from the read model, which the tests hold equal).
        state = director.load(director.resolve(tournament)).state
        if stage is not None:
            _print_stage(state, stage, as_json, as_csv)
            return
        # JSON and CSV say no word of the game's (its columns are keys): they load no game,
        # and none of the missing tables' pairing modules (tests/cli/test_command_imports.py).
        if as_json:
            typer.echo(report.standings_json(state), nl=False)
            return
        if as_csv:
            typer.echo(report.standings_csv_of(state), nl=False)
            return
        from tourney.tournament.format import format_of
        from tourney.tournament.seating.pairing import missing_tables, tables_text

        print_standings(report.standings_view(state))
        if format_of(state).has_pools:
            _print_stage(state, "pools", False, False)
            _print_stage(state, "knockout", False, False)
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
    N_("Penalty"),
    N_("Played"),
    N_("Wins"),
    N_("Shared"),
    N_("Losses"),
    N_("Byes"),
    N_("Opponents (avg)"),
    N_("Game points"),
    N_("Net units"),
    N_("Status"),
    N_("Prize"),
)


def _print_stage(state: "TournamentState", stage: str, as_json: bool, as_csv: bool) -> None:
    """One stage of a groups tournament: each pool's table, or the knockout."""
    import json

    from tourney.errors import TourneyError
    from tourney.reports.pools import (
        check_groups,
        knockout_json,
        knockout_lines,
        pools_json,
        pools_view,
    )

    if stage not in ("pools", "knockout"):
        raise TourneyError(_("--stage {stage!r}: choose pools or knockout").format(stage=stage))
    check_groups(state)
    if as_csv:
        raise TourneyError(_("--stage with --csv: a stage prints as text or --json"))
    if as_json:
        payload = pools_json(pools_view(state)) if stage == "pools" else knockout_json(state)
        typer.echo(json.dumps(payload, ensure_ascii=False))
        return
    if stage == "knockout":
        echo(_("Stage 2: the knockout"))
        for text in knockout_lines(state):
            echo(f"  {text}")
        return
    from tourney.cli.notes_text import said

    view = pools_view(state)
    echo(
        _("Stage 1: the pools (the top {advance} of each go through)").format(advance=view.advance)
    )
    if not view.pools:
        echo("  " + _("The pools are formed when round 1 is paired."))
    labels = (_("Pts"), _("Pld"), _("W"), _("L"), _("Byes"), _("Opp"), _("Scrd"))
    header = "  ".join(f"{label:>4}" for label in labels)
    for pool in view.pools:
        echo(_("Pool {letter}").format(letter=pool.letter))
        name = _("Name")
        echo(f"  {'#':>3}  {name:<24} {header}")
        for line in pool.lines:
            numbers = "  ".join(f"{c:>4}" for c in line.cells)
            echo(f"  {line.rank:>3}  {line.name:<24} {numbers}  {line.status}")
        for note in pool.said:
            echo(_("  note: {note}").format(note=said(state, note)))


PLAIN_ROWS = 500
"""Above this many lines the standings print as plain aligned columns, without the box: a
long table is read in a pager or a file, where the box's lines are noise."""


def print_standings(view: "StandingsView") -> None:
    """The standings as a table in the terminal (`tourney.cli.text_table`: boxed, the
    leader's line bold and a withdrawn player's dim; plain aligned columns beyond
    `PLAIN_ROWS` lines). Every cell is plain text: a name like ``[red]Eve`` is shown as
    typed, and control characters are shown as escapes (never sent to the terminal)."""
    from tourney.cli.text_table import boxed, columns
    from tourney.errors import printable

    heading = view.heading
    done = (
        _("round {paired} of {rounds}").format(paired=heading.paired, rounds=heading.rounds)
        if heading.paired
        else _("no round yet")
    )
    keep = view.shown
    labels = [_(view.labels[i]) for i in keep]
    rows = [[printable(line.cells[i]) for i in keep] for line in view.lines]
    numeric = [view.numeric[i] for i in keep]
    title = _("{name} — standings ({done}; {play_label})").format(
        name=heading.name, done=done, play_label=heading.play_label
    )
    echo(title)
    if len(view.lines) > PLAIN_ROWS:
        typer.echo(columns(labels, rows, numeric))
        return
    styles = ["dim" if line.withdrawn else ("bold" if line.leader else None) for line in view.lines]
    typer.echo("\n".join(boxed(labels, rows, numeric, styles)))


def register(root: typer.Typer) -> None:
    root.command(rich_help_panel="Director")(standings)
