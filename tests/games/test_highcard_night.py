"""A third game, a distribution of its own under tests/ found through its entry point,
plays a club night end to end through the `Game` interface alone (issues 24, 33): a
tournament created in it and paired, one table recorded at the scorer's console (`tourney
record`, the desk's path), one through the table page of `tourney serve`, the standings,
and a published site with each
match's scoresheet and the round's blank sheets. Nothing outside tourney/games names it."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

from starlette.testclient import TestClient

from tests.cli.conftest import Cli
from tests.web.phone import at_table
from tourney.cli.app import app
from tourney.web.app import Server, create_app
from tourney.web.display_routes import render_board

SECRET = b"h" * 32
PLAYERS = ("Ann", "Bo", "Cy", "Di", "Ed", "Flo")


def test_a_high_card_night_is_played_end_to_end(
    highcard: str, tmp_path: Path, template_db: Path
) -> None:
    db = tmp_path / "night.db"
    shutil.copyfile(template_db, db)
    cli = Cli(str(db))
    cli.ok(
        "tournament", "create", "High Night", "--format", "swiss", "--table-size", "3",
        "--rounds", "2", "--game", highcard,
    )  # fmt: skip
    for name in PLAYERS:
        cli.ok("player", "add", name)
    cli.ok("pair")
    heading = cli.ok("standings").stdout
    assert "High card, tables of 3, first to 5" in heading

    # Table 1 at the scorer's console: the first to show wins every deal.
    shown = cli.runner.invoke(
        app,
        ["record", "T1", "--db", str(db)],
        input="?\n13\n2\n3\nx\nu\n3\n" + "13\n2\n3\n" * 4 + "q\n",
    )
    assert shown.exit_code == 0, shown.stdout + shown.stderr
    out = shown.stdout
    assert "a move, as Tab completes it" in out  # ? is the console's help
    assert "Deal won by" in out and "error: cannot read 'x': not a legal move now" in out
    assert "undid v" in out  # the console's undo, whatever the game
    table_1 = json.loads(cli.ok("show", "T1", "--json").stdout)
    assert table_1["finished"] and table_1["points"][0] == 5
    assert f"{table_1['players'][0]} won" in out

    # The table's record moves between machines and replays as any record does.
    record = tmp_path / "t1.jsonl"
    cli.ok("export", "T1", "-o", str(record))
    assert '"game": "highcard"' in record.read_text(encoding="utf-8").splitlines()[0]
    replay = cli.runner.invoke(app, ["replay", str(record)])
    assert replay.exit_code == 0, replay.stdout + replay.stderr
    replayed = replay.stdout
    assert replayed.count("Deal ") == 5 and "won by" in replayed

    # Table 2 on a phone, through the table page: the third to show wins every deal.
    server = Server.open(str(db), SECRET)
    with TestClient(create_app(server), base_url="http://testserver") as client:
        phone = at_table(client, server, 2)
        page = phone.look()
        assert "To move: " in page and 'value="13"' in page
        for _ in range(5):
            for rank in (2, 3, 13):
                phone.tap(str(rank))
                phone.look()
        refused = phone.tap("14", expect=409)  # no such button: refused with the reason
        assert "is not a move at a High card table now" in refused.text
        page = phone.look()
        assert "won" in page and "I confirm" in page
        board = client.get("/display").text
        assert "High card" in board

    standings = json.loads(cli.ok("standings", "--json").stdout)
    rows = standings["standings"] if isinstance(standings, dict) else standings
    leaders = {row["name"] for row in rows if row["rank"] == 1}
    seats = {
        t: list(json.loads(cli.ok("show", f"T{t}", "--json").stdout)["players"]) for t in (1, 2)
    }
    assert leaders == {seats[1][0], seats[2][2]}

    # The wall display's board, from the read models (a new server catches them up).
    server = Server.open(str(db), SECRET)
    try:
        board = render_board(server)
    finally:
        server.close()
    for number, scores in ((1, "5–0–0"), (2, "0–0–5")):
        line = re.search(rf'<tr data-table="{number}" data-status="(\w+)">(.*?)</tr>', board)
        assert line is not None, board
        assert line.group(1) == "finished" and " · ".join(seats[number]) in line.group(2)
        assert f'<td class="num">{scores}</td>' in line.group(2)

    site = tmp_path / "site"
    cli.ok("publish", str(site))
    sheets = sorted(site.glob("*r1-t*.html"))
    assert len(sheets) == 2, sorted(p.name for p in site.iterdir())
    sheet = sheets[0].read_text(encoding="utf-8")
    assert "Cards shown" in sheet and "High card, tables of 3, first to 5" in sheet
    # A game that draws nothing (`BaseGame.draw`): its page shows its words, as before,
    # and a replay of scores without pictures (issue 36).
    assert "<use href=" not in sheet and 'class="drawing race-chart"' in sheet
    assert 'id="replay-board"' in sheet and '"p":' not in sheet
    last = json.loads(re.findall(r"data-scores=\"([^\"]*)\"", sheet)[0].replace("&#34;", '"'))
    assert sum(last) == 5 and max(last) == 5
    blank = (site / "round-1-scoresheets.html").read_text(encoding="utf-8")
    assert "blank scoresheets (2 tables)" in blank
