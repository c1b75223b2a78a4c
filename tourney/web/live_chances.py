"""The wall's live win chances: for each table in play, each side's chance to win from the
position as the room knows it (`tourney.gamekit.chances`), estimated outside the request
path, in worker processes.

The views (`tourney.web.winbars`) ask for a table's estimate each time they are drawn
(`want`): only a table whose position moved since it was last asked for is read and sent.
What the workers do next is chosen each time one is free (`_next`), in this order:

1. A first estimate of a position nobody has estimated yet, quick (`QUICK` CPU seconds, a
   few dozen playouts at most), the table whose oldest unanswered move is oldest first:
   every table's bar follows its last move within a bounded time, however many tables move.
   Only the newest position of each table waits (a newer one replaces it, keeping the time
   of the move it first answered): a stale request is dropped, never computed.
2. With none waiting, a refinement: `REFINE` more CPU seconds of playouts for the shown
   position with the fewest, once, merged into its estimate (the sample size shown grows).

Each table has at most one estimate under way; `WORKERS` estimates at once. When a first
estimate comes back, the views are drawn again (``redraw``, at most every
`tourney.web.feed.REDRAW_GAP`); a refinement shows at the next drawing (at a room in play,
the next move anywhere).

The workers are a `ProcessPoolExecutor` started by *spawn* (the same on Linux, macOS and
Windows: nothing but the request crosses into them), ignoring Ctrl-C, which the server
handles; `stop` ends them without waiting for an estimate under way. A request is the
game's name and the match's stored payloads: plain data.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, Future
from dataclasses import dataclass
from functools import partial
from typing import Any

log = logging.getLogger("tourney.serve")

PLAYOUTS = 400
"""Playouts per estimate, at most."""
QUICK = 0.025
"""CPU seconds of a position's first estimate: 10-30 playouts of a Horse Race match. The
bench (bench/chances_bench.py, 16 tables moving every 3 s, load 13 on 2 cores) shows it a
median 0.34 s and p95 0.63 s after the move; first estimates of 0.08 s, 2.05 s and 3.56 s."""
REFINE = 0.06
"""CPU seconds added to a shown estimate when no first estimate waits (once per position:
0.085 s in all, what one estimate was given before it was split)."""
WORKERS = 1
"""Worker processes. One: the quick first estimates keep up (a second worker measured no
faster), and the request path keeps the other core."""

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
    from tourney.gamekit import game
    from tourney.gamekit.chances import NoWorld, estimate

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


def worker_pool(workers: int = WORKERS) -> Executor:
    """``workers`` worker processes, started by spawn on every platform."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    return ProcessPoolExecutor(
        workers, mp_context=multiprocessing.get_context("spawn"), initializer=_quiet_worker
    )


@dataclass(frozen=True, slots=True)
class Position:
    """A table's position as asked for: its stream version, its game's name, its payloads,
    and when the oldest move it answers was asked for (`time.monotonic`)."""

    version: int
    game_name: str
    payloads: Payloads
    since: float


