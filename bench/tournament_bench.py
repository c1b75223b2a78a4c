"""Tournament figures (issues 5 and 6), end to end through the event store on SQLite.

- A 256-player, 7-round Swiss at tables of 4, every match played by bots and stored event by
  event through the scorer's desk (target: at most 90 s).
- Publishing that tournament's site from the store (target: at most 10 s).

Run: ``python -m bench.tournament_bench [--players 256] [--rounds 7]``.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from tourney.demo.clubnight import run_club_night
from tourney.director.desk import DirectorDesk
from tourney.director.site import publish_tournament
from tourney.projections import open_store


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, default=256)
    parser.add_argument("--rounds", type=int, default=7)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        store, projector = open_store(str(folder / "bench.db"))
        store.after_append.clear()  # as the demo: read models catch up after each table
        try:

            def after_table(_done: int, _total: int) -> None:
                projector.catch_up()

            started = time.perf_counter()
            night = run_club_night(
                store, players=args.players, rounds=args.rounds, after_table=after_table
            )
            projector.catch_up()
            played = time.perf_counter() - started
            print(
                f"swiss {args.players} players x {args.rounds} rounds at tables of 4: "
                f"{night.matches} matches, {night.events:,} events in {played:.1f} s "
                f"({night.events / played:,.0f} events/s; target <= 90 s)"
            )
            started = time.perf_counter()
            files = publish_tournament(DirectorDesk(store), night.slug, folder / "site")
            published = time.perf_counter() - started
            print(
                f"publish from the store: {len(files)} files in {published:.1f} s (target <= 10 s)"
            )
        finally:
            store.close()


if __name__ == "__main__":
    main()
