"""The `tourney` command: one Typer app per noun, joined here.

Imports stay lazy: each command imports what it needs inside its body, so a one-shot
command does not pay for SQLAlchemy, Jinja or Rich unless it uses them. The console script
(`main`) goes further: a scorer's plain one-shot line (`tourney place T3 5-3`) runs without
Typer at all (`tourney.cli.quick`); any other command imports and builds its own command
alone (see `MODULES`); and it leaves without the interpreter's teardown once everything is
closed and flushed (see `tourney.cli.leave`). The whole app, `app`, is assembled on first
use (help, completion, a name no module registers, the in-process tests).
"""

from __future__ import annotations

import copy
import importlib
import sys
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import typer

# The module of `tourney.cli` that registers each top-level command or group, so that one
# command's process imports that module alone. A test checks it against the whole app (a
# name missing here still runs, through the whole app, only slower).
MODULES = {
    "demo": "demo_cmd",
    "tournament": "tournament_cmd",
    "player": "player_cmd",
    "pair": "round_cmd",
    "pairings": "round_cmd",
    "standings": "standings_cmd",
    "director": "director_cmd",
    "clock": "clock_cmd",
    "checkin": "checkin_cmd",
    "draft": "draft_cmd",
    "publish": "publish_cmd",
    "serve": "serve_cmd",
    "start": "match_cmd",
    "hand": "match_cmd",
    "deal": "match_cmd",
    "show": "match_cmd",
    "undo": "match_cmd",
    "place": "turn_cmd",
    "draw": "turn_cmd",
    "pass": "turn_cmd",
    "reveal": "turn_cmd",
    "bid": "turn_cmd",
    "play": "turn_cmd",
    "record": "console_cmd",
    "import": "records_cmd",
    "export": "records_cmd",
    "replay": "replay_cmd",
    "simulate": "simulate_cmd",
    "db": "db_cmd",
    "verify": "db_cmd",
    "rebuild": "db_cmd",
    "ratings": "ratings_cmd",
    "roster": "roster_cmd",
    "series": "series_cmd",
}
# The order of the whole app's help: each module registers its commands in its panel.
ORDER = [
    "demo_cmd",
    "tournament_cmd",
    "player_cmd",
    "round_cmd",
    "standings_cmd",
    "director_cmd",
    "clock_cmd",
    "checkin_cmd",
    "draft_cmd",
    "publish_cmd",
    "serve_cmd",
    "match_cmd",
    "turn_cmd",
    "console_cmd",
    "records_cmd",
    "replay_cmd",
    "simulate_cmd",
    "db_cmd",
    "ratings_cmd",
    "roster_cmd",
    "series_cmd",
]


def _typer() -> typer.Typer:
    """A root app with tourney's settings: the whole CLI, or one command's (see `main`)."""
    import typer

    from tourney.cli.edge_group import EdgeGroup

    return typer.Typer(
        name="tourney",
        cls=EdgeGroup,
        help="Event-sourced tournament manager for Horse Race dominoes.",
        no_args_is_help=True,
        context_settings={"help_option_names": ["-h", "--help"]},
        pretty_exceptions_enable=False,
        rich_markup_mode="markdown",
        add_completion=False,
    )


def _register(root: typer.Typer, module: str) -> None:
    importlib.import_module(f"tourney.cli.{module}").register(root)


def whole() -> typer.Typer:
    """The whole CLI: every module's commands, in the order of the help."""
    root = _typer()
    for module in ORDER:
        _register(root, module)
    return root


_whole: typer.Typer | None = None


def __getattr__(name: str) -> typer.Typer:
    """`app`, the whole CLI, made on first use (the console script seldom needs it)."""
    global _whole
    if name != "app":
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    if _whole is None:
        _whole = whole()
    return _whole


def only(name: str, then: str | None = None) -> typer.Typer | None:
    """A root app holding just the command or group `name` (as the whole app has it),
    imported from its own module, or None for a name no module registers. When `name` is
    a group and `then` one of its commands, the group holds just that command.

    Typer turns every command's signature into click parameters before running any: for
    the whole CLI that is a fifth of a one-shot command's time."""
    module = MODULES.get(name)
    if module is None:
        return None
    root = _typer()
    # A callback keeps the root a group: typer would run a lone command as the root itself.
    root.callback()(_group)
    _register(root, module)
    root.registered_commands = [c for c in root.registered_commands if _name(c) == name]
    root.registered_groups = [g for g in root.registered_groups if _group_name(g) == name]
    for group in root.registered_groups:  # this root's own record of the group
        sub = group.typer_instance
        if sub is not None and any(_name(c) == then for c in sub.registered_commands):
            alone = copy.copy(sub)  # the module's group itself stays whole
            alone.registered_commands = [c for c in sub.registered_commands if _name(c) == then]
            group.typer_instance = alone
    return root


def _name(command: Any) -> str:
    if command.name:
        return str(command.name)
    from typer.main import get_command_name

    return get_command_name(str(getattr(command.callback, "__name__", "")))


def _group_name(group: Any) -> str:
    sub = group.typer_instance
    return str(group.name or (sub.info.name if sub is not None else ""))


def _group() -> None:
    pass


def main() -> None:
    """Console-script entry point: a scorer's plain one-shot line runs without Typer (see
    `tourney.cli.quick`); any other command from an app holding only that command (see
    `only`). Every failure is reported at the edge (`tourney.cli.edge`), and the process
    leaves with its exit code (see `tourney.cli.leave`)."""
    from tourney.cli.leave import leave
    from tourney.cli.quick import run

    code = run(sys.argv[1:])
    if code is None:
        args = sys.argv[1:3]
        root = (only(*args) if args else None) or __getattr__("app")
        code = root(standalone_mode=False)  # EdgeGroup: the exit code, failures reported
    leave(code if isinstance(code, int) else 0)
