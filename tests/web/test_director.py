"""The director's page: round status by table (playing, hand N, finished, confirmed), who
has yet to confirm, and the actions — forfeit, adjudicate, void, pair, publish — through
the director's desk, each showing on the page and the wall display."""

from __future__ import annotations

import html
import re
import shutil
from pathlib import Path

from starlette.testclient import TestClient

from tests.cli.conftest import Cli
from tests.web.conftest import PASSWORD, SECRET, Night, a_match
from tests.web.phone import Phone
from tourney.web.app import Server, create_app


def _row(page: str, table: int) -> str:
    start = page.index(f'data-table="{table}"')
    return page[start : page.index("</tr>", start)]


def test_the_round_by_table_and_the_unconfirmed_result(night: Night) -> None:
    night.sign_in()
    page = night.client.get("/director").text
    assert 'data-status="playing"' in _row(page, 1)
    assert page.count("<svg") == 3  # a QR code per table
    players = night.seats(1)
    phone = Phone(night.client, night.link(1))
    phone.look()
    events = a_match(players)
    for event in events[:3]:
        phone.record(event, players)
    night.server.feed.step()
    assert 'data-status="hand 1"' in _row(night.client.get("/director").text, 1)
    for event in events[3:]:
        phone.record(event, players)
    night.server.feed.step()
    row = _row(night.client.get("/director").text, 1)
    assert 'data-status="finished"' in row and 'class="unconfirmed"' in row
    assert f"to confirm: {html.escape(players[0])}, {html.escape(players[1])}" in row
    phone.tap("confirm|0")
    night.server.feed.step()
    row = _row(night.client.get("/director").text, 1)
    assert f"to confirm: {html.escape(players[1])}<" in row
    phone.look()
    phone.tap("confirm|1")
    night.server.feed.step()
    row = _row(night.client.get("/director").text, 1)
    assert 'data-status="confirmed"' in row and "unconfirmed" not in row


def test_rulings_then_the_next_round_from_the_page(night: Night) -> None:
    night.sign_in()
    csrf = night.csrf("/director")
    post = night.client.post
    done = post(
        "/director/forfeit",
        data={"match": "club-night-r1-t1", "sides": "2", "reason": "left", "csrf": csrf},
    )
    assert "Table 1: forfeit recorded." in done.text
    assert "[forfeit: left]" in _row(done.text, 1)
    done = post(
        "/director/adjudicate",
        data={
            "match": "club-night-r1-t2",
            "scores": "61,12",
            "sides": "1",
            "reason": "scoresheet",
            "csrf": csrf,
        },
    )
    assert "(61-12) [adjudicated: scoresheet]" in _row(done.text, 2)
    refused = post("/director/pair", data={"csrf": csrf})
    assert refused.status_code == 409  # table 3 has no result yet
    assert night.server.night.loaded().state.rounds[-1].round == 1  # type: ignore[union-attr]
    post("/director/void", data={"match": "club-night-r1-t3", "reason": "x", "csrf": csrf})
    done = post("/director/pair", data={"csrf": csrf})
    assert "Round 2 published: 3 tables open." in done.text
    assert 'Director · Round 2 <span class="muted">· 2 of 2 rounds paired</span>' in done.text
    night.server.feed.step()
    assert 'data-round="2"' in night.client.get("/display").text


def test_publish_writes_the_site_where_serve_was_told(night_db: str, tmp_path: Path) -> None:
    site = tmp_path / "site"
    server = Server.open(night_db, SECRET, director_password=PASSWORD, site_dir=site)
    with TestClient(create_app(server)) as client:
        night = Night(Cli(night_db), server, client)
        night.sign_in()
        done = client.post("/director/publish", data={"csrf": night.csrf("/director")})
        assert "The site is published" in done.text
    assert (site / "index.html").is_file() and (site / "round-1.html").is_file()
    served = (site / "standings.html").read_text()
    assert "&lt;script&gt;" in served


