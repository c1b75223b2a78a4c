"""The one-shot command a scorer types to record an event of a hidden-hand match
(`tourney place T3 5-3 on 5-5`): for benchmarks and tests that drive the CLI as a scorer
would, from a record (see `tests.factories.tablesim`)."""

from __future__ import annotations

from tourney.games.horserace.events import (
    Event,
    HandStarted,
    MatchStarted,
    Passed,
    TileDrawn,
    TilePlaced,
    TilesRevealed,
)


def one_shot_args(event: Event, code: str) -> list[str]:
    """The arguments of `tourney ...` that record ``event`` at the match ``code`` (hidden
    hands: a hand is started with its opener only)."""
    if isinstance(event, MatchStarted):
        return ["start", code, "--players", ",".join(event.players)]
    if isinstance(event, HandStarted):
        return ["hand", code, "--opener", event.opener or ""]
    if isinstance(event, TilePlaced):
        on = ["on", event.on.text] if event.on is not None else []
        return ["place", code, event.tile.text, *on]
    if isinstance(event, TileDrawn):
        return ["draw", code, *([event.tile.text] if event.tile else [])]
    if isinstance(event, Passed):
        return ["pass", code]
    if isinstance(event, TilesRevealed):
        return ["reveal", code, event.player, *(tile.text for tile in event.tiles)]
    raise ValueError(f"no one-shot command records a {event.type} event")
