"""The rotating-partners schedule table: players x rounds -> the most times any pair
partnered, repeat partnerships, and the spread of opponent counts, as `tourney.tournament.
rotating` pairs them round by round (a whist design where one is shipped, the search
otherwise), beside a random draw of partners each round.

Run: ``python -m bench.rotating_bench [--players 8,12,16,20] [--rounds 5,7]`` (a Markdown
table on stdout). Each field is paired for every round count given and for its whole
design (n - 1 rounds; n for n = 1 mod 4). ``--designs`` checks every shipped design
instead: every pair partners exactly once and opposes exactly twice.

Columns: "partnered" is the most times any pair of players partnered (1: no repeat);
"repeats" the partnerships beyond each pair's first; "opposed" the fewest and most times
any pair opposed; "random" the same three for partners drawn at random each round (the
mean over 20 draws, seeded); "ms" the time to pair every round.
"""

from __future__ import annotations

import argparse
import itertools
import random
import statistics
import time

from tourney.tournament.formats.rotating import partners as rotating
from tourney.tournament.formats.rotating.partners import (
    DESIGNS,
    History,
    coverage,
    design_length,
    plan_round,
)
from tourney.tournament.notes.notes import mentions

WHIST = frozenset({"rotating.whist"})


def schedule(players: int, rounds: int) -> tuple[History, str, float]:
    field = [f"p{i}" for i in range(players)]
    played: list[tuple[tuple[rotating.Table, ...], tuple[str, ...]]] = []
    sources = set()
    started = time.perf_counter()
    for _ in range(rounds):
        plan = plan_round(field, field, played)
        played.append((plan.tables, plan.sit_out))
        sources.add("design" if mentions(plan.source, WHIST) else "search")
    elapsed = time.perf_counter() - started
    return History.of(played), "+".join(sorted(sources)), elapsed


def random_draws(players: int, rounds: int, seeds: int = 20) -> tuple[float, float, float]:
    """Mean most-partnered, repeats and most-opposed over `seeds` random draws."""
    field = [f"p{i}" for i in range(players)]
    found = []
    for seed in range(seeds):
        rng = random.Random(seed)
        history = History.of([])
        for _ in range(rounds):
            sit_out = rotating.choose_sit_out(field, history)
            playing = [p for p in field if p not in sit_out]
            rng.shuffle(playing)
            tables = [tuple(playing[i : i + 4]) for i in range(0, len(playing), 4)]
            history.add(tables, sit_out)
        found.append(coverage(history, field))
    return (
        statistics.mean(c.most_partnered for c in found),
        statistics.mean(c.repeat_partnerships for c in found),
        statistics.mean(c.most_opposed for c in found),
    )


def row(players: int, rounds: int) -> str:
    history, source, elapsed = schedule(players, rounds)
    field = [f"p{i}" for i in range(players)]
    found = coverage(history, field)
    most, repeats, opposed = random_draws(players, rounds)
    sat = [history.sat_out[p] for p in field]
    return (
        f"| {players} | {rounds} | {source} | {found.most_partnered} "
        f"| {found.repeat_partnerships} | {found.fewest_opposed}-{found.most_opposed} "
        f"| {min(sat)}-{max(sat)} | {most:.1f} / {repeats:.1f} / {opposed:.1f} "
        f"| {elapsed * 1000:.0f} |"
    )


def check_designs() -> None:
    for n in sorted(DESIGNS):
        history, _, _ = schedule(n, design_length(n))
        pairs = [frozenset(p) for p in itertools.combinations([f"p{i}" for i in range(n)], 2)]
        partners = {history.partners[p] for p in pairs}
        opponents = {history.opponents[p] for p in pairs}
        ok = partners == {1} and opponents == {2}
        print(f"{n} players, {design_length(n)} rounds: partners {partners}, opponents "
              f"{opponents}: {'ok' if ok else 'FAILED'}")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", default="8,12,16,20")
    parser.add_argument("--rounds", default="5,7")
    parser.add_argument("--designs", action="store_true")
    args = parser.parse_args()
    if args.designs:
        check_designs()
        return
    print(
        "| players | rounds | schedule | partnered | repeats | opposed | sit-outs "
        "| random: partnered / repeats / most opposed | ms |"
    )
    print("|---:|---:|---|---:|---:|---:|---:|---:|---:|")
    for players in (int(p) for p in args.players.split(",")):
        whole = design_length(players) if players % 4 in (0, 1) else players - 1
        counts = sorted({*(int(r) for r in args.rounds.split(",")), whole})
        for rounds in counts:
            print(row(players, rounds), flush=True)


if __name__ == "__main__":
    main()
