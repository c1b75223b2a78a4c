"""An attacker (or a careless operator) at the storage of a running `tourney serve`.

- The SQLite write-ahead log deleted while tables record: the server fails closed, no
  move is acknowledged from then on (503, the reason on the page and the console), and
  once it is restarted every acknowledged move is in the database or `tourney verify`
  names the tail that was lost (issue 23, item 11).
- The disk filled: each move is answered with its own one line, never "cannot open
  database", and nothing refused is stored (item 12).

Real processes: `tourney serve` on 127.0.0.1, phones posting through their table links."""

from __future__ import annotations

import http.client
import os
import re
import signal
import sqlite3
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from tests.cli.conftest import Cli
from tests.factories.tablesim import hidden_match, seated
from tests.integration.live_server import free_port, post_move
from tests.web.conftest import create_tournament
from tourney.web.app import Server
from tourney.web.signing import load_secret
from tourney.web.table_routes import move_value

TOURNEY = str(Path(sys.executable).parent / "tourney")
PLAYERS = tuple(f"Player {n}" for n in range(1, 7))  # three tables of two
FAILED = "the database can no longer be written safely"

pytestmark = pytest.mark.skipif(
    os.name == "nt", reason="Windows refuses to delete a file a process holds open"
)


@dataclass
class Serving:
    folder: Path
    url: str
    port: int = 0
    process: subprocess.Popen[bytes] | None = None

    def start(self) -> int | None:
        """Start `tourney serve`; None once it answers, else its exit code."""
        self.port = free_port()
        command = [TOURNEY, "serve", "--db", self.url, "--host", "127.0.0.1"]
        self.process = subprocess.Popen(
            [*command, "--port", str(self.port), "--no-qr"],
            cwd=self.folder,
            stdout=subprocess.DEVNULL,
            stderr=(self.folder / "serve.log").open("ab"),
        )
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            code = self.process.poll()
            if code is not None:
                return code
            try:
                connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=1)
                connection.request("GET", "/health")
                if connection.getresponse().status == 200:
                    return None
            except OSError:
                pass
            time.sleep(0.1)
        self.stop()
        raise RuntimeError("tourney serve did not start")

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()

    def log(self) -> str:
        return (self.folder / "serve.log").read_text(errors="replace")


@dataclass
class Phone:
    """A table's phone: its link, cookie and CSRF token, the moves of its match, and what
    the server acknowledged (stream version and head hash of each 200)."""

    serving: Serving
    path: str
    seats: tuple[str, ...]
    cookie: str = ""
    csrf: str = ""
    moves: list[tuple[str, list[str]]] = field(default_factory=list)
    at: int = 1
    acknowledged: list[tuple[str, int, str]] = field(default_factory=list)

    def connection(self) -> http.client.HTTPConnection:
        return http.client.HTTPConnection("127.0.0.1", self.serving.port, timeout=30)

    def look(self) -> str:
        connection = self.connection()
        connection.request("GET", self.path, headers={"Cookie": self.cookie})
        page = connection.getresponse()
        text = page.read().decode()
        self.cookie = self.cookie or (page.getheader("set-cookie") or "").split(";")[0]
        found = re.search(r'name="csrf" value="([^"]+)"', text)
        assert found, text
        self.csrf = found.group(1)
        return text

    def move(self) -> tuple[int, dict[str, object]]:
        text, tiles = self.moves[self.at - 1]
        fields = [("move", text), ("at", str(self.at)), ("cid", uuid.uuid4().hex)]
        session = (self.cookie, self.csrf)
        status, data = post_move(self.connection(), self.path, session, fields, tiles)
        if status == 200:
            state = data["state"]
            assert isinstance(state, dict)
            self.acknowledged.append(
                (str(state["stream"]), int(state["version"]), str(state["head"]))
            )
            self.at = int(state["version"])
        return status, data


