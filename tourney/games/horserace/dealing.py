"""Known hands for a physical table: a shuffled deal, or the hands as typed."""

from __future__ import annotations

import random
from collections.abc import Sequence

from tourney.games.horserace.commands import find_player
from tourney.games.horserace.errors import EventError
from tourney.games.horserace.match import HAND_SIZE, Match
from tourney.games.horserace.tiles import DOUBLE_SIX, Tile


def shuffled_deal(players: Sequence[str], seed: int | None) -> dict[str, tuple[Tile, ...]]:
    """Every player's hand from a shuffled set (``seed``: the same deal again)."""
    tiles = list(DOUBLE_SIX)
    random.Random(seed).shuffle(tiles)
    size = HAND_SIZE[len(players)]
    return {p: tuple(tiles[i * size : (i + 1) * size]) for i, p in enumerate(players)}


def parse_deal(text: str, match: Match) -> dict[str, tuple[Tile, ...]]:
    """``"Ann=1-2,3-4,...;Bo=..."`` as player -> tiles (names as in ``find_player``).

    Raises EventError or TileError quoting the part that cannot be read; the engine checks
    the deal itself (sizes, repeats, missing players).
    """
    deal: dict[str, tuple[Tile, ...]] = {}
    for part in (p.strip() for p in text.split(";")):
        if not part:
            continue
        name, sep, tiles = part.partition("=")
        if not sep or not name.strip():
            raise EventError(f"'deal': '{part}' is not NAME=TILE,TILE,...")
        deal[find_player(match, name.strip())] = tuple(
            Tile.parse(t) for t in tiles.replace(" ", ",").split(",") if t
        )
    return deal
