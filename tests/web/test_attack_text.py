"""Hostile text in every field of every POST route (issue 23, item 10): the web reads what
the director types with the CLI's own readers, so

- a value the CLI refuses is refused by the web in the same words, and writes nothing (a
  digest of the events table before and after);
- a value the CLI cleans (control characters, bidi overrides, CR/LF) is stored by the web
  exactly as the CLI stores it (the same events, payload for payload);
- on a route with no CLI twin (the table page, login, logout, pair, reissue, publish) a
  hostile value is refused and writes nothing, or is stored cleaned (nothing of it raw).

The routes and their fields are read from the application itself (`reads` declares the
fields a POST handler reads): a new POST route, or a new field, is walked without a word
here -- and one without a base form below fails until it has one.
"""

from __future__ import annotations

import json
import shutil
import sqlite3
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager
from pathlib import Path
from urllib.parse import quote

import pytest
from starlette.routing import Route

from tests.cli.conftest import Cli
from tests.web.conftest import PASSWORD, Night, serving
from tests.web.test_attack_auth import events_digest
from tourney.web.respond import CSRF_FIELD, declared_fields

MATCH = "club-night-r1-t1"
HOSTILE = {
    "just too long": "x" * 301,  # the CLI keeps 300 characters of a reason, 80 of a name
    "very long": "y" * 6000,
    "escape": "left \x1b[31mthe hall",
    "bell": "left\x07 the hall",
    "nul": "left\x00 the hall",
    "cr-lf": "left\r\nthe hall",
    "bidi override": "left \u202ethe hall",
    "not utf-8": "left \udcff the hall",  # sent as the byte %FF, as a terminal passes it
}
RAW = ("\\u001b", "\\u0007", "\\u0000", "\\r", "\\n", "\\u202e", "\\udcff", "x" * 301, "y" * 301)

# Each POST route's form when nothing is hostile (the CSRF token is added).
BASE: dict[str, Callable[[Night], dict[str, str]]] = {
    "/director/login": lambda night: {"password": PASSWORD},
    "/director/logout": lambda night: {},
    "/director/pair": lambda night: {},
    "/director/forfeit": lambda night: {
        "match": MATCH, "sides": "2", "others": "play_on", "reason": "left the hall",
    },
    "/director/adjudicate": lambda night: {
        "match": MATCH, "scores": "61,40", "sides": "1", "reason": "lights out",
    },
    "/director/void": lambda night: {"match": MATCH, "reason": "wrong tiles"},
    "/director/reissue": lambda night: {"table": "1"},
    "/director/publish": lambda night: {},
    "/t/{token}": lambda night: {"move": "hand|0", "at": str(night.version(1)), "cid": "c" * 12},
    "/t/{token}/call": lambda night: {},
    "/t/{token}/dispute": lambda night: {"seat": "1", "reason": "the scores are swapped"},
    "/director/uphold": lambda night: {"match": MATCH, "note": "the sheet agrees"},
    "/director/sanction": lambda night: {
        "sanction": "penalty", "player": "Bo Chen", "points": "1", "reason": "slow play",
        "number": "",
    },
    "/checkin": lambda night: {"player": "p1", "code": "4821"},
    "/director/clock": lambda night: {"clock": "extend", "minutes": "5", "table": "1"},
    "/director/stop": lambda night: {"match": MATCH},
    "/director/answer": lambda night: {"call": "no-such-call"},
    "/director/draft": lambda night: {
        "draft": "swap", "first": "p1", "second": "p2", "reason": "came together",
        "override": "on", "avoid_same_club": "on",
    },
    "/director/door": lambda night: {"player": "p1", "door": "paid"},
    "/director/door-code": lambda night: {"code": "Hall42"},
    "/director/no-show": lambda night: {
        "match": MATCH, "players": night.seats(1)[1], "others": "play_on",
    },
    "/director/result": lambda night: {
        "match": MATCH, "scores": "61,40", "note": "from the sheet", "replace": "on",
    },
    "/director/register": lambda night: {
        "name": "Zoë Park", "club": "Harbour", "rating": "1500", "seed": "7",
        "start_points": "1",
    },
    "/director/withdraw": lambda night: {"player": "Bo Chen", "reason": "ill"},
    "/director/remove": lambda night: {"player": "Bo Chen", "reason": "registered twice"},
    "/director/repair": lambda night: {
        "reason": "a forgotten forbid", "override": "on", "avoid_same_club": "on",
    },
    "/director/remove-round": lambda night: {
        "round": "1", "reason": "wrong field", "discard_results": "on",
    },
}  # fmt: skip

