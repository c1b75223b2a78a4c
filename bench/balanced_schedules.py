"""Search long for balanced-seating schedules that meet no pair twice, and ship them.

`tourney.tournament.formats.balanced.design` uses a known design when the first R rounds
of one meet no
pair twice; this script looks, with a budget far beyond what pairing can spend, for fields
where none is known, and writes what it finds to
``tourney/tournament/formats/balanced/schedules.json`` (key ``N@SIDES``, every prefix of the rounds
is repeat-free too):

    python -m bench.balanced_schedules 20 5          # 20 players, 5 rounds, tables of 4
    python -m bench.balanced_schedules 24 6 --seeds 100-140

Found so far: 20 players x 5 rounds at tables of 4 (the Social Golfer problem 5-4-5),
seed 100, within 3,000,000 moves. 24 x 6 (6-4-6, known to exist) was not found by 40
seeds of 3,000,000 moves (the best had 1 repeat).
"""

from __future__ import annotations

import argparse
import json
import random

from tourney.tournament.formats.balanced import design as balanced
from tourney.tournament.seating.seating import table_sizes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("players", type=int)
    parser.add_argument("rounds", type=int)
    parser.add_argument("--sides", type=int, default=4)
    parser.add_argument("--seeds", default="100-140", help="first-last seed to try")
    parser.add_argument("--moves", type=int, default=3_000_000)
    args = parser.parse_args()
    n, rounds = args.players, args.rounds
    sizes, _ = table_sizes(n, args.sides)
    first, last = (int(part) for part in args.seeds.split("-"))
    for seed in range(first, last + 1):
        rng = random.Random(seed)
        start = balanced._greedy(n, sizes, rounds, rng)
        found, _ = balanced._Annealer(n, start, rng).run(args.moves, 0)
        repeats = balanced.quality(n, found).repeats
        print(f"seed {seed}: {repeats} repeats", flush=True)
        if repeats == 0:
            path = balanced.SCHEDULES
            shipped = json.loads(path.read_text(encoding="utf-8"))
            shipped[f"{n}@{args.sides}"] = {
                "source": f"found by bench/balanced_schedules.py, seed {seed}",
                "rounds": [sorted(sorted(t) for t in r) for r in found],
            }
            path.write_text(json.dumps(shipped, separators=(",", ":")) + "\n", encoding="utf-8")
            print(f"written to {path}")
            return


if __name__ == "__main__":
    main()
