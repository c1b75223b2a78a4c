"""The room on a club night's scale: 64 players checking in at the door within a minute,
then 32 tables (and 64 players' /me pages) reading one round clock.

    python -m bench.room_bench
    python -m bench.room_bench --players 128 --within 60

A tournament of PLAYERS with check-in required is created; `tourney serve` runs as its own
process. PLAYERS phones each open `/checkin`, find themselves by name and tap (GET then
POST, as the page does), their starts spread evenly over WITHIN seconds; the round is
paired, the clock started, and each table's clock and the round's are read from
`/clock.json`, as the table pages, /me and the director's page do every few seconds.

Reported: the check-in tap's round trip p50/p95/max, and everyone checked in (0 missing);
the clock reads' round trip; the spread of the end of time the reads imply
(``at_ms + remaining``: the instant each page counts down to) — 0 ms means every page
counts down to the same instant (issue 25: display and phones within 1 s).
"""

from __future__ import annotations

import argparse
import http.client
import json
import re
import tempfile
import threading
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from bench.serve_bench import _free_port, _percentile, _run, _start_server


def _get(port: int, path: str, cookie: str = "") -> tuple[int, str, str]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    connection.request("GET", path, headers={"Cookie": cookie} if cookie else {})
    response = connection.getresponse()
    body = response.read().decode()
    set_cookie = response.getheader("Set-Cookie") or ""
    connection.close()
    return response.status, body, set_cookie.split(";", 1)[0]


def _check_in(port: int, name: str, times: list[float], errors: list[str]) -> None:
    began = time.perf_counter()
    status, page, cookie = _get(port, "/checkin?" + urlencode({"name": name}))
    player = re.search(r'name="player" value="([^"]+)"', page)
    csrf = re.search(r'name="csrf" value="([^"]+)"', page)
    if status != 200 or player is None or csrf is None:
        errors.append(f"{name}: {status}")
        return
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    body = urlencode({"player": player.group(1), "csrf": csrf.group(1)})
    headers = {"Content-Type": "application/x-www-form-urlencoded", "Cookie": cookie}
    connection.request("POST", "/checkin", body=body, headers=headers)
    response = connection.getresponse()
    response.read()
    connection.close()
    if response.status != 303:
        errors.append(f"{name}: POST {response.status}")
    times.append((time.perf_counter() - began) * 1000)


def run(players: int, within: float, folder: Path) -> dict[str, Any]:
    url = f"sqlite:///{folder / 'tourney.db'}"
    _run("tournament", "create", "Door Night", "--table-size", "2", "--rounds", "3",
         "--round-minutes", "45", "--check-in", db=url, cwd=folder)  # fmt: skip
    roster = folder / "players.csv"
    names = [f"Player {n:03d}" for n in range(1, players + 1)]
    roster.write_text("\n".join(["name", *names]) + "\n")
    _run("player", "import", str(roster), db=url, cwd=folder)
    port = _free_port()
    process = _start_server(url, folder, port)
    try:
        times: list[float] = []
        errors: list[str] = []
        threads = []
        started = time.perf_counter()
        for index, name in enumerate(names):
            due = started + within * index / players
            time.sleep(max(0.0, due - time.perf_counter()))
            thread = threading.Thread(target=_check_in, args=(port, name, times, errors))
            thread.start()
            threads.append(thread)
        for thread in threads:
            thread.join()
        door = json.loads(_run("checkin", "--json", db=url, cwd=folder))
        _run("pair", db=url, cwd=folder)
        _run("clock", "start", db=url, cwd=folder)
        reads: list[float] = []
        ends: list[float] = []
        for table in range(1, players // 2 + 1):
            for path in (f"/clock.json?table={table}", "/clock.json"):
                began = time.perf_counter()
                _status, body, _ = _get(port, path)
                reads.append((time.perf_counter() - began) * 1000)
                data = json.loads(body)
                ends.append(data["at_ms"] + data["remaining"] * 1000)
    finally:
        process.terminate()
        process.wait(timeout=30)
    return {
        "players": players,
        "within_s": within,
        "checked_in": len(door["checked_in"]),
        "missing": len(door["missing"]),
        "errors": errors[:5],
        "check_in_ms": {
            "p50": round(_percentile(times, 50), 1),
            "p95": round(_percentile(times, 95), 1),
            "max": round(max(times, default=0), 1),
        },
        "clock_reads": len(reads),
        "clock_read_ms": {
            "p50": round(_percentile(reads, 50), 2),
            "p95": round(_percentile(reads, 95), 2),
        },
        "end_of_time_spread_ms": round(max(ends) - min(ends), 3) if ends else None,
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else "")
    parser.add_argument("--players", type=int, default=64)
    parser.add_argument("--within", type=float, default=60.0, help="seconds the taps spread over")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="room-bench-") as folder:
        print(json.dumps(run(args.players, args.within, Path(folder)), indent=2))


if __name__ == "__main__":
    main()
