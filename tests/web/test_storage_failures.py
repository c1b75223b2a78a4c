"""When the storage fails under `tourney serve` (issue 23, items 11 and 12), in-process: an
I/O error or a replaced -wal fails the server closed (503 for every move from then on, the
reason on the table page, the director's page and the console, once); a full disk answers
the move with its own line (507) and nothing more. The attack through a real server process
is tests/web/test_attack_storage.py."""

from __future__ import annotations

import contextlib
import json
import sqlite3
import threading
import uuid
from pathlib import Path
from typing import Any

import pytest

from tests.web.conftest import Night, a_match
from tests.web.phone import Phone
from tourney.store.appending import Appender
from tourney.web.table_routes import move_value

FAILED = "the database can no longer be written safely"


def _post(night: Night, phone: Phone, event: Any, players: tuple[str, ...]) -> Any:
    move, tiles = move_value(event, players)
    return night.client.post(
        phone.link,
        data={
            "move": move,
            "tiles": tiles,
            "at": str(phone.at),
            "cid": uuid.uuid4().hex,
            "csrf": phone.csrf,
        },
        headers={"Accept": "application/json"},
        follow_redirects=False,
    )


def _failing_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """The next write reports an I/O error (as SQLite does when the disk fails)."""
    real = Appender._write
    calls = 0

    def write(self: Appender, *args: Any, **kwargs: Any) -> Any:
        nonlocal calls
        calls += 1
        if calls == 1:
            error = sqlite3.OperationalError("disk I/O error")
            error.sqlite_errorcode = sqlite3.SQLITE_IOERR_WRITE
            raise error
        return real(self, *args, **kwargs)

    monkeypatch.setattr(Appender, "_write", write)


