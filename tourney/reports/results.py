"""How a tournament match came out, in words and in one-letter marks for the wall chart:
told by the tournament core's one story (`tourney.tournament.results.story`), re-exported here for
the reports."""

from __future__ import annotations

from tourney.tournament.results.result_marks import legend, result_mark
from tourney.tournament.results.story import REPLACED, played_note, replaced_note, result_text

__all__ = ["REPLACED", "legend", "played_note", "replaced_note", "result_mark", "result_text"]
