"""The wall displays' event stream: every listener is sent the board as one SSE message
when the log moves, the same message for all, made once per board."""

from __future__ import annotations

import asyncio
import threading
from typing import Any, cast

from tourney.web.feed import Feed


class _Log:
    """What the feed reads of a store and a projector: the log's last position."""

    def __init__(self) -> None:
        self.position = 7
        self.catch_ups = 0

    def max_position(self) -> int:
        return self.position

    def catch_up(self) -> None:
        self.catch_ups += 1


def test_each_display_is_sent_each_new_board_as_one_sse_message() -> None:
    log = _Log()
    boards = iter(["<p>Table 1</p>\n<p>3 - 0</p>", "<p>Table 1</p>\n<p>5 - 0</p>"])
    feed = Feed(cast(Any, log), cast(Any, log), lambda: next(boards))

    async def listen() -> tuple[list[bytes], list[bytes]]:
        feed.start(asyncio.get_running_loop())
        try:
            wall, bar = feed.events(), feed.events()
            got_wall = [await anext(wall), await anext(wall)]
            got_bar = [await anext(bar), await anext(bar)]
            log.position = 9  # an event landed
            feed.poke()
            got_wall.append(await asyncio.wait_for(anext(wall), 5))
            got_bar.append(await asyncio.wait_for(anext(bar), 5))
            await wall.aclose()
            await bar.aclose()
            return got_wall, got_bar
        finally:
            feed.stop()

    # In a thread of its own: the session's Playwright browser may hold this thread's loop.
    heard: list[tuple[list[bytes], list[bytes]]] = []
    listener = threading.Thread(target=lambda: heard.append(asyncio.run(listen())))
    listener.start()
    listener.join(30)
    ((wall, bar),) = heard
    assert wall == [
        b"retry: 1000\n\n",
        b"id: 7\ndata: <p>Table 1</p> <p>3 - 0</p>\n\n",
        b"id: 9\ndata: <p>Table 1</p> <p>5 - 0</p>\n\n",
    ]
    assert bar == wall
    assert bar[2] is wall[2]  # made once for every display, not once per display
    assert log.catch_ups >= 2  # the read models were caught up before each board


def test_a_player_s_page_is_sent_the_change_alone_and_the_server_s_time() -> None:
    """A table, the director's page and /me listen for the log moving, not for the board:
    a few bytes per event, each followed by the server's time (its clock may have been
    set meanwhile: the pages' clocks follow the server's)."""
    log = _Log()
    boards = iter(["<p>board one</p>", "<p>board two</p>"])
    feed = Feed(
        cast(Any, log), cast(Any, log), lambda: next(boards), lambda a, p: f"{a}>{p}", lambda: 42
    )

    async def listen() -> list[bytes]:
        feed.start(asyncio.get_running_loop())
        try:
            me = feed.events(ticks=True)
            got = [await anext(me), await anext(me), await anext(me)]
            log.position = 9
            feed.poke()
            got += [await asyncio.wait_for(anext(me), 5), await anext(me)]
            await me.aclose()
            return got
        finally:
            feed.stop()

    heard: list[list[bytes]] = []
    listener = threading.Thread(target=lambda: heard.append(asyncio.run(listen())))
    listener.start()
    listener.join(30)
    clock = b"event: clock\ndata: 42\n\n"
    # on connecting, "everything may have changed" (-1: the page catches up), then each change
    assert heard == [
        [b"retry: 1000\n\n", b"id: 7\ndata: -1>7\n\n", clock, b"id: 9\ndata: 7>9\n\n", clock]
    ]
