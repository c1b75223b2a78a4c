"""The `tourney` command: one Typer app per noun, joined here.

Each command imports what it needs inside its body, so a command does not pay for
SQLAlchemy, Jinja or Rich unless it uses them. Every failure is reported at the edge
(`tourney.cli.edge`), through the root command's class (`tourney.cli.edge_group`).
"""

from __future__ import annotations

import typer

from tourney.cli import (
    checkin_cmd,
    clock_cmd,
    console_cmd,
    db_cmd,
    demo_cmd,
    director_cmd,
    disputes_cmd,
    draft_cmd,
    game_cmd,
    match_cmd,
    penalty_cmd,
    player_cmd,
    publish_cmd,
    ratings_cmd,
    records_cmd,
    replay_cmd,
    roster_cmd,
    round_cmd,
    round_fix_cmd,
    series_cmd,
    serve_cmd,
    simulate_cmd,
    standings_cmd,
    tournament_cmd,
)
from tourney.cli.edge_group import EdgeGroup
from tourney.cli.language import LANG_OPTION

app = typer.Typer(
    name="tourney",
    cls=EdgeGroup,
    help="Event-sourced tournament manager for club games: Horse Race (dominoes) and "
    "Racehorse (cards).",
    no_args_is_help=True,
    context_settings={"help_option_names": ["-h", "--help"]},
    pretty_exceptions_enable=False,
    rich_markup_mode="markdown",
    add_completion=False,
)


@app.callback()
def _root(lang: str | None = LANG_OPTION) -> None:
    """The root's options: ``--lang`` (read by its callback, before any command's ``-h``)."""


# In the order of the help: each module registers its commands in its panel.
for module in (
    demo_cmd,
    tournament_cmd,
    player_cmd,
    round_cmd,
    standings_cmd,
    director_cmd,
    disputes_cmd,
    penalty_cmd,
    clock_cmd,
    checkin_cmd,
    draft_cmd,
    round_fix_cmd,
    publish_cmd,
    serve_cmd,
    game_cmd,
    match_cmd,
    console_cmd,
    records_cmd,
    replay_cmd,
    simulate_cmd,
    db_cmd,
    ratings_cmd,
    roster_cmd,
    series_cmd,
):
    module.register(app)


def main() -> None:
    """Console-script entry point: runs the command and exits with its code (1 for a
    refusal, 70 for a bug, 130 for Ctrl-C: see `tourney.cli.edge`)."""
    app()
