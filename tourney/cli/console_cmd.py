"""`tourney record`: the interactive console for scoring a table."""

from __future__ import annotations

import typer

from tourney.cli.options import Db, MatchId
from tourney.cli.scorer_io import open_desk
from tourney.i18n import _


def record(match: MatchId, db: Db = None) -> None:
    """Record a table interactively: short notation, tab completion, running totals.

    Horse Race: shows the layout (open attach points, counted ends), the sum, the scores,
    whose turn it is and whether a continuation is owed. Racehorse (hidden hands, cards
    typed as they are played): d deals, b 3 / 3 / b s (smudge) / p bid and pass, QH / 10h /
    th play a card; shows the auction, pitcher and bid, trump, the trick, the tricks won and
    the net units. Type ? inside for the notation; Tab completes what is legal now; u
    undoes; q, Ctrl-D or Ctrl-C leave, keeping everything recorded.

    Example: tourney record T3
    """
    from tourney.errors import TourneyError
    from tourney.scorer.console import Console

    with open_desk(db, match) as desk:
        if not desk.match.started:
            raise TourneyError(
                _("match {id} has not started: tourney start {id} --players A,B,...").format(
                    id=desk.id
                )
            )
        Console(desk).run()


def register(app: typer.Typer) -> None:
    app.command(rich_help_panel="Scorer", no_args_is_help=True)(record)