class LiveChances:
    """The tables' estimates, each made in ``pool`` (`worker_pool` by default) from the
    newest position asked for, then refined; ``redraw`` is called when one comes back."""

    def __init__(
        self,
        redraw: Callable[[], None],
        pool: Callable[[], Executor] = worker_pool,
        playouts: int = PLAYOUTS,
        seconds: float = QUICK,
        refine: float = REFINE,
        workers: int = WORKERS,
    ) -> None:
        self.redraw = redraw
        self._make_pool = pool
        self.playouts = playouts
        self.seconds = seconds
        """CPU seconds of a first estimate."""
        self.refine = refine
        """CPU seconds added once to a shown estimate (0: none)."""
        self.workers = workers
        self._pool: Executor | None = None
        self._lock = threading.Lock()
        self._asked: dict[str, int] = {}
        """Each table's stream version last asked for."""
        self._wanted: dict[str, Position] = {}
        """Each table's newest position not yet estimated."""
        self._running: set[str] = set()
        """The tables with an estimate under way."""
        self._shown: dict[str, Shown] = {}
        self._refinable: dict[str, Position] = {}
        """The position of each shown first estimate not refined yet."""
        self.latency: list[float] = []
        """Seconds from each request to its first estimate (for the bench)."""

    def start(self) -> None:
        with self._lock:
            if self._pool is None:
                self._pool = self._make_pool()

    def stop(self) -> None:
        with self._lock:
            pool, self._pool = self._pool, None
            self._wanted.clear()
            self._refinable.clear()
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)

    def asked(self, match_id: str) -> int | None:
        """The stream version last asked for at ``match_id`` (None: never)."""
        with self._lock:
            return self._asked.get(match_id)

    def want(self, match_id: str, version: int, game_name: str, payloads: Payloads) -> None:
        """Estimate ``match_id`` at ``version`` (replacing any older request waiting, as of
        its time; a request older than one asked for already is dropped: views only move
        forward)."""
        with self._lock:
            if version < self._asked.get(match_id, -1):
                return
            self._asked[match_id] = version
            waiting = self._wanted.get(match_id)
            since = time.monotonic() if waiting is None else waiting.since
            self._wanted[match_id] = Position(version, game_name, payloads, since)
            self._refinable.pop(match_id, None)  # a newer position comes first
            self._next()

    def shown(self, match_id: str) -> Shown | None:
        """The newest estimate of ``match_id`` (perhaps of an earlier version)."""
        with self._lock:
            return self._shown.get(match_id)

    def forget(self, keep: Sequence[str]) -> None:
        """Drop what is known of every table but ``keep`` (the latest round's tables)."""
        with self._lock:
            for table in [t for t in self._asked if t not in keep]:
                self._asked.pop(table, None)
                self._shown.pop(table, None)
                self._wanted.pop(table, None)
                self._refinable.pop(table, None)

    def _next(self) -> None:
        """Hand the workers what comes next while one is free (lock held): the first
        estimate of the position whose oldest move waits longest, else a refinement."""
        while self._pool is not None and len(self._running) < self.workers:
            fresh = [t for t in self._wanted if t not in self._running]
            if fresh:
                match_id = min(fresh, key=lambda table: self._wanted[table].since)
                position, seconds, first = self._wanted.pop(match_id), self.seconds, True
            else:
                idle = [t for t in self._refinable if t not in self._running]
                if not idle or self.refine <= 0:
                    return
                match_id = min(idle, key=lambda table: self._shown[table].playouts)
                position, seconds, first = self._refinable.pop(match_id), self.refine, False
            try:
                future = self._pool.submit(
                    estimate_in_worker,
                    position.game_name,
                    position.payloads,
                    self.playouts,
                    seconds,
                )
            except RuntimeError:  # shut down meanwhile
                return
            self._running.add(match_id)
            future.add_done_callback(partial(self._done, match_id, position, first))

    def _done(self, match_id: str, position: Position, first: bool, future: Future[Any]) -> None:
        try:
            found = None if future.cancelled() else future.result()
        except Exception:  # a broken worker must not end the wall's updates
            log.exception("a win-chances estimate failed")
            found = None
        shown = False
        with self._lock:
            self._running.discard(match_id)
            if found is not None and match_id in self._asked:
                shown = self._show(match_id, position, first, found)
            self._next()
        if shown:
            self.redraw()

    def _show(self, match_id: str, position: Position, first: bool, found: Found) -> bool:
        """Keep an estimate that came back (lock held): a first one if its position is newer
        than the one shown; a refinement merged into the one shown if still of its position.
        True if the views must be drawn again now (a new position's first estimate)."""
        sides, chances, playouts = found
        before = self._shown.get(match_id)
        if first:
            if before is not None and before.version >= position.version:
                return False
            self._shown[match_id] = Shown(position.version, sides, chances, playouts)
            self.latency.append(time.monotonic() - position.since)
            if playouts and match_id not in self._wanted:
                self._refinable[match_id] = position
            return True
        if before is None or before.version != position.version or not playouts:
            return False
        total = before.playouts + playouts
        merged = tuple(
            (old * before.playouts + new * playouts) / total
            for old, new in zip(before.chances, chances, strict=True)
        )
        self._shown[match_id] = Shown(position.version, sides, merged, total)
        return False  # a finer sample of the same position: shown at the next drawing
