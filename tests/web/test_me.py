"""`/me`, a player's own page (issue 25): found by name folded as everywhere, then the
player's table, seat and opponents this round with the table's clock, the results so far
and the place in the standings, its live part fetched again as the feed moves on. Nothing
on it writes."""

from __future__ import annotations

import html

from tests.web.conftest import HOSTILE, Night, a_match
from tests.web.phone import Phone


def find(night: Night, name: str) -> str:
    response = night.client.get("/me", params={"name": name}, follow_redirects=False)
    assert response.status_code in (200, 303), response.text
    return response.headers.get("location", "") or response.text


def player_id(night: Night, name: str) -> str:
    loaded = night.server.night.loaded()
    assert loaded is not None
    (found,) = [p for p, player in loaded.state.players.items() if player.name == name]
    return found


def test_a_name_is_found_however_it_is_typed(night: Night) -> None:
    ann = player_id(night, "Ann Lee")
    for typed in ("Ann Lee", "ann lee", "ANN", "lee", "  Ann  "):
        assert find(night, typed) == f"/me/{ann}", typed
    page = find(night, "zz")
    assert 'id="none"' in page and "No player" in page
    # a name that several players' names start with: each is offered
    page = find(night, "d")
    assert 'id="found"' in page and "Di Eze" in page and "Cy Diaz" in page
    page = night.client.get(find(night, "<script>")).text
    assert HOSTILE not in page and html.escape(HOSTILE) in page


def test_the_page_shows_the_table_the_seat_the_opponents_and_follows_the_night(
    night: Night,
) -> None:
    players = night.seats(1)
    first = player_id(night, players[0])
    page = night.client.get(f"/me/{first}").text
    assert "<strong>Table 1</strong>, seat 1" in page
    assert f"with {html.escape(players[1])}" in page
    assert 'id="results"' not in page
    phone = Phone(night.client, night.link(1))
    phone.look()
    for event in a_match(players):
        phone.record(event, players)
    night.server.feed.step()
    part = night.client.get(f"/me/{first}/part").text
    assert 'id="results"' in part and "won (" in part
    assert 'id="place"' in part and "from 1 match." in part
    night.sign_in()
    csrf = night.csrf("/director")
    night.client.post("/director/pair", data={"override": "on", "csrf": csrf})
    night.server.feed.step()
    part = night.client.get(f"/me/{first}/part").text
    assert 'data-round="2"' in part and "Round 2: <strong>Table" in part


def test_nothing_on_it_writes(night: Night) -> None:
    before = night.server.store.max_position()
    first = player_id(night, "Ann Lee")
    for path in ("/me", "/me?name=ann", f"/me/{first}", f"/me/{first}/part"):
        assert night.client.get(path).status_code == 200, path
    form = {"Content-Type": "application/x-www-form-urlencoded"}  # past the body guard
    assert night.client.post(f"/me/{first}", content=b"", headers=form).status_code == 405
    assert night.client.get("/me/p999").status_code == 409
    assert night.server.store.max_position() == before
