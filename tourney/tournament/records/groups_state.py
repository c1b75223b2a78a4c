"""Groups -> knockout as `TournamentState.groups` holds it (`Groups`): what every
tournament's state starts with, and the name a pool goes by. The stage events, and how each
changes the record (`evolve_groups`), are in `tourney.tournament.records.groups`, loaded
when a stream holds one (`state.evolve`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, TypeAlias

if TYPE_CHECKING:
    from tourney.tournament.notes.notes import Note
    from tourney.tournament.records.groups import KnockoutSeeded, PoolScheduleFixed

Entrants: TypeAlias = tuple[str, ...]
ScheduleRounds: TypeAlias = tuple[tuple[tuple[Entrants, ...], Entrants], ...]
"""A schedule as `round_events.ScheduleFixed` holds one: each round's tables and its byes."""


def pool_letter(index: int) -> str:
    """Pool 0 is ``"A"``, 25 ``"Z"``, 26 ``"AA"``: the name a pool goes by."""
    letters = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters


@dataclass(frozen=True)
class Groups:
    """What the stage events say: the pools (empty before round 1), each round-robin
    pool's schedule, and the knockout's seeding once stage 2 began."""

    pools: tuple[Entrants, ...] = ()
    seed_order: Entrants = ()
    schedules: Mapping[int, PoolScheduleFixed] = field(default_factory=dict)
    knockout: KnockoutSeeded | None = None
    notes: tuple[Note, ...] = ()

    def pool_of(self, entrant: str) -> int | None:
        """The index of the entrant's pool (None: not in any)."""
        return next((i for i, pool in enumerate(self.pools) if entrant in pool), None)
