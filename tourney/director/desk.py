"""The director's desk: a tournament stream, its state by fold, and the match streams of
its rounds.

A tournament lives in the stream ``tournament-<slug>``. Its state is only ever the fold of
that stream through the pure tournament core; every command is ``decide(state) -> events``
appended with the version it was decided against (retried once against the new state if
another director got in first).

When a round is paired, every table's match stream is opened with its ``match_started``
(players in seat order, partnerships, target, and the tournament, round and table as extra
fields that the rules ignore). The scorers then record those streams; when one finishes,
its result is recorded in the tournament stream, once (the command id makes a repeat a
no-op).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from tourney.engine import Event, MatchStarted
from tourney.errors import TourneyError, quote
from tourney.match_streams import match_events, match_stream, to_payload
from tourney.names import fold
from tourney.tournament.events import (
    DecidingMatchPaired,
    PairedTable,
    RoundPaired,
    TournamentEvent,
    event_from_payload,
)
from tourney.tournament.state import TournamentState, decide_record_result, evolve

if TYPE_CHECKING:
    from tourney.engine import Match
    from tourney.store.eventstore import EventStore, StoredEvent

PREFIX = "tournament-"

Decide = Callable[[TournamentState], Sequence[TournamentEvent]]


def tournament_stream(slug: str) -> str:
    return f"{PREFIX}{slug}"


@dataclass(frozen=True, slots=True)
class Loaded:
    """A tournament's state and the stream version it was folded up to."""

    slug: str
    state: TournamentState
    version: int


def fold_stored(events: Sequence[StoredEvent]) -> TournamentState:
    """The state a tournament stream's stored events fold to."""
    state = TournamentState()
    for stored in events:
        state = evolve(state, event_from_payload(stored.type, stored.payload))
    return state


