"""How many a Racehorse table seats (RACEHORSE.md): the engine checks it (`match.py`), and
the game says it (`Game.table_sizes`) without loading the engine."""

from __future__ import annotations

MIN_PLAYERS, MAX_PLAYERS = 5, 8
"""A table seats 5 to 8: 8 is the most a 52-card deck deals 6 cards to."""
