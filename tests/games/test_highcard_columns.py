"""A game that names no `scored` (High card: `BaseGame`'s default) gets standings whose
columns are each named once: its scores' column is not a second "Points" beside the match
points'."""

from __future__ import annotations

import shutil
from pathlib import Path

from tests.cli.conftest import Cli


def test_a_games_default_scores_column_is_not_the_match_points(
    highcard: str, tmp_path: Path, template_db: Path
) -> None:
    db = tmp_path / "night.db"
    shutil.copyfile(template_db, db)
    cli = Cli(str(db))
    cli.ok("tournament", "create", "Open", "--game", highcard, "--table-size", "2")
    for name in ("Ann", "Bo"):
        cli.ok("player", "add", name)
    cli.ok("pair")
    cli.ok("director", "adjudicate", "T1", "--scores", "5,2", "--winners", "1", "--reason", "x")
    table = cli.ok("standings").stdout
    header = next(line for line in table.splitlines() if "Rank" in line)
    columns = [c.strip() for c in header.strip("┃ ").split("┃")]
    assert len(columns) == len(set(columns)), columns
    assert "Game points" in columns
