"""The director's rulings on a real SQLite file (issue 12 items 4, 5 and 8): table codes,
adjudications that say who won and cannot crown a lower score, forfeits with the others
playing on or sharing, and results entered from a paper scoresheet.

Every refusal: one line, exit code 1, the database file unchanged."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.cli.conftest import Cli
from tests.support import db_checksum

NAMES = ["Ana", "Bo", "Cy", "Di", "Ed", "Fi", "Gus", "Hal"]


@pytest.fixture
def night(cli: Cli) -> Cli:
    """A Swiss of 8 at tables of 4, round 1 paired (tables T1 and T2)."""
    cli.ok("tournament", "create", "Night", "--table-size", "4", "--rounds", "3")
    for name in NAMES:
        cli.ok("player", "add", name)
    cli.ok("pair")
    return cli


def tables(cli: Cli) -> list[dict[str, Any]]:
    listed: list[dict[str, Any]] = json.loads(cli.ok("pairings", "--json").stdout)["tables"]
    return listed


def refused(cli: Cli, *args: str, message: str) -> str:
    before = db_checksum(cli.db)
    result = cli(*args)
    assert result.exit_code == 1, (args, result.stdout, result.stderr)
    assert result.stderr.count("\n") == 1, result.stderr
    assert message in result.stderr, result.stderr
    assert "Traceback" not in result.stdout + result.stderr
    assert db_checksum(cli.db) == before
    return result.stderr


def rows(cli: Cli) -> dict[str, dict[str, Any]]:
    standings = json.loads(cli.ok("standings", "--json").stdout)["standings"]
    return {row["name"]: row for row in standings}


RULINGS = [
    ("forfeit", "{t}", "--sides", "2"),
    ("no-show", "{t}", "Ana"),
    ("adjudicate", "{t}", "--scores", "61,40,20,10", "--winners", "1", "--reason", "sheet"),
    ("void", "{t}"),
]


@pytest.mark.parametrize("command", RULINGS, ids=[c[0] for c in RULINGS])
def test_every_director_command_takes_a_table_code(night: Cli, command: tuple[str, ...]) -> None:
    """Issue 12 item 4: `director adjudicate T3` said "no match 'T3'"."""
    second = tables(night)[1]
    args = [part.format(t="t2") for part in command]
    if command[0] == "no-show":
        args[2] = second["seats"][0]
    night.ok("director", *args)
    assert tables(night)[1]["result"] != "to play"
    assert tables(night)[0]["result"] == "to play"


@pytest.mark.parametrize("command", RULINGS, ids=[c[0] for c in RULINGS])
def test_a_table_that_does_not_exist_is_refused_naming_those_that_do(
    night: Cli, command: tuple[str, ...]
) -> None:
    """Issue 12 item 8, for the director's commands too."""
    args = [part.format(t="T9") for part in command]
    refused(
        night, "director", *args, message="no table T9 in round 1 of 'Night': its tables are T1, T2"
    )


def test_an_adjudication_cannot_crown_a_lower_score(night: Cli) -> None:
    """Issue 12 item 4: `--scores 61,40,22 --winners 2` was accepted."""
    seats = tables(night)[0]["seats"]
    refused(
        night, "director", "adjudicate", "T1", "--scores", "61,40,22,10", "--winners", "2",
        "--reason", "sheet",
        message=f"the winner is side 1 ({seats[0]}), not side 2 ({seats[1]})",
    )  # fmt: skip
    refused(
        night, "director", "adjudicate", "T1", "--scores", "50,50,22,10", "--winners", "1",
        "--reason", "stopped at midnight",
        message=f"the winners are side 1 ({seats[0]}), side 2 ({seats[1]}), not side 1",
    )  # fmt: skip


def test_an_adjudication_says_who_won_and_may_stop_short_of_the_target(night: Cli) -> None:
    seats = tables(night)[0]["seats"]
    done = night.ok(
        "director", "adjudicate", "T1", "--scores", "22,50,40,10", "--reason", "stopped at midnight"
    )
    assert done.stdout.strip() == (
        f"Adjudicated result of night-r1-t1 recorded in night: {seats[1]} won (22-50-40-10) "
        "[adjudicated: stopped at midnight]."
    )
    assert rows(night)[seats[1]]["match_points"] == "1"
    # Every side that reached the target shares the win, whatever its final score.
    done = night.ok(
        "director", "adjudicate", "T1", "--scores", "61,64,40,10", "--winners", "1,2",
        "--reason", "sheet",
    )  # fmt: skip
    assert f"shared win: {seats[0]}, {seats[1]} (61-64-40-10)" in done.stdout
