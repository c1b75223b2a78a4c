"""Groups -> knockout: the events a two-stage tournament adds to its stream, and the
record they fold to (as `tourney.tournament.records.room` does for the room).

The rule itself (pool formation, pool pairing, who advances, the knockout's placement)
lives in `tourney.tournament.formats.groups.stages` and is stated in
docs/formats/groups-knockout.md.

* `PoolsFormed`: when round 1 is paired, the entrants dealt to the pools (each pool in its
  seed order, best first), and the whole seed order used;
* `PoolScheduleFixed`: a round-robin pool's whole schedule, fixed with round 1;
* `KnockoutSeeded`: when the knockout's first round is paired, who advanced from each pool
  (in place order), the knockout's seed order, and the notes saying who advanced and why.

Here: the events and how each changes the record (`evolve_groups`), loaded when a stream
holds one (`state.evolve`); the record as every state starts with it, and `pool_letter`,
are in `tourney.tournament.records.groups_state`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, ClassVar, TypeAlias

from tourney.tournament.notes.notes import Note, note_payload
from tourney.tournament.notes.stored import stored
from tourney.tournament.records.groups_state import Entrants, Groups, ScheduleRounds


@dataclass(frozen=True)
class PoolsFormed:
    """The pools, fixed when round 1 was paired: `pools[i]` is pool i's entrants in their
    seed order (best first), `seed_order` the whole field's order they were dealt from."""

    type: ClassVar[str] = "pools_formed"
    pools: tuple[Entrants, ...]
    seed_order: Entrants
    notes: tuple[Note, ...] = ()

    def to_payload(self) -> dict[str, Any]:
        return {
            "pools": [list(pool) for pool in self.pools],
            "seed_order": list(self.seed_order),
            "notes": [note_payload(n) for n in self.notes],
        }

    @classmethod
    def from_payload(cls, payload: dict[str, Any]) -> PoolsFormed:
        return cls(
            pools=tuple(tuple(str(e) for e in pool) for pool in payload["pools"]),
            seed_order=tuple(str(e) for e in payload.get("seed_order", ())),
            notes=tuple(stored(n) for n in payload.get("notes", ())),
        )


@dataclass(frozen=True)
class PoolScheduleFixed:
    """A round-robin pool's whole schedule, fixed when round 1 was paired (never searched
    again), and where it came from."""

    type: ClassVar[str] = "pool_schedule_fixed"
    pool: int
    rounds: ScheduleRounds
    source: str = ""

    def to_payload(self) -> dict[str, Any]:
        return {
            "pool": self.pool,
            "rounds": [
                {"tables": [list(table) for table in tables], "byes": list(byes)}
                for tables, byes in self.rounds
            ],
            "source": self.source,
        }

    @classmethod
    def from_payload(cls, payload: dict[str, Any]) -> PoolScheduleFixed:
        return cls(
            pool=int(payload["pool"]),
            rounds=tuple(
                (
                    tuple(tuple(str(e) for e in table) for table in item["tables"]),
                    tuple(str(e) for e in item.get("byes", ())),
                )
                for item in payload["rounds"]
            ),
            source=str(payload.get("source", "")),
        )


@dataclass(frozen=True)
class KnockoutSeeded:
    """Stage 2 began: `advanced[i]` holds pool i's entrants who advanced, in place order;
    `order` is the knockout's seed order (seed 1 first); `first_round` the tournament
    round the knockout's round 1 is; `notes` say who advanced and why, ties included, and
    how the bracket was placed."""

    type: ClassVar[str] = "knockout_seeded"
    advanced: tuple[Entrants, ...]
    order: Entrants
    first_round: int
    notes: tuple[Note, ...] = ()

    def to_payload(self) -> dict[str, Any]:
        return {
            "advanced": [list(pool) for pool in self.advanced],
            "order": list(self.order),
            "first_round": self.first_round,
            "notes": [note_payload(n) for n in self.notes],
        }

    @classmethod
    def from_payload(cls, payload: dict[str, Any]) -> KnockoutSeeded:
        return cls(
            advanced=tuple(tuple(str(e) for e in pool) for pool in payload["advanced"]),
            order=tuple(str(e) for e in payload["order"]),
            first_round=int(payload["first_round"]),
            notes=tuple(stored(n) for n in payload.get("notes", ())),
        )


GroupsEvent: TypeAlias = PoolsFormed | PoolScheduleFixed | KnockoutSeeded
GROUPS_EVENTS: tuple[type[GroupsEvent], ...] = (PoolsFormed, PoolScheduleFixed, KnockoutSeeded)
EVENTS_BY_TYPE: dict[str, type[GroupsEvent]] = {cls.type: cls for cls in GROUPS_EVENTS}
"""Each event of this module by type (`events.EVENT_MODULES` names this module for each)."""


def evolve_groups(groups: Groups, event: GroupsEvent) -> Groups:
    """The record after `event`. Pure, never fails (events are facts)."""
    if isinstance(event, PoolsFormed):
        return replace(groups, pools=event.pools, seed_order=event.seed_order, notes=event.notes)
    if isinstance(event, PoolScheduleFixed):
        return replace(groups, schedules={**groups.schedules, event.pool: event})
    return replace(groups, knockout=event)
