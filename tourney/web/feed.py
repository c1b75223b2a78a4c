"""The log watched for the wall displays: when an event lands (appended by this process, or
seen in the log by polling, for one appended by another process), the read models are
caught up, the results policy runs (`tourney.web.results`), the display board is rendered
once, and every listening display is sent it.

One thread per server process does the watching and the catching up, at most every
`MIN_GAP` seconds: under load the read models are caught up in one transaction for many
events, instead of one per append, and the appends do not wait for them.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
import time
from collections.abc import AsyncGenerator, Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tourney.store.eventstore import EventStore
    from tourney.store.projector import Projector

POLL = 0.1  # seconds between looks at the log when nothing was appended here
MIN_GAP = 0.1  # seconds between two catch-ups (and board renders) under load
# (0.1 rather than 0.2: displays see a move ~60 ms sooner at p50 and ~100 ms at p95 at 300
# moves/s, for about a tenth more server CPU per move: bench/FINDINGS.md)
REDRAW_GAP = 0.5
"""Seconds between two boards drawn only because estimates came back (the log still)."""
KEEPALIVE = 15.0  # seconds between comments on an idle event stream
TICK_KEEPALIVE = 5.0  # seconds between the server's time on an idle stream of changes

log = logging.getLogger("tourney.serve")


class Feed:
    """Catches the read models up and sends the rendered board to every subscriber."""

    def __init__(
        self,
        store: EventStore,
        projector: Projector,
        render_board: Callable[[], str],
        describe: Callable[[int, int], str] | None = None,
        now_ms: Callable[[], int] | None = None,
    ) -> None:
        self.store = store
        self.projector = projector
        self.render_board = render_board
        self.describe = describe or (lambda _after, position: str(position))
        """What changed between two log positions, as the pages' stream says it
        (`tourney.web.live.change`)."""
        self.now_ms = now_ms or (lambda: int(time.time() * 1000))
        """The server's time, sent on an idle stream of changes: a page's clock keeps to
        the server's even when the server's clock is set meanwhile."""
        self.position = -1
        self.board = ""
        self.message = _message(-1, "")
        self._wake = threading.Event()
        self._redraw = threading.Event()
        self._drawn = 0.0
        """When the board was last drawn (`time.monotonic`)."""
        self._stop = threading.Event()
        self._stepping = threading.Lock()
        self._thread: threading.Thread | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._queues: set[asyncio.Queue[bytes]] = set()
        self._ticks: set[asyncio.Queue[bytes]] = set()
        self.tick = _message(-1, "-1")
        self.tick_all = self.tick
        """The newest position, saying everything may have changed: what a page is sent
        when it connects (it catches up) and, in place of a change it missed, when it is
        slow to read (a page must never miss that its table changed)."""

    def start(self, loop: asyncio.AbstractEventLoop) -> None:
        self._loop = loop
        self.step()  # the first board before anyone asks
        self._thread = threading.Thread(target=self._run, name="tourney-feed", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        self._wake.set()
        if self._thread is not None:
            self._thread.join(timeout=5)

    def poke(self) -> None:
        """Something was appended here: look now rather than at the next poll."""
        self._wake.set()

    def redraw(self) -> None:
        """Something the board shows changed outside the log (a table's win chances came
        back): draw the board again and send it, soon, even if the log has not moved, and
        say so on the streams of changes (`REDRAWN`)."""
        self._redraw.set()
        self._wake.set()

    def _run(self) -> None:
        while not self._stop.is_set():
            self._wake.wait(POLL)
            self._wake.clear()
            if self._stop.is_set():
                return
            if getattr(self.store, "failed", None):  # said once already: nothing to catch up
                continue
            started = time.monotonic()
            try:
                self.step()
            except Exception:  # a database hiccup must not end the displays' feed
                log.exception("the wall display feed could not catch up")
            rest = MIN_GAP - (time.monotonic() - started)
            if rest > 0:
                self._stop.wait(rest)

    def step(self) -> bool:
        """Catch up (the result policy posting what tables finished, see
        `tourney.policies.results`); when the log moved, render the board and send it.
        True if it moved."""
        with self._stepping:
            return self._step()

    def _step(self) -> bool:
        self.projector.catch_up()
        position = self.store.max_position()
        if position == self.position:
            # an estimate back: drawn again, but not more often than REDRAW_GAP (a board of
            # 16 drawn tables costs the moves' process more than the estimates' news is worth)
            if self._redraw.is_set() and time.monotonic() - self._drawn >= REDRAW_GAP:
                self._redraw.clear()
                self._drawn = time.monotonic()
                self.board = self.render_board()
                self.message = message = _message(position, self.board)
                self._send(self._publish, message)
                self._send(self._publish_redrawn, REDRAWN)
            return False
        self._redraw.clear()
        after, self.position = self.position, position
        # The pages' few bytes first: a table's phone is not kept waiting for the board.
        self.tick = tick = _message(position, self.describe(after, position))
        self.tick_all = tick_all = _message(position, self.describe(-1, position))
        self._send(self._publish_ticks, tick, tick_all)
        self._drawn = time.monotonic()
        self.board = self.render_board()
        # Made into its SSE message once, here, off the event loop: every display is sent
        # the same bytes.
        self.message = message = _message(position, self.board)
        self._send(self._publish, message)
        return True

    def _send(self, publish: Callable[..., None], *messages: bytes) -> None:
        if self._loop is not None and (self._queues or self._ticks):
            with contextlib.suppress(RuntimeError):  # the loop is closing
                self._loop.call_soon_threadsafe(publish, *messages)

    def _publish(self, message: bytes) -> None:
        for queue in self._queues:
            if queue.full():  # a slow display gets the newest board, not a backlog
                queue.get_nowait()
            queue.put_nowait(message)

    def _publish_redrawn(self, message: bytes) -> None:
        for queue in self._ticks:
            if queue.empty():  # a change waiting says more: the page fetches anyway
                queue.put_nowait(message)

    def _publish_ticks(self, tick: bytes, tick_all: bytes) -> None:
        for queue in self._ticks:
            sent = tick
            if queue.full():  # two changes unread: say everything changed
                queue.get_nowait()
                sent = tick_all
            queue.put_nowait(sent)

    async def events(self, ticks: bool = False) -> AsyncGenerator[bytes, None]:
        """A display's event stream: the board now, then each new board, as SSE messages;
        with ``ticks``, only what changed each time the log moves (for a page that fetches
        its own part then: a table, the director's page, a player's /me; a few bytes
        instead of the board), each followed by the server's time (``event: clock``), as
        is every `TICK_KEEPALIVE` seconds of quiet."""
        queue: asyncio.Queue[bytes] = asyncio.Queue(maxsize=1)
        subscribers = self._ticks if ticks else self._queues
        subscribers.add(queue)
        try:
            yield b"retry: 1000\n\n"
            yield self.tick_all if ticks else self.message
            while True:
                if ticks:  # the server's time as it is sent, for the pages' clocks
                    yield f"event: clock\ndata: {self.now_ms()}\n\n".encode()
                try:
                    wait = TICK_KEEPALIVE if ticks else KEEPALIVE
                    message = await asyncio.wait_for(queue.get(), wait)
                except TimeoutError:
                    if not ticks:
                        yield b": keepalive\n\n"
                    continue
                yield message
        finally:
            subscribers.discard(queue)


REDRAWN = b"event: chances\ndata: 1\n\n"
"""Said on the streams of changes when the board was drawn again with the log where it was
(a table's win chances came back): the watch page fetches its tables; a page listening
only for the log's changes (``onmessage``) never sees a named event."""


def _message(position: int, board: str) -> bytes:
    # One data line: the board is HTML, where a newline is only a space.
    return f"id: {position}\ndata: {' '.join(board.splitlines())}\n\n".encode()
