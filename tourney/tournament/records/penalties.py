"""Penalties and warnings: the director's sanctions on a player, as events of the
tournament stream and the state they fold to (decided in `tourney.tournament.results.conduct`).

A penalty takes match points off a player's standing (the standings show it in a column
of its own and rank on the match points net of it); a warning is on record and costs
nothing. Both are numbered in the order given (1, 2, ...) and carry the director's
reason and the round they were given in. Nothing is ever deleted: a sanction given by
mistake is lifted by a `SanctionLifted`, which names it by number and keeps the reason.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any, ClassVar, Literal, TypeAlias

SanctionKind = Literal["penalty", "warning"]


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


@dataclass(frozen=True)
class Sanctions:
    """Every penalty and warning given, by number."""

    given: Mapping[int, Sanction] = field(default_factory=dict)

    def next_number(self) -> int:
        return max(self.given, default=0) + 1

    def of_player(self, player_id: str) -> tuple[Sanction, ...]:
        """``player_id``'s penalties and warnings, lifted ones too, oldest first."""
        return tuple(s for s in self.given.values() if s.player_id == player_id)

    def penalty(self, player_ids: tuple[str, ...]) -> Fraction:
        """The match points the penalties in force take off these players (an entrant's
        members: a partnership pays for each partner's penalty)."""
        return sum(
            (
                s.points
                for s in self.given.values()
                if s.player_id in player_ids and s.kind == "penalty" and not s.lifted
            ),
            Fraction(0),
        )

    def in_force(self) -> tuple[Sanction, ...]:
        return tuple(s for s in self.given.values() if not s.lifted)


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
