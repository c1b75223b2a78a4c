"""`tourney penalty`, `tourney warning` and `tourney disputes` on a real SQLite file (issue
32, items 6 and 7): a penalty comes off the match points in every standings output, a
lifted one costs nothing, a warning is on record; disputes listed as JSON and text and
upheld or closed by a replacing result. Every refusal: one line, exit code 1, the database
file unchanged."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

import pytest

from tests.cli.conftest import Build, Cli, refused


@pytest.fixture
def night(build: Build) -> Cli:
    return build(
        ("tournament", "create", "Night", "--table-size", "2", "--rounds", "3"),
        *(("player", "add", name) for name in ("Ann", "Bo", "Cy", "Di")),
        ("pair",),
    )


def rows(cli: Cli) -> dict[str, dict[str, Any]]:
    document = json.loads(cli.ok("standings", "--json").stdout)
    return {row["name"]: row for row in document["standings"]}


def seated(cli: Cli, table: int) -> list[str]:
    tables = json.loads(cli.ok("pairings", "--json").stdout)["tables"]
    return list(next(t for t in tables if t["table"] == table)["seats"])


def test_a_penalty_comes_off_the_points_and_a_lifted_one_costs_nothing(night: Cli) -> None:
    winner, loser = seated(night, 1)
    night.ok("director", "result", "T1", "--scores", "61,20")
    said = night.ok("penalty", winner, "--points", "1/2", "--reason", "slow play").stdout
    assert f"Penalty #1 for {winner}: match points -½ (slow play)" in said  # points_text
    assert "--lift" in said
    assert (rows(night)[winner]["match_points"], rows(night)[winner]["penalty"]) == ("1/2", "1/2")
    assert rows(night)[loser]["penalty"] == "0"
    table = night.ok("standings").stdout
    assert "Penalty" in table and "-½" in table
    csv = night.ok("standings", "--csv").stdout.splitlines()
    assert csv[0].split(",")[3:5] == ["points", "penalty"]
    said = night.ok("warning", loser, "--reason", "phone at the table").stdout
    assert f"Warning #2 for {loser}: phone at the table." in said
    assert rows(night)[loser]["penalty"] == "0"
    night.ok("penalty", winner, "--lift", "--reason", "the wrong player")
    assert (rows(night)[winner]["match_points"], rows(night)[winner]["penalty"]) == ("1", "0")
    assert "Penalty" not in night.ok("standings").stdout  # nothing to show any more

    refused(night, "penalty", winner, "--lift", message="has no penalty to lift")
    refused(night, "penalty", winner, "--points", "1", message="say why")
    refused(night, "penalty", winner, "--reason", "x", message="--points")
    refused(night, "penalty", winner, "--points", "0", "--reason", "x",
            message="a warning costs nothing")  # fmt: skip
    refused(night, "penalty", winner, "--points", "11", "--reason", "x", message="0 to 10")
    refused(night, "penalty", winner, "--points", "1e999", "--reason", "x",
            message="write a number")  # fmt: skip
    refused(night, "penalty", "Zed", "--points", "1", "--reason", "x", message="no player")
    refused(night, "warning", winner, "--reason", "", message="say why")
    assert "Lifted warning #2 of" in night.ok("warning", loser, "--lift").stdout
    refused(night, "warning", loser, "--lift", message="has no warning to lift")


def test_disputes_listed_upheld_and_replaced(night: Cli) -> None:
    from tourney.director.desk import DirectorDesk
    from tourney.store.eventstore import EventStore
    from tourney.tournament.results.conduct import decide_dispute

    _winner, loser = seated(night, 1)
    night.ok("director", "result", "T1", "--scores", "61,20")
    assert "No result is disputed." in night.ok("disputes").stdout
    assert json.loads(night.ok("disputes", "--json").stdout) == []
    refused(night, "disputes", "uphold", "T1", message="no open dispute at table 1")
    moment = datetime(2026, 12, 2, 21, 0, tzinfo=UTC)
    with EventStore.from_url(night.db) as store:  # what a tap on the table's phone does
        desk = DirectorDesk(store)
        state = desk.load("night").state
        match = next(m for m in state.matches.values() if m.table == 1)
        loser_id = next(p for p in match.seats if state.players[p].name == loser)
        desk.execute("night", lambda s: decide_dispute(s, match.match_id, loser_id, "20? 40",
                                                       moment))  # fmt: skip
    (row,) = json.loads(night.ok("disputes", "--json").stdout)
    assert {k: row[k] for k in ("table", "match", "by", "reason", "status")} == {
        "table": 1,
        "match": match.match_id,
        "by": loser,
        "reason": "20? 40",
        "status": "open",
    }
    text = night.ok("disputes").stdout
    assert f"{loser} disputes: 20? 40 — open" in text
    # the Next: line in next_steps' shape, followed by the Cli (uphold, or --replace)
    assert "Next: uphold the result: tourney disputes uphold" in text
    assert "or enter the right result: tourney director result" in text and "--replace" in text
    said = night.ok("disputes", "uphold", "T1", "--note", "sheet says 20").stdout
    assert "Upheld the result of table 1" in said and "1 dispute closed" in said
    (row,) = json.loads(night.ok("disputes", "--json").stdout)
    assert (row["status"], row["note"]) == ("upheld", "sheet says 20")
    refused(night, "disputes", "uphold", "T1", message="no open dispute")
    refused(night, "disputes", "uphold", "T9", message="T9")
