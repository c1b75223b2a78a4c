"""What the Racehorse engine raises. Every message is one line that quotes the input."""

from __future__ import annotations

from tourney.errors import TourneyError


class RacehorseError(TourneyError):
    """Base of everything the Racehorse rules engine refuses."""


class CardError(RacehorseError, ValueError):
    """Text that is not a card of the 52-card deck."""


class EventError(RacehorseError, ValueError):
    """An event whose fields are missing or malformed (before any rule is asked)."""


class RuleError(RacehorseError):
    """An event the rules forbid in the current state (wrong turn, revoke, low bid...)."""
