"""The round-robin coverage table: players x table size -> rounds, pairs never met, most
meetings of any pair, as the schedules tourney ships (or searches) give them.

Run: ``python -m bench.roundrobin_coverage [--min 3] [--max 24] [--sides 2,3,4]`` (a
Markdown table on stdout; ``--sides 5,6,7,8 --min 10 --max 24`` for Racehorse's tables).
"fewest" is the least number of rounds any schedule could have by counting pair seats and
tablemates (`covering.lower_bound`; the circle method's count at tables of 2); a schedule
with rounds == fewest and most == 1 is perfect. (Two equal odd tables, 5 + 5 and 7 + 7,
need one round more than it says: see `tourney.tournament.seating.crossing`.)
"""

from __future__ import annotations

import argparse
import time

from tourney.tournament.formats.round_robin import schedule as roundrobin
from tourney.tournament.seating import covering
from tourney.tournament.seating.seating import table_sizes


def fewest(players: int, sides: int) -> int:
    if sides == 2:
        return players - 1 if players % 2 == 0 else players
    return covering.lower_bound(players, table_sizes(players, sides)[0])


def row(players: int, sides: int) -> str:
    names = [f"p{i}" for i in range(players)]
    started = time.perf_counter()
    schedule = roundrobin.schedule(names, sides)
    elapsed = time.perf_counter() - started
    coverage = roundrobin.coverage(schedule, names, sides)
    sizes = ", ".join(str(s) for s in table_sizes(players, sides)[0])
    byes = table_sizes(players, sides)[1]
    shape = sizes + (f" + {byes} bye" if byes else "")
    meetings = ", ".join(f"{count}x{times}" for times, count in coverage.meetings)
    return (
        f"| {players} | {sides} | {shape} | {coverage.rounds} | {fewest(players, sides)} "
        f"| {coverage.never_met} | {coverage.most} | {meetings} | {schedule.source} "
        f"| {elapsed * 1000:.0f} |"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--min", type=int, default=3)
    parser.add_argument("--max", type=int, default=24)
    parser.add_argument("--sides", default="2,3,4", help="table sizes, comma-separated")
    args = parser.parse_args()
    print(
        "| players | table | tables a round | rounds | fewest | never met | most "
        "| pairs x times met | schedule | ms |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|")
    for sides in (int(part) for part in args.sides.split(",")):
        for players in range(args.min, args.max + 1):
            print(row(players, sides), flush=True)


if __name__ == "__main__":
    main()