def phones(serving: Serving) -> list[Phone]:
    server = Server.open(serving.url, load_secret(serving.folder / "tourney-serve.key"))
    try:
        loaded = server.night.loaded()
        assert loaded is not None
        found = [
            Phone(serving, "/t/" + server.night.token(loaded, t.number), t.seats)
            for t in server.night.tables(loaded)
        ]
    finally:
        server.close()
    for number, phone in enumerate(found):
        events = seated(hidden_match(70 + number), phone.seats)[1:]
        phone.moves = [move_value(e, phone.seats) for e in events]
        phone.look()
    return found


@pytest.fixture
def serving(tmp_path: Path) -> Iterator[Serving]:
    url = f"sqlite:///{tmp_path / 'night.db'}"
    create_tournament(Cli(url), PLAYERS)
    running = Serving(tmp_path, url)
    try:
        yield running
    finally:
        running.stop()


@pytest.mark.slow
def test_a_deleted_write_ahead_log_stops_every_acknowledgment(serving: Serving) -> None:
    assert serving.start() is None
    tables = phones(serving)
    _play(tables, 6)
    wal = serving.folder / "night.db-wal"
    assert wal.exists()
    wal.unlink()

    answers = [phone.move() for _ in range(4) for phone in tables]
    assert [status for status, _ in answers] == [503] * len(answers), answers
    assert all(FAILED in str(data["error"]) for _, data in answers), answers[0]
    assert "tourney verify" in str(answers[0][1]["error"])
    assert FAILED in tables[0].look()  # the table page says so
    assert serving.log().count(FAILED) == 1, serving.log()  # the console, once
    serving.stop()

    # Restarted: it serves only if nothing acknowledged is missing.
    code = serving.start()
    serving.stop()
    verify = Cli(serving.url)("verify")
    stored = _stored_heads(serving.folder / "night.db")
    missing = [
        (stream, version)
        for phone in tables
        for stream, version, head in phone.acknowledged
        if not stored.get((stream, version), "").startswith(head)
    ]
    if missing:
        assert code == 1, serving.log()
        assert "the log ends before the last acknowledged event" in serving.log()
        assert verify.exit_code == 1
        assert "the log ends before the last acknowledged event" in verify.stderr
    else:
        assert code is None, serving.log()
        assert verify.exit_code == 0, verify.stderr


@pytest.mark.slow
def test_what_the_open_log_held_is_saved_before_writes_are_refused(serving: Serving) -> None:
    """The -wal deleted under the server (issue 32, item 13): its connection still sees the
    committed pages; they are copied into a new file beside the database before the first
    refusal, which says where, and that copy holds every acknowledged move and verifies."""
    assert serving.start() is None
    tables = phones(serving)
    _play(tables, 5)
    # Files of someone else's with the very names the copy would take for the next minute.
    now = time.time()
    strangers = [
        serving.folder / time.strftime("night.saved-%Y%m%d-%H%M%S.db", time.localtime(now + s))
        for s in range(90)
    ]
    for stranger in strangers:
        stranger.write_bytes(b"not tourney's")
    (serving.folder / "night.db-wal").unlink()

    status, data = tables[0].move()
    assert status == 503, data
    error = str(data["error"])
    assert FAILED in error and "\n" not in error, error
    found = re.search(r"every event it still held is saved in (\S+\.db)", error)
    assert found, error
    saved = Path(found.group(1))
    assert saved.parent == serving.folder and saved.name.startswith("night.saved-")
    assert saved.name in serving.log()  # the console says where too
    assert tables[1].move()[0] == 503  # and every later write is refused
    assert saved.stem.endswith("-2"), saved  # no file tourney did not write is touched
    assert all(stranger.read_bytes() == b"not tourney's" for stranger in strangers)
    serving.stop()

    stored = _stored_heads(saved)
    acknowledged = [ack for phone in tables for ack in phone.acknowledged]
    assert len(acknowledged) == 15
    missing = [
        (stream, version)
        for stream, version, head in acknowledged
        if not stored.get((stream, version), "").startswith(head)
    ]
    assert missing == []
    verify = Cli(f"sqlite:///{saved}")("verify")
    assert verify.exit_code == 0, verify.stderr


