"""Check-in at the door through the web (issue 25): a player finds themselves by name on
`/checkin` (the QR poster's page) and taps; the director's page lists who is in, late and
missing, ticks players in, marks fees with the totals; pairing seats only those in."""

from __future__ import annotations

import html
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

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


def door_code(night: Night) -> str:
    """The door's code, as the poster's QR carries it."""
    loaded = night.server.night.loaded()
    assert loaded is not None and loaded.state.room.door_code is not None
    return loaded.state.room.door_code


def tap(night: Night, typed: str, code: str | None) -> Any:
    """Find ``typed`` on the door's page (opened with ``code``, as from the poster's QR)
    and tap the one name found: the answer."""
    params = {"name": typed, **({"code": code} if code is not None else {})}
    page = night.client.get("/checkin", params=params).text
    (player,) = re.findall(r'name="player" value="([^"]+)"', page)
    (sent,) = set(re.findall(r'name="code" value="([^"]*)"', page))
    assert sent == (code or "")
    csrf = re.search(r'name="csrf" value="([^"]+)"', page)
    assert csrf
    form = {"player": player, "csrf": csrf.group(1), "code": sent}
    return night.client.post("/checkin", data=form)


def tap_in(night: Night, typed: str) -> str:
    response = tap(night, typed, door_code(night))
    assert response.status_code == 200, response.text
    return str(response.text)


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
    # Each row says what its fee is and what the button does (issue 32, item 18).
    ann = re.search(r'data-player="p1".*?</tr>', director, re.S)
    bo = re.search(r'data-player="p2".*?</tr>', director, re.S)
    assert ann and bo, director
    assert '✓ paid 5.00</span> · <button name="door" value="owed">undo</button>' in ann.group()
    assert '<button name="door" value="paid">mark paid</button>' in bo.group()


def test_the_door_refuses_in_words_and_writes_nothing(door_night: Night) -> None:
    night = door_night
    stream = tournament_stream("door")
    before = night.server.store.stream_version(stream)
    page = night.client.get("/checkin", params={"name": "nobody"}).text
    assert 'id="none"' in page
    page = night.client.get("/checkin", params={"name": "ann"}).text
    csrf = re.search(r'name="csrf" value="([^"]+)"', page)
    assert csrf
    form = {"player": "p99", "csrf": csrf.group(1), "code": door_code(night)}
    refused = night.client.post("/checkin", data=form)
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
    code = door_code(door_night)
    assert re.fullmatch(r"[0-9]{6}", code)
    assert "Scan to check in" in page and f"http://testserver/checkin?code={code}" in page
    assert f"Door code: {code}" in page
    assert "<svg" in page


def _door_version(night: Night) -> int:
    return night.server.store.stream_version(tournament_stream("door"))


def test_checking_in_needs_the_door_s_code_and_wrong_codes_are_limited(
    door_night: Night,
) -> None:
    """One client on the hall's Wi-Fi once checked in every player: without the door's code
    nothing is recorded, and guessing it is stopped after a few tries."""
    night = door_night
    before = _door_version(night)
    page = night.client.get("/checkin").text
    assert 'id="door-code"' in page  # opened without the QR: the code is asked for
    for name in NAMES:
        refused = tap(night, name.split()[0], None)
        assert refused.status_code == 403, refused.text
        assert "wrong door code" in html.unescape(refused.text)
    assert _door_version(night) == before
    too_many = tap(night, "ann", "123")
    assert too_many.status_code == 429 and int(too_many.headers["Retry-After"]) > 0
    # the right code too, from this address, until the wait is over: no oracle
    assert tap(night, "ann", door_code(night)).status_code == 429
    assert _door_version(night) == before


def test_the_director_changes_the_door_s_code(door_night: Night) -> None:
    night = door_night
    old = door_code(night)
    night.sign_in()
    csrf = night.csrf("/director")
    assert f"Door code: {old}" in night.client.get("/director").text
    done = night.client.post("/director/door-code", data={"code": "Hall42", "csrf": csrf})
    assert "The door has a new code: print the QR poster again." in done.text
    assert door_code(night) == "Hall42"
    assert tap(night, "ann", old).status_code == 403
    assert tap(night, "ann", "hall42").status_code == 200  # case does not matter
    night.client.post("/director/door-code", data={"code": "", "csrf": csrf})  # drawn
    assert re.fullmatch(r"[0-9]{6}", door_code(night))
    bad = night.client.post("/director/door-code", data={"code": "a b", "csrf": csrf})
    assert bad.status_code == 409 and "door code" in html.unescape(bad.text)


def test_a_check_in_the_director_took_back_holds(door_night: Night) -> None:
    night = door_night
    tap_in(night, "ann")
    night.sign_in()
    csrf = night.csrf("/director")
    night.client.post("/director/door", data={"player": "p1", "door": "out", "csrf": csrf})
    before = _door_version(night)
    again = tap(night, "ann", door_code(night))
    assert again.status_code == 409
    assert "the director took Ann Lee's check-in back: ask the director" in html.unescape(
        again.text
    )
    assert _door_version(night) == before
    page = night.client.get("/director").text
    assert 'name="door" value="allow"' in page
    night.client.post("/director/door", data={"player": "p1", "door": "allow", "csrf": csrf})
    assert "✓ Ann Lee, you are checked in." in tap_in(night, "ann")


def test_the_director_s_flash_says_what_happened_to_whom(door_night: Night) -> None:
    """Issue 32, item 19: not "Done at the door." but who, and what; a redirect's details
    are signed, so a forged link says only the generic line."""
    night = door_night
    night.sign_in()
    csrf = night.csrf("/director")
    post = night.client.post
    said = {
        "in": "Ed Fox checked in.",
        "paid": "Ed Fox: fee 5.00 paid.",
        "owed": "Ed Fox: fee marked unpaid.",
        "out": "Ed Fox: check-in taken back.",
    }
    for door, words in said.items():
        done = post("/director/door", data={"player": "p5", "door": door, "csrf": csrf})
        assert f'id="notice">{words}</p>' in done.text, (door, done.text)
    for player in ("p1", "p2", "p3", "p4"):
        post("/director/door", data={"player": player, "door": "in", "csrf": csrf})
    paired = post("/director/pair", data={"csrf": csrf})
    assert "Round 1 published: 2 tables open." in paired.text
    forged = night.client.get("/director?done=door&said=eyJuYW1lIjoiTWFsbG9yeSJ9.AAAA").text
    assert 'id="notice">Done at the door.</p>' in forged and "Mallory" not in forged
