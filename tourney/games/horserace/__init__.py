"""The Horse Race rules engine: pure, no I/O, the only place a rule is written.

>>> from tourney.games.horserace import Match, MatchStarted, HandStarted, TilePlaced, Tile
>>> m = Match()
>>> _ = m.apply(MatchStarted(players=("Ann", "Bo")))
>>> _ = m.apply(HandStarted(opener="Ann"))
>>> m.apply(TilePlaced("Ann", Tile.parse("5-5"))).placement.points
2
>>> m.to_move, m.continuation_owed
('Ann', True)

Each name is loaded from its module on first use (`__getattr__`, as `face.py` does for the
bots): the package's own entry point, its upcasters (`upcasters.py`, which every command
that opens a store loads), imports this package first, and the engine's modules took ~70 M
instructions (1.7x `python -c pass`) of `tourney pairings` that replays no match.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tourney.gamekit.lazy import on_first_use

if TYPE_CHECKING:
    from tourney.games.horserace.errors import EngineError, EventError, RuleError, TileError
    from tourney.games.horserace.events import (
        DEFAULT_TARGET,
        EVENT_TYPES,
        Event,
        HandStarted,
        MatchStarted,
        Passed,
        TileDrawn,
        TilePlaced,
        TilesRevealed,
    )
    from tourney.games.horserace.layout import AttachPoint, Layout, placement_points
    from tourney.games.horserace.match import (
        HAND_SIZE,
        HandEnd,
        HandSummary,
        Match,
        Outcome,
        Phase,
        Placement,
    )
    from tourney.games.horserace.scoring import blocked_credits, domino_credits, rounded_points
    from tourney.games.horserace.tiles import DOUBLE_SIX, Tile, parse_tiles, pip_total

# Each name and the module of this package that holds it.
_HOME = {
    "EngineError": "errors",
    "EventError": "errors",
    "RuleError": "errors",
    "TileError": "errors",
    "DEFAULT_TARGET": "events",
    "EVENT_TYPES": "events",
    "Event": "events",
    "HandStarted": "events",
    "MatchStarted": "events",
    "Passed": "events",
    "TileDrawn": "events",
    "TilePlaced": "events",
    "TilesRevealed": "events",
    "HAND_SIZE": "match",
    "HandEnd": "match",
    "HandSummary": "match",
    "Match": "match",
    "Outcome": "match",
    "Phase": "match",
    "Placement": "match",
    "AttachPoint": "layout",
    "Layout": "layout",
    "placement_points": "layout",
    "blocked_credits": "scoring",
    "domino_credits": "scoring",
    "rounded_points": "scoring",
    "DOUBLE_SIX": "tiles",
    "Tile": "tiles",
    "parse_tiles": "tiles",
    "pip_total": "tiles",
}


__getattr__ = on_first_use(__name__, _HOME)


__all__ = [
    "DEFAULT_TARGET",
    "DOUBLE_SIX",
    "EVENT_TYPES",
    "HAND_SIZE",
    "AttachPoint",
    "EngineError",
    "Event",
    "EventError",
    "HandEnd",
    "HandStarted",
    "HandSummary",
    "Layout",
    "Match",
    "MatchStarted",
    "Outcome",
    "Passed",
    "Phase",
    "Placement",
    "RuleError",
    "Tile",
    "TileDrawn",
    "TileError",
    "TilePlaced",
    "TilesRevealed",
    "blocked_credits",
    "domino_credits",
    "parse_tiles",
    "pip_total",
    "placement_points",
    "rounded_points",
]