# The CLI command of the same meaning, for the routes that have one.
TWINS: dict[str, Callable[[dict[str, str]], list[str]]] = {
    "/director/forfeit": lambda f: [
        "director", "forfeit", f["match"], f"--sides={f['sides']}", f"--reason={f['reason']}",
        f"--others={f['others'].replace('_', '-')}",
    ],
    "/director/adjudicate": lambda f: [
        "director", "adjudicate", f["match"], f"--scores={f['scores']}",
        f"--winners={f['sides']}",
        f"--reason={f['reason']}",
    ],
    "/director/void": lambda f: ["director", "void", f["match"], f"--reason={f['reason']}"],
    "/director/result": lambda f: [
        "director", "result", f["match"], f"--scores={f['scores']}", f"--note={f['note']}",
        *(["--replace"] if f["replace"] else []),
    ],
    "/director/withdraw": lambda f: [
        "player", "withdraw", f["player"], f"--reason={f['reason']}",
    ],
    "/director/uphold": lambda f: ["disputes", "uphold", f["match"], f"--note={f['note']}"],
    "/director/sanction": lambda f: [
        "penalty", f["player"], f"--points={f['points']}", f"--reason={f['reason']}",
    ],
    "/director/remove": lambda f: [
        "player", "remove", f["player"], f"--reason={f['reason']}",
    ],
    "/director/repair": lambda f: [
        "round", "repair", f"--reason={f['reason']}",
        *(["--override"] if f["override"] else []),
        *(["--avoid-same-club"] if f["avoid_same_club"] else []),
    ],
    "/director/remove-round": lambda f: [
        "round", "remove", f["round"], f"--reason={f['reason']}",
        *(["--discard-results"] if f["discard_results"] else []),
    ],
}  # fmt: skip
# A choice or number of the CLI's (click refuses it in its own words), or a tick box (a
# flag there).
CHOICES = {
    "others", "replace", "override", "avoid_same_club", "discard_results", "round",
    "sanction", "number",
}  # fmt: skip


def post_routes() -> list[Route]:
    """Every POST route of the application (as `create_app` routes them: no server is
    needed to list them)."""
    from tourney.web.app import create_app

    every = create_app(None).routes  # type: ignore[arg-type]
    assert every and all(isinstance(r, Route) for r in every)
    return [r for r in every if isinstance(r, Route) and "POST" in (r.methods or ())]


def encoded(form: dict[str, str]) -> bytes:
    """``form`` urlencoded as a browser sends it; a lone surrogate goes as the byte it
    stands for (``\\udcff``: ``%FF``), text that is not UTF-8."""
    return "&".join(
        f"{quote(k)}={quote(v, safe='', errors='surrogateescape')}" for k, v in form.items()
    ).encode()


def new_events(db: str, after: int) -> list[tuple[str, int, str, str]]:
    connection = sqlite3.connect(db)
    try:
        rows = connection.execute(
            "SELECT stream_id, version, type, payload FROM events WHERE position > ? "
            "ORDER BY position",
            (after,),
        ).fetchall()
    finally:
        connection.close()
    return [
        (str(a), int(b), str(c), json.dumps(json.loads(d), sort_keys=True)) for a, b, c, d in rows
    ]


def last_position(db: str) -> int:
    connection = sqlite3.connect(db)
    try:
        return int(
            connection.execute("SELECT COALESCE(MAX(position), 0) FROM events").fetchone()[0]
        )
    finally:
        connection.close()


class Walk:
    """A served night on a fresh copy of the paired database, and a copy for the CLI."""

    def __init__(self, paired_db: Path, folder: Path) -> None:
        self.paired_db, self.folder, self.copies = paired_db, folder, 0
        self._context: AbstractContextManager[Night] | None = None
        self.fresh()

    def fresh(self) -> None:
        self.close()
        self.copies += 1
        web = self.folder / f"web-{self.copies}.db"
        cli = self.folder / f"cli-{self.copies}.db"
        shutil.copyfile(self.paired_db, web)
        shutil.copyfile(self.paired_db, cli)
        self.cli = Cli(str(cli))
        self._context = serving(str(web))
        self.night = self._context.__enter__()
        self.night.sign_in()

    def close(self) -> None:
        if self._context is not None:
            self._context.__exit__(None, None, None)
            self._context = None

    def post(self, path: str, form: dict[str, str]) -> tuple[int, str]:
        night = self.night
        url = path.replace("/t/{token}", night.link(1))
        page = night.link(1) if path.startswith("/t/{token}") else (
            "/director/login" if path == "/director/login" else "/director"
        )  # fmt: skip
        form = {CSRF_FIELD: night.csrf(page), **form}
        answer = night.client.post(
            url,
            content=encoded(form),
            headers={
                "Content-Type": "application/x-www-form-urlencoded",
                "Accept": "application/json",
            },
            follow_redirects=False,
        )
        error = answer.json().get("error", "") if answer.status_code >= 400 else ""
        return answer.status_code, error


