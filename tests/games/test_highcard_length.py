"""A game whose matches have no target (`BaseGame.first_to` None: the highest score wins)
says nothing of a match's length where a tournament is created: no dangling comma."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.cli.conftest import Cli
from tourney.gamekit import game


@pytest.mark.parametrize("partnerships", [False, True])
def test_a_game_without_a_target_creates_a_tournament_in_a_whole_sentence(
    highcard: str,
    tmp_path: Path,
    template_db: Path,
    monkeypatch: pytest.MonkeyPatch,
    partnerships: bool,
) -> None:
    monkeypatch.setattr(type(game(highcard)), "first_to", None)
    monkeypatch.setattr(type(game(highcard)), "partnerships", partnerships)
    db = tmp_path / "night.db"
    shutil.copyfile(template_db, db)
    size = ["--table-size", "4", "--partnerships"] if partnerships else ["--table-size", "2"]
    said = Cli(str(db)).ok(
        "tournament", "create", "Open", "--game", highcard, "--format", "swiss", *size
    ).stdout  # fmt: skip
    first = said.splitlines()[0]
    if partnerships:
        assert first == "Created 'Open' (open): Swiss, tables of 4 in partnerships."
    else:
        assert first == "Created 'Open' (open): Swiss, tables of 2."
