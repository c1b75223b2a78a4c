"""`tourney standings` beyond `PLAIN_ROWS` lines prints plain aligned columns, without the
box: the same heading, columns and cells as the boxed table."""

from __future__ import annotations

import json

import pytest

from tests.cli.conftest import Cli
from tourney.cli import standings_cmd


def test_many_lines_print_as_plain_columns_with_the_same_cells(
    cli: Cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    cli.ok("tournament", "create", "Big Open", "--table-size", "2", "--rounds", "3")
    for name, club in [("Ann", "North"), ("Zoë Park", None), ("[red]Eve", "South")]:
        cli.ok("player", "add", name, *(("--club", club) if club else ()))
    cli.ok("pair")
    cli.ok("director", "result", "T1", "--scores", "61,20")
    rich = cli.ok("standings").stdout
    monkeypatch.setattr(standings_cmd, "PLAIN_ROWS", 2)
    plain = cli.ok("standings").stdout.splitlines()
    assert plain[0] == rich.splitlines()[0]  # the heading
    assert plain[1].split() == ["Rank", "Name", "Club", "Points", "Played", "Wins", "Losses",
                                "Byes", "Opponents", "(avg)", "Game", "points"]  # fmt: skip
    assert set(plain[2]) == {"-", " "}
    rows = json.loads(cli.ok("standings", "--json").stdout)["standings"]
    assert len(plain) == 3 + len(rows)
    for line, row in zip(plain[3:], rows, strict=True):
        assert row["name"] in line and line.startswith(str(row["rank"]))
    widths = {len(line) for line in plain[1:] if "Zoë" not in line}
    assert max(widths) <= len(plain[2])  # aligned to the rule under the labels
