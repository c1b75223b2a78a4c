"""Live streams cannot lock the room (issue 32, item 10), against a real `tourney serve`
process: 16 addresses each opening 32 event streams (wall displays, /me pages, the bare
feed) used to fill the server's connection cap, and every new phone was refused. Now each
kind of stream has its own share and a limit per address (`tourney.web.live.quotas`): the
streams beyond them are refused at once (503, the page looks by itself), and a new phone
still opens its table, records a move and gets its table's stream, as does the director.
A stream ends after its kind's lifetime (the browser reconnects by itself)."""

from __future__ import annotations

import asyncio
import http.client
import re
import socket
import threading
import uuid
from collections import Counter
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from urllib.parse import urlencode

import pytest

from tests.web.conftest import PASSWORD
from tests.web.test_attack_limits import Served, _answer, _request, _start, _stop
from tourney.web.guard import connection_cap
from tourney.web.live import StreamGate, _bounded, quotas

ADDRESSES = 16
STREAMS_EACH = 32
KINDS = {"/display/events": "display", "/feed/ticks": "feed", "/me/p1/events": "me"}


@pytest.fixture
def running(tmp_path: Path, night_db: str) -> Iterator[Served]:
    served = _start(tmp_path, Path(night_db))
    try:
        yield served
    finally:
        _stop(served)


def _open_stream(
    served: Served, path: str, source: str, cookie: str = ""
) -> tuple[int, socket.socket]:
    sock = served.connect(source)
    headers = {"Cookie": cookie} if cookie else {}
    sock.sendall(_request(path, headers=headers))
    sock.settimeout(5)
    head = b""
    try:
        while b"\r\n" not in head:
            chunk = sock.recv(4096)
            if not chunk:
                break
            head += chunk
    except OSError:
        pass
    found = re.match(rb"HTTP/1.1 (\d+)", head)
    return (int(found.group(1)) if found else 0), sock


def _session(served: Served, source: str, link: str) -> tuple[str, str]:
    """A phone's cookie and CSRF token from ``link``'s page."""
    with served.connect(source) as sock:
        sock.sendall(_request(link, headers={"Connection": "close"}))
        page = _answer(sock, 5.0)
    assert page.startswith(b"HTTP/1.1 200 "), page[:300]
    cookie = re.search(rb"set-cookie: (tourney_csrf=[^;]+)", page, re.IGNORECASE)
    csrf = re.search(rb'name="csrf" value="([^"]+)"', page)
    assert cookie and csrf
    return cookie.group(1).decode(), csrf.group(1).decode()


def _post(served: Served, source: str, path: str, cookie: str, form: dict[str, str]) -> bytes:
    body = urlencode(form).encode()
    connection = http.client.HTTPConnection(
        "127.0.0.1", served.port, timeout=5, source_address=(source, 0)
    )
    connection.request(
        "POST",
        path,
        body=body,
        headers={
            "Content-Type": "application/x-www-form-urlencoded",
            "Cookie": cookie,
            "Accept": "application/json",
        },
    )
    response = connection.getresponse()
    answer = f"{response.status} {response.getheader('set-cookie') or ''}".encode()
    answer += b"\n" + response.read()
    connection.close()
    return answer


@pytest.mark.slow
def test_streams_from_many_addresses_leave_room_for_phones_and_the_director(
    running: Served,
) -> None:
    held: list[socket.socket] = []
    accepted: Counter[str] = Counter()
    per_address: Counter[tuple[str, str]] = Counter()
    try:
        paths = list(KINDS)
        for n in range(ADDRESSES):
            source = f"127.0.3.{n + 1}"
            for k in range(STREAMS_EACH):
                path = paths[k % len(paths)]
                status, sock = _open_stream(running, path, source)
                if status == 200:
                    held.append(sock)
                    accepted[KINDS[path]] += 1
                    per_address[KINDS[path], source] += 1
                else:
                    assert status in (0, 503), status
                    sock.close()
        shares = quotas(connection_cap())
        for kind, count in accepted.items():
            assert count <= shares[kind].total, (kind, count)
        assert all(n <= shares[kind].per_address for (kind, _), n in per_address.items())
        assert sum(accepted.values()) < connection_cap() // 2, accepted

        # a new phone: its table page, a move, its table's stream
        phone = "127.0.4.1"
        link = running.link()
        cookie, csrf = _session(running, phone, link)
        form = {"move": "hand|0", "at": "1", "cid": uuid.uuid4().hex, "csrf": csrf}
        moved = _post(running, phone, link, cookie, form)
        assert moved.startswith(b"200 "), moved[:300]
        status, sock = _open_stream(running, f"{link}/events", phone, cookie)
        held.append(sock)
        assert status == 200

        # the director signs in and gets the director's stream
        director = "127.0.4.2"
        cookie, csrf = _session(running, director, "/director/login")
        signed = _post(
            running, director, "/director/login", cookie, {"password": PASSWORD, "csrf": csrf}
        )
        session = re.search(rb"(tourney_director=[^;]+)", signed)
        assert session, signed[:300]
        status, sock = _open_stream(
            running, "/director/events", director, f"{cookie}; {session.group(1).decode()}"
        )
        held.append(sock)
        assert status == 200
    finally:
        for sock in held:
            sock.close()


def test_a_forged_table_link_gets_no_share_of_the_tables(running: Served) -> None:
    status, sock = _open_stream(running, "/t/forged.link/events", "127.0.5.1")
    sock.close()
    assert status == 403


def test_each_kind_is_capped_in_all_and_per_address() -> None:
    gate = StreamGate(512)
    display = gate.quotas["display"]
    admitted = [gate.admit("display", "10.0.0.1") for _ in range(display.per_address + 1)]
    assert admitted == [True] * display.per_address + [False]
    assert gate.admit("table", "10.0.0.1")  # another kind keeps its own share
    for n in range(display.total):
        gate.admit("display", f"10.0.1.{n}")
    assert gate.open("display") == display.total
    assert not gate.admit("display", "10.0.2.1")
    gate.release("display", "10.0.0.1")
    assert gate.admit("display", "10.0.2.1")


def test_a_stream_ends_after_its_lifetime_and_gives_its_place_back() -> None:
    released: list[bool] = []

    async def forever() -> AsyncIterator[bytes]:
        while True:
            yield b": keepalive\n\n"
            await asyncio.sleep(0.01)

    async def listen() -> int:
        count = 0
        async for _message in _bounded(forever(), 0.1, lambda: released.append(True)):
            count += 1
        return count

    # In a thread of its own: the session's Playwright browser may hold this thread's loop.
    heard: list[int] = []
    listener = threading.Thread(target=lambda: heard.append(asyncio.run(listen())))
    listener.start()
    listener.join(10)
    assert len(heard) == 1 and 1 <= heard[0] < 100 and released == [True]
