"""`tourney show / undo`: a match at a table, as a stream of events, whatever its game (the
commands that start a match or record a move are the games', `tourney.cli.game_cmd`).

Without ``from __future__ import annotations``: Typer reads a command's parameters' types,
and a string annotation costs it a compile each (~0.7 M instructions per parameter, for a
command that runs in ~470 M)."""

from typing import Annotated

import typer

from tourney import limits
from tourney.cli.options import At, Db, Json, MatchId
from tourney.cli.scorer_io import open_desk, print_state


def show(match: MatchId, db: Db = None, as_json: Json = False) -> None:
    """Show a match: the layout with its open attach points and counted ends, the sum, the
    scores, whose turn it is, whether a continuation is owed, and the stream's head hash.

    Example: tourney show T3 --json
    """
    with open_desk(db, match, reads=True) as desk:
        print_state(desk, as_json, bracket=desk.bracket())


def undo(
    match: MatchId,
    version: Annotated[
        int | None,
        typer.Argument(
            min=1,
            max=limits.VERSION.high,
            help="The stream version to take back (default: the newest event).",
        ),
    ] = None,
    redo: Annotated[
        bool, typer.Option("--redo", help="Undo the newest undo: put its event back.")
    ] = False,
    at: At = None,
    db: Db = None,
    as_json: Json = False,
) -> None:
    """Take back the newest event by appending an `undone` event that names its version.

    Nothing is deleted or edited; an undo can itself be undone (--redo, or its version).
    Replay, show and export skip undone events. An undo that would leave a later event
    illegal is refused.

    Example: tourney undo T3
    """
    with open_desk(db, match) as desk:
        print_state(desk, as_json, desk.undo(version, redo, at=at))


def register(app: typer.Typer) -> None:
    app.command(rich_help_panel="Scorer", no_args_is_help=True)(show)
    app.command(rich_help_panel="Scorer", no_args_is_help=True)(undo)
