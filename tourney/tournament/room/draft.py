"""A Swiss round paired as a draft: the director reviews it, swaps two players (their
seats, or a seat and a bye) with a reason on record, then publishes it, when its tables
open, or drops it. Pure: each ``decide_*`` returns the events to append."""

from __future__ import annotations

from collections.abc import Mapping

from tourney.errors import quote
from tourney.i18n import _
from tourney.limits import REASON_LENGTH
from tourney.names import clean_optional
from tourney.tournament.events import RoundPaired, TournamentEvent
from tourney.tournament.format import format_of, label_text
from tourney.tournament.round_events import DraftDropped, DraftSwapped, RoundDrafted
from tourney.tournament.seating.pairing import decide_pair_round
from tourney.tournament.state import TournamentError, TournamentState


def decide_draft(
    state: TournamentState,
    *,
    override: bool = False,
    avoid_same_club: bool = False,
    ratings: Mapping[str, float] | None = None,
) -> list[TournamentEvent]:
    """Pair the next Swiss round as a draft (a draft already made is replaced)."""
    fmt = format_of(state)
    if not fmt.drafts:
        kind = label_text(fmt)
        raise TournamentError(
            _("a draft is for Swiss rounds: {title} is {kind}").format(title=state.title, kind=kind)
        )
    paired = [
        e
        for e in decide_pair_round(
            state, override=override, avoid_same_club=avoid_same_club, ratings=ratings
        )
        if isinstance(e, RoundPaired)
    ]
    return [RoundDrafted(paired[0])]


def _draft(state: TournamentState) -> RoundPaired:
    draft = state.draft
    if draft is None or draft.round != len(state.rounds) + 1:
        raise TournamentError(
            _("no draft of round {value} of {title}: tourney draft make").format(
                value=len(state.rounds) + 1, title=state.title
            )
        )
    return draft


def decide_swap(
    state: TournamentState, first: str, second: str, reason: str
) -> list[TournamentEvent]:
    """Swap two players of the draft, with the reason on record."""
    draft = _draft(state)
    if state.created.partnerships:
        raise TournamentError(_("partners sit together: a partnership draft is not swapped"))
    why = clean_optional(reason, _("reason"), REASON_LENGTH)
    if not why:
        raise TournamentError(_("a swap needs a reason, for the record (--reason)"))
    placed = {p for t in draft.tables for p in t.seats} | set(draft.byes)
    for player in (first, second):
        if player not in placed:
            name = state.players[player].name if player in state.players else player
            raise TournamentError(
                _("{name} is not in the draft of round {round}").format(
                    name=quote(name), round=draft.round
                )
            )
    if first == second:
        raise TournamentError(_("swap two different players"))
    return [DraftSwapped(first, second, why)]


def decide_publish(state: TournamentState) -> list[TournamentEvent]:
    """The draft, as reviewed, becomes the round: its tables open. Refused when a player
    in it has since withdrawn (draft again)."""
    draft = _draft(state)
    gone = [
        state.players[p].name
        for t in draft.tables
        for p in t.seats
        if p not in state.players or state.players[p].withdrawn
    ]
    if gone:
        raise TournamentError(
            _("{gone} withdrew since the draft of round {round}: draft again").format(
                gone=", ".join(gone), round=draft.round
            )
        )
    return [draft]


def decide_drop(state: TournamentState) -> list[TournamentEvent]:
    _draft(state)
    return [DraftDropped()]
