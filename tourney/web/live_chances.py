"""The wall's live win chances: for each table in play, each side's chance to win from the
position as the room knows it (`tourney.games.chances`), estimated outside the request
path, in one worker process.

The feed (`tourney.web.feed`) asks for a table's estimate each time the board is drawn
(`want`): only a table whose stream has moved since it last asked is read and sent. The
newest position of each table waits in `_wanted` (a newer one replaces it: a stale request
is dropped, never computed); one request at a time is handed to the worker, so none waits
behind a backlog. When an estimate comes back, the board is drawn again (``redraw``).

The worker is a `ProcessPoolExecutor` of one process started by *spawn* (the same on
Linux, macOS and Windows: nothing but the request crosses into it), ignoring Ctrl-C, which
the server handles; `stop` ends it without waiting for an estimate under way. A request is
the game's name and the match's stored payloads: plain data.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, Future
from dataclasses import dataclass
from typing import Any

log = logging.getLogger("tourney.serve")

PLAYOUTS = 400
"""Playouts per estimate, at most."""
SECONDS = 0.08
"""CPU seconds per estimate, at most: with 16 tables moving at once on a free core, the
last of them is estimated 16 x 0.08 = 1.3 s after its move (bench/chances_bench.py)."""

Payloads = tuple[tuple[str, dict[str, Any]], ...]
"""A match's events in force, as (type, stored payload)."""


@dataclass(frozen=True, slots=True)
class Shown:
    """One table's estimate as the wall shows it: each side's chance and the sample size,
    for the match as it stood at stream ``version``."""

    version: int
    sides: tuple[tuple[str, ...], ...]
    chances: tuple[float, ...]
    playouts: int


Found = tuple[tuple[tuple[str, ...], ...], tuple[float, ...], int]
"""What the worker sends back: the sides, their chances, the playouts made."""


def estimate_in_worker(
    game_name: str, payloads: Payloads, playouts: int, seconds: float
) -> Found | None:
    """In the worker: the estimate for a match's payloads, with its sides (None: the game
    offers none, or no world agrees with the record)."""
    from tourney.games import game
    from tourney.games.chances import NoWorld, estimate

    played = game(game_name)
    events = [played.event(kind, payload) for kind, payload in payloads]
    try:
        found = estimate(played, events, playouts, seconds=seconds)
    except NoWorld:
        return None
    if found is None:
        return None
    match = played.new_match()
    for event in events:
        match.apply(event)
    sides = tuple(tuple(side) for side in played.sides(match))
    return sides, found.chances, found.playouts


def _quiet_worker() -> None:
    """The worker leaves Ctrl-C to the server, which stops it."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)


def worker_pool() -> Executor:
    """One worker process, started by spawn on every platform."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    return ProcessPoolExecutor(
        1, mp_context=multiprocessing.get_context("spawn"), initializer=_quiet_worker
    )


class LiveChances:
    """The tables' estimates, each made in ``pool`` (`worker_pool` by default) from the
    newest position asked for; ``redraw`` is called when one comes back."""

    def __init__(
        self,
        redraw: Callable[[], None],
        pool: Callable[[], Executor] = worker_pool,
        playouts: int = PLAYOUTS,
        seconds: float = SECONDS,
    ) -> None:
        self.redraw = redraw
        self._make_pool = pool
        self.playouts = playouts
        self.seconds = seconds
        self._pool: Executor | None = None
        self._lock = threading.Lock()
        self._asked: dict[str, int] = {}
        """Each table's stream version last asked for."""
        self._wanted: dict[str, tuple[int, str, Payloads, float]] = {}
        self._running: str | None = None
        self._shown: dict[str, Shown] = {}
        self.latency: list[float] = []
        """Seconds from each request to its estimate (for the bench)."""

    def start(self) -> None:
        with self._lock:
            if self._pool is None:
                self._pool = self._make_pool()

    def stop(self) -> None:
        with self._lock:
            pool, self._pool = self._pool, None
            self._wanted.clear()
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)

    def asked(self, match_id: str) -> int | None:
        """The stream version last asked for at ``match_id`` (None: never)."""
        with self._lock:
            return self._asked.get(match_id)

    def want(self, match_id: str, version: int, game_name: str, payloads: Payloads) -> None:
        """Estimate ``match_id`` at ``version`` (replacing any older request waiting; a
        request older than one asked for already is dropped: views only move forward)."""
        with self._lock:
            if version < self._asked.get(match_id, -1):
                return
            self._asked[match_id] = version
            self._wanted[match_id] = (version, game_name, payloads, time.monotonic())
            self._next()

    def shown(self, match_id: str) -> Shown | None:
        """The newest estimate of ``match_id`` (perhaps of an earlier version)."""
        with self._lock:
            return self._shown.get(match_id)

    def forget(self, keep: Sequence[str]) -> None:
        """Drop what is known of every table but ``keep`` (the tables in play now)."""
        with self._lock:
            for table in [t for t in self._asked if t not in keep]:
                self._asked.pop(table, None)
                self._shown.pop(table, None)
                self._wanted.pop(table, None)

    def _next(self) -> None:
        """Hand the oldest waiting request to the worker if it is free (lock held)."""
        if self._running is not None or not self._wanted or self._pool is None:
            return
        match_id = min(self._wanted, key=lambda table: self._wanted[table][3])
        version, game_name, payloads, asked = self._wanted.pop(match_id)
        self._running = match_id
        try:
            future = self._pool.submit(
                estimate_in_worker, game_name, payloads, self.playouts, self.seconds
            )
        except RuntimeError:  # shut down meanwhile
            self._running = None
            return
        future.add_done_callback(lambda done: self._done(match_id, version, asked, done))

    def _done(self, match_id: str, version: int, asked: float, future: Future[Any]) -> None:
        try:
            found = None if future.cancelled() else future.result()
        except Exception:  # a broken worker must not end the wall's updates
            log.exception("a win-chances estimate failed")
            found = None
        with self._lock:
            self._running = None
            if found is not None and match_id in self._asked:
                sides, chances, playouts = found
                self._shown[match_id] = Shown(version, sides, chances, playouts)
                self.latency.append(time.monotonic() - asked)
            self._next()
        if found is not None:
            self.redraw()
