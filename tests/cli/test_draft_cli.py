"""`tourney draft` on a real SQLite file (issue 25): a Swiss round drafted, two players
swapped with a reason on record, then published, when its tables open; a refusal is one
line, exit 1, nothing written."""

from __future__ import annotations

import json

from tests.cli.conftest import Cli
from tests.support import db_checksum


def test_a_draft_is_reviewed_swapped_and_published(cli: Cli) -> None:
    cli.ok("tournament", "create", "Night", "--table-size", "2")
    for name in ("Ann", "Bo", "Cy", "Di", "Ed"):
        cli.ok("player", "add", name)
    out = cli.ok("draft", "make").stdout
    assert "Draft of round 1 (no table is open yet)" in out and "bye       Ed" in out
    assert cli("pairings").exit_code == 1  # nothing is paired yet
    out = cli.ok("draft", "swap", "ann", "ed", "--reason", "came together").stdout
    assert "bye       Ann" in out and "swapped Ann and Ed: came together" in out
    assert "Round 1 is published" in cli.ok("draft", "publish").stdout
    paired = json.loads(cli.ok("pairings", "--json").stdout)
    seated = {name for table in paired["tables"] for name in table["seats"]}
    assert "Ed" in seated and "Ann" not in seated
    assert json.loads(cli.ok("draft", "show", "--json").stdout) is None


def test_refusals_say_why_and_write_nothing(cli: Cli) -> None:
    cli.ok("tournament", "create", "Night", "--table-size", "2")
    for name in ("Ann", "Bo", "Cy"):
        cli.ok("player", "add", name)
    for args, message in (
        (("draft", "publish"), "no draft of round 1"),
        (("draft", "drop"), "no draft of round 1"),
    ):
        before = db_checksum(cli.db)
        result = cli(*args)
        assert result.exit_code == 1 and message in result.stderr, result.stderr
        assert db_checksum(cli.db) == before
    cli.ok("draft", "make")
    before = db_checksum(cli.db)
    result = cli("draft", "swap", "Ann", "Bo")
    assert result.exit_code == 1 and "a swap needs a reason" in result.stderr
    assert db_checksum(cli.db) == before


def test_pair_draft_and_pair_publish_are_the_drafts_way_through_pair(cli: Cli) -> None:
    """The issue's spelling: `pair --draft`, review and swap, `pair --publish`."""
    cli.ok("tournament", "create", "Night", "--table-size", "2")
    for name in ("Ann", "Bo", "Cy", "Di", "Ed"):
        cli.ok("player", "add", name)
    assert "Draft of round 1 (no table is open yet)" in cli.ok("pair", "--draft").stdout
    assert cli("pairings").exit_code == 1  # a draft opens no table
    cli.ok("draft", "swap", "ann", "ed", "--reason", "came together")
    for args in (("pair", "--publish", "--why"), ("pair", "--draft", "--publish"),
                 ("pair", "--draft", "--forbid", "Ann,Bo")):  # fmt: skip
        before = db_checksum(cli.db)
        result = cli(*args)
        assert result.exit_code == 1 and result.stderr.count("\n") == 1, result.stderr
        assert "pair --" in result.stderr
        assert db_checksum(cli.db) == before
    assert "Round 1 is published" in cli.ok("pair", "--publish").stdout
    seated = {
        n for t in json.loads(cli.ok("pairings", "--json").stdout)["tables"] for n in t["seats"]
    }
    assert "Ed" in seated and "Ann" not in seated
