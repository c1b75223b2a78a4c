"""Issue 12, items 6, 9 and 10: the director's everyday steps as a club director meets them —
a spreadsheet's player list, counts in words, standings that say what they mean."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli.conftest import Cli
from tests.support import db_checksum
from tourney.cli.app import app


def play_the_only_table(cli: Cli, scores: str, winners: str) -> None:
    """Pair the next round (one table) and enter its result from the paper scoresheet."""
    (table,) = json.loads(cli.ok("pair", "--json").stdout)["tables"]
    cli.ok(
        "director", "adjudicate", table["match"], "--scores", scores, "--winners", winners,
        "--reason", "scoresheet",
    )  # fmt: skip


@pytest.fixture
def swiss(cli: Cli) -> Cli:
    cli.ok("tournament", "create", "Spring Open", "--table-size", "2", "--rounds", "3")
    return cli


def test_a_spreadsheet_with_rating_and_seed_columns_and_no_seeds_imports(
    swiss: Cli, tmp_path: Path
) -> None:
    players = tmp_path / "players.csv"
    players.write_text(
        "name,club,rating,seed\nAnn Lee,North,1500,\nBo Chan,,1400,\nCy Tan,South,,\n",
        encoding="utf-8",
    )
    result = swiss.ok("player", "import", str(players))
    assert "Registered 3 players" in result.stdout
    both = tmp_path / "both.csv"
    both.write_text("name,rating,seed\nDi Roe,1500,1\n", encoding="utf-8")
    before = db_checksum(swiss.db)
    refused = swiss("player", "import", str(both))
    assert refused.exit_code == 1
    assert refused.stderr.strip().endswith(
        "row 2: 'Di Roe' has a rating and a seed: give one of them, not both"
    )
    assert db_checksum(swiss.db) == before


def test_counts_of_one_read_in_the_singular(swiss: Cli, tmp_path: Path) -> None:
    one = tmp_path / "one.csv"
    one.write_text("name\nAnn Lee\n", encoding="utf-8")
    assert "Registered 1 player from" in swiss.ok("player", "import", str(one)).stdout
    swiss.ok("player", "add", "Bo Chan")
    swiss.ok("pair")
    listed = swiss.ok("tournament", "list").stdout
    assert "2 players, 1 round paired" in listed
    assert "1 round paired" in swiss.ok("tournament", "show").stdout
    assert "1 rounds" not in listed


@pytest.mark.parametrize(
    ("command", "says"),
    [
        (("standings",), "Print the standings as one JSON object"),
        (("pair",), "Print the round's tables as one JSON object"),
        (("tournament", "list"), "Print the tournaments as one JSON object"),
        (("db", "status"), "Print the report as one JSON object"),
        (("show",), "Print the match state as one JSON object"),
    ],
)
def test_json_help_says_what_each_command_prints(
    cli: Cli, command: tuple[str, ...], says: str
) -> None:
    helped = cli.runner.invoke(app, [*command, "--help"], env={"COLUMNS": "300"})
    shown = " ".join(helped.stdout.replace("│", " ").split())
    assert says in shown
    assert command == ("show",) or "match state" not in shown


def test_standings_csv_has_decimals_and_the_terminal_exact_fractions(cli: Cli) -> None:
    cli.ok("tournament", "create", "Trio Night", "--table-size", "3", "--rounds", "2")
    for name in ("Ann Lee", "Bo Chan", "Cy Tan"):
        cli.ok("player", "add", name)
    play_the_only_table(cli, "61,61,61", winners="1,2,3")
    lines = cli.ok("standings", "--csv").stdout.splitlines()
    assert lines[0].split(",")[3] == "points"
    assert {line.split(",")[3] for line in lines[1:]} == {"0.333"}
    assert "⅓" in cli.ok("standings").stdout  # the terminal keeps exact fractions (points_text)


def test_a_name_that_looks_like_another_is_registered_with_a_warning(
    swiss: Cli, tmp_path: Path
) -> None:
    swiss.ok("player", "add", "Mary Kate Lee")
    added = swiss.ok("player", "add", "Mary-Kate Lee")
    assert added.stderr.strip() == (
        "warning: 'Mary-Kate Lee' (p2) looks like 'Mary Kate Lee' (p1); "
        "if they are one person: tourney player remove p2"
    )
    players = tmp_path / "players.csv"
    players.write_text("name\nPark Zoë\nBo Chan\nZoë Park\n", encoding="utf-8")
    imported = swiss.ok("player", "import", str(players))
    assert imported.stderr.splitlines() == [
        "warning: 'Zoë Park' (p5) looks like 'Park Zoë' (p3); "
        "if they are one person: tourney player remove p5"
    ]
    assert "Registered 3 players" in imported.stdout
    assert swiss.ok("player", "add", "Cy Tan").stderr == ""


def test_a_mistaken_registration_is_removed_before_it_is_paired(swiss: Cli) -> None:
    for name in ("Ann Lee", "Bo Chan", "Cy Tan", "Ann  lee."):
        swiss.ok("player", "add", name)
    assert "Removed Ann lee. (p4)" in swiss.ok("player", "remove", "p4").stdout
    assert "as p5" in swiss.ok("player", "add", "Di Roe").stdout  # p4 is never reused
    shown = json.loads(swiss.ok("tournament", "show", "--json").stdout)
    assert [p["id"] for p in shown["players"]] == ["p1", "p2", "p3", "p5"]
    swiss.ok("pair")
    before = db_checksum(swiss.db)
    refused = swiss("player", "remove", "cy tan")
    assert refused.exit_code == 1 and refused.stderr.count("\n") == 1
    assert "cannot remove 'Cy Tan': they were paired in round 1" in refused.stderr
    assert "tourney player withdraw p3" in refused.stderr
    assert db_checksum(swiss.db) == before


def test_placement_points_are_a_tournament_setting(cli: Cli) -> None:
    created = cli.ok(
        "tournament", "create", "Pinball Night", "--table-size", "4", "--rounds", "2",
        "--placement-points", "7,5,3,1", "--placement-points", "7,4,1", "--json",
    )  # fmt: skip
    assert json.loads(created.stdout)["placement_points"] == [["7", "5", "3", "1"], ["7", "4", "1"]]
    for name in ("Ann Lee", "Bo Chan", "Cy Tan", "Di Roe"):
        cli.ok("player", "add", name)
    play_the_only_table(cli, "61,40,22,50", winners="1")
    rows = json.loads(cli.ok("standings", "--json").stdout)["standings"]
    assert {r["name"]: r["match_points"] for r in rows} == {
        "Ann Lee": "7", "Di Roe": "5", "Bo Chan": "3", "Cy Tan": "1",
    }  # fmt: skip
    before = db_checksum(cli.db)
    for scale, says in [("1,2", "cannot score more than the one above"), ("3", "give 2 to 4")]:
        refused = cli("tournament", "create", "Bad", "--placement-points", scale)
        assert refused.exit_code == 1 and refused.stderr.count("\n") == 1, refused.stderr
        assert says in refused.stderr
    assert db_checksum(cli.db) == before


def test_a_late_entry_starts_with_the_points_the_director_gives(swiss: Cli) -> None:
    for name in ("Ann Lee", "Bo Chan"):
        swiss.ok("player", "add", name)
    play_the_only_table(swiss, "61,20", winners="1")
    swiss.ok("player", "add", "Di Roe")
    swiss.ok("player", "add", "Cy Tan", "--start-points", "1/2")
    rows = json.loads(swiss.ok("standings", "--json").stdout)["standings"]
    assert [(r["name"], r["match_points"]) for r in rows] == [
        ("Ann Lee", "1"), ("Cy Tan", "1/2"), ("Bo Chan", "0"), ("Di Roe", "0"),
    ]  # fmt: skip
    # Swiss pairs by points: the late entrant with ½ meets the leader, not Di with 0.
    paired = json.loads(swiss.ok("pair", "--json").stdout)["tables"]
    assert sorted(paired[0]["seats"]) == ["Ann Lee", "Cy Tan"]
