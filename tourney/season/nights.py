"""The tournaments of a database as the season reads them: each one's state and, for each
of its matches, the global log position at which its first result was recorded.

Pure: the stored events are given (`StoredAt` is what is read of each).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from tourney.tournament.entry_events import PartnershipFormed, PlayerRemoved, PlayerWithdrawn
from tourney.tournament.events import (
    PlayerRegistered,
    TournamentCreated,
    TournamentEvent,
    event_from_payload,
)
from tourney.tournament.result_events import (
    AdjudicatedResult,
    Forfeit,
    MatchResultRecorded,
    MatchVoided,
    NoShow,
    ResultEntered,
)
from tourney.tournament.state import TournamentState, fold

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


def note_recorded(recorded: dict[str, int], event: StoredAt) -> None:
    """Note in `recorded` where `event` stands if it is its match's first result event."""
    if event.type in RESULT_TYPES:
        recorded.setdefault(str(event.payload.get("match_id", "")), event.position)


def night_of(slug: str, stored: Iterable[StoredAt], entries_only: bool = False) -> Night:
    """Fold a tournament stream's stored events into a `Night`; with `entries_only`, only
    its settings and entries (no rounds, no results: what the roster needs, folded fast).

    Folded by `fold` (its maps updated in place, not copied for each result: a night of
    thousands of results folds in linear time), the positions noted on the way."""
    recorded: dict[str, int] = {}
    first = 0

    def events() -> Iterator[TournamentEvent]:
        nonlocal first
        for event in stored:
            if not first:
                first = event.position
            type_ = event.type
            if entries_only and type_ not in ENTRY_TYPES:
                continue
            yield event_from_payload(type_, event.payload)
            note_recorded(recorded, event)

    state = fold(events())
    return Night(slug, state, recorded, first)
