"""The Horse Race rules engine: pure, no I/O, the only place a rule is written.

>>> from tourney.games.horserace import Match, MatchStarted, HandStarted, TilePlaced, Tile
>>> m = Match()
>>> _ = m.apply(MatchStarted(players=("Ann", "Bo")))
>>> _ = m.apply(HandStarted(opener="Ann"))
>>> m.apply(TilePlaced("Ann", Tile.parse("5-5"))).placement.points
2
>>> m.to_move, m.continuation_owed
('Ann', True)
"""

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
