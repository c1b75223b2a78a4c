"""Players for self-play: each picks one of the legal placements the engine lists.

Bots never decide whether to draw or pass: that is a rule, and the simulator asks the
engine. A bot only chooses among placements.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol

from tourney.games.horserace import Match, Tile, placement_points

Choice = tuple[Tile, Tile | None]


class Bot(Protocol):
    name: str

    def choose(self, match: Match, legal: Sequence[Choice], rng: random.Random) -> Choice:
        """One of ``legal`` (never empty)."""
        ...


class RandomBot:
    """Any legal placement, uniformly at random."""

    name = "random"

    def choose(self, match: Match, legal: Sequence[Choice], rng: random.Random) -> Choice:
        return legal[rng.randrange(len(legal))] if len(legal) > 1 else legal[0]


class GreedyBot:
    """The placement that scores the most points now; ties go to the heavier tile.

    Shedding the heavier tile first keeps fewer pips for the opponents' count.
    """

    name = "greedy"

    def choose(self, match: Match, legal: Sequence[Choice], rng: random.Random) -> Choice:
        layout = match.layout
        best: Choice = legal[0]
        best_key = (-1, -1)
        for tile, on in legal:
            value = -1 if on is None else (on.low if tile.matches(on.low) else on.high)
            points = placement_points(layout.ends_after(tile, on, value))
            key = (points, tile.pips)
            if key > best_key:
                best, best_key = (tile, on), key
        return best


BOTS: dict[str, type[RandomBot] | type[GreedyBot]] = {"random": RandomBot, "greedy": GreedyBot}


def make_bot(name: str) -> Bot:
    """A bot by name; ValueError listing the names when unknown."""
    try:
        return BOTS[name]()
    except KeyError:
        raise ValueError(f"unknown bot {name!r} (choose from {', '.join(BOTS)})") from None