def _play(tables: list[Phone], rounds: int) -> None:
    for _ in range(rounds):
        for phone in tables:
            status, data = phone.move()
            assert status == 200, data


def _stored_heads(database: Path) -> dict[tuple[str, int], str]:
    with sqlite3.connect(database) as connection:
        rows = connection.execute("SELECT stream_id, version, hash FROM events").fetchall()
    connection.close()
    return {(str(stream), int(version)): str(hash_) for stream, version, hash_ in rows}


@pytest.mark.slow
def test_a_lost_tail_is_named_by_verify_and_stops_a_restart(serving: Serving) -> None:
    """The tail is lost for certain: the database is put back as it was before the last
    moves (a copy made while the server ran), as a deleted -wal can leave it."""
    assert serving.start() is None
    tables = phones(serving)
    assert tables[0].move()[0] == 200
    copy = serving.folder / "before.db"
    Cli(serving.url).ok("db", "backup", str(copy))
    for _ in range(3):
        assert tables[0].move()[0] == 200
    _stream, last_version, last_head = tables[0].acknowledged[-1]
    serving.stop()
    for suffix in ("", "-wal", "-shm"):
        (serving.folder / f"night.db{suffix}").unlink(missing_ok=True)
    copy.rename(serving.folder / "night.db")

    verify = Cli(serving.url)("verify")
    assert verify.exit_code == 1
    assert (
        f"the log ends before the last acknowledged event (v {last_version}, hash {last_head}"
        in verify.stderr
    ), verify.stderr
    assert "3 acknowledged events lost" in verify.stderr
    assert serving.start() == 1
    assert "the log ends before the last acknowledged event" in serving.log()
    # Served again once the director says so: the file is deleted.
    (serving.folder / "night.db.acknowledged.json").unlink()
    assert serving.start() is None
    assert Cli(serving.url)("verify").exit_code == 0


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    """A 2 MB file system of its own (a tmpfs: root on Linux only)."""
    if sys.platform != "linux" or os.geteuid() != 0:
        pytest.skip("mounting a small tmpfs needs root on Linux")
    mount = tmp_path / "disk"
    mount.mkdir()
    if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=2m", "tmpfs", str(mount)]).returncode:
        pytest.skip("this machine does not let a tmpfs be mounted")
    try:
        yield mount
    finally:
        subprocess.run(["umount", "-l", str(mount)], check=False)


def _fill(folder: Path) -> None:
    filler = os.open(folder / "filler", os.O_WRONLY | os.O_CREAT)
    try:
        while os.write(filler, b"\0" * 4096):
            pass
    except OSError:
        pass
    finally:
        os.close(filler)


@pytest.mark.slow
def test_a_full_disk_is_answered_in_one_line_and_nothing_is_acknowledged(
    small_disk: Path,
) -> None:
    url = f"sqlite:///{small_disk / 'night.db'}"
    create_tournament(Cli(url), PLAYERS)
    serving = Serving(small_disk, url)
    try:
        assert serving.start() is None
        tables = phones(serving)
        for phone in tables:
            assert phone.move()[0] == 200
        _fill(small_disk)
        answers = [phone.move() for _ in range(40) for phone in tables]
        assert {status for status, _ in answers} <= {200, 503, 507}, answers
        refused = [data for status, data in answers if status != 200]
        assert refused, "the disk never filled"
        for data in refused:
            error = str(data["error"])
            assert "\n" not in error and "cannot open database" not in error, error
            assert error.startswith(
                ("the disk holding the database is full", "the database can no longer")
            ), error
    finally:
        serving.stop()
    (small_disk / "filler").unlink()
    verify = Cli(url)("verify")
    assert verify.exit_code == 0, verify.stderr
