"""A match's result per side, the one thing the tournament takes from a game."""

from typing import NamedTuple


class Result(NamedTuple):
    """A match's result per side: Horse Race sides (a player, or a partnership) with their
    scores; Racehorse seats with their net units. ``winners`` are side indices (several
    share a win; none until the match is over)."""

    scores: tuple[int, ...]
    winners: tuple[int, ...]
