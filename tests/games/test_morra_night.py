"""Morra (tests/games/morra/), a club's game installed from its own distribution, plays a
night in partnerships in Italian and Russian with no edit to tourney (issue 33, the second
checklist trial, audit33b): its own catalog's words reach `--game`'s help, its commands'
help, the console, the phone page (its own template), the standings and the published
site; a side that concedes loses (its game's rule, not the tournament's target); its
export replays."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

from starlette.testclient import TestClient

from tests.cli.conftest import Cli
from tests.web.conftest import SECRET
from tests.web.phone import at_table
from tourney.cli.app import app
from tourney.web.app import Server, create_app

PLAYERS = ("Ann", "Bo", "Cy", "Di", "Eve", "Finn", "Gus", "Hal")


def test_a_morra_night_in_partnerships_in_its_own_words(tmp_path: Path, template_db: Path) -> None:
    db = tmp_path / "night.db"
    shutil.copyfile(template_db, db)
    cli = Cli(str(db))
    wide = {"COLUMNS": "400"}
    helped = cli.runner.invoke(app, ["--lang", "it", "tournament", "create", "-h"], env=wide)
    assert "morra: dita e chiamate, tavoli da 4 a coppie" in " ".join(
        re.sub(r"[│╭╮╰╯─]", " ", helped.stdout).split()
    )
    called = cli.runner.invoke(app, ["--lang", "ru", "call", "-h"], env=wide)
    assert "Морра: покажите пальцы и заявите сумму." in called.stdout
    cli.ok("tournament", "create", "Sera", "--game", "morra", "--table-size", "4",
           "--partnerships", "--rounds", "1", "--lang", "ru")  # fmt: skip
    for name in PLAYERS:
        cli.ok("player", "add", name)
    for first, second in zip(PLAYERS[::2], PLAYERS[1::2], strict=True):
        cli.ok("player", "team", first, second)
    cli.ok("pair")
    seats = {t: json.loads(cli.ok("show", f"sera-r1-t{t}", "--json").stdout)["players"]
             for t in (1, 2)}  # fmt: skip

    # Table 1: its first call on a phone (the night's language, Russian), the rest typed.
    server = Server.open(str(db), SECRET)
    with TestClient(create_app(server), base_url="http://testserver") as client:
        phone = at_table(client, server, 1)
        page = phone.look()
        assert '<section class="morra">' in page  # its own template, in its own words
        assert "Покажите пальцы, заявите сумму" in page
        assert f"Заявляет: {seats[1][0]}" in page
        phone.tap("1 4")
        page = phone.look()
        assert f"{seats[1][0]} заявляет 4" in page and f"Заявляет: {seats[1][1]}" in page
    server.close()
    said = cli.ok("--lang", "it", "call", "sera-r1-t1", "1", "0").stdout
    assert f"v3: {seats[1][1]} chiama 0" in said
    for number in range(10):  # 1+3 call the total, 2+4 never: 1+3 reach 5 in the 3rd deal
        cli.ok("call", "sera-r1-t1", "1", "0" if number % 2 else "4")
    shown = cli.ok("--lang", "it", "show", "sera-r1-t1").stdout
    assert f"{seats[1][0]} & {seats[1][2]} hanno vinto" in shown, shown

    # Table 2: a side concedes at 0-0.
    conceded = cli.ok("--lang", "ru", "concede", "sera-r1-t2").stdout
    assert f"пара {seats[2][0]} сдаётся" in conceded
    standings = json.loads(cli.ok("standings", "--json").stdout)["standings"]
    leaders = {row["name"] for row in standings if row["match_points"] == "1"}
    assert leaders == {f"{seats[1][0]} & {seats[1][2]}", f"{seats[2][1]} & {seats[2][3]}"}

    record = tmp_path / "t1.jsonl"
    cli.ok("export", "sera-r1-t1", "-o", str(record))
    replayed = cli.runner.invoke(app, ["replay", str(record)])
    assert replayed.exit_code == 0 and f"{seats[1][0]} calls 4" in replayed.stdout

    site = tmp_path / "site"
    cli.ok("publish", str(site))
    assert "Морра, столы по 4" in (site / "index.html").read_text(encoding="utf-8")
    table = (site / "standings.html").read_text(encoding="utf-8")
    assert "Точные заявки" in table and not re.search(r"\b4 до 4\b", table)