class DirectorDesk:
    """Commands on the tournaments of one store."""

    def __init__(self, store: EventStore, recorded_by: str | None = None) -> None:
        self.store = store
        self.recorded_by = recorded_by if recorded_by is not None else os.environ.get("USER")

    # -- finding tournaments ---------------------------------------------------------------

    def slugs(self) -> list[str]:
        """Every tournament in the store, oldest first."""
        rows = self.store.fetch_rows(
            "SELECT stream_id FROM events WHERE version = 1 "
            f"AND stream_id LIKE {self.store.mark} ORDER BY position",
            (f"{PREFIX}%",),
        )
        return [str(row[0])[len(PREFIX) :] for row in rows]

    def resolve(self, name: str | None) -> str:
        """The slug of the tournament called ``name`` (by slug or name, any case); with no
        name, the only tournament, or the newest when there are several."""
        slugs = self.slugs()
        if not slugs:
            raise TourneyError("no tournament yet: create one with tourney tournament create NAME")
        if name is None:
            return slugs[-1]
        wanted = fold(name)
        for slug in slugs:
            if fold(slug) == wanted:
                return slug
        for slug in slugs:
            created = self.load(slug).state.settings
            if created is not None and fold(created.name) == wanted:
                return slug
        raise TourneyError(f"no tournament called {quote(name)} (there are: {', '.join(slugs)})")

    def load(self, slug: str) -> Loaded:
        stored = list(self.store.read_stream(tournament_stream(slug)))
        if not stored:
            raise TourneyError(f"no tournament {slug!r}")
        return Loaded(slug, fold_stored(stored), stored[-1].version)

    # -- commands --------------------------------------------------------------------------

    def execute(
        self, slug: str, decide: Decide, command_id: str | None = None, new: bool = False
    ) -> tuple[Loaded, list[TournamentEvent]]:
        """Decide against the stream's head and append; once more if someone got in first.

        Returns the state after the events and the events appended. ``new`` creates the
        stream (its expected version is 0).
        """
        from tourney.store.errors import ConcurrencyError

        for attempt in (1, 2):
            loaded = Loaded(slug, TournamentState(), 0) if new else self.load(slug)
            events = list(decide(loaded.state))
            try:
                self._append(slug, events, loaded.version, command_id)
            except ConcurrencyError:
                if attempt == 2 or new:
                    raise TourneyError(
                        f"tournament {slug!r} changed while this command was deciding: "
                        "nothing recorded, try again"
                    ) from None
                continue
            state = loaded.state
            for event in events:
                state = evolve(state, event)
            return Loaded(slug, state, loaded.version + len(events)), events
        raise AssertionError("unreachable")

    def _append(
        self,
        slug: str,
        events: Sequence[TournamentEvent],
        expected: int,
        command_id: str | None,
    ) -> None:
        from tourney.store.eventstore import NewEvent

        if not events:
            return
        self.store.append(
            tournament_stream(slug),
            [NewEvent(e.type, e.to_payload(), recorded_by=self.recorded_by) for e in events],
            expected,
            command_id,
        )

    def create(self, decide: Decide) -> Loaded:
        """Create a tournament (``decide`` is ``decide_create`` with its settings)."""
        events = list(decide(TournamentState()))
        slug = getattr(events[0], "slug", None)
        if not isinstance(slug, str):
            raise AssertionError("decide_create returns TournamentCreated first")
        if slug in self.slugs():
            raise TourneyError(f"a tournament {slug!r} already exists: choose another name")
        loaded, _ = self.execute(slug, lambda _state: events, new=True)
        return loaded

    def pair(self, slug: str, decide: Decide) -> tuple[Loaded, list[TournamentEvent]]:
        """Pair (a round, or deciding matches) and open the match stream of every new table."""
        self.sync_results(slug)
        loaded, events = self.execute(slug, decide)
        for event in events:
            if isinstance(event, RoundPaired):
                for table in event.tables:
                    self.open_match(loaded, event.round, table)
            elif isinstance(event, DecidingMatchPaired):
                self.open_match(loaded, event.round, event.table)
        return loaded, events

    def open_match(self, loaded: Loaded, round_number: int, table: PairedTable) -> str:
        """Start the match stream of a paired table (a no-op when it already exists)."""
        from tourney.store.eventstore import NewEvent

        state = loaded.state
        created = state.created
        names = tuple(state.players[p].name for p in table.seats)
        started = MatchStarted(
            names,
            created.partnerships,
            created.target,
            {
                "tournament": loaded.slug,
                "match": table.match_id,
                "round": round_number,
                "table": table.number,
            },
        )
        stream = match_stream(table.match_id)
        self.store.append(
            stream,
            [NewEvent(started.type, to_payload(started), recorded_by=self.recorded_by)],
            None,
            f"open:{stream}",
        )
        return stream

    # -- results from the match streams ----------------------------------------------------

    def replay_match(self, match_id: str) -> tuple[Match, list[tuple[int, Event]], int]:
        """A match replayed from its stream: the match, its events in force with their
        versions (undone events left out), and the stream's version."""
        from tourney.engine import Match

        stored = list(self.store.read_stream(match_stream(match_id)))
        in_force = match_events(stored)
        match = Match()
        for version, event in in_force:
            match.apply(event, version)
        return match, in_force, (stored[-1].version if stored else 0)

    def sync_results(self, slug: str) -> list[str]:
        """Record the result of every finished match of the tournament not yet recorded;
        returns their match ids."""
        loaded = self.load(slug)
        recorded: list[str] = []
        for record in loaded.state.matches.values():
            if record.outcome is not None:
                continue
            match, _events, version = self.replay_match(record.match_id)
            if not match.finished:
                continue
            self.record_result(slug, record.match_id, match, version)
            recorded.append(record.match_id)
        return recorded

    def record_result(self, slug: str, match_id: str, match: Match, version: int) -> None:
        """Record a finished match's scores and winners in the tournament stream, once."""
        scores, winners = list(match.scores), list(match.winners)
        self.execute(
            slug,
            lambda state: decide_record_result(state, match_id, scores, winners),
            command_id=f"result:{match_id}:v{version}",
        )


def tournament_of(stored: Sequence[StoredEvent]) -> tuple[str, str] | None:
    """The tournament slug and its match id, for a match stream a round opened."""
    if not stored:
        return None
    slug, match_id = stored[0].payload.get("tournament"), stored[0].payload.get("match")
    if isinstance(slug, str) and isinstance(match_id, str):
        return slug, match_id
    return None


def table_match(store: EventStore, table: int) -> str | None:
    """The match id of table ``table`` in the newest tournament's latest round (a deciding
    match of that round at that table counts too), or None."""
    director = DirectorDesk(store)
    slugs = director.slugs()
    if not slugs:
        return None
    state = director.load(slugs[-1]).state
    if not state.rounds:
        return None
    latest = state.rounds[-1]
    found = [t.match_id for t in latest.tables if t.number == table]
    found += [
        d.table.match_id
        for d in state.deciding
        if d.round == latest.round and d.table.number == table
    ]
    return found[-1] if found else None
