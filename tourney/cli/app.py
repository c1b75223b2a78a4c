"""The `tourney` command: one module per noun, joined here.

Only the command run is imported and built (`tourney.cli.edge_group`), and each command
imports what it needs inside its body, so a command does not pay for SQLAlchemy, Jinja,
Rich or the other commands. Every failure is reported at the edge
(`tourney.cli.edge`), through the root command's class (`tourney.cli.edge_group`).
"""

from __future__ import annotations

import gc
import importlib
from collections.abc import Mapping

import typer

from tourney.cli.edge_group import EdgeGroup, Mount
from tourney.cli.language import LANG_OPTION

# Each command's module, in the order of the help (each module's `register` puts its
# commands in their panel); the games' one-shot commands come after `start`.
_BEFORE_VERBS = {
    "demo": "demo_cmd",
    "pair": "round_cmd",
    "pairings": "round_cmd",
    "standings": "standings_cmd",
    "checkin": "checkin_cmd",
    "publish": "publish_cmd",
    "serve": "serve_cmd",
    "start": "game_cmd",
}
_AFTER_VERBS = {
    "show": "match_cmd",
    "undo": "match_cmd",
    "record": "console_cmd",
    "import": "records_cmd",
    "export": "records_cmd",
    "replay": "replay_cmd",
    "chances": "chances_cmd",
    "simulate": "simulate_cmd",
    "verify": "db_cmd",
    "rebuild": "db_cmd",
    "ratings": "ratings_cmd",
    "tournament": "tournament_cmd",
    "player": "player_cmd",
    "director": "director_cmd",
    "disputes": "disputes_cmd",
    "penalty": "penalty_cmd",
    "warning": "penalty_cmd",
    "clock": "clock_cmd",
    "draft": "draft_cmd",
    "round": "round_fix_cmd",
    "db": "db_cmd",
    "roster": "roster_cmd",
    "series": "series_cmd",
}


def _module(name: str) -> Mount:
    def mount(app: typer.Typer) -> None:
        importlib.import_module(f"tourney.cli.{name}").register(app)

    return mount


def _verb(name: str) -> Mount:
    def mount(app: typer.Typer) -> None:
        from tourney.cli import game_cmd

        game_cmd.register_verb(app, name)

    return mount


class Tourney(EdgeGroup):
    """`tourney`: its commands, each imported and built when it is run (or `-h` shows all)."""

    def mounts(self, helping: bool = False) -> Mapping[str, Mount]:
        from tourney.gamekit.registry import declared_verbs

        verbs = {verb: _verb(verb) for verb in declared_verbs()}
        if helping:  # the games loaded: their verbs in the order each game gives them
            from tourney.gamekit import game, names

            order = [verb for played in names() for verb in game(played).verbs]
            verbs = dict(sorted(verbs.items(), key=lambda item: order.index(item[0])))
        return {
            **{name: _module(module) for name, module in _BEFORE_VERBS.items()},
            **{verb: mount for verb, mount in verbs.items() if verb not in _BEFORE_VERBS},
            **{name: _module(module) for name, module in _AFTER_VERBS.items()},
        }

    def mount(self, name: str) -> Mount | None:
        # tourney's own commands come first (as in `mounts`): running one reads no game's
        # entry points; only a name that is none of them may be a game's verb.
        module = _BEFORE_VERBS.get(name) or _AFTER_VERBS.get(name)
        return _module(module) if module is not None else super().mount(name)


app = typer.Typer(
    name="tourney",
    cls=Tourney,
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


def every_command() -> Tourney:
    """The root with every command built, as the help shows them (the catalog's help texts,
    the tests that walk every command)."""
    import typer.main

    root = typer.main.get_command(app)
    assert isinstance(root, Tourney)
    root.build_all()
    return root


def main() -> None:
    """Console-script entry point: runs the command and exits with its code (1 for a
    refusal, 70 for a bug, 130 for Ctrl-C: see `tourney.cli.edge`).

    Whatever the command did, what is left is frozen (`gc.freeze`) before the process ends:
    the interpreter's last collections then walk none of it, and the operating system takes
    the memory back. Those collections were ~35 M instructions of a one-shot command's
    ~490 M (bench/FINDINGS.md, "place12"). The `atexit` callbacks still run and stdout and
    stderr are still flushed; what no longer runs is the finalizer of an object still alive
    or in a cycle at exit, which Python does not promise to run (the store closes its
    connections itself, `tourney.cli.scorer_io.open_desk`)."""
    try:
        app()
    finally:
        gc.freeze()
