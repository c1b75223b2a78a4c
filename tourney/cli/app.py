"""The `tourney` command: one Typer app per noun, joined here.

Imports stay lazy: each command imports what it needs inside its body, so a one-shot
command does not pay for SQLAlchemy, Jinja or Rich unless it uses them.
"""

from __future__ import annotations

import sys

import typer

from tourney.cli.edge import EdgeGroup


def _typer() -> typer.Typer:
    """A root app with tourney's settings: the whole CLI, or one command's (see `main`)."""
    return typer.Typer(
        name="tourney",
        cls=EdgeGroup,
        help="Event-sourced tournament manager for Horse Race dominoes.",
        no_args_is_help=True,
        context_settings={"help_option_names": ["-h", "--help"]},
        pretty_exceptions_enable=False,
        rich_markup_mode="rich",
        add_completion=False,
    )


app = _typer()


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


def only(name: str) -> typer.Typer | None:
    """A root app holding just the module that registers the command or group `name` (as
    the whole app has it), or None for a name no module registers.

    Typer turns every command's signature into click parameters before running any: for
    the whole CLI that is a fifth of a one-shot command's time, for one module a tenth of
    that."""
    for command in app.registered_commands:
        callback = command.callback
        if callback is not None and (command.name or _command_name(callback)) == name:
            return _with(callback.__module__)
    for group in app.registered_groups:
        sub = group.typer_instance
        if sub is not None and (group.name or sub.info.name) == name:
            callbacks = [c.callback for c in sub.registered_commands if c.callback]
            return _with(callbacks[0].__module__) if callbacks else None
    return None


def _command_name(callback: object) -> str:
    from typer.main import get_command_name

    return get_command_name(str(getattr(callback, "__name__", "")))


def _with(module: str) -> typer.Typer:
    root = _typer()
    # A callback keeps the root a group: typer would run a lone command as the root itself.
    root.callback()(_group)
    sys.modules[module].register(root)
    return root


def _group() -> None:
    pass


def main() -> None:
    """Console-script entry point: the command named is run from an app holding only its
    own module (see `only`); every failure is reported at the edge (`EdgeGroup`)."""
    named = only(sys.argv[1]) if len(sys.argv) > 1 else None
    (named or app)()
