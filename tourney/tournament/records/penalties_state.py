"""The penalties and warnings as `TournamentState.sanctions` holds them (`Sanctions`): what
every tournament's state starts with. The events that give and lift them, and how each
changes the record (`evolve_sanctions`), are in `tourney.tournament.records.penalties`,
loaded when a stream holds one (`state.evolve`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Literal

if TYPE_CHECKING:
    from tourney.tournament.records.penalties import Sanction

SanctionKind = Literal["penalty", "warning"]


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
