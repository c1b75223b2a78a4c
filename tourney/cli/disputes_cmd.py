"""`tourney disputes`: results disputed at the tables, listed and upheld. (A disputed result
is replaced by entering the right one: `tourney director result ... --replace`, or
adjudicate, forfeit, no-show, void; that closes its disputes as replaced.)"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Annotated

import typer

from tourney.cli.director_options import TournamentOpt, open_director
from tourney.cli.options import Db
from tourney.cli.scorer_io import echo
from tourney.i18n import _, ngettext

if TYPE_CHECKING:
    from collections.abc import Sequence

    from tourney.tournament.events import TournamentEvent
    from tourney.tournament.state import TournamentState

app = typer.Typer(
    name="disputes",
    help="Results disputed at the tables' phones: list them, open ones first (statuses: "
    "open, upheld, replaced), and uphold a result; replace one with tourney director result "
    "... --replace (or adjudicate, forfeit, no-show, void).\n\nExample: tourney disputes "
    "--json",
    invoke_without_command=True,
    context_settings={"help_option_names": ["-h", "--help"]},
)


@app.callback(invoke_without_command=True)
def disputes(
    ctx: typer.Context,
    tournament: TournamentOpt = None,
    db: Db = None,
    as_json: Annotated[
        bool,
        typer.Option(
            "--json",
            help='Print the disputes as a JSON list: [{"table", "match", "by", "reason", '
            '"status", ...}].',
        ),
    ] = False,
) -> None:
    """List the results disputed at the tables, open ones first.

    A player disputes a result on the table's phone ("dispute", with a reason) until the
    next round is paired, once per side. A dispute stays open until you uphold the result
    (tourney disputes uphold T3 --note ...) or replace it (tourney director result T3
    --scores ... --replace, or adjudicate, forfeit, no-show, void): it is then closed as
    replaced. Statuses: open, upheld, replaced.

    Example: tourney disputes --json
    """
    if ctx.invoked_subcommand is not None:
        return
    from tourney.reports.conduct import dispute_rows
    from tourney.tournament.results.conduct import STATUS_WORDS

    with open_director(db, reads=True) as director:
        state = director.load(director.resolve(tournament)).state
    rows = dispute_rows(state)
    if as_json:
        typer.echo(json.dumps(rows, ensure_ascii=False, indent=2))
        return
    if not rows:
        echo(_("No result is disputed."))
        return
    for row in rows:
        echo(
            _("T{table} (round {round}) {match}: {by} disputes: {reason} — {status}").format(
                table=row["table"],
                round=row["round"],
                match=row["match"],
                by=row["by"],
                reason=row["reason"],
                status=_(STATUS_WORDS[row["status"]]),
            )
        )
        echo("  " + _("result: {result}").format(result=row["result"]))
        if row["note"]:
            echo("  " + _("director's note: {note}").format(note=row["note"]))
        if row["status"] == "open":
            from tourney.cli.next_steps import disputed_line

            echo("  " + disputed_line(state, state.matches[row["match"]]))


@app.command()
def uphold(
    match: Annotated[
        str,
        typer.Argument(
            help="The table of the current round (T3) or a match id (club-night-r2-t3).",
            metavar="TABLE",
        ),
    ],
    note: Annotated[
        str, typer.Option(help="What you tell the players: why the result stands.")
    ] = "",
    tournament: TournamentOpt = None,
    db: Db = None,
) -> None:
    """Uphold a disputed result: every open dispute of the table is closed as upheld,
    with your note. To change the result instead, enter the right one with --replace.

    Example: tourney disputes uphold T3 --note "the scoresheet agrees with the phone"
    """
    from tourney.streams.tables import match_id_of
    from tourney.tournament.results.conduct import decide_uphold

    with open_director(db) as director:
        slug = director.resolve(tournament)
        chosen: list[str] = []

        def decide(state: TournamentState) -> Sequence[TournamentEvent]:
            match_id = match_id_of(state, match)
            chosen[:] = [match_id]
            return decide_uphold(state, match_id, note)

        loaded, events = director.execute(slug, decide)
        record = loaded.state.matches[chosen[0]]
        echo(
            ngettext(
                "Upheld the result of table {table} ({match}): {count} dispute closed.",
                "Upheld the result of table {table} ({match}): {count} disputes closed.",
                len(events),
            ).format(table=record.table, match=record.match_id, count=len(events))
        )


def register(root: typer.Typer) -> None:
    root.add_typer(app, rich_help_panel="Director")
