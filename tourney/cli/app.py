"""The `tourney` command: one Typer app per noun, joined here.

Imports stay lazy: each command imports what it needs inside its body, so a one-shot
command does not pay for SQLAlchemy, Jinja or Rich unless it uses them.
"""

from __future__ import annotations

import typer

from tourney.cli.edge import EdgeGroup

app = typer.Typer(
    name="tourney",
    cls=EdgeGroup,
    help="Event-sourced tournament manager for Horse Race dominoes.",
    no_args_is_help=True,
    context_settings={"help_option_names": ["-h", "--help"]},
    pretty_exceptions_enable=False,
    rich_markup_mode="rich",
    add_completion=False,
)


def _register() -> None:
    from tourney.cli import (
        console_cmd,
        db_cmd,
        demo_cmd,
        director_cmd,
        match_cmd,
        player_cmd,
        publish_cmd,
        records_cmd,
        replay_cmd,
        round_cmd,
        serve_cmd,
        simulate_cmd,
        standings_cmd,
        tournament_cmd,
        turn_cmd,
    )

    demo_cmd.register(app)
    tournament_cmd.register(app)
    player_cmd.register(app)
    round_cmd.register(app)
    standings_cmd.register(app)
    director_cmd.register(app)
    publish_cmd.register(app)
    serve_cmd.register(app)
    match_cmd.register(app)
    turn_cmd.register(app)
    console_cmd.register(app)
    records_cmd.register(app)
    replay_cmd.register(app)
    simulate_cmd.register(app)
    db_cmd.register(app)


_register()


def main() -> None:
    """Console-script entry point; every failure is reported at the edge (`EdgeGroup`)."""
    app()
