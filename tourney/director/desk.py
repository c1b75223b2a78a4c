"""The director's desk: a tournament stream, its state by fold, and the match streams of
its rounds.

A tournament lives in the stream ``tournament-<slug>``. Its state is only ever the fold of
that stream through the pure tournament core; every command is ``decide(state) -> events``
appended with the version it was decided against (retried once against the new state if
another director got in first).

A decision that touches other streams is one transaction with them: pairing a round appends
the `RoundPaired` event and every table's ``match_started`` (players in seat order,
partnerships, target, and the tournament, round and table as extra fields the rules
ignore) together, each table's stream required empty; a ruling on a match (adjudicated,
forfeit, no-show, void) or a result entered from the paper scoresheet closes its table's
stream in the same transaction. Results come the
other way, by the result policy (`tourney.policies.results`): a table's stream that
finishes posts its result.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from tourney.errors import TourneyError, quote
from tourney.gamekit import game
from tourney.i18n import _
from tourney.streams.matches import (
    CLOSED,
    ROUND_REMOVED,
    ROUND_REPAIRED,
    closed_by,
    match_events,
    match_stream,
    stream_game,
)
from tourney.tournament.events import PairedTable, RoundPaired, TournamentEvent
from tourney.tournament.matches import RecordedPlay
from tourney.tournament.state import TournamentState, evolve
from tourney.tournament.streams import tournament_stream

if TYPE_CHECKING:
    from tourney.store.eventstore import EventStore, StoredEvent, StreamAppend

Decide = Callable[[TournamentState], Sequence[TournamentEvent]]
Effects = Callable[["Loaded", Sequence[TournamentEvent]], list["StreamAppend"]]
"""What else a decision appends, in its transaction: given the state it was decided on."""
Folded = Callable[[str, Sequence["StoredEvent"], TournamentState], None]
"""Told each whole tournament stream the desk read and the state it folded to (the standings
read model's `remember`: its catch-up after the append then folds only what was appended)."""

RULINGS = {
    "result_adjudicated": "adjudicated",
    "result_entered": "paper scoresheet",
    "forfeit_declared": "forfeit",
    "no_show_declared": "no-show",
    "match_voided": "void",
    "match_stopped_by_time": "time",
}
"""The ruling a closed table records for each director's event, by the event's type (words:
`scorer.desk.RULING_SAID`, `web.words.RULING_WORDS`; tests/unit/test_ruling_words.py holds
the three together, and the types to the events' classes)."""


class Loaded(NamedTuple):
    """A tournament's state and the stream version it was folded up to."""

    slug: str
    state: TournamentState
    version: int


class DirectorDesk:
    """Commands on the tournaments of one store."""

    def __init__(
        self,
        store: EventStore,
        recorded_by: str | None = None,
        say: Callable[[str], None] | None = None,
        folded: Folded | None = None,
    ) -> None:
        self.store = store
        self.recorded_by = recorded_by if recorded_by is not None else os.environ.get("USER")
        self.say = say
        """Where `resolve` says which tournament it chose when there are several."""
        self.folded = folded

    # -- finding tournaments ---------------------------------------------------------------

    def slugs(self) -> list[str]:
        """Every tournament in the store, oldest first."""
        from tourney.streams import tournaments as registry

        return registry.slugs(self.store)

    def resolve(self, name: str | None) -> str:
        """The slug of the tournament called ``name`` (by slug or name, any case); with no
        name, the only tournament, or the newest when there are several. Looked up in the
        tournament registry by key, never by reading the log."""
        from tourney.streams import tournaments as registry

        found = registry.newest(self.store) if name is None else registry.find(self.store, name)
        if found is not None:
            self._say_choice(found, name)
            return found
        slugs = registry.slugs(self.store)
        if not slugs:
            raise TourneyError(
                _("no tournament yet: create one with tourney tournament create NAME")
            )
        raise TourneyError(
            _("no tournament called {name} (there are: {slugs})").format(
                name=quote(name), slugs=", ".join(slugs)
            )
        )

    def _say_choice(self, slug: str, name: str | None) -> None:
        """With several tournaments in the store, one line naming the one acted on (a
        command never silently picks the newest)."""
        if self.say is None:
            return
        slugs = self.slugs()
        if len(slugs) < 2:
            return
        said = (
            _(
                "tournament: {slug} (as asked of {count}; also {others}: choose with "
                "--tournament NAME)"
            )
            if name is not None
            else _(
                "tournament: {slug} (the newest of {count}; also {others}: choose with "
                "--tournament NAME)"
            )
        )
        others = ", ".join(s for s in slugs if s != slug)
        self.say(said.format(slug=slug, count=len(slugs), others=others))

    def load(self, slug: str, *, check: bool = True) -> Loaded:
        """Tournament `slug` folded, refused in one line when its format or its game is
        not installed here (`tourney.streams.tournaments.played`; `check=False` only for
        `tournament list`). The whole stream read and its state are told to `folded` (the
        standings read model's, which then need not read and fold it again)."""
        from tourney.streams.tournaments import played

        state, stored = played(self.store, slug, check=check)
        if self.folded is not None:
            self.folded(tournament_stream(slug), stored, state)
        return Loaded(slug, state, stored[-1].version)

    # -- commands --------------------------------------------------------------------------

    def execute(
        self,
        slug: str,
        decide: Decide,
        command_id: str | None = None,
        new: bool = False,
        effects: Effects | None = None,
    ) -> tuple[Loaded, list[TournamentEvent]]:
        """Decide against the stream's head and append, with what ``effects`` adds in other
        streams, in one transaction; once more if someone got in first.

        Returns the state after the events and the events appended. ``new`` creates the
        stream (its expected version is 0).
        """
        from tourney.store.errors import ConcurrencyError

        for attempt in (1, 2):
            # never a decision on a tournament this tourney cannot play (`load` refuses it)
            loaded = Loaded(slug, TournamentState(), 0) if new else self.load(slug)
            events = list(decide(loaded.state))
            try:
                self._append(loaded, events, command_id, effects)
            except ConcurrencyError as exc:
                if attempt == 2 or new:
                    raise TourneyError(
                        _(
                            "{stream_id} changed while this command was deciding: nothing "
                            "recorded, try again"
                        ).format(stream_id=exc.stream_id)
                    ) from None
                continue
            state = loaded.state
            for event in events:
                state = evolve(state, event)
            return Loaded(slug, state, loaded.version + len(events)), events
        raise AssertionError("unreachable")

    def _append(
        self,
        loaded: Loaded,
        events: Sequence[TournamentEvent],
        command_id: str | None,
        effects: Effects | None,
    ) -> None:
        from tourney.store.eventstore import NewEvent, StreamAppend

        if not events:
            return
        new = [NewEvent(e.type, e.to_payload(), recorded_by=self.recorded_by) for e in events]
        appends = [StreamAppend(tournament_stream(loaded.slug), new, loaded.version)]
        if effects is not None:
            appends += effects(loaded, events)
        self.store.append_streams(appends, command_id)

    def create(self, decide: Decide, effects: Effects | None = None) -> Loaded:
        """Create a tournament (``decide`` is ``decide_create`` with its settings), with what
        ``effects`` appends in other streams in its transaction (a series' new night)."""
        events = list(decide(TournamentState()))
        slug = getattr(events[0], "slug", None)
        if not isinstance(slug, str):
            raise AssertionError("decide_create returns TournamentCreated first")
        from tourney.streams import tournaments as registry

        if registry.exists(self.store, slug):
            raise TourneyError(
                _("a tournament {slug!r} already exists: choose another name").format(slug=slug)
            )
        loaded, _events = self.execute(slug, lambda _state: events, new=True, effects=effects)
        return loaded

    def pair(self, slug: str, decide: Decide) -> tuple[Loaded, list[TournamentEvent]]:
        """Pair (a round, or deciding matches) and open the match stream of every new table,
        in one transaction; refused if any of those streams already holds an event."""
        return self.execute(slug, decide, effects=self._open_tables)

    def rule(self, slug: str, decide: Decide) -> tuple[Loaded, list[TournamentEvent]]:
        """A ruling on matches (adjudicate, forfeit, no-show, void) or a result entered from
        the scoresheet, closing each such table's stream in the same transaction. A ruling
        on a table that recorded play of its own is preceded by a `TablePlayReplaced`
        saying how far that play went (`rulings.note_replaced_play`)."""

        from tourney.tournament.results.rulings import note_replaced_play

        def decided(state: TournamentState) -> Sequence[TournamentEvent]:
            return note_replaced_play(state, decide(state), self.table_play)

        return self.execute(slug, decided, effects=self._close_tables)

    def correct_round(
        self, slug: str, decide: Decide, *, untouched: bool = True
    ) -> tuple[Loaded, list[TournamentEvent]]:
        """Remove or re-pair the latest round (`tourney.tournament.results.round_corrections`):
        the removed round's open tables closed and a re-paired round's tables opened, in
        one transaction with the events. With `untouched` (the decision required no event
        at any table), a move recorded at a table meanwhile makes the decision again."""
        return self.execute(
            slug, decide, effects=lambda loaded, events: self._reround(loaded, events, untouched)
        )

    def recorded_in_latest_round(self, state: TournamentState) -> dict[str, int]:
        """Events recorded at each table of `state`'s latest round past its match's start
        (0: nothing played): what a round correction is refused on."""
        from tourney.tournament.results.round_corrections import round_match_ids

        if not state.rounds:
            return {}
        match_ids = round_match_ids(state, state.rounds[-1].round)
        return {m: max(self.store.stream_version(match_stream(m)) - 1, 0) for m in match_ids}

    def _reround(
        self, loaded: Loaded, events: Sequence[TournamentEvent], untouched: bool
    ) -> list[StreamAppend]:
        from tourney.store.errors import ConcurrencyError
        from tourney.store.eventstore import NewEvent, StreamAppend
        from tourney.tournament.round_events import RoundRemoved

        appends: list[StreamAppend] = []
        for event in events:
            if not isinstance(event, RoundRemoved):
                continue
            for match_id in event.matches:
                stream = match_stream(match_id)
                stored = list(self.store.read_stream(stream))
                if not stored or closed_by(stored) is not None:
                    continue
                if untouched and len(stored) > 1:  # played since the decision
                    raise ConcurrencyError(stream, 1, stored[-1].version)
                ruling = ROUND_REPAIRED if event.repaired else ROUND_REMOVED
                payload = {"by": "director", "ruling": ruling, "reason": event.reason}
                new = NewEvent(CLOSED, payload, recorded_by=self.recorded_by)
                appends.append(StreamAppend(stream, [new], stored[-1].version))
        return appends + self._open_tables(loaded, events)

    def table_play(self, match_id: str) -> RecordedPlay | None:
        """The play recorded at a table still open to its scorers: how far its stream went
        (its last match event in force) and where the match stood there. None when the
        table recorded nothing past its start, or the director has closed it already."""
        stored = list(self.store.read_stream(match_stream(match_id)))
        return _recorded_play(stored)

    def _open_tables(self, loaded: Loaded, events: Sequence[TournamentEvent]) -> list[StreamAppend]:
        from tourney.store.eventstore import NewEvent, StreamAppend
        from tourney.tournament.round_events import DecidingMatchPaired

        state = loaded.state
        opened: list[StreamAppend] = []
        for event in events:
            state = evolve(state, event)
            if isinstance(event, RoundPaired):
                tables = [(event.round, table) for table in event.tables]
            elif isinstance(event, DecidingMatchPaired):
                tables = [(event.round, event.table)]
            else:
                continue
            for number, table in tables:
                stream = match_stream(table.match_id)
                held = self.store.stream_version(stream)
                if held:
                    raise TourneyError(
                        _(
                            "cannot pair: {stream} already holds {held} events (a match "
                            "started outside the tournament?); nothing recorded"
                        ).format(stream=stream, held=held)
                    )
                started = self._started(loaded.slug, state, number, table)
                kind, payload = game(state.created.game).payload(started)
                event_ = NewEvent(kind, payload, recorded_by=self.recorded_by)
                opened.append(StreamAppend(stream, [event_], 0))
        return opened

    def _started(
        self, slug: str, state: TournamentState, round_number: int, table: PairedTable
    ) -> Any:
        created = state.created
        from tourney.tournament.create import table_settings

        names = tuple(state.players[p].name for p in table.seats)
        settings = table_settings(created)
        extra = {
            "tournament": slug,
            "match": table.match_id,
            "round": round_number,
            "table": table.number,
        }
        return game(created.game).table_start(names, settings, extra)

    def _close_tables(
        self, _loaded: Loaded, events: Sequence[TournamentEvent]
    ) -> list[StreamAppend]:
        from tourney.store.eventstore import NewEvent, StreamAppend
        from tourney.tournament.results.rulings import RULING_EVENTS

        closing: list[StreamAppend] = []
        for event in events:
            ruling = RULINGS.get(event.type)
            match_id = getattr(event, "match_id", None)
            if ruling is None or not isinstance(match_id, str):
                continue
            stream = match_stream(match_id)
            stored = list(self.store.read_stream(stream))
            if not stored or closed_by(stored) is not None:
                continue
            if isinstance(event, RULING_EVENTS):  # a result that replaces the play; the
                # clock's stop is made of the play as it stood (`room.stop_by_time`)
                self._check_play_unchanged(stream, stored, match_id, events)
            reason = getattr(event, "reason", "")
            payload = {"by": "director", "ruling": ruling, "reason": reason}
            closing.append(
                StreamAppend(
                    stream,
                    [NewEvent(CLOSED, payload, recorded_by=self.recorded_by)],
                    stored[-1].version,
                )
            )
        return closing

    @staticmethod
    def _check_play_unchanged(
        stream: str, stored: Sequence[Any], match_id: str, events: Sequence[TournamentEvent]
    ) -> None:
        """The table's play as the ruling noted it must be its play now: a move recorded
        at the table while the director was deciding makes the decision again (the desk
        retries once, against the new play)."""
        from tourney.store.errors import ConcurrencyError
        from tourney.tournament.result_events import TablePlayReplaced

        noted = next(
            (
                e.version
                for e in events
                if isinstance(e, TablePlayReplaced) and e.match_id == match_id
            ),
            0,
        )
        play = _recorded_play(stored)
        if (0 if play is None else play.version) != noted:
            raise ConcurrencyError(stream, noted, stored[-1].version)

    # -- matches ---------------------------------------------------------------------------

    def replay_match(self, match_id: str) -> tuple[Any, list[tuple[int, Any]], int]:
        """A match replayed from its stream by its game: the match, its events in force with
        their versions (undone events left out), and the stream's version."""
        stored = list(self.store.read_stream(match_stream(match_id)))
        in_force = match_events(stored)
        match = stream_game(stored).new_match()
        for version, event in in_force:
            match.apply(event, version)
        return match, in_force, (stored[-1].version if stored else 0)


def _recorded_play(stored: Sequence[Any]) -> RecordedPlay | None:
    """The play a table's stored events record, unless the director closed it (see
    `DirectorDesk.table_play`)."""
    if not stored or closed_by(stored) is not None:
        return None
    in_force = match_events(stored)
    if len(in_force) <= 1:  # its match_started alone: nothing played yet
        return None
    game_ = stream_game(stored)
    match = game_.new_match()
    for version, event in in_force:
        match.apply(event, version)
    result = game_.result(match)
    return RecordedPlay(
        in_force[-1][0], tuple(result.scores), tuple(result.winners), bool(match.finished)
    )
