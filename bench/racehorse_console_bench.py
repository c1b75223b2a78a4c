"""The Racehorse console's latency (issue 15): `tourney record K1` at an ad-hoc Racehorse
table on a pseudo-terminal; whole hidden matches of self-play are typed into it in the short
notation (``d``, ``b 3``, ``p``, ``qh``...), each line timed from writing Enter to reading
the next prompt (the event checked by the engine, committed, echoed). Target: a median of at
most 20 ms, as the domino console's.

    python -m bench.racehorse_console_bench            # 8 players, 16 deals
    python -m bench.racehorse_console_bench --quick    # 5 players, 3 deals
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
from pathlib import Path

from bench.scorer_bench import console_latencies, describe
from tourney.games.racehorse.face import (
    BidMade,
    CardPlayed,
    DealStarted,
    Event,
    Match,
    MatchStarted,
    play_on,
    player_names,
)


def typed(event: Event) -> str:
    """How a scorer types ``event`` at the console."""
    if isinstance(event, DealStarted):
        return "d"
    if isinstance(event, BidMade):
        return "b smudge" if event.bid == 5 else f"b {event.bid}"
    if isinstance(event, CardPlayed):
        return event.card.text.lower()
    return "p"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a short match")
    options = parser.parse_args(argv if argv is not None else [])
    players, deals = (5, 3) if options.quick else (8, 16)
    names = player_names(players)
    start = MatchStarted(names, names[0], deals)
    events = play_on(Match.replay([start]), random.Random(15))
    args = ["start", "K1", "--game", "racehorse", "--players", ",".join(names)]
    with tempfile.TemporaryDirectory() as tmp:
        latencies = console_latencies(
            Path(tmp), [*args, "--deals", str(deals)], "K1", [typed(e) for e in events]
        )
    print(f"Racehorse console, Enter to next prompt through a pty ({players} players, "
          f"{deals} deals, {len(events)} lines, hidden hands):")  # fmt: skip
    print(describe("record K1 (every line)", latencies, 1000.0, "ms"))
    median = statistics.median(latencies) * 1000
    print(f"  console median {median:.1f} ms (target <= 20 ms): {'ok' if median <= 20 else 'SLOW'}")


if __name__ == "__main__":
    main(sys.argv[1:])
