"""The room on the night through the web (issue 25): the round clock on the director's
page, every table page and the wall display, all from the server's clock (injected here:
`tourney.director.room.server_now`); "Call the director" from a table, answered from the
director's page; a table stopped by time, labelled "time". Each action is an event of the
tournament stream, so a second server on the same database shows the same room."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta

import pytest

from tests.web.conftest import Night, a_match, serving
from tests.web.phone import Phone
from tourney.tournament.streams import tournament_stream

T0 = datetime(2026, 12, 1, 19, 0, tzinfo=UTC)


class Now:
    def __init__(self) -> None:
        self.at = T0

    def __call__(self) -> datetime:
        return self.at

    def tick(self, minutes: float) -> None:
        self.at += timedelta(minutes=minutes)


@pytest.fixture
def now(monkeypatch: pytest.MonkeyPatch) -> Now:
    clock = Now()
    monkeypatch.setattr("tourney.director.room.server_now", clock)
    return clock


@contextmanager
def timed_night(night_db: str, rule: str) -> Iterator[Night]:
    """The night of six at tables of 2, with 45 minutes a round and the time ``rule`` set
    before serving, the director signed in."""
    from tests.cli.conftest import Cli

    Cli(night_db).ok("clock", "set", "45", "--time-rule", rule)
    with serving(night_db) as night:
        night.sign_in()
        yield night


@pytest.fixture
def timed(night_db: str, now: Now) -> Iterator[Night]:
    with timed_night(night_db, "stop-now") as night:
        yield night


def press(night: Night, path: str, **fields: str) -> str:
    """A director's button: POSTed with the page's CSRF token; the page it lands on."""
    csrf = night.csrf("/director")
    response = night.client.post(path, data={**fields, "csrf": csrf})
    assert response.status_code == 200, response.text
    assert 'id="refusal"' not in response.text, response.text
    return response.text


def face(page: str, element: str = "clock") -> tuple[str, str, str]:
    """A clock element's state, seconds left and label."""
    found = re.search(
        rf'id="{element}" data-clock data-state="(\w+)" data-remaining="([0-9.]+)"'
        r'.*?<span class="clock-time">([^<]*)</span>',
        page,
    )
    assert found, page
    return found.group(1), found.group(2), found.group(3)


def clock_json(night: Night, table: int | None = None) -> dict[str, object]:
    url = "/clock.json" + (f"?table={table}" if table else "")
    data: dict[str, object] = night.client.get(url).json()
    return data


def test_the_director_starts_pauses_resumes_and_extends_and_every_page_agrees(
    timed: Night, now: Now
) -> None:
    night = timed
    assert face(night.client.get("/director").text)[0] == "ready"
    page = press(night, "/director/clock", clock="start")
    assert "The clock is set." in page
    now.tick(10)
    phone = Phone(night.client, night.link(1))
    assert face(phone.look()) == ("running", "2100.0", "35:00")
    assert face(night.client.get("/director").text) == ("running", "2100.0", "35:00")
    night.server.feed.step()
    # the display's board was rendered when an event landed, not now: what it carries
    # (seconds left as of its render time) counts down to the same end as the phone's
    board = night.client.get("/display").text
    state, remaining, _label = face(board)
    rendered = re.search(r'id="clock" data-clock .*?data-at-ms="(\d+)"', board)
    assert state == "running" and rendered
    end = int(rendered.group(1)) / 1000 + float(remaining)
    assert end == (T0 + timedelta(minutes=45)).timestamp()
    assert clock_json(night)["remaining"] == 2100.0
    press(night, "/director/clock", clock="pause")
    now.tick(5)
    assert clock_json(night, 1)["label"] == "35:00 (paused)"
    press(night, "/director/clock", clock="resume")
    press(night, "/director/clock", clock="extend", minutes="5", table="2")
    now.tick(1)
    assert clock_json(night, 1)["text"] == "34:00"
    assert clock_json(night, 2)["text"] == "39:00"
    assert face(Phone(night.client, night.link(2)).look())[2] == "39:00"
    night.server.feed.step()
    display = night.client.get("/display").text
    assert "+5′" in display  # the table given more time says so on the wall


