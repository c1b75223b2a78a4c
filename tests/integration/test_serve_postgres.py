"""Two `tourney serve` processes on one PostgreSQL database, both recording: four tables'
phones send each move to one process or the other in turn, all tables at once. After:
`tourney verify` is clean, every table's stream holds exactly the moves sent, and each
result reached the tournament exactly once (whichever process's policy posted it). A page
left stale on one process is refused by the other."""

from __future__ import annotations

import http.client
import os
import subprocess
import sys
import threading
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.cli.conftest import Cli
from tests.factories.tablesim import hidden_match, seated
from tests.integration.live_server import free_port, post_move
from tests.web.conftest import create_tournament
from tourney.games.horserace import Event, Match
from tourney.scorer.desk import Desk
from tourney.store.eventstore import EventStore
from tourney.web.app import Server
from tourney.web.signing import load_secret
from tourney.web.table_routes import move_value

pytestmark = [pytest.mark.postgres, pytest.mark.slow]  # two server processes each

TOURNEY = str(Path(sys.executable).parent / "tourney")
PLAYERS = tuple(f"Player {n}" for n in range(1, 9))


@pytest.fixture
def two_servers(postgres_url: str, tmp_path: Path) -> Iterator[tuple[str, list[int]]]:
    create_tournament(Cli(postgres_url), PLAYERS)
    ports = [free_port(), free_port()]
    processes = [
        subprocess.Popen(
            [
                TOURNEY,
                "serve",
                "--db",
                postgres_url,
                "--host",
                "127.0.0.1",
                "--port",
                str(port),
                "--no-qr",
            ],
            cwd=tmp_path,  # both read the same secret file: a link works on either
            stdout=subprocess.DEVNULL,
            stderr=(tmp_path / f"serve-{port}.log").open("wb"),
            env={**os.environ, "TOURNEY_DIRECTOR_PASSWORD": ""},
        )
        for port in ports
    ]
    try:
        for port, process in zip(ports, processes, strict=True):
            _wait_up(port, process, tmp_path / f"serve-{port}.log")
        yield postgres_url, ports
    finally:
        for process in processes:
            process.terminate()
        for process in processes:
            process.wait(timeout=30)


def _wait_up(port: int, process: subprocess.Popen[bytes], log: Path) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"tourney serve exited: {log.read_text()}")
        try:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=1)
            connection.request("GET", "/health")
            if connection.getresponse().status == 200:
                return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError("tourney serve did not start")


class TwoPhones:
    """A table's phones, one on each server, sharing the page's version; the CSRF cookie
    and token of one server pass on the other (one secret)."""

    def __init__(self, ports: list[int], path: str) -> None:
        self.connections = [http.client.HTTPConnection("127.0.0.1", p, timeout=60) for p in ports]
        self.path = path
        self.connections[0].request("GET", path)
        page = self.connections[0].getresponse()
        text = page.read().decode()
        self.cookie = (page.getheader("set-cookie") or "").split(";")[0]
        marker = 'name="csrf" value="'
        start = text.index(marker) + len(marker)
        self.csrf = text[start : text.index('"', start)]
        self.version = 1

    def post(
        self, server: int, move: str, tiles: list[str], at: int | None = None
    ) -> tuple[int, dict[str, object]]:
        fields = [("move", move), ("at", str(self.version if at is None else at))]
        fields += [("cid", uuid.uuid4().hex)]
        session = (self.cookie, self.csrf)
        status, data = post_move(self.connections[server], self.path, session, fields, tiles)
        if status == 200:
            state = data["state"]
            assert isinstance(state, dict)
            self.version = state["version"]
        return status, data


def _links(url: str, tmp_path: Path) -> dict[int, tuple[str, tuple[str, ...]]]:
    server = Server.open(url, load_secret(tmp_path / "tourney-serve.key"))
    try:
        loaded = server.night.loaded()
        assert loaded is not None
        return {
            t.number: ("/t/" + server.night.token(loaded, t.number), t.seats)
            for t in server.night.tables(loaded)
        }
    finally:
        server.store.close()


def test_two_server_processes_record_every_table_at_once(
    two_servers: tuple[str, list[int]], tmp_path: Path
) -> None:
    url, ports = two_servers
    links = _links(url, tmp_path)
    assert len(links) == 4
    records: dict[int, list[Event]] = {
        n: seated(hidden_match(300 + n), seats) for n, (_path, seats) in links.items()
    }
    failures: list[str] = []

    def table(number: int) -> None:
        path, seats = links[number]
        phones = TwoPhones(ports, path)
        moves = [move_value(e, seats) for e in records[number][1:]]
        moves += [(f"confirm|{seat}", []) for seat in range(len(seats))]
        for index, (move, tiles) in enumerate(moves):
            status, data = phones.post(index % 2, move, tiles)
            if status != 200:
                failures.append(f"table {number} {move}: {status} {data}")
                return

    threads = [threading.Thread(target=table, args=(n,)) for n in links]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failures == []
    verified = subprocess.run(
        [TOURNEY, "verify", "--db", url], capture_output=True, text=True, check=False
    )
    assert verified.returncode == 0, verified.stdout + verified.stderr
    for number, record in records.items():
        desk = Desk.open(url, f"club-night-r1-t{number}")
        assert desk.version == len(record) + 2  # every move once, and two confirmations
        assert Match.replay(desk.events()).summary() == Match.replay(record).summary()
        assert desk.confirmed == list(links[number][1])
        desk.close()
    deadline = time.monotonic() + 20  # each process's feed posts results within moments
    while True:
        with EventStore.from_url(url) as store:
            results = [
                e for e in store.read_stream("tournament-club-night")
                if e.type == "match_result_recorded"
            ]  # fmt: skip
        if len(results) >= 4 or time.monotonic() > deadline:
            break
        time.sleep(0.2)
    assert sorted(e.payload["match_id"] for e in results) == [
        f"club-night-r1-t{n}" for n in range(1, 5)
    ]


def test_a_page_stale_on_one_process_is_refused_by_the_other(
    two_servers: tuple[str, list[int]], tmp_path: Path
) -> None:
    url, ports = two_servers
    path, _seats = _links(url, tmp_path)[1]
    phones = TwoPhones(ports, path)
    assert phones.post(0, "hand|0", [], at=1)[0] == 200
    status, data = phones.post(1, "hand|1", [], at=1)
    assert status == 409
    assert "moved on since v1" in str(data["error"])
