"""Check-in at the door through the web (issue 25): a player finds themselves by name on
`/checkin` (the QR poster's page) and taps; the director's page lists who is in, late and
missing, ticks players in, marks fees with the totals; pairing seats only those in."""

from __future__ import annotations

import html
import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.cli.conftest import Cli
from tests.web.conftest import Night, serving
from tourney.tournament.streams import tournament_stream

NAMES = ("Ann Lee", "Bo Chen", "Cy Diaz", "Zoë Park", "Ed Fox")


@pytest.fixture
def door_night(tmp_path: Path, template_db: Path) -> Iterator[Night]:
    path = tmp_path / "door.db"
    shutil.copyfile(template_db, path)
    cli = Cli(str(path))
    cli.ok("tournament", "create", "Door", "--table-size", "2", "--check-in", "--entry-fee", "5")
    for name in NAMES:
        cli.ok("player", "add", name)
    with serving(str(path)) as night:
        yield night


def tap_in(night: Night, typed: str) -> str:
    """Find ``typed`` on the door's page and tap the one name found."""
    page = night.client.get("/checkin", params={"name": typed}).text
    (player,) = re.findall(r'name="player" value="([^"]+)"', page)
    csrf = re.search(r'name="csrf" value="([^"]+)"', page)
    assert csrf
    response = night.client.post("/checkin", data={"player": player, "csrf": csrf.group(1)})
    assert response.status_code == 200, response.text
    return response.text


def test_players_check_in_at_the_door_and_only_they_are_paired(door_night: Night) -> None:
    night = door_night
    page = tap_in(night, "zoe")
    assert "✓ Zoë Park, you are checked in." in page and 'href="/me/p4"' in page
    tap_in(night, "ann")
    tap_in(night, "chen")
    tap_in(night, "cy")
    again = night.client.get("/checkin", params={"name": "zoe"}).text
    assert "✓ Zoë Park is checked in" in again and 'name="player"' not in again
    night.sign_in()
    director = night.client.get("/director").text
    assert "4 checked in (only they are paired); not here: Ed Fox." in director
    assert "Entry fee 5.00: 0 paid, <strong>0.00</strong> taken; 5 owe 25.00." in director
    csrf = night.csrf("/director")
    night.client.post("/director/door", data={"player": "p1", "door": "paid", "csrf": csrf})
    night.client.post("/director/pair", data={"csrf": csrf})
    loaded = night.server.night.loaded()
    assert loaded is not None
    seated = {p for m in loaded.state.matches.values() for p in m.seats}
    assert seated == {"p1", "p2", "p3", "p4"}
    night.client.post("/director/door", data={"player": "p5", "door": "in", "csrf": csrf})
    director = night.client.get("/director").text
    assert "late: Ed Fox" in director
    assert "Entry fee 5.00: 1 paid, <strong>5.00</strong> taken; 4 owe 20.00." in director


def test_the_door_refuses_in_words_and_writes_nothing(door_night: Night) -> None:
    night = door_night
    stream = tournament_stream("door")
    before = night.server.store.stream_version(stream)
    page = night.client.get("/checkin", params={"name": "nobody"}).text
    assert 'id="none"' in page
    page = night.client.get("/checkin", params={"name": "ann"}).text
    csrf = re.search(r'name="csrf" value="([^"]+)"', page)
    assert csrf
    refused = night.client.post("/checkin", data={"player": "p99", "csrf": csrf.group(1)})
    assert refused.status_code == 409 and "no player" in html.unescape(refused.text)
    assert 'id="back" href="/checkin"' in refused.text
    assert night.client.post("/checkin", data={"player": "p1", "csrf": "x"}).status_code == 403
    assert (
        night.client.post("/director/door", data={"player": "p1", "door": "in"}).status_code == 403
    )
    assert night.client.get("/director/poster").status_code == 403
    assert night.server.store.stream_version(stream) == before


def test_the_poster_carries_the_door_s_address(door_night: Night) -> None:
    door_night.sign_in()
    page = door_night.client.get("/director/poster").text
    assert "Scan to check in" in page and "http://testserver/checkin" in page
    assert "<svg" in page
