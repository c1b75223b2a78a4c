"""An attacker on the hall's Wi-Fi against a real `tourney serve` process (issue 23, items
6, 7, 8 and 12), each case through sockets on 127.0.0.1:

- bodies: a huge declared Content-Length is refused with 413 before a byte is read; a
  chunked body that never ends is cut off with 413 once past the route's limit; multipart
  is refused with 415; nothing is written;
- connections: a connection that never finishes its headers is closed; connections from
  one address beyond the cap are closed at once while another client is still served and
  a wall display still receives boards (the server started with few open files);
- stopping: SIGINT or SIGTERM with a display's stream open stops within 3 s (exit 130 for
  SIGINT, 0 for SIGTERM), no traceback; SIGKILL of the `--workers 2` supervisor leaves no
  worker holding the port;
- start-up: a taken port, a missing or read-only database: one line, exit 1, no
  announcement, nothing written.

The in-process TestClient checks the same refusals' answers (JSON to a script).
"""

from __future__ import annotations

import contextlib
import os
import re
import select
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlencode

import pytest

from tests.integration.live_server import free_port
from tests.support import fail_or_skip
from tests.web.conftest import PASSWORD, Night
from tourney.web import guard
from tourney.web.app import Server
from tourney.web.respond import FORM_TYPE
from tourney.web.signing import load_secret

TOURNEY = str(Path(sys.executable).parent / "tourney")
STOP_WITHIN = 3.0  # seconds (issue 23, item 8)


@dataclass
class Served:
    process: subprocess.Popen[bytes]
    port: int
    folder: Path
    db: Path

    def link(self, table: int = 1) -> str:
        server = Server.open(str(self.db), load_secret(self.folder / "tourney-serve.key"))
        try:
            loaded = server.night.loaded()
            assert loaded is not None
            return "/t/" + server.night.token(loaded, table)
        finally:
            server.close()

    def opener(self, table: int = 1) -> str:
        """The first seat's name at ``table``."""
        server = Server.open(str(self.db), load_secret(self.folder / "tourney-serve.key"))
        try:
            loaded = server.night.loaded()
            assert loaded is not None
            (found,) = [t for t in server.night.tables(loaded) if t.number == table]
            return found.seats[0]
        finally:
            server.close()

    def connect(self, source: str = "127.0.0.1") -> socket.socket:
        sock = socket.create_connection(("127.0.0.1", self.port), 5, (source, 0))
        return sock

    def events(self) -> int:
        with sqlite3.connect(self.db) as connection:
            (count,) = connection.execute("SELECT COUNT(*) FROM events").fetchone()
        return int(count)

    def stderr(self) -> str:
        return (self.folder / "serve.err").read_text()


def _start(
    folder: Path,
    db: Path,
    *extra: str,
    preexec: Callable[[], None] | None = None,
) -> Served:
    port = free_port()
    process = subprocess.Popen(
        [TOURNEY, "serve", "--db", str(db), "--host", "127.0.0.1", "--port", str(port),
         "--no-qr", *extra],
        cwd=folder,
        stdout=(folder / "serve.out").open("wb"),
        stderr=(folder / "serve.err").open("wb"),
        env={**os.environ, "TOURNEY_DIRECTOR_PASSWORD": PASSWORD},
        preexec_fn=preexec,  # a resource limit, set before exec
    )  # fmt: skip
    served = Served(process, port, folder, db)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"tourney serve exited: {served.stderr()}")
        if _status(served, "GET", "/health") == 200:
            return served
        time.sleep(0.1)
    process.kill()
    raise RuntimeError("tourney serve did not start")


def _stop(served: Served) -> None:
    if served.process.poll() is None:
        served.process.kill()
    served.process.wait(timeout=30)


@pytest.fixture
def night_copy(tmp_path: Path, night_db: str) -> Path:
    return Path(night_db)


@pytest.fixture
def served(tmp_path: Path, night_copy: Path) -> Iterator[Served]:
    running = _start(tmp_path, night_copy)
    try:
        yield running
    finally:
        _stop(running)


def _request(
    path: str, method: str = "GET", headers: dict[str, str] | None = None, body: bytes = b""
) -> bytes:
    lines = [f"{method} {path} HTTP/1.1", "Host: 127.0.0.1"]
    lines += [f"{name}: {value}" for name, value in (headers or {}).items()]
    return ("\r\n".join(lines) + "\r\n\r\n").encode() + body


