"""Tournament streams: their names, and the state their stored events fold to.

A tournament lives in the stream ``tournament-<slug>``; its events' payloads are the
`tourney.tournament.events` payloads. Pure: what is folded is given, never read.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Protocol

from tourney.tournament.events import event_from_payload
from tourney.tournament.state import TournamentState, fold

PREFIX = "tournament-"


class StoredLike(Protocol):
    """What folding reads of a stored event."""

    @property
    def type(self) -> str: ...
    @property
    def payload(self) -> dict[str, Any]: ...


def tournament_stream(slug: str) -> str:
    """``club-night`` -> ``tournament-club-night``."""
    return f"{PREFIX}{slug}"


def slug_of(stream_id: str) -> str | None:
    """The slug of a tournament stream's id, None for any other stream."""
    return stream_id[len(PREFIX) :] if stream_id.startswith(PREFIX) else None


def fold_stored(
    events: Iterable[StoredLike], state: TournamentState | None = None
) -> TournamentState:
    """The state the stored events of a tournament stream fold to (from `state`, default the
    empty state)."""
    return fold((event_from_payload(stored.type, stored.payload) for stored in events), state)
