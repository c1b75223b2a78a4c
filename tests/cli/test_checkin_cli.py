"""`tourney checkin` and `tournament create --check-in --entry-fee` on a real SQLite file
(issue 25, check-in): players checked in by name, only they paired, the late and missing
listed, the fees added up; a refusal is one line, exit 1, nothing written."""

from __future__ import annotations

import json

from tests.cli.conftest import Cli
from tests.support import db_checksum

NAMES = ["Ann Lee", "Bo Chen", "Cy Diaz", "Zoë Park", "Ed Fox"]


def door(cli: Cli) -> dict[str, object]:
    data: dict[str, object] = json.loads(cli.ok("checkin", "--json").stdout)
    return data


def test_only_the_players_checked_in_are_paired(cli: Cli) -> None:
    cli.ok("tournament", "create", "Door", "--table-size", "2", "--check-in", "--entry-fee", "5")
    for name in NAMES:
        cli.ok("player", "add", name)
    assert door(cli)["missing"] == NAMES
    out = cli.ok("checkin", "ann", "BO", "zoe", "--paid").stdout
    assert "Zoë Park: checked in, fee paid." in out
    cli.ok("checkin", "Cy")
    pairings = cli.ok("pair").stdout
    assert "Ed Fox" not in pairings and "Zoë Park" in pairings
    cli.ok("checkin", "ed fox")
    listed = door(cli)
    assert listed["late"] == ["Ed Fox"] and listed["missing"] == []
    assert (listed["paid_total"], listed["owed_total"]) == ("15.00", "10.00")
    assert "late: Ed Fox" in cli.ok("checkin").stdout


def test_refusals_say_why_and_write_nothing(cli: Cli) -> None:
    cli.ok("tournament", "create", "Door", "--table-size", "2", "--check-in")
    cli.ok("player", "add", "Ann Lee")
    for args, message in (
        (("checkin", "nobody"), "no player 'nobody'"),
        (("checkin", "ann", "--undo"), "Ann Lee has not checked in"),
        (("checkin", "ann", "--paid"), "has no entry fee"),
    ):
        before = db_checksum(cli.db)
        result = cli(*args)
        assert result.exit_code == 1, (args, result.stdout)
        assert message in result.stderr and result.stderr.count("\n") == 1, result.stderr
        assert db_checksum(cli.db) == before
    result = cli("tournament", "create", "Fee", "--entry-fee", "five")
    assert result.exit_code == 1 and "an amount like 5 or 4.50" in result.stderr


def test_the_door_s_code_is_drawn_at_creation_and_changed_by_the_director(cli: Cli) -> None:
    made = cli.ok("tournament", "create", "Door", "--table-size", "2", "--check-in").stdout
    code = door(cli)["door_code"]
    assert isinstance(code, str) and len(code) == 6 and code.isdigit()
    assert f"with the code {code}" in made
    assert f"door code: {code}" in cli.ok("checkin").stdout
    said = cli.ok("checkin", "--door-code", "Hall42").stdout
    assert "The door's code is Hall42" in said and door(cli)["door_code"] == "Hall42"
    cli.ok("checkin", "--new-door-code")
    assert door(cli)["door_code"] not in ("Hall42", code)
    before = db_checksum(cli.db)
    for typed in ("12", "a b c d", "x" * 13):
        result = cli("checkin", "--door-code", typed)
        assert result.exit_code == 1 and "4 to 12 letters and digits" in result.stderr
    assert db_checksum(cli.db) == before


def test_a_take_back_holds_until_the_director_allows(cli: Cli) -> None:
    cli.ok("tournament", "create", "Door", "--table-size", "2", "--check-in")
    cli.ok("player", "add", "Ann Lee")
    cli.ok("checkin", "ann")
    out = cli.ok("checkin", "ann", "--undo").stdout
    assert "taken back: tourney checkin --allow lets them" in out
    cli.ok("checkin", "ann", "--allow")
    assert "Ann Lee: not checked in." in cli.ok("checkin", "ann", "--allow").stdout


def test_a_fee_and_points_typed_with_a_decimal_comma_and_shown_with_one(cli: Cli) -> None:
    """An Italian or Russian director types 4,50 as the language writes it (issue 34, C16):
    taken as 4.50 (the JSON keeps the point), shown back with the language's comma; a
    penalty of 0,5 and a late entry's 1,5 points likewise."""
    cli.ok("--lang", "it", "tournament", "create", "Door", "--table-size", "2", "--check-in",
           "--entry-fee", "4,50", "--shared-win", "0,5", "--bye-points", "0,5")  # fmt: skip
    for name in NAMES[:2]:
        cli.ok("player", "add", name)
    cli.ok("player", "add", "Cy Diaz", "--start-points", "1,5")
    cli.ok("checkin", "ann", "bo", "--paid")
    listed = door(cli)
    assert (listed["fee"], listed["paid_total"]) == ("4.50", "9.00")
    said = cli.ok("--lang", "ru", "checkin").stdout
    assert "4,50" in said and "9,00" in said and "4.50" not in said
    assert "4,50" in cli.ok("--lang", "it", "checkin").stdout
    assert "4.50" in cli.ok("checkin").stdout  # English keeps its point
    cli.ok("--lang", "ru", "penalty", "Ann Lee", "--points", "0,5", "--reason", "x")
    shown = json.loads(cli.ok("tournament", "show", "--json").stdout)
    assert (shown["shared_win"], shown["bye_points"]) == ("0.5", "1/2"), shown
