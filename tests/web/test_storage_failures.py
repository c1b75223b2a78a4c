"""When the storage fails under `tourney serve` (issue 23, items 11 and 12), in-process: an
I/O error or a replaced -wal fails the server closed (503 for every move from then on, the
reason on the table page, the director's page and the console, once); a full disk answers
the move with its own line (507) and nothing more. The attack through a real server process
is tests/web/test_attack_storage.py."""

from __future__ import annotations

import sqlite3
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
