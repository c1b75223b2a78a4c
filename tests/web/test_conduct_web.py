"""Disputes, penalties and warnings through `tourney serve` (issue 32, items 6 and 7): a
player disputes a table's result on its phone, the director sees it on their page (table,
who, why, the table's story) and upholds it or replaces the result; refused disputes write
nothing; penalties and warnings from the director's page reach the player's /me and every
standings (the site's page, the wall's board)."""

from __future__ import annotations

import html
import json
import re
from typing import Any

from tests.web.conftest import Night, a_match
from tests.web.phone import Phone
from tests.web.test_attack_auth import events_digest as db_checksum


def press(night: Night, path: str, **fields: str) -> str:
    """A director's button: POSTed with the page's CSRF token; the page it lands on."""
    csrf = night.csrf("/director")
    response = night.client.post(path, data={**fields, "csrf": csrf})
    assert response.status_code == 200, response.text
    return response.text


def finish(night: Night, table: int) -> Phone:
    """Table ``table`` played to the end on its phone."""
    players = night.seats(table)
    phone = Phone(night.client, night.link(table))
    for event in a_match(players):
        phone.look()
        phone.record(event, players)
    night.server.feed.step()  # the result policy posts the table's result
    phone.look()
    return phone


def dispute(night: Night, table: int, seat: str, reason: str) -> Any:
    page = night.client.get(night.link(table)).text
    csrf = re.search(r'name="csrf" value="([^"]+)"', page)
    assert csrf is not None
    return night.client.post(
        night.link(table) + "/dispute",
        data={"csrf": csrf.group(1), "seat": seat, "reason": reason},
        follow_redirects=True,
    )


def test_a_dispute_from_the_phone_reaches_the_director_who_upholds_it(night: Night) -> None:
    phone = finish(night, 1)
    page = phone.look()
    players = night.seats(1)
    assert 'id="dispute"' in page and "Wrong result? Dispute it" in page
    phone.tap("confirm|0")  # the winner's side confirms: only the other may dispute
    page = phone.look()
    assert f'<option value="1">{html.escape(players[0])}</option>' not in page
    assert f'<option value="2">{html.escape(players[1])}</option>' in page

    done = dispute(night, 1, "2", "the last hand was 12, not 21")
    assert done.status_code == 200
    shown = done.text
    assert "The director is told" in shown
    assert "disputes the result: the last hand was 12, not 21 — open" in shown
    assert 'id="dispute"' not in shown  # nobody left to dispute
    phone.look()
    refused = phone.tap("hand|2", expect=409)  # a refused tap draws the page, dispute and all
    assert "disputes the result: the last hand was 12, not 21 — open" in refused.text

    night.sign_in()
    director = night.client.get("/director").text
    line = re.search(r'<li class="dispute-line" data-table="1".*?</li>', director, re.S)
    assert line is not None, director
    assert html.escape(players[1]) in line.group(0)
    assert "the last hand was 12, not 21" in line.group(0) and "Result now:" in line.group(0)
    listed = json.loads(night.cli.ok("disputes", "--json").stdout)
    assert [(d["table"], d["by"], d["reason"], d["status"]) for d in listed] == [
        (1, players[1], "the last hand was 12, not 21", "open")
    ]

    # refused, nothing written: the same side again, a seat that is not there
    before = db_checksum(night.cli.db)
    for seat, message in (("2", "already disputed"), ("7", "no seat"), ("1", "confirmed")):
        refused = dispute(night, 1, seat, "again")
        assert refused.status_code in (400, 409), refused
        assert message in html.unescape(refused.text)
    assert db_checksum(night.cli.db) == before

    page = press(night, "/director/uphold", match=listed[0]["match"], note="the sheet agrees")
    assert "Table 1: the result is upheld, 1 dispute closed." in page
    assert 'class="dispute-line"' not in page
    assert json.loads(night.cli.ok("disputes", "--json").stdout)[0]["status"] == "upheld"
    shown = night.client.get(night.link(1)).text
    assert "— upheld (the director: the sheet agrees)" in shown


def test_a_replaced_result_closes_the_dispute_and_a_table_not_played_has_none(
    night: Night,
) -> None:
    night.cli.ok("director", "result", "T1", "--scores", "61,12")
    assert 'id="dispute"' in night.client.get(night.link(1)).text  # closed by a paper result
    assert 'id="dispute"' not in night.client.get(night.link(2)).text  # no result yet
    before = db_checksum(night.cli.db)
    refused = dispute(night, 2, "1", "no result to dispute")
    assert refused.status_code == 409
    assert "has no result yet" in refused.text
    assert db_checksum(night.cli.db) == before
    assert dispute(night, 1, "2", "it was 12-61").status_code == 200
    night.cli.ok("director", "result", "T1", "--scores", "12,61", "--replace")
    (row,) = json.loads(night.cli.ok("disputes", "--json").stdout)
    assert row["status"] == "replaced"
    assert "replaced" in night.cli.ok("disputes").stdout


def test_penalties_and_warnings_from_the_directors_page(night: Night) -> None:
    night.cli.ok("director", "result", "T1", "--scores", "61,12")
    winner = night.seats(1)[0]
    night.sign_in()
    page = press(night, "/director/sanction", sanction="penalty", player=winner, points="1/2",
                 reason="slow play")  # fmt: skip
    assert f"{html.escape(winner)}: penalty recorded, match points -½." in page
    assert "penalty, match points -½ (slow play), round 1" in html.unescape(page)  # points_text
    press(night, "/director/sanction", sanction="warning", player=winner, reason="phone")
    # refused, nothing written: no reason, no points, too many
    before = db_checksum(night.cli.db)
    for fields in (
        {"sanction": "penalty", "points": "1", "reason": ""},
        {"sanction": "penalty", "points": "", "reason": "x"},
        {"sanction": "penalty", "points": "11", "reason": "x"},
    ):
        csrf = night.csrf("/director")
        refused = night.client.post("/director/sanction",
                                    data={**fields, "player": winner, "csrf": csrf})  # fmt: skip
        assert refused.status_code in (400, 409), refused.text
    assert db_checksum(night.cli.db) == before

    rows = json.loads(night.cli.ok("standings", "--json").stdout)["standings"]
    mine = next(r for r in rows if r["name"] == winner)
    assert (mine["match_points"], mine["penalty"]) == ("1/2", "1/2")
    night.server.feed.step()
    board = night.client.get("/display").text
    assert '<td class="num penalty">-½</td>' in board
    me = night.client.get(f"/me?name={winner}", follow_redirects=True).text
    assert "Penalty, round 1: match points -½ (slow play)" in html.unescape(me)
    assert "Warning, round 1: phone" in html.unescape(me)
    site = night.client.get("/site/standings.html").text
    assert '<th class="num">Penalty</th>' in site and ">-½<" in site

    number = re.search(r'name="number" value="(\d+)"', night.client.get("/director").text)
    assert number is not None and number.group(1) == "1"
    press(night, "/director/sanction", sanction="lift-penalty", player=winner, number="1")
    rows = json.loads(night.cli.ok("standings", "--json").stdout)["standings"]
    mine = next(r for r in rows if r["name"] == winner)
    assert (mine["match_points"], mine["penalty"]) == ("1", "0")
    assert "lifted" in night.client.get(f"/me?name={winner}", follow_redirects=True).text
