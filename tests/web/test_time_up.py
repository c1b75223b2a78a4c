"""Time up under "finish the hand" (issue 32, item 9): the hand in progress at time-up is
played out; once it is counted the table page offers no new hand and says the match ended
by time, a new hand posted anyway (a page from before, a script) is refused with nothing
written; the director's page tells "finishing hand 1" from "done by time" and offers the
stop only for the latter."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from tests.web.conftest import Night, a_match
from tests.web.phone import Phone
from tests.web.test_room import Now, now, press, timed_night
from tourney.streams.matches import match_stream
from tourney.web.table_routes import move_value

__all__ = ["now"]


@pytest.fixture
def finish_hand(night_db: str, now: Now) -> Iterator[Night]:
    with timed_night(night_db, "finish-hand") as night:
        yield night


def phase(page: str) -> str:
    return str(re.findall(r'class="table-page game-[\w-]+ phase-(\w+)"', page)[0])


def time_up_line(night: Night, table: int) -> str:
    """What the director's page says of ``table`` under "Time is up"."""
    director = night.client.get("/director").text
    line = rf'class="(?:time-up finishing|stop)" data-table="{table}".*?</(?:p|form)>'
    return str(re.findall(f"({line})", director, re.S)[0])


def test_the_last_hand_is_played_out_then_the_match_has_ended_by_time(
    finish_hand: Night, now: Now
) -> None:
    night, players = finish_hand, finish_hand.seats(1)
    phone = Phone(night.client, night.link(1))
    phone.look()
    press(night, "/director/clock", clock="start")
    events = iter(a_match(players))
    for _opened_then_a_first_tile in range(2):
        phone.record(next(events), players)
    now.tick(46)  # time is up in the middle of hand 1
    page = phone.look()
    assert phase(page) == "in_hand"
    assert 'id="time-done"' not in page and 'name="move" value="place|' in page
    line = time_up_line(night, 1)
    assert "finishing hand 1" in line and "<button>" not in line  # not to be stopped yet
    for event in events:  # the hand is played out
        phone.record(event, players)
        page = phone.look()
        if phase(page) == "between_hands":
            break
    else:
        pytest.fail("hand 1 never ended")
    assert 'id="time-done"' in page and "the match has ended by time" in page
    assert 'value="hand|' not in page  # no new hand offered
    assert "Undo " in page  # a correction is still taken
    line = time_up_line(night, 1)
    assert "done by time" in line and "Stop by time" in line
    # a new hand posted anyway (a page shown before) is refused, nothing written
    loaded = night.server.night.loaded()
    assert loaded is not None
    match_id = next(t.match_id for t in night.server.night.tables(loaded) if t.number == 1)
    stream = match_stream(match_id)
    before = night.server.store.stream_version(stream)
    move, tiles = move_value(next(events), players)
    refused = phone.tap(move, tiles, expect=409)
    assert "the match has ended by time" in refused.text
    assert night.server.store.stream_version(stream) == before
    # the director stops it: the scores as they stand decide
    page = press(night, "/director/stop", match=match_id)
    assert "stopped by time" in page


@pytest.mark.parametrize("language", ["it", "ru"])
def test_the_words_of_time_up_are_translated(finish_hand: Night, now: Now, language: str) -> None:
    night = finish_hand
    press(night, "/director/clock", clock="start")
    now.tick(46)  # time is up before table 1 started: nothing to finish
    page = night.client.get(night.link(1), headers={"Accept-Language": language}).text
    done = re.search(r'id="time-done">([^<]*)<', page)
    assert done and "ended by time" not in done.group(1), page
    director = night.client.get("/director", headers={"Accept-Language": language}).text
    assert "done by time" not in director
