"""The console script runs a command from an app holding only that command's module
(building every command's parameters would cost a fifth of a one-shot command): the command
it runs is the very one the whole app has."""

from __future__ import annotations

import subprocess
import sys
from typing import Any

import pytest
import typer.main

from tourney.cli.app import app, only


def _tree(command: Any) -> Any:
    """A click command as comparable data: its help, parameters and subcommands."""
    params = [
        (p.name, p.opts, p.secondary_opts, p.required, type(p.type).__name__, p.type.name)
        for p in command.params
    ]
    subcommands = getattr(command, "commands", {})
    return (command.help, params, {name: _tree(sub) for name, sub in subcommands.items()})


WHOLE = typer.main.get_command(app)
NAMES = sorted(WHOLE.commands)  # type: ignore[attr-defined]


@pytest.mark.parametrize("name", NAMES)
def test_each_command_is_the_same_from_its_own_module(name: str) -> None:
    root = only(name)
    assert root is not None
    alone = typer.main.get_command(root)
    assert _tree(alone.commands[name]) == _tree(WHOLE.commands[name])  # type: ignore[attr-defined]


def test_anything_else_goes_to_the_whole_app() -> None:
    assert only("--help") is None and only("plcae") is None and only("") is None


def test_the_console_script_runs_one_command_and_suggests_for_a_typo() -> None:
    tourney = [sys.executable, "-c", "from tourney.cli.app import main; main()"]
    shown = subprocess.run([*tourney, "place", "--help"], capture_output=True, text=True)
    assert shown.returncode == 0 and "Example: tourney place" in shown.stdout
    wrong = subprocess.run([*tourney, "plcae", "T3"], capture_output=True, text=True)
    assert wrong.returncode == 1 and "place" in wrong.stderr
