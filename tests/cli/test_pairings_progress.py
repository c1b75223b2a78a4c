"""`tourney pairings` tells a table under way from one not started (issue 23, item 13): a
match with moves recorded and no result yet is "in progress", with its score."""

from __future__ import annotations

import json
from pathlib import Path

from tests.cli.conftest import Cli


def test_a_match_under_way_is_in_progress(tmp_path: Path) -> None:
    cli = Cli(str(tmp_path / "night.db"))
    cli.ok("tournament", "create", "Club Night", "--table-size", "2", "--rounds", "2")
    for name in ("Ann", "Bo", "Cy", "Di"):
        cli.ok("player", "add", name)
    cli.ok("pair")
    cli.ok("hand", "T1", "--opener", "Ann")
    text = cli.ok("pairings").stdout
    lines = [line for line in text.splitlines() if "table " in line]
    assert lines[0].endswith("[in progress (0-0)]"), text
    assert lines[1].endswith("[not played yet]"), text
    tables = json.loads(cli.ok("pairings", "--json").stdout)["tables"]
    assert [t["result"] for t in tables] == ["in progress (0-0)", "not played yet"]
