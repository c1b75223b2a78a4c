"""Every command teaches: a help text whose last paragraph is an example (as datasette does)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from typer.testing import CliRunner

from tourney.cli.app import app, every_command


def _commands() -> list[tuple[str, Any]]:
    root = every_command()
    found: list[tuple[str, Any]] = []

    def walk(prefix: str, command: Any) -> None:
        if hasattr(command, "commands"):
            for name, sub in command.commands.items():
                walk(f"{prefix} {name}".strip(), sub)
        else:
            found.append((prefix, command))

    walk("", root)
    return found


COMMANDS = _commands()


def test_the_main_commands_are_all_there() -> None:
    names = {name for name, _ in COMMANDS}
    for expected in (
        "replay", "simulate", "demo", "start", "hand", "place", "draw", "pass", "reveal",
        "undo", "show", "record", "import", "export", "tournament create", "player add",
        "player import", "pair", "pairings", "standings", "director forfeit", "publish",
        "db upgrade", "verify", "rebuild",
    ):  # fmt: skip
        assert expected in names


@pytest.mark.parametrize("name,command", COMMANDS, ids=[name for name, _ in COMMANDS])
def test_every_command_has_help_ending_with_an_example(name: str, command: Any) -> None:
    text = (command.help or "").strip()
    assert text, f"tourney {name} has no help"
    last = text.split("\n\n")[-1]
    assert last.startswith("Example: tourney "), f"tourney {name}: {last!r}"
    result = CliRunner().invoke(app, [*name.split(), "-h"], terminal_width=100)
    assert result.exit_code == 0
    assert "Example: tourney" in result.stdout


def _option_names(command: Any) -> list[str]:
    return [
        name
        for param in command.params
        for name in (*param.opts, *getattr(param, "secondary_opts", ()))
        if name.startswith("--")
    ]


@pytest.mark.parametrize("language", ["en", "ru"])
def test_help_at_80_columns_never_cuts_an_option_name(language: str) -> None:
    """Issue 32, item 19: Rich shrank the names' columns to fit the help beside them, and
    printed `--no-partnershi…`. Every option of every command is printed whole."""
    cut = {}
    for name, command in COMMANDS:
        result = CliRunner().invoke(
            app, ["--lang", language, *name.split(), "-h"], env={"COLUMNS": "80"}
        )
        assert result.exit_code == 0, result.stderr
        assert max(len(line) for line in result.stdout.splitlines()) <= 80
        missing = [
            option
            for option in _option_names(command)
            if not re.search(rf"(?<![\w-]){re.escape(option)}(?![\w-])", result.stdout)
        ]
        if missing:
            cut[name] = missing
    assert not cut, cut
