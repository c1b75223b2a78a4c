"""Disputes: a side at a table saying its result is wrong, as events of the tournament
stream and the state they fold to (decided in `tourney.tournament.results.conduct`).

A player taps "dispute" on the table's phone with a reason (`ResultDisputed`), once per
side, while the result can still change (until the next round is paired). The dispute is
open until the director either upholds the result (`DisputeResolved`, with a note) or
replaces it: any ruling that changes the match's result (a paper result with
``--replace``, an adjudication, a forfeit, a no-show, a void, the round removed) closes
its open disputes as ``replaced`` when the stream is folded (`TournamentState`'s
`evolve`), so a dispute can never stay open over a result that is no longer there.

Confirmations are not here: a player's "I confirm" is a ``result_confirmed`` event of the
table's own stream (`tourney.streams.matches`).

Here: the events, each dispute as it stands (`Dispute`) and how each event changes the
record (`evolve_disputes`), loaded when a stream holds one (`state.evolve`); the record as
every state starts with it, and `replaced`, are in `tourney.tournament.records.disputes_state`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, ClassVar, TypeAlias

from tourney.tournament.records.disputes_state import Disputes, DisputeStatus

if TYPE_CHECKING:
    from tourney.tournament.matches import Outcome


@dataclass(frozen=True)
class ResultDisputed:
    """A player at table ``match_id`` disputed its result (side ``side``), at the server's
    time ``at``."""

    type: ClassVar[str] = "result_disputed"
    number: int
    match_id: str
    player_id: str
    side: int
    reason: str
    at: str

    def to_payload(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "match_id": self.match_id,
            "player_id": self.player_id,
            "side": self.side,
            "reason": self.reason,
            "at": self.at,
        }

    @classmethod
    def from_payload(cls, payload: dict[str, Any]) -> ResultDisputed:
        return cls(
            int(payload["number"]),
            str(payload["match_id"]),
            str(payload["player_id"]),
            int(payload["side"]),
            str(payload["reason"]),
            str(payload["at"]),
        )


@dataclass(frozen=True)
class DisputeResolved:
    """The director upheld the disputed result, with a note for the players."""

    type: ClassVar[str] = "dispute_resolved"
    number: int
    note: str = ""

    def to_payload(self) -> dict[str, Any]:
        return {"number": self.number, "note": self.note}

    @classmethod
    def from_payload(cls, payload: dict[str, Any]) -> DisputeResolved:
        return cls(int(payload["number"]), str(payload.get("note", "")))


DisputeEvent: TypeAlias = ResultDisputed | DisputeResolved
DISPUTE_EVENTS: tuple[type[DisputeEvent], ...] = (ResultDisputed, DisputeResolved)
EVENTS_BY_TYPE: dict[str, type[DisputeEvent]] = {cls.type: cls for cls in DISPUTE_EVENTS}
"""Each event of this module by type (`events.EVENT_MODULES` names this module for each)."""


@dataclass(frozen=True)
class Dispute:
    """One dispute as it stands: whose, about which result, and how it ended."""

    number: int
    match_id: str
    player_id: str
    side: int
    reason: str
    at: str
    disputed: Outcome | None
    """The match's result when it was disputed."""
    status: DisputeStatus = "open"
    note: str = ""
    """The director's note when upholding."""


def evolve_disputes(
    disputes: Disputes, event: DisputeEvent, outcome: Outcome | None = None
) -> Disputes:
    """The disputes after ``event`` (``outcome``: the disputed match's result as it stands,
    for a `ResultDisputed`). Pure, never fails (events are facts)."""
    if isinstance(event, ResultDisputed):
        dispute = Dispute(
            event.number,
            event.match_id,
            event.player_id,
            event.side,
            event.reason,
            event.at,
            outcome,
        )
        return Disputes({**disputes.raised, event.number: dispute})
    held = disputes.raised.get(event.number)
    if held is None or held.status != "open":
        return disputes
    upheld = replace(held, status="upheld", note=event.note)
    return Disputes({**disputes.raised, event.number: upheld})
