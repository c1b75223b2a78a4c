"""Live win chances (issue 36): playout speed per game, and how fresh the wall's estimates
stay with 16 tables in play.

Run: ``python -m bench.chances_bench [--seconds S]``. Targets: at least 20,000 Horse Race
playout hands per second per core and 5,000 Racehorse deals per second; with 16 tables in
play, every estimate refreshed within 2 s of its table's last move.

Rates are given per CPU second of this process (``time.process_time``) and per wall
second: the machine is shared, and the CPU rate is what one core of it does.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from typing import Any

from tourney.games import game
from tourney.games.horserace.simulate import player_names, simulate_match
from tourney.games.racehorse.simulate import simulate_match as simulate_racehorse


def _rate(run: Callable[[random.Random], int], seconds: float) -> tuple[float, float, int]:
    """``run`` called again and again for ``seconds`` of CPU time: units per CPU second,
    per wall second, and the units counted (``run`` returns how many it made)."""
    rng = random.Random(1)
    units = 0
    wall, cpu = time.perf_counter(), time.process_time()
    while time.process_time() - cpu < seconds:
        units += run(rng)
    return (
        units / (time.process_time() - cpu),
        units / (time.perf_counter() - wall),
        units,
    )


def horse_race_positions(count: int = 24) -> list[Any]:
    """Positions met in play: a hand under way in matches of 2, 3 and 4 players."""
    chances = game("horse-race").chances
    assert chances is not None
    positions = []
    for number in range(count):
        seats = 2 + number % 3
        played = simulate_match(random.Random(number), player_names(seats)).events
        cut = random.Random(number).randrange(2, len(played) // 2)
        positions.append(chances.position(played[:cut]))
    return positions


def racehorse_positions(count: int = 24) -> list[Any]:
    """Positions met in play: a deal under way, 5 to 8 players."""
    chances = game("racehorse").chances
    assert chances is not None
    positions = []
    for number in range(count):
        seats = 5 + number % 4
        played = simulate_racehorse(random.Random(number), player_names(seats), deals=12)
        cut = random.Random(number).randrange(2, len(played.events) // 2)
        positions.append(chances.position(played.events[:cut]))
    return positions


def playout_rates(seconds: float) -> dict[str, tuple[float, float, int]]:
    """Horse Race hands and Racehorse deals played out per second, from positions in play
    (each playout deals a world and plays the match to its end)."""
    from tourney.games.horserace.simulate import BotTable

    dominoes = horse_race_positions()
    cards = racehorse_positions()

    def hands(rng: random.Random) -> int:
        position = dominoes[rng.randrange(len(dominoes))]
        match, boneyard = position.world(rng)
        before = len(match.hands)
        table = BotTable(position.bots, rng)
        table.boneyard = boneyard
        table.play_out(match)
        return len(match.hands) - before + 1  # the hand under way counts as one

    def deals(rng: random.Random) -> int:
        from tourney.games.racehorse.simulate import play_on

        position = cards[rng.randrange(len(cards))]
        match = position.world(rng)
        before = len(match.deals)
        play_on(match, rng, position.bots)
        return len(match.deals) - before + 1

    return {"horse-race": _rate(hands, seconds), "racehorse": _rate(deals, seconds)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="CPU seconds per game")
    args = parser.parse_args()
    rates = playout_rates(args.seconds)
    cpu, wall, count = rates["horse-race"]
    print(f"Horse Race playouts: {cpu:,.0f} hands/s per CPU second, {wall:,.0f} per wall "
          f"second ({count:,} hands; target >= 20,000)")  # fmt: skip
    cpu, wall, count = rates["racehorse"]
    print(f"Racehorse playouts: {cpu:,.0f} deals/s per CPU second, {wall:,.0f} per wall "
          f"second ({count:,} deals; target >= 5,000)")  # fmt: skip


if __name__ == "__main__":
    main()
