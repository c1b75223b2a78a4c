"""A tournament format tourney does not ship (`tests/formats/random_draw.py`), registered
by a program embedding tourney (`tourney.tournament.format.register`), played over the
director's page (issue 33): its rounds paired, its results ruled and its site published
from the page, with no edit to tourney."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from tests.cli.conftest import Cli
from tests.formats.random_draw import FORMAT
from tests.integration.live_server import free_port
from tests.web.conftest import PASSWORD, SECRET, Night
from tourney.tournament import format as formats
from tourney.web.app import Server, create_app

NAMES = ("Ann Lee", "Bo Chen", "Cy Diaz", "Di Eze")


@pytest.fixture
def random_draw() -> Iterator[str]:
    formats.register(FORMAT)
    yield FORMAT.name
    formats.unregister(FORMAT.name)


def draw_night(db: Path, random_draw: str, template_db: Path) -> Cli:
    """A night of the format from outside at `db`, two rounds at tables of 2, with
    `NAMES` registered."""
    db.write_bytes(template_db.read_bytes())
    cli = Cli(str(db))
    cli.ok(
        "tournament", "create", "Draw Night", "--format", random_draw,
        "--table-size", "2", "--rounds", "2",
    )  # fmt: skip
    for name in NAMES:
        cli.ok("player", "add", name)
    return cli


def test_a_format_registered_from_outside_is_played_from_the_directors_page(
    random_draw: str, tmp_path: Path, template_db: Path
) -> None:
    db = tmp_path / "night.db"
    cli = draw_night(db, random_draw, template_db)
    site = tmp_path / "site"
    server = Server.open(str(db), SECRET, director_password=PASSWORD, site_dir=site)
    with TestClient(create_app(server), base_url="http://testserver") as client:
        night = Night(cli, server, client)
        night.sign_in()
        csrf = night.csrf("/director")
        done = client.post("/director/pair", data={"csrf": csrf})
        assert "Round 1 published: 2 tables open." in done.text
        for number in (1, 2):
            page = client.get("/director").text
            assert "Random draw" in page
            matches = sorted(set(re.findall(rf"draw-night-r{number}-t\d+", page)))
            assert len(matches) == 2, page
            for match in matches:
                ruled = client.post(
                    "/director/adjudicate",
                    data={
                        "match": match,
                        "scores": "61,20",
                        "sides": "1",
                        "reason": "scoresheet",
                        "csrf": csrf,
                    },
                )
                assert ruled.status_code == 200, ruled.text
            paired = client.post("/director/pair", data={"csrf": csrf})
            if number == 1:
                assert "Round 2 published: 2 tables open." in paired.text
            else:
                assert paired.status_code == 409
                assert "all 2 rounds of &#39;Draw Night&#39; are paired" in paired.text
        published = client.post("/director/publish", data={"csrf": csrf})
        assert "The site is published" in published.text
    index = (site / "index.html").read_text(encoding="utf-8")
    assert "Random draw" in index and (site / "round-2.html").is_file()
    standings = (site / "standings.html").read_text(encoding="utf-8")
    assert all(name in standings for name in NAMES)


def test_serve_refuses_a_night_whose_format_is_not_installed(
    random_draw: str, tmp_path: Path, template_db: Path
) -> None:
    """`tourney serve` on a night of a format this tourney does not have: the one line every
    command says, before anything is announced (it printed the tables' codes, then failed
    in the wall's first board with a traceback, exit 3)."""
    db = tmp_path / "night.db"
    cli = draw_night(db, random_draw, template_db)
    cli.ok("pair")
    served = subprocess.run(
        [str(Path(sys.executable).parent / "tourney"), "serve", "--db", str(db),
         "--host", "127.0.0.1", "--port", str(free_port()), "--no-qr"],
        cwd=tmp_path, capture_output=True, text=True, timeout=120,
        env={**os.environ, "TOURNEY_DIRECTOR_PASSWORD": PASSWORD, "TOURNEY_LANG": "en"},
    )  # fmt: skip
    assert (served.returncode, served.stdout) == (1, ""), served
    shipped = ", ".join(n for n in formats.names() if n != random_draw)
    assert served.stderr == (
        f"error: this tournament's format 'random_draw' is not installed (installed: {shipped}): "
        "install the distribution that provides it\n"
    )
