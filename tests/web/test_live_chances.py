"""The wall's live win chances (issue 36): a bar per table in play on /display, estimated in
a worker process as moves land, labelled an estimate with its sample size; never on the
table's own phone; none with `serve --no-chances`."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from concurrent.futures import Executor, Future, ThreadPoolExecutor
from typing import Any

import pytest
from starlette.testclient import TestClient

from tests.cli.conftest import Cli
from tests.web.conftest import PASSWORD, SECRET, Night, a_match
from tests.web.phone import Phone
from tourney.web.app import Server, create_app
from tourney.web.live_chances import (
    PLAYOUTS,
    LiveChances,
    Payloads,
    estimate_in_worker,
    worker_pool,
)


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
    # a first estimate of at most PLAYOUTS, and once refined (on a fast machine, before the
    # page is read) at most as many again: the sample size shown is never more than that
    assert 1 <= playouts <= 2 * PLAYOUTS and f"{playouts} playouts" in text
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
    from tourney.gamekit import game

    payloads = tuple(game("horse-race").payload(e) for e in events)
    pool = worker_pool()
    try:
        found = pool.submit(estimate_in_worker, "horse-race", payloads, 50, 1.0).result(120)
    finally:
        pool.shutdown()
    assert found is not None and found[0] == (("Ann",), ("Bo",)) and found[2] == 50

    redrawn: list[int] = []
    live = LiveChances(lambda: redrawn.append(1), pool=lambda: ThreadPoolExecutor(1), workers=1)
    live.start()
    live._running.add("busy")  # the worker busy: requests wait
    live.want("T1", 5, "horse-race", payloads[:5])
    live.want("T1", 9, "horse-race", payloads[:9])
    assert [v.version for v in live._wanted.values()] == [9]
    live._running.clear()
    live._next()
    deadline = time.monotonic() + 30
    while live.shown("T1") is None:
        assert time.monotonic() < deadline
        time.sleep(0.01)
    shown = live.shown("T1")
    assert shown is not None and shown.version == 9 and redrawn
    live.stop()


class Manual(Executor):
    """A pool whose estimates come back when the test says: what was submitted, in order."""

    def __init__(self) -> None:
        self.asked: list[tuple[int, float, Future[Any]]] = []

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Future[Any]:
        _game, payloads, _playouts, seconds = args
        future: Future[Any] = Future()
        self.asked.append((len(payloads), seconds, future))
        return future

    def answer(self, index: int, chances: tuple[float, float], playouts: int) -> None:
        self.asked[index][2].set_result(((("Ann",), ("Bo",)), chances, playouts))


def test_the_workers_answer_the_oldest_waiting_move_first_then_refine() -> None:
    """Two workers: each table's newest position only (a superseded one is never
    computed); the table whose oldest unanswered move waits longest first; a quick first
    estimate, then, with nothing waiting, more playouts merged into the one shown."""
    pool = Manual()
    live = LiveChances(lambda: None, pool=lambda: pool, seconds=0.02, refine=0.06, workers=2)
    live.start()
    plain: Payloads = (("x", {}),)
    live.want("T1", 3, "horse-race", plain * 3)
    live.want("T2", 4, "horse-race", plain * 4)
    live.want("T3", 5, "horse-race", plain * 5)  # waits: both workers busy
    live.want("T4", 6, "horse-race", plain * 6)
    live.want("T3", 7, "horse-race", plain * 7)  # replaces T3's 5, keeping its place
    assert [(n, s) for n, s, _ in pool.asked] == [(3, 0.02), (4, 0.02)]
    pool.answer(1, (0.4, 0.6), 10)  # T2 back: T3 (asked before T4) next, at its newest
    assert [n for n, _, _ in pool.asked] == [3, 4, 7]
    shown = live.shown("T2")
    assert shown is not None and (shown.version, shown.playouts) == (4, 10)
    pool.answer(0, (0.5, 0.5), 12)  # T1 back: T4 next, a first estimate before refining
    assert [n for n, _, _ in pool.asked] == [3, 4, 7, 6]
    pool.answer(2, (0.5, 0.5), 20)
    pool.answer(3, (0.5, 0.5), 20)
    # nothing waits: the shown estimates with the fewest playouts are refined (T2, T1)
    assert [(n, s) for n, s, _ in pool.asked[4:]] == [(4, 0.06), (3, 0.06)]
    pool.answer(4, (0.2, 0.8), 30)
    shown = live.shown("T2")
    assert shown is not None and shown.playouts == 40 and shown.version == 4
    assert shown.chances == pytest.approx((0.25, 0.75))  # (0.4 x 10 + 0.2 x 30) / 40
    assert [(n, s) for n, s, _ in pool.asked[6:]] == [(7, 0.06)]  # T3's turn (T2's is done)
    # a move at T1 while its refinement runs: the new position waits for T1's worker (one
    # estimate per table at once) and goes first; the refinement still counts for the
    # position shown until the new one comes back
    live.want("T1", 8, "horse-race", plain * 8)
    assert len(pool.asked) == 7
    pool.answer(5, (0.9, 0.1), 30)
    shown = live.shown("T1")
    assert shown is not None and (shown.version, shown.playouts) == (3, 42)
    assert [(n, s) for n, s, _ in pool.asked[7:]] == [(8, 0.02)]
    pool.answer(7, (0.3, 0.7), 9)
    shown = live.shown("T1")
    assert shown is not None and (shown.version, shown.playouts) == (8, 9)
    live.stop()
