"""What the engine raises. Every message is one line that quotes the input."""

from __future__ import annotations

from tourney.errors import TourneyError


class EngineError(TourneyError):
    """Base of everything the rules engine refuses."""


class TileError(EngineError, ValueError):
    """Text that is not a tile of the double-six set."""


class RuleError(EngineError):
    """An event the rules forbid in the current state (wrong turn, illegal placement...)."""


class EventError(EngineError, ValueError):
    """An event whose fields are missing or malformed (before any rule is asked)."""
