"""Load test of `tourney serve`: a club night's tables all recording at once.

    python -m bench.serve_bench                 # SQLite, 16 tables, 30 wall displays
    python -m bench.serve_bench --postgres      # the same on a throwaway PostgreSQL cluster
    python -m bench.serve_bench --tables 4 --displays 5   # a quick look
    python -m bench.serve_bench --rate 300      # the tables paced to 300 moves/s together
    python -m bench.serve_bench --game racehorse   # card tables of 5, matches of --deals 4

A tournament of 2 x TABLES players is paired at tables of 2 (--game racehorse: 5 x TABLES
at tables of 5, matches of --deals deals, about 36 moves a deal); `tourney serve` runs as
its own process; one simulated phone per table records a whole hidden-hand match (about
120-200 moves, each POSTed with the version it was decided against and a fresh submission id, as
the table page does), then each player confirms the result; DISPLAYS wall displays listen
on server-sent events meanwhile. By default each phone posts its next move the moment the
last is answered (the server saturated: the moves/s figure is its capacity, and a move's
server time is then mostly waiting behind the other tables' moves: 16 moves in flight at
300 moves/s spend 53 ms each in all, Little's law); with --rate the tables together offer
that many moves per second, evenly paced (each table at its own phase, as tables at a club
never move in step), and the times are those of a server carrying it.

Reported: per-move time inside the server (its Server-Timing header: request in, response
out) p50/p95/p99, where it went (the header's laps: form, wait for a worker thread, open the
desk, decide and append, state, back to the event loop; the rest of "app" is routing, the
JSON and starting the response) and the phone's round trip; moves per second sustained over
the run; how long after an event landed (its stored `recorded_at`) each display received a
board containing it; and, after the server stops, `tourney verify` and the events counted
per match stream against the moves sent (0 lost, 0 duplicated). Targets (issue 14): p50 <= 15
ms, p95 <= 50 ms, p99 <= 150 ms, >= 300 moves/s, displays within 500 ms.

Each phone and display connects from a loopback address of its own (127.0.1.N, 127.0.2.N;
Linux routes all of 127/8 to itself), as each device has its own address on the hall's
Wi-Fi: the server caps the connections of one address (`tourney.web.guard`).
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from bench.bytecode import fresh_bytecode
from tests.factories.tablesim import card_table_match, hidden_match, seated
from tourney.gamekit import Game
from tourney.gamekit.stored import RACEHORSE
from tourney.web.table_routes import move_value

TOURNEY = str(Path(sys.executable).parent / "tourney")
PASSWORD = "bench-director-password"


def _run(*args: str, db: str, cwd: Path) -> str:
    done = subprocess.run(
        [TOURNEY, *args, "--db", db], cwd=cwd, capture_output=True, text=True, check=False
    )
    if done.returncode != 0:
        raise SystemExit(f"tourney {' '.join(args)} failed: {done.stderr.strip()}")
    return done.stdout


def _cpu_seconds(pid: int) -> float:
    """User plus system CPU time so far of process ``pid`` and its live children (the
    workers of `serve --workers N`) (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    own = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    return own + sum(_cpu_seconds(int(child)) for child in children)


def _commit_floor(folder: Path, commits: int = 200) -> dict[str, float]:
    """What one commit costs on this disk right now: one-row SQLite transactions at
    synchronous=FULL in WAL mode, as the store writes (the floor under a move's time)."""
    import sqlite3

    connection = sqlite3.connect(folder / "fsync-probe.db", isolation_level=None)
    connection.execute("PRAGMA journal_mode=WAL")
    connection.execute("PRAGMA synchronous=FULL")
    connection.execute("CREATE TABLE t (x)")
    spent = []
    for n in range(commits):
        began = time.perf_counter()
        connection.execute("BEGIN IMMEDIATE")
        connection.execute("INSERT INTO t VALUES (?)", (n,))
        connection.execute("COMMIT")
        spent.append((time.perf_counter() - began) * 1000)
    connection.close()
    return {"p50": round(_percentile(spent, 50), 2), "p95": round(_percentile(spent, 95), 2)}


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    index = min(len(ordered) - 1, max(0, round(q / 100 * len(ordered)) - 1))
    return ordered[index]


@dataclass
class Phone:
    """One table's phone: records ``events`` through the table link, then confirms."""

    port: int
    path: str
    match_id: str
    seats: tuple[str, ...]
    full: list[Any]
    """The whole record, ``match_started`` (the director's) first."""
    gap: float = 0.0
    """Seconds from one move's start to the next (0: each as soon as the last returned)."""
    phase: float = 0.0
    """Seconds after the start this phone's first move is due: the tables' phases spread
    over one gap, so that together they offer their moves evenly, as tables do, rather
    than all sixteen at the same instant."""
    version: int = 1
    server_ms: list[float] = field(default_factory=list)
    round_trip_ms: list[float] = field(default_factory=list)
    landed: dict[int, float] = field(default_factory=dict)  # position -> recorded_at
    spans: dict[str, list[float]] = field(default_factory=dict)  # Server-Timing entries
    error: str | None = None
    source: str = "127.0.0.1"
    """The address the phone connects from (each its own, as on the Wi-Fi)."""

    def run(self, start: threading.Event) -> None:
        connection = http.client.HTTPConnection(
            "127.0.0.1", self.port, timeout=60, source_address=(self.source, 0)
        )
        try:
            csrf, cookie = self._csrf(connection)
            moves = [move_value(e, self.seats) for e in self.full[1:]]
            moves += [(f"confirm|{seat}", []) for seat in range(len(self.seats))]
            start.wait()
            due = time.perf_counter() + self.phase
            for move, tiles in moves:
                rest = due - time.perf_counter()
                if rest > 0:
                    time.sleep(rest)  # paced: the next move is due then
                self._post(connection, move, tiles, csrf, cookie)
                due += self.gap
        except Exception as exc:  # reported, and the run fails
            self.error = f"{self.path}: {exc}"
        finally:
            connection.close()

    def _csrf(self, connection: http.client.HTTPConnection) -> tuple[str, str]:
        connection.request("GET", self.path)
        response = connection.getresponse()
        page = response.read().decode()
        cookie = (response.getheader("set-cookie") or "").split(";")[0]
        marker = 'name="csrf" value="'
        start = page.index(marker) + len(marker)
        return page[start : page.index('"', start)], cookie

    def _post(
        self,
        connection: http.client.HTTPConnection,
        move: str,
        tiles: list[str],
        csrf: str,
        cookie: str,
    ) -> None:
        fields = [("move", move), ("at", str(self.version)), ("cid", uuid.uuid4().hex)]
        fields += [("csrf", csrf), *(("tiles", t) for t in tiles)]
        body = urlencode(fields)
        headers = {
            "Content-Type": "application/x-www-form-urlencoded",
            "Accept": "application/json",
            "Cookie": cookie,
        }
        sent = time.perf_counter()
        connection.request("POST", self.path, body=body, headers=headers)
        response = connection.getresponse()
        data = json.loads(response.read())
        self.round_trip_ms.append((time.perf_counter() - sent) * 1000)
        if response.status != 200:
            raise RuntimeError(f"{move} at v{self.version}: {response.status} {data}")
        timing = _timings(response.getheader("server-timing") or "")
        self.server_ms.append(timing.get("app", float("nan")))
        for name, ms in timing.items():
            self.spans.setdefault(name, []).append(ms)
        self.version = data["state"]["version"]
        self.landed[data["position"]] = datetime.fromisoformat(data["recorded_at"]).timestamp()


def _timings(header: str) -> dict[str, float]:
    """A ``Server-Timing`` header's entries (``name;dur=ms``, comma-separated) by name."""
    found: dict[str, float] = {}
    for entry in header.split(","):
        name, _, duration = entry.strip().partition(";dur=")
        if name and duration:
            found[name] = float(duration)
    return found


@dataclass
class Display:
    """A wall display listening on the event stream: when each board arrived, and the log
    position it covers."""

    port: int
    source: str = "127.0.0.1"
    seen: list[tuple[float, int]] = field(default_factory=list)
    stop: threading.Event = field(default_factory=threading.Event)

    def run(self, ready: threading.Barrier) -> None:
        connection = http.client.HTTPConnection(
            "127.0.0.1", self.port, timeout=5, source_address=(self.source, 0)
        )
        connection.request("GET", "/display/events")
        response = connection.getresponse()
        ready.wait()
        position = -1
        while not self.stop.is_set():
            try:
                line = response.fp.readline()
            except (TimeoutError, OSError):
                continue
            if not line:
                return
            if line.startswith(b"id: "):
                position = int(line[4:])
            elif line == b"\n" and position >= 0:
                self.seen.append((time.time(), position))
        connection.close()


def _display_latencies(displays: list[Display], landed: dict[int, float]) -> list[float]:
    """For each display and each event landed: ms from `recorded_at` to the first board
    whose position covers it."""
    positions = sorted(landed)
    out: list[float] = []
    for display in displays:
        index = 0
        for received, position in display.seen:
            while index < len(positions) and positions[index] <= position:
                out.append((received - landed[positions[index]]) * 1000)
                index += 1
    return out


def _start_server(
    db: str,
    folder: Path,
    port: int,
    profile: str | None = None,
    workers: int = 1,
    chances: bool = True,
) -> subprocess.Popen[bytes]:
    env = {**os.environ, "TOURNEY_DIRECTOR_PASSWORD": PASSWORD}
    spy = [str(Path(sys.executable).parent / "py-spy"), "record", "--gil", "--format", "raw", "-o"]
    serve = [TOURNEY, "serve", "--db", db, "--host", "127.0.0.1", "--port", str(port), "--no-qr"]
    serve += ["--workers", str(workers)] + ([] if chances else ["--no-chances"])
    process = subprocess.Popen(
        [*spy, profile, "--", *serve] if profile else serve,
        cwd=folder,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=1)
            connection.request("GET", "/health")
            if connection.getresponse().status == 200:
                return process
        except OSError:
            time.sleep(0.2)
    process.kill()
    raise SystemExit("tourney serve did not start")


def _links(stdout: str) -> dict[int, tuple[str, tuple[str, ...]]]:
    """Table number -> (link path, seats) from `tourney serve`'s announcement."""
    links: dict[int, tuple[str, tuple[str, ...]]] = {}
    lines = stdout.splitlines()
    for index, line in enumerate(lines):
        if line.startswith("Table ") and ":" in line:
            number = int(line.split()[1].rstrip(":"))
            seats = tuple(line.split(": ", 1)[1].split(" · "))
            path = "/t/" + lines[index + 1].rsplit("/t/", 1)[1]
            links[number] = (path, seats)
    return links


def _announcement(db: str, folder: Path, port: int) -> str:
    """What `tourney serve` prints before it starts serving (read by starting it briefly
    would cost a server start; the same text comes from the same function)."""
    code = (
        "import sys, pathlib\n"
        "from tourney.cli.serve_cmd import _announce\n"
        "from tourney.web.app import Server\n"
        "from tourney.web.signing import load_secret\n"
        f"s = Server.open({db!r}, load_secret(pathlib.Path('tourney-serve.key')))\n"
        f"_announce(s, 'http://127.0.0.1:{port}', True, False)\n"
        "s.store.close()\n"
    )
    return subprocess.run(
        [sys.executable, "-c", code], cwd=folder, capture_output=True, text=True, check=True
    ).stdout


def _verify(db: str, folder: Path, phones: list[Phone]) -> tuple[int, int]:
    """`tourney verify`, then (lost, duplicated) events over every match stream."""
    _run("verify", db=db, cwd=folder)
    from tourney.scorer.desk import Desk

    lost = duplicated = 0
    for phone in phones:
        desk = Desk.open(db, phone.match_id)
        expected = len(phone.full) + len(phone.seats)  # every move, each confirmation
        lost += max(0, expected - desk.version)
        duplicated += max(0, desk.version - expected)
        if _summary(desk.game, desk.events()) != _summary(desk.game, phone.full):
            lost += 1  # the stream holds other moves than were sent
        desk.close()
    return lost, duplicated


def _summary(game: Game, events: list[Any]) -> dict[str, Any]:
    match = game.new_match()
    for event in events:
        match.apply(event)
    summary: dict[str, Any] = match.summary()
    return summary


def run(
    db: str | None,
    tables: int,
    displays: int,
    folder: Path,
    profile: str | None = None,
    rate: float = 0.0,
    game: str = "horse-race",
    deals: int = 4,
    workers: int = 1,
    chances: bool = True,
) -> dict[str, object]:
    url = db or f"sqlite:///{folder / 'tourney.db'}"
    floor = _commit_floor(folder)
    cards = game == RACEHORSE
    size = 5 if cards else 2
    play = ["--game", RACEHORSE, "--deals", str(deals)] if cards else []
    _run("tournament", "create", "Bench Night", "--format", "swiss", "--table-size", str(size),
         "--rounds", "3", "--round-minutes", "45", *play, db=url, cwd=folder)  # fmt: skip
    players = folder / "players.csv"
    names = [f"Player {n:02d}" for n in range(1, size * tables + 1)]
    players.write_text("\n".join(["name", *names]) + "\n")
    _run("player", "import", str(players), db=url, cwd=folder)
    _run("pair", db=url, cwd=folder)
    _run("clock", "start", db=url, cwd=folder)  # every table under one running clock
    port = _free_port()
    links = _links(_announcement(url, folder, port))
    assert len(links) == tables, links
    process = _start_server(url, folder, port, profile, workers, chances)
    try:
        phones: list[Phone] = []
        gap = tables / rate if rate > 0 else 0.0
        for index, (number, (path, seats)) in enumerate(sorted(links.items())):
            full = (
                card_table_match(seats, 1000 + number, deals)
                if cards
                else seated(hidden_match(1000 + number), seats)
            )
            phase = gap * index / tables
            match_id = f"bench-night-r1-t{number}"
            phone = Phone(port, path, match_id, seats, full, gap, phase)
            phone.source = f"127.0.1.{index + 1}"
            phones.append(phone)
        listening = [Display(port, f"127.0.2.{n + 1}") for n in range(displays)]
        ready = threading.Barrier(displays + 1)
        display_threads = [
            threading.Thread(target=d.run, args=(ready,), daemon=True) for d in listening
        ]
        for thread in display_threads:
            thread.start()
        ready.wait(timeout=60)
        # every game's page loaded here first: sixteen threads loading them at once met
        # one half loaded ("hand_started is not recorded at a table")
        for phone in phones:
            move_value(phone.full[1], phone.seats)
        start = threading.Event()
        threads = [threading.Thread(target=p.run, args=(start,)) for p in phones]
        for thread in threads:
            thread.start()
        time.sleep(0.5)  # every phone has its page
        cpu_before = _cpu_seconds(process.pid)
        began = time.perf_counter()
        start.set()
        for thread in threads:
            thread.join()
        elapsed = time.perf_counter() - began
        server_cpu = _cpu_seconds(process.pid) - cpu_before
        time.sleep(1.0)  # the last boards reach the displays
        for display in listening:
            display.stop.set()
    finally:
        process.send_signal(2)  # as Ctrl-C (py-spy then writes its profile)
        process.wait(timeout=60)
    errors = [p.error for p in phones if p.error]
    if errors:
        raise SystemExit("phones failed: " + "; ".join(errors[:3]))
    landed: dict[int, float] = {}
    for phone in phones:
        landed.update(phone.landed)
    server_ms = [v for p in phones for v in p.server_ms]
    spans: dict[str, list[float]] = {}
    for phone in phones:
        for name, values in phone.spans.items():
            spans.setdefault(name, []).extend(values)
    trip_ms = [v for p in phones for v in p.round_trip_ms]
    late = _display_latencies(listening, landed)
    lost, duplicated = _verify(url, folder, phones)
    return {
        "backend": "postgresql" if url.startswith("postgres") else "sqlite",
        "game": game if not cards else f"{game} ({size} a table, {deals} deals a match)",
        "tables": tables,
        "workers": workers,
        "offered_moves_per_s": rate or "as fast as the server answers",
        "displays": displays,
        "moves": len(server_ms),
        "seconds": round(elapsed, 2),
        "moves_per_s": round(len(server_ms) / elapsed, 1),
        "server_ms": {q: round(_percentile(server_ms, q), 2) for q in (50, 95, 99)},
        "round_trip_ms": {q: round(_percentile(trip_ms, q), 2) for q in (50, 95, 99)},
        # Where a move's server time went (Server-Timing laps; "app" is the whole): p50/p95.
        "spans_ms": {
            name: [round(_percentile(values, 50), 2), round(_percentile(values, 95), 2)]
            for name, values in spans.items()
        },
        "display_ms": {
            "p50": round(_percentile(late, 50), 1),
            "p95": round(_percentile(late, 95), 1),
            "max": round(max(late, default=float("nan")), 1),
            "boards": sum(len(d.seen) for d in listening),
        },
        "sqlite_commit_ms": floor,
        "server_cpu_ms_per_move": round(server_cpu * 1000 / max(1, len(server_ms)), 2),
        "load_average": os.getloadavg()[0],
        "lost": lost,
        "duplicated": duplicated,
        "mean_server_ms": round(statistics.fmean(server_ms), 2),
    }


def main(argv: list[str] | None = None) -> None:
    fresh_bytecode()
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--tables", type=int, default=16)
    parser.add_argument("--displays", type=int, default=30)
    parser.add_argument("--db", help="a database URL (default: a new SQLite file)")
    parser.add_argument("--postgres", action="store_true", help="a throwaway PostgreSQL")
    parser.add_argument("--profile", help="record the server with py-spy into this file")
    parser.add_argument(
        "--rate",
        type=float,
        default=0.0,
        help="moves per second offered by all tables together, each table paced evenly "
        "(default: every phone posts its next move as soon as the last is answered)",
    )
    parser.add_argument("--game", choices=["horse-race", RACEHORSE], default="horse-race")
    parser.add_argument("--deals", type=int, default=4, help="Racehorse: deals a match")
    parser.add_argument(
        "--workers", type=int, default=1, help="server processes (tourney serve --workers N)"
    )
    parser.add_argument("--no-chances", action="store_true", help="serve without live win chances")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="serve-bench-") as tmp:
        folder = Path(tmp)
        db = args.db
        server = None
        if args.postgres:
            from tests.postgres_server import PostgresServer, find_bin_dir

            bin_dir = find_bin_dir()
            if bin_dir is None:
                raise SystemExit("no PostgreSQL server binaries (apt-get install postgresql)")
            server = PostgresServer(bin_dir)
            server.start()
            db = server.new_database()
        try:
            result = run(
                db,
                args.tables,
                args.displays,
                folder,
                args.profile,
                args.rate,
                args.game,
                args.deals,
                args.workers,
                not args.no_chances,
            )
        finally:
            if server is not None:
                server.stop()
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
