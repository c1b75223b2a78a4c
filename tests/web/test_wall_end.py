"""The end of the evening on the wall (issue 32, item 14): when the last round is complete
the wall shows the final standings, the podium and the prizes, and no clock; during the
night its "Now" column says a result in short (61–40), and half points read ½."""

from __future__ import annotations

import json
import re
from pathlib import Path

from tests.cli.conftest import Cli
from tests.web.conftest import serving

FIVE = ("Ann", "Bo", "Cy", "Di", "Ed")


def tables(cli: Cli) -> list[list[str]]:
    document = json.loads(cli.ok("pairings", "--json").stdout)
    return [list(t["seats"]) for t in document["tables"]]


def first_seat_wins(cli: Cli) -> None:
    for number, _seats in enumerate(tables(cli), start=1):
        cli.ok("director", "result", f"T{number}", "--scores", "61,40")


def a_night(tmp_path: Path) -> Cli:
    cli = Cli(str(tmp_path / "night.db"))
    cli.ok("tournament", "create", "Club Night", "--table-size", "2", "--rounds", "2",
           "--bye-points", "1/2", "--entry-fee", "10", "--prizes", "50,30,20",
           "--first-round", "registration", "--round-minutes", "45")  # fmt: skip
    for name in FIVE:
        cli.ok("player", "add", name)
    cli.ok("checkin", *FIVE, "--paid")
    cli.ok("pair")
    return cli


def test_during_the_night_the_wall_shows_short_results_and_half_points(tmp_path: Path) -> None:
    cli = a_night(tmp_path)
    first_seat_wins(cli)
    with serving(cli.db) as night:
        page = night.client.get("/display").text
    assert 'data-final="1"' not in page
    rows = re.findall(r'<tr data-table="\d+" data-status="[a-z]+">(.*?)</tr>', page)
    assert rows
    for row in rows:
        now = re.findall(r"<td>(.*?)</td>", row)[1]
        assert now == "61–40", row  # the scores, not "Ann won (61-40) [paper scoresheet]"
    standings = page[page.index('id="standings"') :]
    assert "½" in standings  # Ed's bye of 1/2
    assert "1/2" not in standings and "3/2" not in standings


def test_the_last_round_complete_shows_the_podium_and_prizes_and_no_clock(
    tmp_path: Path,
) -> None:
    cli = a_night(tmp_path)
    cli.ok("clock", "start")
    first_seat_wins(cli)
    cli.ok("pair")
    first_seat_wins(cli)
    expected = json.loads(cli.ok("standings", "--json").stdout)["standings"]
    with serving(cli.db) as night:
        page = night.client.get("/display").text
    assert 'data-final="1"' in page
    assert 'id="podium"' in page and "Final standings" in page
    assert 'id="board-clock"' not in page and "data-clock" not in page
    assert "not started" not in page and "of 2 rounds paired" not in page
    podium = page[page.index('id="podium"') : page.index("</ol>")]
    winners = [row for row in expected if row["rank"] <= 3]
    for row in winners:
        assert row["name"] in podium
    prizes = [row["prize"] for row in expected if row["prize"]]
    assert sum(float(p) for p in prizes) == 50.0  # 5 paid x 10, all of it to the places
    for prize in prizes:
        assert prize in page
    assert sum(podium.count(f"podium-{n}") for n in (1, 2, 3)) >= 3
