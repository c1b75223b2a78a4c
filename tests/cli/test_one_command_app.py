"""The console script runs a command from an app holding only that command, imported from
its own module (importing every module and building every command's parameters would cost
a fifth of a one-shot command): the command it runs is the very one the whole app has, and
everything it prints -- help, usage errors -- is what the whole app prints."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import typer.main
from typer.testing import CliRunner

from tourney.cli.app import MODULES, app, only


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


GROUPED = [
    (group, sub)
    for group, command in sorted(WHOLE.commands.items())  # type: ignore[attr-defined]
    for sub in sorted(getattr(command, "commands", {}))
]


@pytest.mark.parametrize(("group", "name"), GROUPED)
def test_a_groups_command_is_built_alone_and_the_same(group: str, name: str) -> None:
    root = only(group, name)
    assert root is not None
    built: Any = typer.main.get_command(root)
    assert list(built.commands[group].commands) == [name]
    assert _tree(built.commands[group].commands[name]) == _tree(
        WHOLE.commands[group].commands[name]  # type: ignore[attr-defined]
    )
    whole: Any = typer.main.get_command(app)  # the module's group is left whole
    assert whole.commands[group].commands.keys() == WHOLE.commands[group].commands.keys()  # type: ignore[attr-defined]


def test_each_name_is_found_in_the_module_that_registers_it() -> None:
    """`MODULES` is the whole app's own map of names to modules: a command added to a
    module but not to `MODULES` would run through the whole app (slowly)."""
    found: dict[str, str] = {}
    for command in app.registered_commands:
        callback: Any = command.callback
        found[command.name or typer.main.get_command_name(callback.__name__)] = callback.__module__
    for group in app.registered_groups:
        sub: Any = group.typer_instance
        found[group.name or sub.info.name] = sub.registered_commands[0].callback.__module__
    assert {name: f"tourney.cli.{module}" for name, module in MODULES.items()} == found
    assert sorted(MODULES) == NAMES


def _invocations() -> list[list[str]]:
    """Every command line whose output the console script must keep: each command's and
    group's help, each with no arguments where that shows the help, an unknown option, and
    a group's unknown subcommand. (Nothing here runs a command.)"""
    lines: list[list[str]] = [[], ["--help"], ["-h"], ["plcae"]]
    for name, command in WHOLE.commands.items():  # type: ignore[attr-defined]
        lines += [[name, "--help"], [name, "--bogus"]]
        lines += [[name]] if command.no_args_is_help else []
        for sub in getattr(command, "commands", {}):
            lines += [[name, sub, "--help"], [name, sub, "--bogus"]]
        if hasattr(command, "commands"):
            lines += [[name, "nosuch"]]
    return lines


@pytest.mark.parametrize("args", _invocations(), ids=" ".join)
def test_the_console_script_prints_what_the_whole_app_prints(
    args: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    whole = runner.invoke(app, args, prog_name="tourney", env={"COLUMNS": "100"})
    alone = only(*args[:2]) if args else None
    ran = runner.invoke(alone or app, args, prog_name="tourney", env={"COLUMNS": "100"})
    assert (ran.exit_code, ran.stdout, ran.stderr) == (whole.exit_code, whole.stdout, whole.stderr)
    assert whole.stdout or whole.stderr
    assert not list(tmp_path.iterdir())  # nothing ran


def test_anything_else_goes_to_the_whole_app() -> None:
    assert only("--help") is None and only("plcae") is None and only("") is None


def test_the_console_script_runs_one_command_and_suggests_for_a_typo() -> None:
    tourney = [sys.executable, "-c", "from tourney.cli.app import main; main()"]
    shown = subprocess.run([*tourney, "place", "--help"], capture_output=True, text=True)
    assert shown.returncode == 0 and "Example: tourney place" in shown.stdout
    wrong = subprocess.run([*tourney, "plcae", "T3"], capture_output=True, text=True)
    assert wrong.returncode == 1 and "place" in wrong.stderr