def test_the_clock_survives_a_restart(timed: Night, now: Now, night_db: str) -> None:
    press(timed, "/director/clock", clock="start")
    now.tick(20)
    with serving(night_db) as again:
        assert again.client.get("/clock.json").json()["text"] == "25:00"


def test_a_refused_clock_button_says_why_and_writes_nothing(timed: Night) -> None:
    night = timed
    stream = tournament_stream("club-night")
    before = night.server.store.stream_version(stream)
    csrf = night.csrf("/director")
    for fields, message in (
        ({"clock": "pause"}, "round 1&#39;s clock is not started"),
        ({"clock": "extend", "minutes": "500"}, "must be 1 to 120"),
        ({"clock": "explode"}, "is not a clock button"),
        ({"clock": "set", "minutes": "-3"}, "is not a whole number"),
    ):
        response = night.client.post("/director/clock", data={**fields, "csrf": csrf})
        assert response.status_code in (400, 409), response.text
        assert message in response.text
    assert night.client.post("/director/clock", data={"clock": "start"}).status_code == 403
    assert night.server.store.stream_version(stream) == before


def test_time_up_shows_on_the_phone_and_the_director_stops_the_table_by_time(
    timed: Night, now: Now
) -> None:
    night = timed
    press(night, "/director/clock", clock="start")
    players = night.seats(1)
    phone = Phone(night.client, night.link(1))
    phone.look()
    for event in a_match(players)[:4]:
        phone.record(event, players)
    now.tick(46)
    assert face(phone.look())[2] == "Time: stop playing"
    director = night.client.get("/director").text
    assert 'class="stop" data-table="1"' in director
    page = press(night, "/director/stop", match="club-night-r1-t1")
    assert "stopped by time" in page
    night.server.feed.step()
    shown = night.client.get(night.link(1)).text
    label = "[time: stop at once; the higher score wins; level scores share the win]"
    wall = night.client.get("/display").text  # the wall says it short: the scores
    assert label not in wall and re.search(
        r'data-table="1" data-status="result"><td class="num">1</td><td>[^<]*</td><td>\d+–\d+</td>',
        wall,
    )
    assert "the director ruled time" in shown and label in shown
    assert 'name="move"' not in shown


def test_a_table_calls_the_director_who_answers_from_the_page(timed: Night, now: Now) -> None:
    night = timed
    phone = Phone(night.client, night.link(2))
    page = phone.look()
    assert 'id="call"' in page
    now.tick(3)
    response = night.client.post(
        night.link(2) + "/call", data={"csrf": phone.csrf}, follow_redirects=True
    )
    assert response.status_code == 200
    assert 'id="called"' in response.text and "The director is called" in response.text
    calls = clock_json(night)["calls"]
    assert isinstance(calls, list) and [c["table"] for c in calls] == [2]
    # a second tap while the call waits is the same call
    night.client.post(night.link(2) + "/call", data={"csrf": phone.csrf})
    director = night.client.get("/director").text
    assert director.count('class="call-line"') == 1
    assert "<strong>Table 2</strong> called at" in director
    press(night, "/director/answer", call=calls[0]["id"])
    assert "The call is answered." in night.client.get("/director?done=answer").text
    again = phone.look()
    assert 'id="call"' in again and 'id="answered"' in again
    assert clock_json(night)["calls"] == []


def test_a_call_needs_the_page_s_token_and_a_current_link(timed: Night) -> None:
    night = timed
    stream = tournament_stream("club-night")
    before = night.server.store.stream_version(stream)
    response = night.client.post(night.link(1) + "/call", data={"csrf": "forged"})
    assert response.status_code == 403
    response = night.client.post("/t/not-a-token/call", data={"csrf": night.csrf("/director")})
    assert response.status_code == 403
    assert night.server.store.stream_version(stream) == before


def test_the_racehorse_wall_heads_net_units_as_net_units(card_night: Night) -> None:
    """Issue 25, defect 5: the display's Racehorse standings column said "Scored"."""
    card_night.server.feed.step()
    board = card_night.client.get("/display").text
    standings = board.split('id="standings"')[1].split("</thead>")[0]
    assert "Net units" in standings and "Scored" not in standings
