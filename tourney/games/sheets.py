"""What every game's scoresheets share: the refusal to print a sheet that does not add up."""

from __future__ import annotations

from tourney.errors import TourneyError


class SheetError(TourneyError):
    """A match's events and its replayed state do not agree: no sheet is printed."""
