"""Pairing the next round of any format: what the CLI's ``pair`` and the director's page
call. Each format pairs its own rounds (`tourney.tournament.format`); a groups
tournament's stages are its format's (`tourney.tournament.formats.groups`)."""

from __future__ import annotations

from typing import Any

from tourney.i18n import _
from tourney.tournament.events import TournamentEvent
from tourney.tournament.seating.pairing import decide_pair_deciding_matches, decide_pair_round
from tourney.tournament.state import TournamentError, TournamentState


def decide_next_round(state: TournamentState, **pairing: Any) -> list[TournamentEvent]:
    """Pair the next round of a tournament, whatever its format (`decide_pair_round`'s
    options). Refused while a draft of it is under review: pairing afresh would throw the
    draft and its swaps away unasked, so the director publishes or drops it first."""
    draft = state.draft
    if draft is not None and draft.round == len(state.rounds) + 1:
        raise TournamentError(
            _(
                "cannot pair round {number} of {title}: its draft is under review (tourney "
                "draft show); open it with tourney draft publish, or throw it away with "
                "tourney draft drop first"
            ).format(number=draft.round, title=state.title)
        )
    return decide_pair_round(state, **pairing)


decide_deciding_matches = decide_pair_deciding_matches
"""A deciding match for every knockout table of the latest round left tied."""
