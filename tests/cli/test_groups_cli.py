"""`tourney tournament create --format groups` and its refusals: one line each, exit 1,
nothing written (docs/formats/groups-knockout.md §1)."""

from __future__ import annotations

import json
from pathlib import Path

from tests.cli.conftest import Cli, refused

NAMES = ["Ana", "Bo", "Cy", "Di", "Ed"]


def _groups(cli: Cli, *options: str) -> None:
    cli.ok("tournament", "create", "Cup", "--format", "groups", "--table-size", "2", *options)
    for name in NAMES:
        cli.ok("player", "add", name)


def test_the_groups_settings_are_stored_and_said(cli: Cli) -> None:
    result = cli.ok(
        "tournament", "create", "Cup", "--format", "groups", "--table-size", "2",
        "--pool-size", "4", "--advance", "1", "--pool-format", "swiss", "--pool-rounds", "2",
        "--json",
    )  # fmt: skip
    created = json.loads(result.stdout)
    assert (created["format"], created["pools"], created["pool_size"]) == ("groups", 0, 4)
    assert (created["advance"], created["pool_format"], created["rounds"]) == (1, "swiss", 2)


def test_group_options_on_another_format_are_refused(cli: Cli) -> None:
    refused(
        cli, "tournament", "create", "Cup", "--format", "swiss", "--pools", "2",
        message="--pools: not an option of --format swiss",
    )  # fmt: skip


def test_pools_too_small_are_refused_when_round_one_is_paired(cli: Cli) -> None:
    _groups(cli, "--pools", "3", "--advance", "1")
    refused(cli, "pair", message="5 players make pools of 1 in 3 pools; a pool needs at least 2")


def test_advancing_more_than_the_smallest_pool_holds_is_refused(cli: Cli) -> None:
    _groups(cli, "--pools", "2", "--advance", "3")
    refused(
        cli,
        "pair",
        message="3 advance from each pool, and the smallest of the 2 pools has 2 players",
    )


def test_the_knockout_waits_for_every_pool_match(cli: Cli) -> None:
    _groups(cli, "--pools", "2", "--advance", "1")
    for _ in range(3):
        cli.ok("pair", "--override")
    refused(cli, "pair", message="cannot start the knockout of 'Cup': the pools are unfinished")


def test_stages_are_for_groups_only(cli: Cli) -> None:
    cli.ok("tournament", "create", "Night", "--format", "swiss", "--table-size", "2")
    refused(cli, "standings", "--stage", "pools", message="it has no pools")


def test_an_unknown_stage_is_refused(cli: Cli) -> None:
    _groups(cli, "--pools", "2", "--advance", "1")
    refused(cli, "standings", "--stage", "finals", message="--stage 'finals': choose pools")


def test_the_next_night_of_a_series_keeps_the_groups_settings(cli: Cli) -> None:
    cli.ok("series", "create", "Winter")
    cli.ok(
        "tournament", "create", "Winter 1", "--format", "groups", "--table-size", "2",
        "--pools", "3", "--advance", "1", "--pool-format", "swiss", "--series", "Winter",
    )  # fmt: skip
    cli.ok("series", "next", "Winter", "Winter 2")
    shown = json.loads(cli.ok("tournament", "show", "-t", "Winter 2", "--json").stdout)
    settings = shown.get("settings", shown)
    assert (settings["format"], settings["pools"], settings["advance"]) == ("groups", 3, 1)
    assert settings["pool_format"] == "swiss"


def test_both_stage_pages_publish_while_the_pools_play(cli: Cli, tmp_path: Path) -> None:
    _groups(cli, "--pools", "2", "--advance", "1")
    cli.ok("pair")
    cli.ok("publish", str(tmp_path / "site"))
    pools = (tmp_path / "site" / "pools.html").read_text(encoding="utf-8")
    assert 'id="pool-A"' in pools and 'id="pool-B"' in pools
    assert "provisional: the pools are still playing" in pools
    bracket = (tmp_path / "site" / "bracket.html").read_text(encoding="utf-8")
    assert 'id="knockout-not-started"' in bracket
    index = (tmp_path / "site" / "index.html").read_text(encoding="utf-8")
    assert "Round 1 (pools)" in index
    standings = cli.ok("standings").stdout
    assert "Stage 1: the pools" in standings and "The knockout starts when" in standings