def test_an_io_error_fails_the_server_closed_until_restarted(
    night: Night, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    players = night.seats(1)
    events = a_match(players)
    phone = Phone(night.client, night.link(1))
    phone.look()
    phone.record(events[0], players)
    _failing_once(monkeypatch)
    for event in events[1:4]:  # the first fails; the others are refused without a write
        answer = _post(night, phone, event, players)
        assert answer.status_code == 503, answer.text
        assert answer.json()["error"].startswith(FAILED), answer.json()
        assert "disk I/O error while writing" in answer.json()["error"]
        assert answer.json()["error"].endswith("stop the server and run tourney verify")
    assert night.version(1) == 2
    assert FAILED in phone.look()
    night.sign_in()
    assert FAILED in night.client.get("/director").text
    said = capsys.readouterr().err
    assert said.count(FAILED) == 1 and said.startswith("tourney serve: "), said


def test_a_replaced_write_ahead_log_fails_the_server_closed(night: Night) -> None:
    players = night.seats(1)
    events = a_match(players)
    phone = Phone(night.client, night.link(1))
    phone.look()
    phone.record(events[0], players)
    wal = Path(night.server.store.sqlite_path() or "").with_name("night.db-wal")
    # Another file in its place (never opened here: closing a descriptor of the -wal in
    # this process would drop the locks SQLite holds on it).
    wal.with_name("other").write_bytes(b"")
    wal.with_name("other").replace(wal)
    answer = _post(night, phone, events[1], players)
    assert answer.status_code == 503, answer.text
    assert "night.db-wal was replaced by another file" in answer.json()["error"]


def test_a_full_disk_refuses_the_move_with_its_own_line(night: Night) -> None:
    players = night.seats(1)
    events = a_match(players)
    phone = Phone(night.client, night.link(1))
    phone.look()
    store = night.server.store
    connection, _cursor = store._appender._open_writer()
    pages = connection.execute("PRAGMA page_count").fetchone()[0]
    connection.execute(f"PRAGMA max_page_count = {pages}")  # no page more: the disk is full
    statuses = []
    for event in events:
        answer = _post(night, phone, event, players)
        statuses.append(answer.status_code)
        if answer.status_code != 200:
            break
        phone.look()
    assert statuses[-1] == 507, statuses
    assert set(statuses[:-1]) <= {200}
    error = answer.json()["error"]
    assert error.startswith("the disk holding the database is full (database or disk is full)")
    assert "nothing was recorded" in error
    # Not for good: the next writer's connection has room (the limit was its own).
    assert store.failed is None
    assert _post(night, phone, event, players).status_code == 200


# -- a store that cannot be read: every route, generated from the application ------------

ONE_LINE = "cannot open database"


def _unreadable(night: Night, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """From now on the store cannot be opened (as when its file was removed or its folder
    made unreadable): every new or kept read connection fails as SQLite fails, and each
    failure is noted (so a test knows which requests touched the store)."""
    from tourney.store.errors import describe_connect_error

    touched: list[str] = []
    connections = night.server.store.connections
    connections.close()  # the kept read connections go: the next read opens one
    asking_language = False
    language = night.server.language

    def tournaments_language() -> str | None:
        """Not a touch to answer for: a page speaks English when the tournament's language
        cannot be read, and its handler answers for the store if it needs it."""
        nonlocal asking_language
        asking_language = True
        try:
            return language()
        finally:
            asking_language = False

    def refuse(*_args: Any, **_kwargs: Any) -> Any:
        # the wall display's feed reads on its own thread, whatever the request
        if not asking_language and threading.current_thread().name != "tourney-feed":
            touched.append("store")
        error = sqlite3.OperationalError("unable to open database file")
        error.sqlite_errorcode = sqlite3.SQLITE_CANTOPEN
        raise describe_connect_error(night.server.store.url, error)

    monkeypatch.setattr(connections, "open", refuse)
    monkeypatch.setattr(connections, "reader", refuse)
    monkeypatch.setattr(night.server, "language", tournaments_language)
    return touched


def _path_of(route: Any, night: Night, player: str) -> str:
    values = {"token": night.link(1).removeprefix("/t/"), "player": player, "name": "index.html"}
    path = str(route.path)
    for name in route.param_convertors:
        path = path.replace("{" + name + "}", values.get(name, "x"))
    return path


def _ask(night: Night, method: str, path: str, body: bytes, accept: str) -> tuple[int, bytes]:
    """The application's answer to one request, driven as ASGI on the test client's event
    loop: the status and the first part of the body (a stream is not read to its end)."""
    import asyncio

    app = night.client.app
    headers = [(b"host", b"testserver"), (b"accept", accept.encode())]
    cookies = "; ".join(f"{k}={v}" for k, v in night.client.cookies.items())
    headers += [(b"cookie", cookies.encode())]
    if method == "POST":
        headers += [
            (b"content-type", b"application/x-www-form-urlencoded"),
            (b"content-length", str(len(body)).encode()),
            (b"origin", b"http://testserver"),
        ]
    path, _, query = path.partition("?")
    scope = {
        "type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": method,
        "scheme": "http", "path": path, "raw_path": path.encode(), "root_path": "",
        "query_string": query.encode(), "headers": headers, "client": ("127.0.0.1", 5000),
        "server": ("testserver", 80), "app": app,
    }  # fmt: skip
    sent: list[dict[str, Any]] = []

    async def drive() -> None:
        given = False

        async def receive() -> dict[str, Any]:
            nonlocal given
            if not given:
                given = True
                return {"type": "http.request", "body": body, "more_body": False}
            await asyncio.sleep(3600)
            return {"type": "http.disconnect"}

        async def send(message: dict[str, Any]) -> None:
            sent.append(message)

        async def run() -> None:
            await app(scope, receive, send)  # type: ignore[arg-type]

        task = asyncio.ensure_future(run())
        for _ in range(500):  # 5 s at most: a stream's first message, or the whole answer
            await asyncio.sleep(0.01)
            if task.done() or any(m["type"] == "http.response.body" for m in sent):
                break
        task.cancel()
        with contextlib.suppress(BaseException):
            await task

    night.client.portal.call(drive)  # type: ignore[union-attr]
    starts = [m for m in sent if m["type"] == "http.response.start"]
    assert starts, f"{method} {path}: no answer"
    return starts[0]["status"], b"".join(m.get("body", b"") for m in sent)


@pytest.mark.parametrize("accept", ["application/json", "text/html"])
def test_every_route_answers_a_store_it_cannot_read_with_503(
    night: Night, monkeypatch: pytest.MonkeyPatch, accept: str
) -> None:
    """Every route of the application, GET and POST (its form as the pages send it, the
    director signed in), with no Accept-Language (the language middleware then asks the
    store for the tournament's): a request that touched the store is answered 503 with one
    line, never a 500 or a traceback; one that did not answers as it would. A new route is
    walked without a word here."""
    from starlette.routing import Route

    from tests.web.test_attack_text import BASE, encoded

    night.sign_in()
    loaded = night.server.night.loaded()
    assert loaded is not None
    player = next(iter(loaded.state.players))
    csrf = night.csrf("/director")
    table_csrf = night.csrf(night.link(1))
    forms = {path: make(night) for path, make in BASE.items()}
    routes = [r for r in night.client.app.routes if isinstance(r, Route)]  # type: ignore[attr-defined]
    asked: list[tuple[str, str, bytes]] = []  # method, path, body: made while the store reads
    for route in routes:
        path = _path_of(route, night, player)
        if "GET" in (route.methods or ()):
            asked.append(("GET", path, b""))
        if "POST" in (route.methods or ()):
            mine = table_csrf if str(route.path).startswith("/t/{token}") else csrf
            asked.append(("POST", path, encoded({**forms.get(str(route.path), {}), "csrf": mine})))
    touched = _unreadable(night, monkeypatch)
    answers = []
    for method, path, body in asked:
        before = len(touched)
        status, answer = _ask(night, method, path, body, accept)
        text = answer.decode(errors="replace")
        assert status != 500 and "Traceback" not in text, (method, path, status, text[:300])
        if len(touched) > before:
            answers.append((method, path, status))
            assert status == 503, (method, path, status, text[:300])
            if accept == "application/json":
                error = json.loads(answer)["error"]
                assert ONE_LINE in error and "\n" not in error, (method, path, error)
            else:
                assert ONE_LINE in text, (method, path, text[:300])
    # the store's own pages were among them (the walk did reach the store)
    assert {("GET", "/director"), ("POST", "/checkin")} <= {(m, p) for m, p, _ in answers}
