"""`tourney record`: the interactive console for scoring a table."""

from __future__ import annotations

import typer

from tourney.cli.options import Db, MatchId, open_desk


def record(match: MatchId, db: Db = None) -> None:
    """Record a table interactively: short notation, tab completion, running totals.

    Shows the layout (open attach points, counted ends), the sum, the scores, whose turn it
    is and whether a continuation is owed. Type ? inside for the notation; q, Ctrl-D or
    Ctrl-C leave, keeping everything recorded.

    Example: tourney record T3
    """
    from tourney.errors import TourneyError
    from tourney.scorer.console import Console

    with open_desk(db, match) as desk:
        desk.check_dominoes()
        if not desk.match.started:
            raise TourneyError(
                f"match {desk.id} has not started: tourney start {desk.id} --players A,B,..."
            )
        Console(desk).run()


def register(app: typer.Typer) -> None:
    app.command(rich_help_panel="Scorer", no_args_is_help=True)(record)
