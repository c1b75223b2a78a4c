"""`tourney verify --sheet MATCH HASH`: a signed paper scoresheet checked against the store."""

from __future__ import annotations

import json

from tests.cli.conftest import Cli


def test_a_signed_sheet_matches_until_the_stream_changes(cli: Cli) -> None:
    cli.ok("start", "K3", "--players", "Ann,Bo")
    cli.ok("hand", "K3", "--opener", "Ann")
    cli.ok("place", "K3", "5-5")
    signed = json.loads(cli.ok("show", "K3", "--json").stdout)["head"]
    assert "exactly as signed" in cli.ok("verify", "--sheet", "K3", signed).stdout
    cli.ok("place", "K3", "3-5", "on", "5-5")
    later = cli("verify", "--sheet", "K3", signed)
    assert later.exit_code == 1
    assert "signed at version 3; 1 event was recorded after it" in later.stderr
    forged = cli("verify", "--sheet", "K3", "0123456789ab")
    assert forged.exit_code == 1 and "not what was signed" in forged.stderr
    bad = cli("verify", "--sheet", "K3", "nothex")
    assert bad.exit_code == 1 and bad.stderr.count("\n") == 1
