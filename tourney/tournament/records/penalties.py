"""Penalties and warnings: the director's sanctions on a player, as events of the
tournament stream and the state they fold to (decided in `tourney.tournament.results.conduct`).

A penalty takes match points off a player's standing (the standings show it in a column
of its own and rank on the match points net of it); a warning is on record and costs
nothing. Both are numbered in the order given (1, 2, ...) and carry the director's
reason and the round they were given in. Nothing is ever deleted: a sanction given by
mistake is lifted by a `SanctionLifted`, which names it by number and keeps the reason.

Here: the events, each sanction as it stands (`Sanction`) and how each event changes the
record (`evolve_sanctions`), loaded when a stream holds one (`state.evolve`); the record as
every state starts with it is `tourney.tournament.records.penalties_state.Sanctions`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any, ClassVar, TypeAlias

from tourney.tournament.records.penalties_state import SanctionKind, Sanctions


@dataclass(frozen=True)
class _Given:
    """What a penalty and a warning both record: its number, whom, why, and the round."""

    number: int
    player_id: str
    reason: str
    round: int

    def to_payload(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "player_id": self.player_id,
            "reason": self.reason,
            "round": self.round,
        }


def _given(payload: dict[str, Any]) -> tuple[int, str, str, int]:
    return (
        int(payload["number"]),
        str(payload["player_id"]),
        str(payload["reason"]),
        int(payload["round"]),
    )


@dataclass(frozen=True)
class PenaltyGiven(_Given):
    """The director took ``points`` match points off a player's standing."""

    type: ClassVar[str] = "penalty_given"
    points: Fraction = Fraction(0)

    def to_payload(self) -> dict[str, Any]:
        return {**super().to_payload(), "points": str(self.points)}

    @classmethod
    def from_payload(cls, payload: dict[str, Any]) -> PenaltyGiven:
        return cls(*_given(payload), points=Fraction(str(payload["points"])))


@dataclass(frozen=True)
class WarningGiven(_Given):
    """The director warned a player: on record, costing no points."""

    type: ClassVar[str] = "warning_given"

    @classmethod
    def from_payload(cls, payload: dict[str, Any]) -> WarningGiven:
        return cls(*_given(payload))


@dataclass(frozen=True)
class SanctionLifted:
    """The director lifted penalty or warning ``number`` (given by mistake, or overturned):
    it stays on record, marked lifted, and a lifted penalty costs nothing."""

    type: ClassVar[str] = "sanction_lifted"
    number: int
    reason: str = ""

    def to_payload(self) -> dict[str, Any]:
        return {"number": self.number, "reason": self.reason}

    @classmethod
    def from_payload(cls, payload: dict[str, Any]) -> SanctionLifted:
        return cls(int(payload["number"]), str(payload.get("reason", "")))


SanctionEvent: TypeAlias = PenaltyGiven | WarningGiven | SanctionLifted
SANCTION_EVENTS: tuple[type[SanctionEvent], ...] = (PenaltyGiven, WarningGiven, SanctionLifted)
EVENTS_BY_TYPE: dict[str, type[SanctionEvent]] = {cls.type: cls for cls in SANCTION_EVENTS}
"""Each event of this module by type (`events.EVENT_MODULES` names this module for each)."""


@dataclass(frozen=True)
class Sanction:
    """One penalty or warning as it stands."""

    number: int
    kind: SanctionKind
    player_id: str
    points: Fraction
    """Match points taken off (0 for a warning)."""
    reason: str
    round: int
    lifted: bool = False
    lifted_reason: str = ""


def evolve_sanctions(sanctions: Sanctions, event: SanctionEvent) -> Sanctions:
    """The sanctions after ``event``. Pure, never fails (events are facts)."""
    if isinstance(event, SanctionLifted):
        held = sanctions.given.get(event.number)
        if held is None:
            return sanctions
        lifted = replace(held, lifted=True, lifted_reason=event.reason)
        return Sanctions({**sanctions.given, event.number: lifted})
    if isinstance(event, PenaltyGiven):
        given = Sanction(
            event.number, "penalty", event.player_id, event.points, event.reason, event.round
        )
    else:
        given = Sanction(
            event.number, "warning", event.player_id, Fraction(0), event.reason, event.round
        )
    return Sanctions({**sanctions.given, event.number: given})
