"""The live win-chances bar on the watch page (issue 36): the wall display's bar, for each
table in play, at /watch and /watch/T1; with ``serve --watch-delay`` an estimate of the
position the page shows, never of a later one; none with ``serve --no-chances``; the
streams of changes say when an estimate came back, in a named event the phones ignore."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator

import pytest

from tests.web.conftest import Night, a_match
from tests.web.test_live_chances import play, served
from tourney.streams.matches import match_stream

BAR = re.compile(
    r'<span class="winbar" data-winbar="(\d+)" data-version="(\d+)".*?playouts?</span></span>'
)


@pytest.fixture
def chances_night(night_db: str) -> Iterator[Night]:
    yield from served(night_db, chances=True)


def bars(page: str) -> dict[int, tuple[int, str]]:
    """Each bar on a page: table number -> (the stream version it estimates, its words)."""
    return {
        int(m.group(1)): (int(m.group(2)), re.sub(r"<[^>]+>", "", m.group(0)))
        for m in BAR.finditer(page)
    }


def match_of(night: Night, table: int) -> str:
    loaded = night.server.night.loaded()
    assert loaded is not None
    (found,) = [t for t in night.server.night.tables(loaded) if t.number == table]
    return found.match_id


def watch_bar(night: Night, path: str, version: int, wait: float = 60.0) -> tuple[int, str]:
    """Table 1's bar on ``path`` once it estimates stream ``version`` (or later)."""
    deadline = time.monotonic() + wait
    while True:
        found = bars(night.client.get(path).text).get(1)
        if (found and found[0] >= version) or time.monotonic() > deadline:
            assert found and found[0] >= version, (found, version)
            return found
        time.sleep(0.05)


def test_a_table_in_play_has_its_bar_on_the_watch_page(chances_night: Night) -> None:
    play(chances_night, 1, 6)
    for path in ("/watch", "/watch/T1"):
        _, words = watch_bar(chances_night, path, 7)
        percents = [int(p) for p in re.findall(r"≈ (\d+)%", words)]
        assert len(percents) == 2 and 98 <= sum(percents) <= 102, words
        assert re.search(r"estimate from \d+ playouts?", words), words
        assert chances_night.seats(1)[0] in words
    # table 2 has not started: no bar
    assert 2 not in bars(chances_night.client.get("/watch").text)


def test_the_watch_page_bar_never_estimates_a_position_it_does_not_show(
    chances_night: Night,
) -> None:
    """With a delay, the bar follows the delayed position: moves made within the delay
    move neither the drawing nor the bar; once the delay has passed, both move on."""
    delay = 4.0  # room for a busy machine: the window checked below is the delay's
    chances_night.server.watch_delay = delay
    phone = play(chances_night, 1, 6)
    first, _ = watch_bar(chances_night, "/watch", 7, wait=60 + delay)
    assert first == 7
    seats = chances_night.seats(1)
    made = time.monotonic()  # before the first new move: none is older than this
    for event in a_match(seats)[6:14]:
        phone.record(event, seats)
    newest = chances_night.server.store.stream_version(match_stream(match_of(chances_night, 1)))
    assert newest > 7
    while time.monotonic() - made < delay - 0.3:
        chances_night.server.feed.step()  # the wall asks for its bars too: the same delay
        found = bars(chances_night.client.get("/watch").text).get(1)
        assert found is not None and found[0] == 7, found
        time.sleep(0.05)
    version, _ = watch_bar(chances_night, "/watch", newest, wait=60)
    assert version == newest


def test_serve_no_chances_draws_no_bar_on_the_watch_page(night_db: str) -> None:
    for night in served(night_db, chances=False):
        play(night, 1, 6)
        assert "winbar" not in night.client.get("/watch").text


def test_an_estimate_back_is_said_on_the_streams_of_changes() -> None:
    """The feed draws the board again when an estimate comes back; the streams of changes
    get a named ``chances`` event (the watch page fetches its tables; ``onmessage``
    handlers, the phones', never see it), only where no change waits to be read."""
    import asyncio
    import concurrent.futures

    from tourney.web.feed import REDRAWN, Feed

    class Store:
        def max_position(self) -> int:
            return 5

    class Projector:
        def catch_up(self) -> None:
            pass

    async def run() -> list[bytes]:
        feed = Feed(Store(), Projector(), lambda: "<board>")  # type: ignore[arg-type]
        feed.start(asyncio.get_running_loop())
        stream = feed.events(ticks=True)
        first = [await anext(stream), await anext(stream), await anext(stream)]
        feed.redraw()
        feed.step()
        got = await asyncio.wait_for(anext(stream), 5)
        await stream.aclose()
        feed.stop()
        return [*first, got]

    # In a worker where a browser test ran, Playwright's loop runs in this thread.
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        got = pool.submit(asyncio.run, run()).result()
    assert got[-1] == REDRAWN and b"event: chances" in REDRAWN
