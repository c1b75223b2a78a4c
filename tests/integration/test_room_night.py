"""A whole night's room through a real server (uvicorn on a local port, plain HTTP): the
players check in at the door, the director drafts the round, swaps two players, publishes
it and starts the clock, a player finds
their table on /me, a table records and calls the director, who answers; time runs out, the
table reads "Last hand", the director stops it by time, and the result labelled "time"
shows on the table, the wall display and /me. The server's clock is the test's."""

from __future__ import annotations

import re
import shutil
import time
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from http.cookiejar import CookieJar
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.error import HTTPError
from urllib.parse import urlencode, urlsplit
from urllib.request import HTTPCookieProcessor, build_opener

import pytest

from tests.cli.conftest import Cli, template_db
from tests.integration.live_server import live_server
from tests.web.conftest import SECRET, a_match
from tourney.web.app import Server
from tourney.web.table_routes import move_value

if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence

__all__ = ["template_db"]

PASSWORD = "director-password"
NAMES = ("Ann Lee", "Bo Chen", "Cy Diaz", "Zoë Park", "Ed Fox")


class Browser:
    """One person's browser, plain HTTP with its own cookies (redirects followed)."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.opener = build_opener(HTTPCookieProcessor(CookieJar()))
        self.url = base

    def _open(self, path: str, data: bytes | None = None) -> tuple[int, str]:
        try:
            with self.opener.open(self.base + path, data=data, timeout=30) as response:
                self.url = response.geturl()
                return response.status, response.read().decode()
        except HTTPError as exc:
            return exc.code, exc.read().decode()

    def get(self, path: str, params: Mapping[str, str] | None = None) -> tuple[int, str]:
        return self._open(path + ("?" + urlencode(params) if params else ""))

    def post(self, path: str, data: Mapping[str, str | Sequence[str]]) -> tuple[int, str]:
        return self._open(path, urlencode(data, doseq=True).encode())

    def json(self, path: str, params: Mapping[str, str]) -> Any:
        import json

        return json.loads(self.get(path, params)[1])

    @property
    def path(self) -> str:
        return urlsplit(self.url).path


class Clock:
    def __init__(self) -> None:
        self.at = datetime(2026, 12, 1, 19, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.at


DOOR_CODE = "4821"  # the poster's QR carries it


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    moved = Clock()
    monkeypatch.setattr("tourney.director.room.server_now", moved)
    return moved


@pytest.fixture
def base(tmp_path: Path, template_db: Path, clock: Clock) -> Iterator[str]:
    path = tmp_path / "night.db"
    shutil.copyfile(template_db, path)
    cli = Cli(str(path))
    cli.ok(
        "tournament", "create", "Club Night", "--table-size", "2", "--rounds", "2",
        "--round-minutes", "45", "--time-rule", "stop-now", "--check-in",
    )  # fmt: skip
    for name in NAMES:
        cli.ok("player", "add", name)
    cli.ok("checkin", "--door-code", DOOR_CODE)
    server = Server.open(str(path), SECRET, director_password=PASSWORD)
    with live_server(server) as url:
        yield url


def csrf(page: str) -> str:
    found = re.search(r'name="csrf" value="([^"]+)"', page)
    assert found, page
    return found.group(1)


def field(page: str, name: str) -> str:
    found = re.search(rf'name="{name}" value="([^"]*)"', page)
    assert found, page
    return found.group(1)


def ok(response: tuple[int, str]) -> str:
    status, text = response
    assert status == 200, (status, text)
    assert 'id="refusal"' not in text, text
    return text


def test_a_night_in_the_room(base: str, clock: Clock) -> None:
    door = Browser(base)
    director = Browser(base)
    for typed in ("ann", "chen", "diaz", "zoe"):
        page = ok(door.get("/checkin", params={"name": typed, "code": DOOR_CODE}))
        player = field(page, "player")
        form = {"player": player, "csrf": csrf(page), "code": field(page, "code")}
        ok(door.post("/checkin", data=form))
    page = ok(director.get("/director/login"))
    ok(director.post("/director/login", data={"password": PASSWORD, "csrf": csrf(page)}))
    page = ok(director.get("/director"))
    assert "not here: Ed Fox" in page
    # the round drafted, reviewed, one swap on record, then published: the tables open
    page = ok(director.post("/director/draft", data={"draft": "make", "csrf": csrf(page)}))
    assert 'id="draft"' in page and 'class="table-link"' not in page
    swap = {"draft": "swap", "first": "p1", "second": "p3", "reason": "came together"}
    page = ok(director.post("/director/draft", data={**swap, "csrf": csrf(page)}))
    assert "came together" in page
    ok(director.post("/director/draft", data={"draft": "publish", "csrf": csrf(page)}))
    page = ok(director.get("/director"))
    page = ok(director.post("/director/clock", data={"clock": "start", "csrf": csrf(page)}))
    links = re.findall(r'class="table-link" href="([^"]+)"', page)
    assert len(links) == 2 and "Ed Fox" not in page.split('id="tables"')[1].split("</table>")[0]

    # Ann finds her table on /me
    me = Browser(base)
    mine = ok(me.get("/me", params={"name": "Ann"}))
    table = int(re.search(r"<strong>Table (\d)</strong>", mine).group(1))  # type: ignore[union-attr]
    assert 'data-state="running"' in mine

    mine_path = me.path
    phone = Browser(base)
    path = urlsplit(links[table - 1]).path
    page = ok(phone.get(path))
    state = phone.json(path + "/state", {})
    players = tuple(side["players"][0] for side in state["sides"])
    for event in a_match(players)[:4]:
        move, tiles = move_value(event, players)
        page = ok(
            phone.post(
                path,
                data={
                    "move": move,
                    "tiles": tiles,
                    "at": field(page, "at"),
                    "cid": field(page, "cid"),
                    "csrf": csrf(page),
                },
            )
        )
    clock.at += timedelta(minutes=3)
    page = ok(phone.post(path + "/call", data={"csrf": csrf(page)}))
    assert "The director is called (" in page
    page = ok(director.get("/director"))
    assert f"<strong>Table {table}</strong> called at" in page
    call = field(page, "call")
    page = ok(director.post("/director/answer", data={"call": call, "csrf": csrf(page)}))
    assert 'class="call-line"' not in page

    clock.at += timedelta(minutes=43)
    assert phone.json("/clock.json", {"table": str(table)})["label"] == ("Time: stop playing")
    page = ok(phone.get(path))
    assert "Time: stop playing" in page
    page = ok(director.get("/director"))
    match = re.search(
        rf'<form method="post" action="/director/stop" class="stop" data-table="{table}">.*?'
        r'name="match" value="([^"]+)"',
        page,
        re.S,
    )
    assert match, page
    ok(director.post("/director/stop", data={"match": match.group(1), "csrf": csrf(page)}))
    page = ok(phone.get(path))
    assert "the director ruled time" in page and 'name="move"' not in page
    label = "[time: stop at once; the higher score wins; level scores share the win]"
    assert label in page
    # Ann's page says so, and the wall shows the table's result in its short form (its
    # scores, never a sentence), once the feed has caught up
    ruled = f'data-table="{table}" data-status="result"'
    for client, where, said in ((director, "/display", ruled), (me, mine_path, label)):
        deadline = datetime.now(UTC) + timedelta(seconds=10)
        while said not in client.get(where)[1]:  # the feed's thread catches up
            assert datetime.now(UTC) < deadline, where
            time.sleep(0.05)  # between looks, not instead of one