def _answer(sock: socket.socket, within: float = 5.0) -> bytes:
    """What the server sends until it closes the connection (or ``within`` seconds)."""
    sock.settimeout(within)
    data = b""
    try:
        while chunk := sock.recv(65536):
            data += chunk
    except (TimeoutError, ConnectionResetError):
        pass
    return data


def _status(served: Served, method: str, path: str, source: str = "127.0.0.1") -> int:
    try:
        with served.connect(source) as sock:
            sock.sendall(_request(path, method, {"Connection": "close"}))
            head = _answer(sock, 5.0)
    except OSError:
        return 0
    found = re.match(rb"HTTP/1.1 (\d+)", head)
    return int(found.group(1)) if found else 0


def _closed_within(sock: socket.socket, seconds: float) -> bool:
    """True when the server closes ``sock`` within ``seconds`` (0: closed already)."""
    deadline = time.monotonic() + seconds
    while True:
        remaining = deadline - time.monotonic()
        readable, _, _ = select.select([sock], [], [], max(0.0, remaining))
        if readable:
            try:
                if sock.recv(65536) == b"":
                    return True
            except OSError:  # reset
                return True
        elif remaining <= 0:
            return False


# -- bodies -----------------------------------------------------------------------------


def test_a_huge_declared_body_is_refused_before_it_is_read(served: Served) -> None:
    before = served.events()
    with served.connect() as sock:
        sock.sendall(
            _request(
                served.link(),
                "POST",
                {
                    "Content-Type": FORM_TYPE,
                    "Content-Length": str(400 * 1024 * 1024),
                    "Accept": "application/json",
                },
            )
        )
        sock.sendall(b"move=hand%7C0&at=1&cid=" + uuid.uuid4().hex.encode())
        answer = _answer(sock, 5.0)  # not a byte more is sent: the answer comes anyway
    assert answer.startswith(b"HTTP/1.1 413 "), answer[:200]
    assert b"too large: at most 4 KiB" in answer
    assert served.events() == before


def test_a_chunked_body_that_never_ends_is_cut_off(served: Served) -> None:
    before = served.events()
    sent = 0
    with served.connect() as sock:
        sock.sendall(
            _request(
                served.link(),
                "POST",
                {"Content-Type": FORM_TYPE, "Transfer-Encoding": "chunked"},
            )
        )
        chunk = b"400\r\n" + b"a" * 1024 + b"\r\n"
        try:
            while sent < 64 * 1024 * 1024:  # bounded: 64 MiB at most
                readable, _, _ = select.select([sock], [], [], 0)
                if readable:
                    break
                sock.sendall(chunk)
                sent += 1024
        except (BrokenPipeError, ConnectionResetError):
            pass
        answer = _answer(sock, 5.0)
    assert answer.startswith(b"HTTP/1.1 413 "), answer[:200]
    assert sent < 4 * 1024 * 1024, f"{sent} bytes went in before the cut"
    assert served.events() == before


@pytest.mark.parametrize("method, path", [("GET", "/display"), ("POST", "/display")])
def test_a_chunked_body_where_none_is_taken_is_refused_unread(
    served: Served, method: str, path: str
) -> None:
    """A route that takes no body (a GET, a POST to an address with no form) refuses a
    chunked body at once: it is not read until its timeout while the route ignores it."""
    with served.connect() as sock:
        sock.sendall(
            _request(path, method, {"Content-Type": FORM_TYPE, "Transfer-Encoding": "chunked"})
        )
        sock.sendall(b"5\r\nhello\r\n")  # and the body never ends
        started = time.monotonic()
        answer = _answer(sock, guard.BODY_TIMEOUT + 3)
        took = time.monotonic() - started
    assert answer.startswith(b"HTTP/1.1 413 "), answer[:200]
    assert b"takes no request body" in answer
    assert took < 2.0, f"answered after {took:.1f} s"


def test_multipart_is_refused_unread(served: Served) -> None:
    body = (
        b'--x\r\nContent-Disposition: form-data; name="f"; filename="a.bin"\r\n\r\n'
        + b"a" * 1000
        + b"\r\n--x--\r\n"
    )
    with served.connect() as sock:
        sock.sendall(
            _request(
                served.link(),
                "POST",
                {
                    "Content-Type": "multipart/form-data; boundary=x",
                    "Content-Length": str(len(body)),
                },
                body,
            )
        )
        answer = _answer(sock, 5.0)
    assert answer.startswith(b"HTTP/1.1 415 "), answer[:200]


