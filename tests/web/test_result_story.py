"""Issue 23 items 1-5 on the web: the director's page names the player beside every checkbox
and score box and states the knockout rule; a confirmation keeps the device it came from
and the director sees it (page and CLI), one phone confirming for everyone flagged; a table
the director ruled on shows the result that counts on its phone page; `serve --tournament`
serves the tournament chosen, through the TestClient and a real server process."""

from __future__ import annotations

import html
import http.client
import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from tests.cli.conftest import Cli
from tests.integration.live_server import free_port
from tests.web.conftest import PASSWORD, SECRET, Night, a_match
from tests.web.phone import Phone
from tourney.web.app import Server, create_app
from tourney.web.devices import agent_summary

IPHONE = (
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 "
    "(KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1"
)


def _row(page: str, table: int) -> str:
    start = page.index(f'data-table="{table}"')
    return page[start : page.index("</tr>", start)]


def test_every_box_of_the_director_page_has_its_player_beside_it(night: Night) -> None:
    night.sign_in()
    page = night.client.get("/director").text
    for table in (1, 2, 3):
        seats = night.seats(table)
        start = page.index(f'<details class="rule" data-match="club-night-r1-t{table}">')
        block = page[start : page.index("</details>", start)]
        for number, name in enumerate(seats, start=1):
            box = f'<input type="checkbox" name="sides" value="{number}"> {html.escape(name)}'
            assert block.count(box) == 2  # forfeit and winners
            assert f'{html.escape(name)} <input name="scores"' in block
    assert "knockout-rule" not in page
    seats = night.seats(2)
    done = night.client.post(
        "/director/adjudicate",
        data={
            "match": "club-night-r1-t2",
            "scores": ["12", "61"],  # a box per side, beside its name
            "sides": "2",
            "reason": "scoresheet",
            "csrf": night.csrf("/director"),
        },
    )
    assert f"{html.escape(seats[1])} won (12-61) [adjudicated: scoresheet]" in _row(done.text, 2)


def test_a_confirmation_keeps_its_device_and_the_director_sees_one_phone_for_all(
    night: Night,
) -> None:
    night.sign_in()
    players = night.seats(1)
    phone = Phone(night.client, night.link(1))
    night.client.headers["User-Agent"] = IPHONE
    phone.look()
    for event in a_match(players):
        phone.record(event, players)
    phone.tap("confirm|0")
    phone.look()
    phone.tap("confirm|1")
    night.server.feed.step()
    row = _row(night.client.get("/director").text, 1)
    found = re.search(r"confirmed: (.*?)</span>", row)
    assert found, row
    said = html.unescape(found.group(1))
    device = re.search(r"phone ([A-Za-z0-9_-]{8}) \(iPhone · Safari\)", said)
    assert device, said
    assert said.endswith("all 2 from one phone")
    assert said.count(f"phone {device.group(1)}") == 2
    listed = night.cli.ok("director", "confirmations", "T1").stdout
    assert f"from phone {device.group(1)} (iPhone · Safari)" in listed
    assert listed.rstrip().endswith("— all 2 from one phone")
    assert night.cli.ok("director", "confirmations", "T2").stdout.endswith("no confirmation\n")


def test_the_agent_summary_says_the_kind_of_phone_and_nothing_raw() -> None:
    assert agent_summary(IPHONE) == "iPhone · Safari"
    assert agent_summary("Mozilla/5.0 (Linux; Android 14) Chrome/120.0 Mobile") == (
        "Android · Chrome"
    )
    assert agent_summary("curl/8.0\x1b[31m") == "curl/8.0[31m"
    assert agent_summary("") == "unknown browser"


def test_a_ruled_table_s_phone_page_shows_the_result_that_counts(night: Night) -> None:
    players = night.seats(1)
    phone = Phone(night.client, night.link(1))
    phone.look()
    for event in a_match(players)[:5]:
        phone.record(event, players)
    night.cli.ok("director", "result", "T1", "--scores", f"{players[0]}=61,{players[1]}=3",
                 "--replace", "-t", "club-night")  # fmt: skip
    page = html.unescape(night.client.get(night.link(1)).text)  # closed: no form to look at
    assert 'id="closed"' in page
    assert f"Result that counts: result replaced by the director: {players[0]} won" in page
    assert "play recorded at the table: " in page and "up to v" not in page


def test_serve_tournament_serves_the_one_chosen(night_db: str) -> None:
    cli = Cli(night_db)
    cli.ok("tournament", "create", "Later Cup", "--table-size", "2", "--rounds", "1")
    newest = Server.open(night_db, SECRET, director_password=PASSWORD)
    with TestClient(create_app(newest)) as client:
        assert "Later Cup" in client.get("/display").text
    chosen = Server.open(night_db, SECRET, director_password=PASSWORD, tournament="club night")
    with TestClient(create_app(chosen)) as client:
        page = client.get("/display").text
        assert "Club Night" in page and "Later Cup" not in page


TOURNEY = str(Path(sys.executable).parent / "tourney")


@pytest.mark.slow
def test_serve_tournament_in_a_real_server_process(night_db: str, tmp_path: Path) -> None:
    Cli(night_db).ok("tournament", "create", "Later Cup", "--table-size", "2", "--rounds", "1")
    port = free_port()
    log = tmp_path / "serve.log"
    process = subprocess.Popen(
        [
            TOURNEY,
            "serve",
            "--db",
            night_db,
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
            "--no-qr",
            "--tournament",
            "club-night",
        ],
        cwd=tmp_path,
        stdout=log.open("wb"),
        stderr=subprocess.STDOUT,
        env={**os.environ, "TOURNEY_DIRECTOR_PASSWORD": ""},
    )
    try:
        deadline = time.monotonic() + 30
        page = ""
        while time.monotonic() < deadline and process.poll() is None:
            try:
                connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
                connection.request("GET", "/display")
                page = connection.getresponse().read().decode()
                connection.close()
                break
            except OSError:
                time.sleep(0.1)
        assert "Club Night" in page and "Later Cup" not in page, log.read_text()
    finally:
        process.terminate()
        process.wait(timeout=10)
    assert "Serving club-night (as asked of 2 tournaments here" in log.read_text()
