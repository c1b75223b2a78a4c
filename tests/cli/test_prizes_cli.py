"""`tournament create --prizes`: percentages of the fees paid or fixed amounts, through the
CLI: `standings --json` rows carry `prize`, `standings` shows the column; a knockout with
`--third-place` plays its third-place match and pays places 1 to 3 apart."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.cli.conftest import Cli, refused
from tests.cli.test_season_cmd import NAMES, seats


def standings(cli: Cli, tournament: str) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = json.loads(cli.ok("standings", "--json", "-t", tournament).stdout)[
        "standings"
    ]
    return rows


def first_seat_wins(cli: Cli, tournament: str) -> None:
    for number, table in enumerate(seats(cli, tournament), start=1):
        scores = ",".join(["61", *["30"] * (len(table) - 1)])
        cli.ok("director", "result", f"T{number}", "--scores", scores, "-t", tournament)


def test_percentages_of_the_fees_paid_go_to_the_top_places(cli: Cli) -> None:
    cli.ok("tournament", "create", "Night", "--table-size", "2", "--rounds", "1",
           "--first-round", "registration", "--entry-fee", "5", "--prizes", "50,30,20")  # fmt: skip
    for name in NAMES:
        cli.ok("player", "add", name)
    cli.ok("checkin", *NAMES, "--paid")
    cli.ok("pair")
    first_seat_wins(cli, "night")
    rows = standings(cli, "night")
    assert all("prize" in row for row in rows)
    winners = [row for row in rows if row["rank"] == 1]
    assert len(winners) == 4  # four level winners share places 1 to 4: 50+30+20+0 of 40
    assert {row["prize"] for row in winners} == {"10.00"}
    assert all(row["prize"] is None for row in rows if row["rank"] != 1)
    text = cli.ok("standings", "-t", "night").stdout
    assert "Prize" in text and "10.00" in text


def test_a_knockout_with_a_third_place_match_pays_three_places(cli: Cli) -> None:
    cli.ok("tournament", "create", "Cup", "--format", "elimination", "--table-size", "2",
           "--first-round", "registration", "--third-place", "--prizes", "20,10,5",
           "--fixed")  # fmt: skip
    for name in NAMES[:4]:
        cli.ok("player", "add", name, "-t", "cup")
    cli.ok("pair", "-t", "cup")
    first_seat_wins(cli, "cup")
    cli.ok("pair", "-t", "cup")
    paired = json.loads(cli.ok("pairings", "--json", "-t", "cup").stdout)
    assert len(paired["tables"]) == 2  # the final and the third-place match
    assert any("third-place" in table["why"] for table in paired["tables"])
    first_seat_wins(cli, "cup")
    rows = standings(cli, "cup")
    assert [row["rank"] for row in rows] == [1, 2, 3, 4]
    assert [row["prize"] for row in rows] == ["20.00", "10.00", "5.00", None]
    site = Path(cli.db).parent / "site"
    cli.ok("publish", str(site))
    page = next(site.rglob("standings.html")).read_text()
    assert "Prize" in page and "20.00" in page and "5.00" in page


def test_percentages_without_a_fee_are_refused(cli: Cli) -> None:
    refused(cli, "tournament", "create", "Night", "--prizes", "50,30,20",
            message="no --entry-fee (amounts? add --fixed)")  # fmt: skip
    refused(cli, "tournament", "create", "Night", "--prizes", "50,30,20",
            "--last-round", "king-of-the-hill", "--gibson", "--prizes", "3", "--fixed",
            message="Gibsonization needs 2 prize places or more")  # fmt: skip
