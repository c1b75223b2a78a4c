"""`tourney import / export`: a match record (RECORD.md) into a stream, and back out."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from tourney.cli.options import Db, Json
from tourney.cli.scorer_io import echo, open_desk, print_state
from tourney.errors import TourneyError
from tourney.i18n import _, ngettext


def import_(
    file: Annotated[Path, typer.Argument(help="A match record (JSON Lines, RECORD.md).")],
    match: Annotated[
        str | None,
        typer.Option(
            "--id",
            help="The match ID to store it as (default: the file's name).",
            metavar="MATCH",
        ),
    ] = None,
    db: Db = None,
    as_json: Json = False,
) -> None:
    """Load a match record into a new match stream, after checking every line of it.

    Nothing is written if any line is malformed or illegal (the first one is named), or
    holds what tourney does not store: a player name with control characters, a target
    past 1000, an extra field with a number past 64 bits.

    Example: tourney import k1.jsonl --id K1
    """
    from tourney.errors import RecordError
    from tourney.games.horserace.face import check_storable, replay_lines
    from tourney.streams.matches import match_id
    from tourney.textfiles import read_lines

    chosen = match_id(match if match is not None else file.stem)
    try:
        replayed = replay_lines(read_lines(str(file)), keep_events=True)
        check_storable(replayed.events)
    except RecordError as exc:
        raise TourneyError(
            _("{file}: line {line}: {reason}").format(file=file, line=exc.line, reason=exc.reason)
        ) from None
    with open_desk(db, chosen, tables=False, create=True) as desk:
        desk.import_events(event for _, event in replayed.events)
        if not as_json:
            echo(
                _("imported {file} as {id}: {counted}").format(
                    file=file,
                    id=desk.id,
                    counted=ngettext("{n} event", "{n} events", desk.version).format(
                        n=desk.version
                    ),
                )
            )
        print_state(desk, as_json)


def export(
    match: Annotated[
        str, typer.Argument(help="The match: its table code, e.g. T3.", metavar="TABLE")
    ],
    out: Annotated[
        Path | None, typer.Option("--output", "-o", help="Write to this file (default: stdout).")
    ] = None,
    force: Annotated[
        bool, typer.Option("--force", help="Overwrite an existing file (never a database).")
    ] = False,
    db: Db = None,
) -> None:
    """Write a match as a record (JSON Lines: RECORD.md, or RACEHORSE.md for a Racehorse
    table), leaving undone events out.

    An existing file is overwritten only with --force, and never when it is a database; the
    file is written whole (a temporary file renamed into place) or not at all.

    Example: tourney export T3 -o T3.jsonl
    """
    import sys

    from tourney.output_files import write_output

    with open_desk(db, match, reads=True) as desk:
        events = desk.events()
        write_record = desk.game.write_record  # the stream's game writes its own record
        if not events:
            raise TourneyError(_("match {id} has no events").format(id=desk.id))
        if out is None:
            write_record(events, sys.stdout)
            return
        protected = desk.store.database_files()
        write_output(
            out, lambda handle: write_record(events, handle), force=force, protected=protected
        )


def register(app: typer.Typer) -> None:
    app.command("import", rich_help_panel="Match records", no_args_is_help=True)(import_)
    app.command(rich_help_panel="Match records", no_args_is_help=True)(export)
