"""Double elimination at the CLI: created with its reset setting, refused where it does
not apply (one line, nothing written), and each table says its bracket."""

from __future__ import annotations

import json

from tests.cli.conftest import Cli, refused


def test_create_says_the_format_and_keeps_the_reset_setting(cli: Cli) -> None:
    made = cli.ok(
        "tournament",
        "create",
        "Cup",
        "--format",
        "double_elimination",
        "--table-size",
        "2",
        "--no-grand-final-reset",
        "--json",
    )
    settings = json.loads(made.stdout)
    assert settings["format"] == "double_elimination"
    assert settings["grand_final_reset"] is False
    assert settings["rounds"] == 0


def test_refusals_write_nothing(cli: Cli) -> None:
    cli.ok("tournament", "create", "Night", "--format", "swiss", "--table-size", "2")
    refused(
        cli,
        "tournament",
        "create",
        "Other",
        "--format",
        "swiss",
        "--no-grand-final-reset",
        message="only a double elimination has a grand final to reset",
    )
    refused(
        cli,
        "tournament",
        "create",
        "Cards",
        "--format",
        "double_elimination",
        "--game",
        "racehorse",
        "--table-size",
        "6",
        message="no double elimination",
    )
    refused(
        cli,
        "tournament",
        "create",
        "Third",
        "--format",
        "double_elimination",
        "--third-place",
        message="a third-place match needs a single-elimination bracket",
    )


def test_pairings_and_show_say_the_bracket(cli: Cli) -> None:
    cli.ok("tournament", "create", "Cup", "--format", "double_elimination", "--table-size", "2")
    for name in ("Ann", "Bo", "Cy", "Di"):
        cli.ok("player", "add", name)
    paired = json.loads(cli.ok("pair", "--json").stdout)
    assert {t["bracket"] for t in paired["tables"]} == {"winners' bracket"}
    for table in paired["tables"]:
        first, second = table["seats"]
        cli.ok("director", "result", table["match"], "--scores", f"{first}=61,{second}=20")
    cli.ok("pair")
    text = cli.ok("pairings").stdout
    assert "winners' bracket" in text and "losers' bracket" in text
    assert "Round 2" in text
    losers = [
        t
        for t in json.loads(cli.ok("pairings", "--json").stdout)["tables"]
        if t["bracket"] == "losers' bracket"
    ]
    assert len(losers) == 1
    shown = cli.ok("show", losers[0]["match"]).stdout
    assert shown.splitlines()[0] == "In the losers' bracket"
    assert json.loads(cli.ok("show", losers[0]["match"], "--json").stdout)["bracket"] == (
        "losers' bracket"
    )


def test_a_bye_says_its_bracket(cli: Cli) -> None:
    cli.ok("tournament", "create", "Cup", "--format", "double_elimination", "--table-size", "2")
    for name, rating in (("Ann", 1900), ("Bo", 1800), ("Cy", 1700), ("Di", 1600), ("Ed", 1500)):
        cli.ok("player", "add", name, "--rating", str(rating))
    text = cli.ok("pair").stdout
    assert "bye: Ann  winners' bracket" in text  # the top seeds' byes
    (table,) = json.loads(cli.ok("pairings", "--json").stdout)["tables"]
    cli.ok("director", "result", table["match"], "--scores", "Di=61,Ed=20")
    assert "bye: Ed  losers' bracket" in cli.ok("pair").stdout