def test_publish_without_a_folder_writes_beside_the_database(night: Night) -> None:
    """`serve` started without --site (issue 32, item 18): the Publish button writes the
    folder `site` beside the database, says where, and publishes there again; a `site`
    folder tourney did not write is refused and left as it was."""
    site = Path(night.cli.db).parent / "site"
    night.sign_in()
    done = night.client.post("/director/publish", data={"csrf": night.csrf("/director")})
    assert done.status_code == 200
    assert f"The site is published in {site}." in done.text
    assert (site / "index.html").is_file() and (site / "round-1.html").is_file()
    again = night.client.post("/director/publish", data={"csrf": night.csrf("/director")})
    assert f"The site is published in {site}." in again.text
    shutil.rmtree(site)
    site.mkdir()
    (site / "notes.txt").write_text("the club's own", encoding="utf-8")
    refused = night.client.post("/director/publish", data={"csrf": night.csrf("/director")})
    assert refused.status_code == 409
    assert "notes.txt" in refused.text
    assert [p.name for p in site.iterdir()] == ["notes.txt"]


def test_a_result_left_unposted_by_a_killed_server_is_posted_on_the_next_start(
    night_db: str,
) -> None:
    # The last move was stored, then the process died before posting the result.
    server = Server.open(night_db, SECRET)
    loaded = server.night.loaded()
    assert loaded is not None
    (table,) = [t for t in server.night.tables(loaded) if t.number == 1]
    with server.night.desk(table.match_id, "table 1") as desk:
        for event in a_match(table.seats):
            desk.append_events(lambda event=event: [event])  # type: ignore[misc]
        assert desk.match.finished
    assert server.night.director.load(loaded.slug).state.matches[table.match_id].outcome is None
    server.store.close()
    again = Server.open(night_db, SECRET)
    with TestClient(create_app(again)) as client:  # starting catches up, then posts
        board = client.get("/display").text
    state = Server.open(night_db, SECRET)
    outcome = state.night.director.load(loaded.slug).state.matches[table.match_id].outcome
    state.store.close()
    assert outcome is not None and outcome.kind == "played"
    assert 'data-table="1" data-status="finished"' in board
    assert re.search(
        r'data-status="finished"><td class="num">1</td><td>[^<]*</td><td>\d+–\d+</td>', board
    )


def test_the_table_cards_to_print_carry_each_tables_code_for_the_director_only(
    night: Night,
) -> None:
    assert night.client.get("/director/cards", follow_redirects=False).status_code == 303
    public = night.client.get("/site/round-1-table-cards.html").text
    assert "<svg" not in public and "/t/" not in public  # the public cards carry no link
    night.sign_in()
    cards = night.client.get("/director/cards").text
    assert cards.count("<svg") == 3
    for table in (1, 2, 3):
        assert f'<section class="card" data-table="{table}">' in cards
        assert night.link(table) in cards  # the code's text, in its title


def test_a_forfeit_asks_what_the_others_do_as_the_cli_does(night: Night) -> None:
    """Issue 12 item 5 on the director's page: the others play on unless the director says
    they share the win, and anything else is refused with nothing recorded."""
    night.sign_in()
    page = night.client.get("/director").text
    assert '<option value="play_on" selected>the others play on</option>' in page
    assert '<option value="share">the others share the win</option>' in page
    refused = night.client.post(
        "/director/forfeit",
        data={
            "match": "club-night-r1-t1",
            "sides": "2",
            "others": "toss a coin",
            "csrf": night.csrf("/director"),
        },
    )
    assert refused.status_code == 409
    assert "play_on or share" in refused.text
    assert "[forfeit" not in _row(night.client.get("/director").text, 1)


def test_an_absurd_score_on_the_directors_page_is_refused_and_nothing_written(
    night: Night,
) -> None:
    """The page's number boxes keep the CLI's bounds: a 30-digit score, or a side beyond
    any table, is refused with a line saying which, and the log does not move (they went
    straight into int() and on to the store before)."""
    night.sign_in()
    csrf = night.csrf("/director")
    before = night.server.store.max_position()
    for scores, sides, said in (("9" * 30 + ",12", "1", "score"), ("61,12", "99", "side")):
        done = night.client.post(
            "/director/adjudicate",
            data={"match": "club-night-r1-t2", "scores": scores, "sides": sides,
                  "reason": "x", "csrf": csrf},
        )  # fmt: skip
        assert done.status_code in (400, 409), done.text
        assert said in done.text and "Traceback" not in done.text
        assert night.server.store.max_position() == before
