"""Monrad (`tests/formats/monrad.py`), a format from outside tourney with a setting of its
own, plays a night through the CLI with no edit to tourney (issue 33, the second checklist
trial, audit33b): its setting is given with ``--setting``, refused by name or by value in
one line, stored in the tournament's settings, carried by ``series next``; its number of
rounds comes from the field, its bye goes to the lowest-ranked, its tie-breaks and round
names are its own on the published pages. Before, a setting of a format's own was a field
of `TournamentCreated`, an option of ``tournament create`` and a line of ``series next``:
three files outside the format that the checklist named two of."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import Result

from tests.cli.conftest import Cli, template_db
from tests.formats.monrad import FORMAT
from tourney.tournament import format as formats

__all__ = ["template_db"]

NAMES = ("Ann", "Bo", "Cy", "Di", "Eve")


@pytest.fixture
def monrad() -> Iterator[str]:
    formats.register(FORMAT)
    yield FORMAT.name
    formats.unregister(FORMAT.name)


@pytest.fixture
def cli(tmp_path: Path, template_db: Path) -> Cli:
    db = tmp_path / "night.db"
    db.write_bytes(template_db.read_bytes())
    return Cli(str(db))


def create(cli: Cli, *settings: str) -> Result:
    options = [part for setting in settings for part in ("--setting", setting)]
    return cli("tournament", "create", "Mon", "--format", "monrad", "--table-size", "2",
               "--series", "Winter", *options)  # fmt: skip


def test_a_format_with_a_setting_of_its_own_plays_a_night(monrad: str, cli: Cli) -> None:
    cli.ok("series", "create", "Winter")
    for given, refusal in (
        (["extra_rounds=7"], "--setting extra_rounds='7' for 'Mon': a whole number from 0 to 3"),
        (["rounds=2"], "--setting 'rounds' for 'Mon': Monrad has the settings extra_rounds"),
        (["extra_rounds"], "--setting 'extra_rounds': give NAME=VALUE, a setting of the"),
        (["extra_rounds=1", "extra_rounds=2"], "--setting 'extra_rounds' for 'Mon': given twice"),
    ):
        refused = create(cli, *given)
        assert (refused.exit_code, refused.stderr.count("\n")) == (1, 1), refused.stderr
        assert refused.stderr.startswith(f"error: {refusal}"), refused.stderr
    assert "mon" not in cli.ok("tournament", "list").stdout
    other = cli("tournament", "create", "Sw", "--setting", "extra_rounds=1")
    assert other.stderr == (
        "error: --setting 'extra_rounds' for 'Sw': Swiss has no settings of its own\n"
    )
    created = create(cli, "extra_rounds=01")
    assert created.exit_code == 0, created.stderr
    shown = json.loads(cli.ok("tournament", "show", "--json").stdout)
    assert shown["settings"] == {"extra_rounds": "1"}, shown
    assert "  Monrad's settings: extra_rounds=1\n" in cli.ok("tournament", "show").stdout
    for name in NAMES:
        cli.ok("player", "add", name)
    byes: list[str] = []
    for number in (1, 2, 3, 4):  # ceil(log2(5)) + 1
        paired = json.loads(cli.ok("pair", "--json").stdout)
        assert paired["round"] == number and len(paired["tables"]) == 2, paired
        byes += paired["byes"]
        for table in paired["tables"]:
            assert table["why"] == "neighbours in the standings"
            cli.ok("director", "adjudicate", table["match"], "--scores", "61,30",
                   "--winners", "1", "--reason", "scoresheet")  # fmt: skip
    assert len(set(byes)) == 4  # the lowest without a bye, each round another
    assert "all 4 rounds of 'Mon' are paired" in cli("pair").stderr
    # Its rounds are named as it names them wherever a round is announced (`pairings`).
    assert cli.ok("pairings").stdout.startswith("Round 4 of 4\n")
    assert cli.ok("pairings", "--round", "2").stdout.startswith("Round 2 of 4\n")
    assert shown["tie_breaks"] == ["head_to_head", "buchholz", "scored"]
    standings = cli.ok("standings").stdout
    assert "round 4 of 4" in standings and all(name in standings for name in NAMES)
    site = Path(cli.db).parent / "site"
    cli.ok("publish", str(site))
    assert "Round 4 of 4" in (site / "round-4.html").read_text(encoding="utf-8")
    assert "Monrad" in (site / "index.html").read_text(encoding="utf-8")
    cli.ok("series", "next", "Winter", "Mon 2")
    following = json.loads(cli.ok("tournament", "show", "-t", "mon-2", "--json").stdout)
    assert (following["format"], following["settings"]) == ("monrad", {"extra_rounds": "1"})
