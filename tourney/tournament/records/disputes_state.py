"""The disputes as `TournamentState.disputes` holds them (`Disputes`): what every
tournament's state starts with, and how a ruling closes the open ones (`replaced`). The
events that raise and resolve them, and how each changes the record (`evolve_disputes`),
are in `tourney.tournament.records.disputes`, loaded when a stream holds one
(`state.evolve`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Literal

if TYPE_CHECKING:
    from tourney.tournament.matches import Outcome
    from tourney.tournament.records.disputes import Dispute

DisputeStatus = Literal["open", "upheld", "replaced"]
STATUSES: tuple[DisputeStatus, ...] = ("open", "upheld", "replaced")


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


def replaced(disputes: Disputes, match_id: str, outcome: Outcome | None) -> Disputes:
    """The disputes after match ``match_id``'s result became ``outcome`` (None: no result,
    or no match any more): its open disputes of another result are closed as replaced."""
    closing = [d for d in disputes.raised.values() if d.match_id == match_id and d.status == "open"]
    changed = {d.number: replace(d, status="replaced") for d in closing if d.disputed != outcome}
    if not changed:
        return disputes
    return Disputes({**disputes.raised, **changed})
