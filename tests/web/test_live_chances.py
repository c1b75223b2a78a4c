"""The wall's live win chances (issue 36): a bar per table in play on /display, estimated in
a worker process as moves land, labelled an estimate with its sample size; never on the
table's own phone; none with `serve --no-chances`."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor

import pytest
from starlette.testclient import TestClient

from tests.cli.conftest import Cli
from tests.web.conftest import PASSWORD, SECRET, Night, a_match
from tests.web.phone import Phone
from tourney.web.app import Server, create_app
from tourney.web.live_chances import LiveChances, estimate_in_worker, worker_pool


def served(db: str, chances: bool) -> Iterator[Night]:
    server = Server.open(db, SECRET, director_password=PASSWORD, chances=chances)
    with TestClient(create_app(server), base_url="http://testserver") as client:
        yield Night(Cli(db), server, client)


@pytest.fixture
def chances_night(night_db: str) -> Iterator[Night]:
    yield from served(night_db, chances=True)


def bar(night: Night, table: int, version: int, wait: float = 60.0) -> str:
    """Table ``table``'s win-chances bar on /display, once the worker has estimated it at
    stream ``version``."""
    deadline = time.monotonic() + wait
    while True:
        night.server.feed.step()  # the feed's own thread does it too; here, now
        page = night.client.get("/display").text
        found = re.search(
            rf'<span class="winbar" data-winbar="{table}".*?playouts?</span></span>', page
        )
        found = found if found and f'data-version="{version}"' in found.group(0) else None
        if found or time.monotonic() > deadline:
            assert found, page
            return found.group(0)
        time.sleep(0.05)


def play(night: Night, table: int, moves: int) -> Phone:
    phone = Phone(night.client, night.link(table))
    phone.look()
    seats = night.seats(table)
    for event in a_match(seats)[:moves]:
        phone.record(event, seats)
    return phone


def test_a_table_in_play_gets_a_bar_on_the_wall_and_none_on_its_phone(
    chances_night: Night,
) -> None:
    phone = play(chances_night, 1, 6)
    shown = bar(chances_night, 1, 7)  # the director's start and six moves
    names = chances_night.seats(1)
    text = re.sub(r"<[^>]+>", "", shown)
    percents = [int(p) for p in re.findall(r"≈ (\d+)%", text)]
    assert len(percents) == 2 and 98 <= sum(percents) <= 102
    assert all(name.replace("<", "&lt;")[:3] in shown for name in names[:1])
    playouts = int(re.search(r'data-playouts="(\d+)"', shown).group(1))  # type: ignore[union-attr]
    assert 1 <= playouts <= 400 and f"{playouts} playouts" in text
    # the table's own phone never shows it, nor the other table's
    for page in (phone.look(), chances_night.client.get(chances_night.link(2)).text):
        assert "winbar" not in page and "playout" not in page
    # a table not in play has none
    assert 'data-winbar="2"' not in chances_night.client.get("/display").text


def test_the_bar_follows_the_moves(chances_night: Night) -> None:
    phone = play(chances_night, 1, 4)
    first = bar(chances_night, 1, 5)
    seats = chances_night.seats(1)
    for event in a_match(seats)[4:12]:
        phone.record(event, seats)
    assert bar(chances_night, 1, 13) != first


def test_serve_no_chances_draws_no_bar(night_db: str) -> None:
    for night in served(night_db, chances=False):
        play(night, 1, 6)
        night.server.feed.step()
        assert "winbar" not in night.client.get("/display").text
        assert night.server.live is None


def test_the_worker_is_a_spawned_process_fed_plain_data() -> None:
    """What crosses into the worker pickles (spawn: the same on macOS and Windows), and the
    newest position asked for replaces one still waiting (a stale request is dropped)."""
    from tourney.games.horserace.simulate import player_names, simulate_match

    events = simulate_match(__import__("random").Random(1), player_names(2)).events[:20]
    from tourney.games import game

    payloads = tuple(game("horse-race").payload(e) for e in events)
    pool = worker_pool()
    try:
        found = pool.submit(estimate_in_worker, "horse-race", payloads, 50, 1.0).result(120)
    finally:
        pool.shutdown()
    assert found is not None and found[0] == (("Ann",), ("Bo",)) and found[2] == 50

    redrawn: list[int] = []
    live = LiveChances(lambda: redrawn.append(1), pool=lambda: ThreadPoolExecutor(1))
    live._running = "busy"  # the worker busy: requests wait
    live.start()
    live.want("T1", 5, "horse-race", payloads[:5])
    live.want("T1", 9, "horse-race", payloads[:9])
    assert [v[0] for v in live._wanted.values()] == [9]
    live._running = None
    live._next()
    deadline = time.monotonic() + 30
    while live.shown("T1") is None:
        assert time.monotonic() < deadline
        time.sleep(0.01)
    shown = live.shown("T1")
    assert shown is not None and shown.version == 9 and redrawn
    live.stop()
