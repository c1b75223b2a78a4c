"""What the code around every game refuses, whatever the game."""

from __future__ import annotations

from tourney.errors import TourneyError


class SheetError(TourneyError):
    """A match's events and its replayed state do not agree: no sheet is printed."""


class NotAMove(TourneyError):
    """A table page's button value that stands for no move of the table's game (the page
    is shown again with the reason, as for a move the engine refuses)."""
