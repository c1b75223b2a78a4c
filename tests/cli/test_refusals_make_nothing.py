"""A refused command makes nothing, not even an empty database: every command, run in an
empty folder with arguments that parse but say nothing useful, either succeeds or leaves the
folder as it was (`tournament create X --format bogus` once left a tourney.db behind)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from tests.cli.test_help import COMMANDS
from tourney.cli.app import app

runner = CliRunner(env={"TOURNEY_DATABASE_URL": None, "COLUMNS": "120"})
SKIPPED = {"serve", "demo", "console"}  # a server, a whole evening, an interactive loop
ARGUMENTS: tuple[list[str], ...] = ([], ["x"], ["x", "y"], ["T1", "0"])
REFUSED_AFTER_OPENING = [
    ["tournament", "create", "Night", "--format", "bogus"],
    ["tournament", "create", "Night", "--table-size", "9"],
    ["tournament", "create", "Night", "--format", "swiss", "--third-place"],
    ["series", "create", "Autumn", "--scoring", "bogus"],
]


@pytest.mark.parametrize(
    "name,command", [c for c in COMMANDS if c[0] not in SKIPPED], ids=lambda c: str(c)
)
def test_a_refused_command_leaves_an_empty_folder_empty(
    name: str, command: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    for arguments in ARGUMENTS:
        result = runner.invoke(app, [*name.split(), *arguments])
        if result.exit_code != 0:
            assert os.listdir(tmp_path) == [], (name, arguments, result.output)
        else:
            _empty(tmp_path)


@pytest.mark.parametrize("line", REFUSED_AFTER_OPENING, ids=" ".join)
def test_a_creating_command_refused_takes_its_new_database_back(
    line: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, line)
    assert result.exit_code == 1, result.output
    assert os.listdir(tmp_path) == []


def test_a_refusal_in_an_existing_database_keeps_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    assert runner.invoke(app, ["tournament", "create", "Night"]).exit_code == 0
    before = (tmp_path / "tourney.db").read_bytes()
    assert runner.invoke(app, ["tournament", "create", "Night"]).exit_code == 1
    assert (tmp_path / "tourney.db").read_bytes() == before


def _empty(folder: Path) -> None:
    for path in sorted(folder.rglob("*"), reverse=True):
        path.rmdir() if path.is_dir() else path.unlink()
