"""Pairing the next round of any format: what the CLI's ``pair`` and the director's page
call. Each format pairs its own rounds (`tourney.tournament.format`); a groups
tournament's stages are its format's (`tourney.tournament.formats.groups`)."""

from __future__ import annotations

from tourney.tournament.pairing import decide_pair_deciding_matches, decide_pair_round

decide_next_round = decide_pair_round
"""Pair the next round of a tournament, whatever its format (`decide_pair_round`'s
options)."""

decide_deciding_matches = decide_pair_deciding_matches
"""A deciding match for every knockout table of the latest round left tied."""
