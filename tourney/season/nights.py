"""The tournaments of a database as the season reads them: each one's state and, for each
of its matches, the global log position at which its first result was recorded.

Pure: the stored events are given (`StoredAt` is what is read of each).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from tourney.tournament.events import (
    AdjudicatedResult,
    Forfeit,
    MatchResultRecorded,
    MatchVoided,
    NoShow,
    PartnershipFormed,
    PlayerRegistered,
    PlayerRemoved,
    PlayerWithdrawn,
    ResultEntered,
    TournamentCreated,
    event_from_payload,
)
from tourney.tournament.state import TournamentState, evolve

RESULT_TYPES = frozenset(
    cls.type
    for cls in (
        MatchResultRecorded,
        AdjudicatedResult,
        ResultEntered,
        Forfeit,
        NoShow,
        MatchVoided,
    )
)
"""The events that give a match a result (or a ruling in place of one)."""


class StoredAt(Protocol):
    """What the season reads of a stored event: its place in the log, type and payload."""

    @property
    def position(self) -> int: ...
    @property
    def type(self) -> str: ...
    @property
    def payload(self) -> dict[str, Any]: ...


@dataclass(frozen=True)
class Night:
    """One tournament: its slug, its state, and where each match's first result stands in
    the log (`recorded[match_id]`: a global position; matches with no result are absent)."""

    slug: str
    state: TournamentState
    recorded: Mapping[str, int] = field(default_factory=dict)
    created_at: int = 0
    """The log position of the tournament's first event (nights are ordered by it)."""


ENTRY_TYPES = frozenset(
    cls.type
    for cls in (
        TournamentCreated,
        PlayerRegistered,
        PlayerRemoved,
        PlayerWithdrawn,
        PartnershipFormed,
    )
)
"""The events that say who entered (what the roster reads of a tournament)."""


def night_of(slug: str, stored: Iterable[StoredAt], entries_only: bool = False) -> Night:
    """Fold a tournament stream's stored events into a `Night`; with `entries_only`, only
    its settings and entries (no rounds, no results: what the roster needs, folded fast)."""
    state = TournamentState()
    recorded: dict[str, int] = {}
    first = 0
    for event in stored:
        if not first:
            first = event.position
        if entries_only and event.type not in ENTRY_TYPES:
            continue
        state = evolve(state, event_from_payload(event.type, event.payload))
        if event.type in RESULT_TYPES:
            match_id = str(event.payload.get("match_id", ""))
            recorded.setdefault(match_id, event.position)
    return Night(slug, state, recorded, first)