@pytest.fixture
def walk(paired_db: Path, tmp_path: Path) -> Iterator[Walk]:
    walking = Walk(paired_db, tmp_path)
    try:
        yield walking
    finally:
        walking.close()


def test_every_post_route_declares_its_fields_and_has_a_base_form() -> None:
    routes = post_routes()
    assert {r.path for r in routes} == set(BASE), "a POST route without a base form here"
    for route in routes:
        fields = declared_fields(route.endpoint)
        assert fields is not None, f"{route.path}: its handler declares no fields (@reads)"
        assert CSRF_FIELD in fields


@pytest.mark.slow
def test_hostile_text_in_every_field_of_every_post_route(walk: Walk) -> None:
    walked = 0
    for route in post_routes():
        fields = declared_fields(route.endpoint)
        assert fields is not None
        for field in sorted(fields):
            for label, value in HOSTILE.items():
                walked += 1
                case = f"{route.path} {field}={label}"
                base = BASE[route.path](walk.night)
                form = {**base, field: value}
                _one(walk, route.path, field, base, form, case)
    assert walked > 150


def _one(
    walk: Walk, path: str, field: str, base: dict[str, str], form: dict[str, str], case: str
) -> None:
    web_db = walk.night.cli.db
    before, start = events_digest(web_db), last_position(web_db)
    status, error = walk.post(path, form)
    assert status in (200, 303, 400, 403, 409, 413, 429), (case, status, error)
    taken = status < 400  # 303 to the page, or 200 with the JSON of the move
    if not taken:
        assert events_digest(web_db) == before, f"{case}: refused ({error}) but written"
    if status == 413:  # over the route's body limit (tourney.web.guard): refused unread,
        return  # before any field is, so there is no CLI refusal to compare it with
    stored = new_events(web_db, start)
    for row in stored:
        assert not any(raw in row[3] for raw in RAW), f"{case}: stored raw: {row}"
    twin = TWINS.get(path)
    if twin is not None and field != CSRF_FIELD and field not in CHOICES:
        cli_db = walk.cli.db
        cli_before, cli_start = events_digest(cli_db), last_position(cli_db)
        result = walk.cli(*twin({**base, **form}))
        if taken:
            assert result.exit_code == 0, (case, result.stderr)
            assert new_events(cli_db, cli_start) == stored, case
        else:
            assert result.exit_code == 1, (case, result.stderr)
            assert result.stderr.strip() == f"error: {error}", case
            assert events_digest(cli_db) == cli_before, case
    if taken or path == "/director/logout":
        walk.fresh()  # the next case starts from the paired night again, on both sides


@pytest.mark.slow
def test_through_a_real_server_the_reason_is_read_as_the_cli_reads_it(
    paired_db: Path, tmp_path: Path
) -> None:
    """The same through `tourney serve` on 127.0.0.1: a reason too long is refused in the
    CLI's words and writes nothing; one with control and bidi characters is stored as the
    CLI stores it."""
    from tests.web.test_attack_auth import csrf_of, served, signed_in

    shutil.copyfile(paired_db, tmp_path / "night.db")
    cli = Cli(str(tmp_path / "cli.db"))
    shutil.copyfile(paired_db, cli.db)
    web_db = str(tmp_path / "night.db")
    with served(tmp_path) as url:
        director = signed_in(url)
        for reason in (HOSTILE["very long"], HOSTILE["not utf-8"], HOSTILE["escape"] + "\u202e"):
            form = {
                "match": MATCH,
                "reason": reason,
                "csrf": csrf_of(director.get("/director").text),
            }
            before, start = events_digest(web_db), last_position(web_db)
            answer = director.post(
                "/director/void",
                content=encoded(form),
                headers={
                    "Content-Type": "application/x-www-form-urlencoded",
                    "Accept": "application/json",
                },
            )
            cli_start = last_position(cli.db)
            result = cli("director", "void", MATCH, f"--reason={reason}")
            if answer.status_code == 303:
                assert result.exit_code == 0, result.stderr
                assert new_events(web_db, start) == new_events(cli.db, cli_start)
                assert "[31m" in new_events(web_db, start)[0][3]  # kept, cleaned
            else:
                assert answer.status_code == 400, answer.text
                assert result.stderr.strip() == f"error: {answer.json()['error']}"
                assert events_digest(web_db) == before
                assert new_events(cli.db, cli_start) == []
        assert answer.status_code == 303  # the last one was taken
