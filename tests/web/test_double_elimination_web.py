"""A double elimination on the director's page: each table of the round says its bracket
(the status table and the rulings), the deciding-match box is offered, the page pairs the
next round; and `/site/bracket.html` from a real server draws both brackets."""

from __future__ import annotations

import html
import re
import urllib.request
from pathlib import Path

import pytest

from tests.cli.conftest import Cli
from tests.web.conftest import Night, built, copied, serving


@pytest.fixture(scope="session")
def double_db(tmp_path_factory: pytest.TempPathFactory, template_db: Path) -> Path:
    """A double elimination of four at tables of 2: round 1 played, round 2 paired (the
    winners' final and the losers' first table)."""

    def build(cli: Cli) -> None:
        import json

        cli.ok(
            "tournament", "create", "Cup", "--format", "double_elimination",
            "--table-size", "2",
        )  # fmt: skip
        for name in ("Ann", "Bo", "Cy", "Di"):
            cli.ok("player", "add", name)
        for table in json.loads(cli.ok("pair", "--json").stdout)["tables"]:
            first, second = table["seats"]
            cli.ok("director", "result", table["match"], "--scores", f"{first}=61,{second}=20")
        cli.ok("pair")

    return built(tmp_path_factory.mktemp("double") / "double.db", template_db, build)


def test_the_director_s_page_says_each_table_s_bracket(tmp_path: Path, double_db: Path) -> None:
    with serving(copied(double_db, tmp_path / "night.db")) as night:
        night.sign_in()
        page = night.client.get("/director").text
        status = page.split('id="tables"', 1)[1].split("</table>", 1)[0]
        assert status.count('class="bracket-name">winners&#39; bracket<') == 1
        assert status.count('class="bracket-name">losers&#39; bracket<') == 1
        assert re.search(r"Table \d \(losers&#39; bracket\):", page)
        assert 'name="deciding"' in page
        # The round as its format names it, as `pair` and `pairings` say it: on the
        # director's page and the wall (they said "round 2 of 3" whatever the format).
        said = night.cli.ok("pairings").stdout.splitlines()[0]
        name = html.escape(said).replace("&#x27;", "&#39;")
        assert name.startswith("Round 2 (") and f"Director · {name} <span" in page, name
        assert f"<h2>{name} <span" in night.client.get("/display").text
        for path in ("/display", "/site/standings.html", "/site/round-2.html", "/site/index.html"):
            assert night.client.get(path).status_code == 200, path
        _settle_round(night)
        done = night.client.post(
            "/director/pair", data={"csrf": night.csrf("/director")}, follow_redirects=False
        )
        assert done.status_code == 303, done.text
        page = night.client.get("/director").text
        assert "Director · Round 3 (" in page
        assert 'class="bracket-name">losers&#39; bracket<' in page


def _settle_round(night: Night) -> None:
    import json

    for table in json.loads(night.cli.ok("pairings", "--json").stdout)["tables"]:
        first, second = table["seats"]
        night.cli.ok("director", "result", table["match"], "--scores", f"{first}=61,{second}=9")


def test_a_real_server_serves_the_double_bracket(tmp_path: Path, double_db: Path) -> None:
    from tests.integration.live_server import live_server
    from tests.web.conftest import PASSWORD, SECRET
    from tourney.web.app import Server

    server = Server.open(
        copied(double_db, tmp_path / "night.db"), SECRET, director_password=PASSWORD
    )
    try:
        with (
            live_server(server) as base,
            urllib.request.urlopen(base + "/site/bracket.html", timeout=10) as response,
        ):
            assert response.status == 200
            page = response.read().decode()
    finally:
        server.close()
    for section in ("winners", "losers", "final"):
        assert f'id="bracket-{section}"' in page
    assert "losers&#39; round 1" in page


def test_the_page_pairs_a_deciding_match_for_a_tie(tmp_path: Path, double_db: Path) -> None:
    """A shared win with equal scores at a table: pairing the next round is refused in the
    CLI's words; the page's deciding-match box pairs the tied again, in their bracket."""
    import json

    with serving(copied(double_db, tmp_path / "night.db")) as night:
        night.sign_in()
        tables = json.loads(night.cli.ok("pairings", "--json").stdout)["tables"]
        tied, other = tables
        night.cli.ok(
            "director", "adjudicate", tied["match"], "--scores", "61,61", "--winners", "1,2",
            "--reason", "both out",
        )  # fmt: skip
        first, second = other["seats"]
        night.cli.ok("director", "result", other["match"], "--scores", f"{first}=61,{second}=9")
        done = night.client.post(
            "/director/pair",
            data={"csrf": night.csrf("/director"), "deciding": "on"},
            follow_redirects=False,
        )
        assert done.status_code == 303, done.text
        deciding = json.loads(night.cli.ok("pairings", "--json").stdout)["tables"][-1]
        assert sorted(deciding["seats"]) == sorted(tied["seats"])
        assert deciding["bracket"] == tied["bracket"]
        assert deciding["why"].startswith(f"deciding match ({tied['bracket']})")
