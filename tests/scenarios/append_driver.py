"""A scorer that keeps appending: plays ad-hoc matches with bots into a database, one appended
event at a time, and prints ``ACK STREAM VERSION`` (flushed) for every event once its
append has returned, i.e. been acknowledged as committed. The kill tests run it beside a
command they kill, and check afterwards that every version it printed is stored.

It reads its orders on stdin, one a line, so that one process serves many databases:
``DB PATH SEED`` starts appending to that database (printing ``STARTED`` after the first
acknowledged append); ``PAUSE`` stops between two appends, closes the database and prints
``PAUSED``.

    python -m tests.scenarios.append_driver
"""

from __future__ import annotations

import queue
import random
import sys
import threading
from functools import partial
from typing import Any, cast

from tourney.games.horserace import Event, MatchStarted
from tourney.games.horserace.bots import GreedyBot, RandomBot
from tourney.games.horserace.simulate import BotTable
from tourney.projections import open_store
from tourney.scorer.desk import Desk


def say(*words: object) -> None:
    print(*words, flush=True)


def play(db: str, seed: int, orders: queue.Queue[str]) -> str:
    """Append to `db` until an order comes; returns it."""
    rng = random.Random(seed)
    store, _ = open_store(db)
    started = False
    try:
        number = 0
        while True:
            number += 1
            desk = Desk(store, f"DRV{number}", recorded_by="driver")
            table = BotTable([GreedyBot(), RandomBot()], rng)
            event: Event = MatchStarted(("Ann", "Bo"), False, 61)
            while True:
                for done in desk.append_events(partial(list, (event,))):
                    say("ACK", desk.stream, done.version)
                if not started:
                    say("STARTED")
                    started = True
                if not orders.empty():
                    return orders.get()
                if desk.match.finished:
                    break
                event = table.next_event(cast(Any, desk.match))
    finally:
        store.close()


def main() -> None:
    orders: queue.Queue[str] = queue.Queue()

    def read() -> None:
        for line in sys.stdin:
            orders.put(line.strip())

    threading.Thread(target=read, daemon=True).start()
    order = orders.get()
    while True:
        words = order.split()
        if words[0] == "DB":
            order = play(words[1], int(words[2]), orders)
        else:
            say("PAUSED")
            order = orders.get()


if __name__ == "__main__":
    main()
