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
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar, Literal, TypeAlias

from tourney.tournament.matches import Outcome

DisputeStatus = Literal["open", "upheld", "replaced"]
STATUSES: tuple[DisputeStatus, ...] = ("open", "upheld", "replaced")


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


@dataclass(frozen=True)
class Disputes:
    """Every dispute, by number."""

    raised: Mapping[int, Dispute] = field(default_factory=dict)

    def next_number(self) -> int:
        return max(self.raised, default=0) + 1

    def open(self) -> tuple[Dispute, ...]:
        return tuple(d for d in self.raised.values() if d.status == "open")

    def of_match(self, match_id: str) -> tuple[Dispute, ...]:
        return tuple(d for d in self.raised.values() if d.match_id == match_id)


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


def replaced(disputes: Disputes, match_id: str, outcome: Outcome | None) -> Disputes:
    """The disputes after match ``match_id``'s result became ``outcome`` (None: no result,
    or no match any more): its open disputes of another result are closed as replaced."""
    closing = [d for d in disputes.raised.values() if d.match_id == match_id and d.status == "open"]
    changed = {d.number: replace(d, status="replaced") for d in closing if d.disputed != outcome}
    if not changed:
        return disputes
    return Disputes({**disputes.raised, **changed})