@pytest.mark.slow
def test_a_body_that_comes_too_slowly_is_refused(served: Served) -> None:
    before = served.events()
    with served.connect() as sock:
        sock.sendall(
            _request(
                served.link(),
                "POST",
                {"Content-Type": FORM_TYPE, "Content-Length": "100"},
                b"move=hand",  # and the other 91 bytes never come
            )
        )
        answer = _answer(sock, guard.BODY_TIMEOUT + 3)
    assert answer.startswith(b"HTTP/1.1 408 "), answer[:200]
    assert served.events() == before


def test_headers_beyond_their_limit_are_refused(served: Served) -> None:
    with served.connect() as sock:
        sock.sendall(b"GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        try:
            for n in range(1000):  # 64 KiB of headers at most
                sock.sendall(f"X-Pad-{n}: {'a' * 50}\r\n".encode())
        except (BrokenPipeError, ConnectionResetError):
            pass
        answer = _answer(sock, 5.0)
    assert answer.startswith(b"HTTP/1.1 400 "), answer[:200]


# -- connections ------------------------------------------------------------------------


@pytest.mark.slow
def test_a_connection_that_never_finishes_its_headers_is_closed(served: Served) -> None:
    with served.connect() as slow, served.connect() as idle, served.connect() as kept:
        slow.sendall(b"GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
        # idle sends nothing at all; kept had an answer and then idles (keep-alive)
        kept.sendall(_request("/health"))
        assert _answer(kept, 0.5).startswith(b"HTTP/1.1 200 ")
        assert _closed_within(slow, guard.HEADERS_TIMEOUT + 3)
        assert _closed_within(idle, 1.0)
        assert _closed_within(kept, 1.0)


def _board_after(display: socket.socket, position: int, within: float = 5.0) -> None:
    """Read a display's event stream until a board of a log position after ``position``
    comes (AssertionError if none within ``within`` seconds)."""
    display.settimeout(within)
    seen = b""
    while not any(int(n) > position for n in re.findall(rb"^id: (\d+)$", seen, re.M)):
        chunk = display.recv(65536)
        assert chunk, "the display's stream ended"
        seen += chunk


def _few_files() -> None:
    import resource

    resource.setrlimit(resource.RLIMIT_NOFILE, (FEW_FILES, FEW_FILES))


FEW_FILES = 256  # what macOS gives a process


@pytest.mark.slow
def test_half_open_connections_from_one_address_do_not_cut_off_the_others(
    tmp_path: Path, night_copy: Path
) -> None:
    running = _start(tmp_path, night_copy, preexec=_few_files)
    display = running.connect("127.0.0.3")
    held: list[socket.socket] = []
    try:
        display.sendall(_request("/display/events"))
        assert _answer(display, 1.0).startswith(b"HTTP/1.1 200 ")
        attack = guard.MAX_CONNECTIONS_PER_CLIENT + FEW_FILES + 20
        for _ in range(attack):
            try:
                sock = running.connect("127.0.0.1")
                sock.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")  # never finished
                held.append(sock)
            except OSError:
                continue
        # those beyond the cap are closed at once (long before the headers' timeout)
        still_open = held
        deadline = time.monotonic() + guard.HEADERS_TIMEOUT / 2
        while len(still_open) > guard.MAX_CONNECTIONS_PER_CLIENT:
            assert time.monotonic() < deadline, f"{len(still_open)} connections still open"
            select.select(still_open, [], [], 0.1)  # until one of them is closed
            still_open = [s for s in still_open if not _closed_within(s, 0.0)]
        assert len(still_open) == guard.MAX_CONNECTIONS_PER_CLIENT
        # another client is served, and its move reaches the wall display
        link = running.link()
        with running.connect("127.0.0.2") as phone:
            phone.sendall(_request(link, headers={"Connection": "close"}))
            page = _answer(phone, 5.0)
        assert page.startswith(b"HTTP/1.1 200 "), page[:200]
        cookie = re.search(rb"set-cookie: (tourney_csrf=[^;]+)", page, re.IGNORECASE)
        csrf = re.search(rb'name="csrf" value="([^"]+)"', page)
        assert cookie and csrf
        form = urlencode(
            {"move": "hand|0", "at": "1", "cid": uuid.uuid4().hex, "csrf": csrf.group(1)}
        ).encode()
        with running.connect("127.0.0.2") as phone:
            phone.sendall(
                _request(
                    link,
                    "POST",
                    {
                        "Content-Type": FORM_TYPE,
                        "Content-Length": str(len(form)),
                        "Cookie": cookie.group(1).decode(),
                        "Accept": "application/json",
                        "Connection": "close",
                    },
                    form,
                )
            )
            moved = _answer(phone, 5.0)
        assert moved.startswith(b"HTTP/1.1 200 "), moved[:300]
        position = int(re.search(rb'"position":(\d+)', moved).group(1))  # type: ignore[union-attr]
        _board_after(display, position - 1)
    finally:
        for sock in held:
            sock.close()
        display.close()
        _stop(running)


@pytest.mark.slow
def test_the_wall_display_keeps_its_feed_when_connections_fill_the_server(
    tmp_path: Path, night_copy: Path
) -> None:
    running = _start(tmp_path, night_copy, preexec=_few_files)
    display = running.connect("127.0.0.3")
    held: list[socket.socket] = []
    try:
        display.sendall(_request("/display/events"))
        assert _answer(display, 1.0).startswith(b"HTTP/1.1 200 ")
        for n in range(FEW_FILES + 40):  # from many addresses: more than the files allow
            try:
                sock = running.connect(f"127.0.1.{n % 200 + 1}")
                sock.sendall(b"GET / HTTP/1.1\r\n")
                held.append(sock)
            except OSError:
                continue
        # a move recorded elsewhere (the director's console) reaches the display
        with sqlite3.connect(running.db) as connection:
            (before,) = connection.execute("SELECT MAX(position) FROM events").fetchone()
        recorded = subprocess.run(
            [TOURNEY, "hand", "T1", "--opener", running.opener(), "--db", str(running.db)],
            capture_output=True, text=True, timeout=60, check=False,
        )  # fmt: skip
        assert recorded.returncode == 0, recorded.stderr
        _board_after(display, int(before))
    finally:
        for sock in held:
            sock.close()
        display.close()
        _stop(running)
    assert "could not catch up" not in running.stderr(), running.stderr()


# -- stopping ---------------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize(("how", "code"), [(signal.SIGINT, 130), (signal.SIGTERM, 0)])
def test_a_signal_stops_serve_in_time_with_a_display_connected(
    served: Served, how: signal.Signals, code: int
) -> None:
    displays = [served.connect() for _ in range(3)]
    for display in displays:
        display.sendall(_request("/display/events"))
        assert _answer(display, 1.0).startswith(b"HTTP/1.1 200 ")
    sent = time.monotonic()
    served.process.send_signal(how)
    if how == signal.SIGINT:  # an impatient director presses Ctrl-C twice
        time.sleep(0.05)
        served.process.send_signal(how)
    try:
        returned = served.process.wait(timeout=STOP_WITHIN + 5)
    finally:
        for display in displays:
            display.close()
    took = time.monotonic() - sent
    assert took < STOP_WITHIN, f"stopped after {took:.1f} s"
    assert returned == code
    assert "Traceback" not in served.stderr(), served.stderr()


@pytest.mark.slow
def test_killing_the_supervisor_leaves_no_worker_on_the_port(
    tmp_path: Path, night_copy: Path
) -> None:
    running = _start(tmp_path, night_copy, "--workers", "2")
    display = running.connect()
    pid = running.process.pid
    children = [int(p) for p in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    try:
        display.sendall(_request("/display/events"))
        assert _answer(display, 1.0).startswith(b"HTTP/1.1 200 ")
        running.process.kill()  # SIGKILL: the supervisor cannot tell its workers
        running.process.wait(timeout=10)
        deadline = time.monotonic() + 5
        while _status(running, "GET", "/health") != 0:
            assert time.monotonic() < deadline, "a worker still answers on the port"
            time.sleep(0.1)
        with socket.socket() as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            probe.bind(("127.0.0.1", running.port))  # the port is free again
    finally:
        display.close()
        _stop(running)
        for child in children:  # a worker left behind by a failure, not by the test
            with contextlib.suppress(ProcessLookupError):
                os.kill(child, signal.SIGKILL)


# -- start-up ---------------------------------------------------------------------------


def _serve_refused(folder: Path, *args: str, user: list[str] | None = None) -> str:
    port = free_port()
    done = subprocess.run(
        [*(user or []), TOURNEY, "serve", "--host", "127.0.0.1", "--port", str(port), *args],
        cwd=folder,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 1, done.stdout + done.stderr
    assert done.stdout == "", done.stdout  # no announcement, no QR code
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), done.stderr
    assert not (folder / "tourney-serve.key").exists()
    return lines[0]


def test_a_taken_port_is_one_line_before_anything_is_printed(
    tmp_path: Path, night_copy: Path
) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = subprocess.run(
            [TOURNEY, "serve", "--db", str(night_copy), "--host", "127.0.0.1",
             "--port", str(port)],
            cwd=tmp_path, capture_output=True, text=True, timeout=60, check=False,
        )  # fmt: skip
    assert done.returncode == 1
    assert done.stdout == ""
    assert done.stderr == f"error: cannot serve on 127.0.0.1:{port}: Address already in use\n"
    assert not (tmp_path / "tourney-serve.key").exists()


def test_a_missing_database_is_one_line_and_nothing_is_made(tmp_path: Path) -> None:
    line = _serve_refused(tmp_path, "--db", str(tmp_path / "typo.db"))
    assert "no tourney database here" in line
    assert list(tmp_path.iterdir()) == []


@pytest.fixture
def open_folder() -> Iterator[Path]:
    """A folder anybody may enter and write in (for a server run as another user)."""
    folder = Path(tempfile.mkdtemp(prefix="tourney-ro-"))
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def test_a_read_only_database_is_one_line(open_folder: Path, night_copy: Path) -> None:
    folder = open_folder
    db = folder / "night.db"
    shutil.copyfile(night_copy, db)
    db.chmod(0o444)
    folder.chmod(0o777)
    user: list[str] = []
    if os.geteuid() == 0:  # root writes whatever the file's mode: be somebody else
        if shutil.which("setpriv") is None:
            pytest.skip("running as root without setpriv: a read-only file is writable")
        user = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]
        can_run = subprocess.run([*user, TOURNEY, "--help"], capture_output=True, text=True)
        if can_run.returncode != 0:  # a clone below a private folder (mktemp -d's mode 0700)
            fail_or_skip(
                "user 65534 cannot run tourney from this checkout (a folder above it is "
                f"private): {(can_run.stderr.strip().splitlines() or ['?'])[-1]}"
            )
    line = _serve_refused(folder, "--db", str(db), user=user)
    assert line == (
        f"error: cannot write to database 'sqlite:///{db}': attempt to write a readonly database"
    )
    assert db.read_bytes() == night_copy.read_bytes()


# -- the same refusals in-process -------------------------------------------------------


def test_the_refusals_answer_json_to_a_script(night: Night) -> None:
    link = night.link(1)
    refused = night.client.post(
        link,
        content=b"move=x",
        headers={
            "Content-Type": FORM_TYPE,
            "Content-Length": str(guard.TABLE_FORM + 1),
            "Accept": "application/json",
        },
    )
    assert refused.status_code == 413
    assert refused.json() == {"error": "the request is too large: at most 4 KiB here"}
    assert refused.headers["connection"] == "close"
    refused = night.client.post(
        link, files={"f": ("a.bin", b"a")}, headers={"Accept": "application/json"}
    )
    assert refused.status_code == 415
    assert "application/x-www-form-urlencoded" in refused.json()["error"]
    refused = night.client.post("/director/pair", content=b"x" * (guard.DIRECTOR_FORM + 1),
                                headers={"Content-Type": FORM_TYPE})  # fmt: skip
    assert refused.status_code == 413 and "at most 16 KiB" in refused.text
    assert night.version(1) == 1


@pytest.mark.parametrize(
    ("method", "path", "limit"),
    [
        ("POST", "/t/abc", guard.TABLE_FORM),
        ("POST", "/director/login", guard.LOGIN_FORM),
        ("POST", "/director/forfeit", guard.DIRECTOR_FORM),
        ("GET", "/display/events", guard.NO_BODY),
        ("POST", "/health", guard.NO_BODY),
    ],
)
def test_every_route_has_its_body_limit(method: str, path: str, limit: int) -> None:
    assert guard.body_limit(method, path) == limit


def test_the_feeds_projector_keeps_one_connection(night: Night) -> None:
    projector = night.server.projector
    opened: list[object] = []
    connect = night.server.store.connect

    def counted() -> object:
        opened.append(connect())
        return opened[-1]

    projector.close()  # start from no kept connection
    night.server.store.connect = counted  # type: ignore[method-assign]
    try:
        for _ in range(5):
            night.server.feed.step()
        assert len(opened) == 1
        projector.close()  # as after a failure: the next catch-up opens a new one
        night.server.feed.step()
        assert len(opened) == 2
    finally:
        night.server.store.connect = connect  # type: ignore[method-assign]
