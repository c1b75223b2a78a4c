"""The scorer's desk: one match stream, its state by replay, and appends that never race.

Every append states the stream version it was decided against. When another scorer got in
first (ConcurrencyError), the desk reads what they recorded, refuses if it is the very thing
being recorded (never a duplicate), decides again against the new state (the engine may now
refuse it, with its reason), and retries once. Whatever is in the stream replays legally,
because nothing is appended that the engine has not accepted against the stream's head.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from tourney.errors import TourneyError
from tourney.gamekit import Game, GameMatch
from tourney.i18n import N_, _, ngettext
from tourney.names import find
from tourney.streams.matches import (
    RESULT_CONFIRMED,
    STREAM_ONLY,
    UNDONE,
    closed_by,
    confirmations,
    describe,
    in_force,
    match_events,
    match_id,
    newest_in_force,
    ruling_of,
    shown_id,
    stream_game,
    table_of,
    to_event,
    to_payload,
    undo_line,
    undo_target,
)
from tourney.streams.tables import (
    newest_tournament,
    no_such_table,
    reserved,
    table_match,
    table_number,
)

if TYPE_CHECKING:
    from tourney.store.eventstore import EventStore, NewEvent, StoredEvent
    from tourney.tournament.state import TournamentState


RULING_SAID = {
    "adjudicated": N_("adjudicated"),
    "paper scoresheet": N_("paper scoresheet"),
    "forfeit": N_("forfeit"),
    "no-show": N_("no-show"),
    "void": N_("void"),
    "time": N_("time"),
    "round removed": N_("round removed"),
    "round paired again": N_("round paired again"),
}
"""The director's rulings (the codes a closed table records) in the reader's words."""
AS_PLAYED = N_("As played: ")
"""How a table's own result line reads once the director's ruling replaced it."""


class Recorded(NamedTuple):
    """One event this desk appended, with what it did to the match."""

    version: int
    type: str
    event: Any  # the game's event; None for an `undone`
    outcome: Any  # what the game's engine said of it; None for an `undone`


class _Pending(NamedTuple):
    version: int
    type: str
    payload: dict[str, Any]


class Desk:
    """The scorer's view of match ``match_id``: the stored stream and the match it replays to
    in its game (Horse Race until a ``match_started`` says otherwise)."""

    def __init__(self, store: EventStore, match: str, recorded_by: str | None = None) -> None:
        self.store = store
        self.id = match_id(match)
        self.stream = f"match-{self.id}"
        self.recorded_by = recorded_by if recorded_by is not None else os.environ.get("USER")
        self.stored: list[StoredEvent] = []
        self.version = 0
        self.game: Game = stream_game(())
        self.match: GameMatch = self.game.new_match()
        self.caught_up: list[StoredEvent] = []
        """What other scorers appended, read when the last append found the stream moved."""
        self.refresh()
        self.id = shown_id(self.stored, self.id)

    @classmethod
    def open(
        cls,
        db: str | None,
        match: str,
        tables: bool = True,
        create: bool = True,
        reads_only: bool = False,
    ) -> Desk:
        """The desk for ``match`` in the database ``db`` (None: $TOURNEY_DATABASE_URL or
        ./tourney.db). With ``tables``, a table code like ``T3`` that names no match of its
        own is table 3 of the newest tournament's latest round.

        Every read model is caught up on opening and after each append, so it is current
        when the command returns (on a current SQLite file without importing SQLAlchemy);
        with ``reads_only``, nothing is written (see `open_store`)."""
        from tourney.projections import open_store

        code = match_id(match)  # a bad ID is refused before any database is touched
        store, _projector = open_store(db, create=create, reads_only=reads_only)
        try:
            number = table_number(code) if tables else None
            if number is not None:
                found = table_match(store, number)
                if found is not None:
                    match = found
                    _say_tournament(store, code, found)
                elif not store.stream_version(f"match-{code}"):  # not an older ad-hoc T3
                    raise no_such_table(code, newest_tournament(store))
            return cls(store, match)
        except BaseException:
            store.close()
            raise

    def close(self) -> None:
        self.store.close()

    # -- reading ---------------------------------------------------------------------------

    def refresh(self) -> list[StoredEvent]:
        """Read what was appended since the last read (by anyone) and bring the match up to
        date; returns the new stored events."""
        if self.store.stream_version(self.stream) == self.version:
            return []
        new = self._read_new()
        if not new:
            return []
        first = not self.stored
        table = table_of(new[0]) if first else None
        if table is not None:  # a table of a tournament this tourney cannot play: refused
            from tourney.streams.tournaments import check_playable

            check_playable(self.store, table[0])
        self.stored.extend(new)
        self.version = new[-1].version
        if first or any(e.type == UNDONE for e in new):
            self._rebuild()
        else:
            for event in new:
                if event.type not in STREAM_ONLY:
                    self._apply(event.version, to_event(self.game, event.type, event.payload))
        return new

    def _read_new(self) -> list[StoredEvent]:
        """The stream's events after the desk's version; a payload of a schema no installed
        game declares is refused as the game its ``match_started`` names, when that game
        is not installed (not "upgrade tourney": its upcasters went with it)."""
        from tourney.store.errors import SchemaError

        try:
            return list(self.store.read_stream(self.stream, from_version=self.version))
        except SchemaError:
            stream_game(list(self.store.read_stream(self.stream, 0, 1)))  # refused by name
            raise

    def _rebuild(self) -> None:
        self.game = stream_game(self.stored)
        self.match = self.game.new_match()
        for version, event in match_events(self.stored):
            self._apply(version, event)

    def _apply(self, version: int, event: Any) -> Any:
        try:
            return self.match.apply(event, version)
        except TourneyError as exc:
            raise TourneyError(
                _("{stream} v{version} does not replay: {exc}").format(
                    stream=self.stream, version=version, exc=exc
                )
            ) from None

    @property
    def head_hash(self) -> str | None:
        return self.store.short_head_hash(self.stream) if self.version else None

    @property
    def known_hands(self) -> bool:
        """Whether the match was started with --known (hands are dealt, not hidden)."""
        # Asked after every move by a table page: the stored payload of the match_started
        # in force is read, not the whole stream replayed into events.
        kept = in_force(self.stored)
        for event in self.stored:
            if event.type == "match_started" and event.version in kept:
                return bool(event.payload.get("hands") == "known")
        return False

    def events(self) -> list[Any]:
        """The match events in force, in order: the match record."""
        return [event for _, event in match_events(self.stored)]

    def payload(self, version: int) -> dict[str, Any]:
        """The stored payload of the event at stream ``version``."""
        payload: dict[str, Any] = next(
            e for e in reversed(self.stored) if e.version == version
        ).payload
        return payload

    def since(self, type_: str) -> list[Any]:
        """The match events in force after the newest ``type_`` event (after the
        ``match_started`` when there is none), oldest first: read back from the newest, so
        that it costs those events, not the whole match's."""
        tail = []
        for stored in newest_in_force(self.stored):
            if stored.type == type_:
                break
            if stored.type not in STREAM_ONLY and stored.type != "match_started":
                tail.append(to_event(self.game, stored.type, stored.payload))
        tail.reverse()
        return tail

    def recorded_lines(self, item: Recorded) -> list[str]:
        """What one appended event did: an undo or redo, a stream-only event by name, a
        game event as its game's account tells it (whatever its engine answered: a club
        game's `apply` returns None for most moves, which are still its words to say)."""
        if item.type == UNDONE:
            return [undo_line(self.stored, item.version)]
        if item.event is None:
            return [describe(self.stored, item.version)]
        return self.game.console.recorded(self, item)

    @property
    def confirmed(self) -> list[str]:
        """The players who confirmed the finished match's result as it stands."""
        return confirmations(self.stored) if self.match.finished else []

    # -- writing ---------------------------------------------------------------------------

    def check_started(self, game: str = "") -> None:
        """Refuse a move at a match not started: it has no players, and no game yet
        (``game`` names the one the hint starts it in, e.g. ``racehorse``)."""
        if not self.match.started:
            option = f" --game {game}" if game else ""
            raise TourneyError(
                _("match {id} has not started: tourney start {id}{option} --players ...").format(
                    id=self.id, option=option
                )
            )

    def append_events(
        self,
        decide: Callable[[], Sequence[Any]],
        *,
        at: int | None = None,
        command_id: str | None = None,
        game: Game | None = None,
    ) -> list[Recorded]:
        """Append the events ``decide`` returns against the state the scorer saw (it raises
        the engine's refusal). If someone got in first, the same events (the player and
        target as resolved then) are checked against the new state and retried once —
        unless ``at`` pinned the version the scorer saw (then it is refused). A retry of a
        submission already recorded returns what was recorded then, decided by nothing.

        ``game`` is the game a new match is started in (default: Horse Race); a stream that
        holds events keeps its own."""
        done = self._already(command_id)
        if done is not None:
            return done
        self.check_at(at, command_id)
        self._check_open()
        if game is not None and not self.version and game is not self.game:
            self.game, self.match = game, game.new_match()
        events = list(decide())
        if events and events[0].type == "match_started":
            # A new ad-hoc match: the director opens the tables, and seats them for good.
            why = reserved(self.id) if not self.version else None
            if self._table() is not None:
                why = f"{self.id} is a tournament table, opened by `tourney pair`"
            if why is not None:
                raise TourneyError(_("cannot start {id}: {why}").format(id=self.id, why=why))

        def build() -> list[NewEvent]:
            from tourney.store.eventstore import NewEvent

            trial = self.match.copy()
            for event in events:
                trial.apply(event)
            return [
                NewEvent(e.type, to_payload(self.game, e), recorded_by=self.recorded_by)
                for e in events
            ]

        return self._submit(build, at=at, command_id=command_id)

    def undo(
        self,
        version: int | None = None,
        redo: bool = False,
        *,
        at: int | None = None,
        command_id: str | None = None,
    ) -> list[Recorded]:
        """Take back the event at ``version`` (default: the newest match event in force; with
        ``redo``, the newest undo in force, which puts its event back).

        The default is resolved against the state the scorer last saw, before catching up: an
        undo must not take back an event another scorer appended meanwhile.
        """
        done = self._already(command_id)
        if done is not None:
            return done
        self.check_at(at, command_id)
        self._check_open()
        target = version if version is not None else undo_target(self.stored, redo)
        return self._submit(lambda: self._undo_events(target, redo), at=at, command_id=command_id)

    def _undo_events(self, target: int | None, redo: bool) -> list[NewEvent]:
        from tourney.store.eventstore import NewEvent

        if target is None:
            raise TourneyError(
                _("nothing to redo: no undo is in force")
                if redo
                else _("nothing to undo: {id} has no events in force").format(id=self.id)
            )
        if not 1 <= target <= self.version:
            raise TourneyError(
                _("cannot undo v{target}: {stream} has versions 1 to {version}").format(
                    target=target, stream=self.stream, version=self.version
                )
            )
        if target not in in_force(self.stored):
            raise TourneyError(
                _("cannot undo {describe}: already undone").format(
                    describe=describe(self.stored, target)
                )
            )
        kind = self.stored[target - 1].type
        if kind != UNDONE and kind in STREAM_ONLY:
            raise TourneyError(
                _("cannot undo {describe}: it is not a move").format(
                    describe=describe(self.stored, target)
                )
            )
        if self.stored[target - 1].type == "match_started" and self._table() is not None:
            raise TourneyError(
                _(
                    "cannot undo {describe}: the director opened {id} when pairing "
                    "its round, and only the director's desk seats a table"
                ).format(describe=describe(self.stored, target), id=self.id)
            )
        trial: list[Any] = [*self.stored, _Pending(self.version + 1, UNDONE, {"version": target})]
        match = self.game.new_match()
        line = 0
        try:
            for line, event in match_events(trial):
                match.apply(event, line)
        except TourneyError as exc:
            raise TourneyError(
                _("cannot undo {describe}: v{line} would no longer be legal ({exc})").format(
                    describe=describe(self.stored, target), line=line, exc=exc
                )
            ) from None
        if self.match.finished and not match.finished:
            self._check_result_unused(describe(self.stored, target))
        return [NewEvent(UNDONE, {"version": target}, recorded_by=self.recorded_by)]

    def _table(self) -> tuple[str, str] | None:
        """The tournament and match id this stream is the table of (None: ad hoc)."""
        return table_of(self.stored[0] if self.stored else None)

    def _tournament(self, slug: str) -> TournamentState:
        """The state of this table's tournament, refused in one line when this tourney
        does not have its format or its game (`tourney.streams.tournaments.played`)."""
        from tourney.streams.tournaments import played

        return played(self.store, slug)[0]

    def director_result(self) -> str | None:
        """Once the director has ruled on this tournament table (its stream closed), the
        line saying the result that counts (`tourney.tournament.results.story.ruling_line`): the
        table's own play below it is then only what was played. None otherwise (the
        table's play is its result)."""
        table = self._table()
        if table is None or closed_by(self.stored) is None:
            return None
        from tourney.tournament.results.story import ruling_line

        slug, match = table
        state = self._tournament(slug)
        record = state.matches.get(match)
        return None if record is None else ruling_line(state, record)

    def bracket(self) -> str | None:
        """The bracket this tournament table is in, where its format has several (a
        double elimination's ``"losers' bracket"``...); None for any other table."""
        table = self._table()
        if table is None:  # an ad-hoc match: no tournament's rules to load
            return None
        from tourney.tournament.format import format_of

        slug, match = table
        state = self._tournament(slug)
        return format_of(state).table_brackets(state).get(match)

    def as_ruled(self, lines: list[str], turn: bool) -> list[str]:
        """A view's ``lines`` of this table as they read once the director ruled on it:
        the ruling first (`director_result`), the table's own result line as what was
        played (``As played: ...``), and, when the last line says whose turn it is
        (``turn``), that nothing more is recorded instead. Unchanged otherwise."""
        ruled = self.director_result()
        if ruled is None:
            return lines
        shown = [ruled]
        for line in lines:
            for label in _result_labels():
                if label and line.startswith(label):
                    line = _(AS_PLAYED) + line[len(label) :]
            shown.append(line)
        if turn and len(shown) > 1:
            shown[-1] = _("Closed by the director: nothing more is recorded at this table")
        return shown

    def _check_open(self) -> None:
        """Refuse anything more once the director has closed the table (a ruling)."""
        closed = closed_by(self.stored)
        if closed is not None:
            code, reason = ruling_of(closed)
            ruling = _(RULING_SAID.get(code, N_("a ruling")))
            raise TourneyError(
                _(
                    "{id} is closed: the director ruled on it ({ruling}{value}); "
                    "nothing more is recorded at the table"
                ).format(id=self.id, ruling=ruling, value=": " + reason if reason else "")
            )

    def _check_result_unused(self, what: str) -> None:
        """An undo that makes a finished tournament table unfinished withdraws its result:
        refused once a later round was paired on it (the director adjudicates then)."""
        table = table_of(self.stored[0] if self.stored else None)
        if table is None:
            return
        slug, match = table
        state = self._tournament(slug)
        record = state.matches.get(match)
        if record is not None and state.rounds and state.rounds[-1].round > record.round:
            raise TourneyError(
                _(
                    "cannot undo {what}: round {round} of {title} is paired on "
                    "{id}'s result; the director can adjudicate a corrected one"
                ).format(what=what, round=state.rounds[-1].round, title=state.title, id=self.id)
            )

    def confirm(
        self,
        player: str,
        *,
        at: int | None = None,
        command_id: str | None = None,
        device: Mapping[str, str] | None = None,
    ) -> list[Recorded]:
        """Record ``player``'s confirmation of the finished match's result (a
        ``result_confirmed`` event: once per player, only once the match is over), with
        the ``device`` it came from when known (``{"device": ..., "agent": ...}``: see
        `tourney.web.devices`)."""
        done = self._already(command_id)
        if done is not None:
            return done
        self.check_at(at, command_id)
        self._check_open()

        def build() -> list[NewEvent]:
            from tourney.store.eventstore import NewEvent

            match = self.match
            if not match.finished:
                raise TourneyError(
                    _("{id} is not finished: a result is confirmed once the match is over").format(
                        id=self.id
                    )
                )
            found = find(player, match.players)
            name = found[0] if len(found) == 1 else player
            if name not in match.players:
                raise TourneyError(
                    _("{player!r} is not a player in {id}").format(player=player, id=self.id)
                )
            if name in confirmations(self.stored):
                raise TourneyError(
                    _("{name} has already confirmed the result of {id}").format(
                        name=name, id=self.id
                    )
                )
            payload: dict[str, str] = {"player": name}
            for key in ("device", "agent"):
                value = (device or {}).get(key)
                if isinstance(value, str) and value:
                    payload[key] = value
            return [NewEvent(RESULT_CONFIRMED, payload, recorded_by=self.recorded_by)]

        return self._submit(build, at=at, command_id=command_id)

    def import_events(self, events: Iterable[Any], game: Game | None = None) -> list[Recorded]:
        """Append a whole checked record in one transaction: to a new ad-hoc stream, or to a
        tournament table's own stream when the record continues what the stream holds (the
        way a table's record moves between machines).

        A record never brings its tournament fields on trust: one that names a tournament
        table is imported into that table's stream or not at all."""
        record = list(events)
        first = record[0] if record else None
        names = (
            first.extra.get("match")
            if first is not None and first.type == "match_started"
            else None
        )
        held = self.events()
        if isinstance(names, str) or table_of(self.stored[0] if self.stored else None):
            if not isinstance(names, str) or match_id(names) != match_id(self.id):
                where = f"table {names}" if isinstance(names, str) else "no tournament table"
                raise TourneyError(
                    (
                        _(
                            "the record names {where}, and {id} is a tournament table: a "
                            "table's record is imported into that table only"
                        )
                        if self.stored
                        else _(
                            "the record names {where}, and {id} is not that table: a "
                            "table's record is imported into that table only"
                        )
                    ).format(where=where, id=self.id)
                )
            if record[: len(held)] != held:
                raise TourneyError(
                    _(
                        "the record does not continue what {id} holds ({counted} in "
                        "force): nothing imported"
                    ).format(
                        id=self.id,
                        counted=ngettext("{n} event", "{n} events", len(held)).format(n=len(held)),
                    )
                )
            rest = record[len(held) :]
            if not rest:
                raise TourneyError(
                    _("{id} already holds every event of the record").format(id=self.id)
                )
            return self.append_events(lambda: rest, game=game)
        if self.version:
            raise TourneyError(
                _("match {id} already has {counted}: import under another --id").format(
                    id=self.id,
                    counted=ngettext("{n} event", "{n} events", self.version).format(
                        n=self.version
                    ),
                )
            )
        return self.append_events(lambda: record, game=game)

    def _already(self, command_id: str | None) -> list[Recorded] | None:
        """What submission ``command_id`` recorded, when it is a retry (else None): a
        double tap is answered before anything is decided, for the state it was decided
        against has moved on by its own first attempt."""
        if command_id is None:
            return None
        already = self.store.events_of_command(command_id)
        return self._replayed(already) if already else None

    def check_at(self, at: int | None, command_id: str | None) -> None:
        """Refuse a submission decided against another version than the stream's head —
        unless it is a retry of one already recorded (its ``command_id`` is stored), which
        `_submit` answers with what was recorded then."""
        if at is None or at == self.version:
            return
        if command_id is not None and self.store.events_of_command(command_id):
            return
        if at < 0 or at > self.version:
            raise TourneyError(
                _("--at {at}: {stream} is at version {version}; nothing recorded").format(
                    at=at, stream=self.stream, version=self.version
                )
            )
        moved = [describe(self.stored, v) for v in range(at + 1, self.version + 1)]
        raise TourneyError(
            _(
                "{stream} moved on since v{at} ({moved}): nothing recorded, look again and re-enter"
            ).format(stream=self.stream, at=at, moved="; ".join(moved[-3:]))
        )

    def _submit(
        self,
        build: Callable[[], list[NewEvent]],
        *,
        at: int | None = None,
        command_id: str | None = None,
    ) -> list[Recorded]:
        from tourney.store.errors import ConcurrencyError

        # Decided against the state the scorer last saw (not caught up first): the stated
        # version is what they checked against, so nothing they did not see slips under it.
        if command_id is not None:
            already = self.store.events_of_command(command_id)
            if already:
                return self._replayed(already)
        command_id = command_id or uuid.uuid4().hex
        self.caught_up = []
        new = build()
        try:
            stored = self.store.append(self.stream, new, self.version, command_id)
        except ConcurrencyError:
            if at is not None:
                raise TourneyError(
                    _(
                        "{stream} changed while this was being recorded: nothing "
                        "recorded, look again and re-enter"
                    ).format(stream=self.stream)
                ) from None
            others = self.caught_up = self.refresh()
            _refuse_duplicate(new, others)
            new = build()
            try:
                stored = self.store.append(self.stream, new, self.version, command_id)
            except ConcurrencyError:
                raise TourneyError(
                    _(
                        "{stream} keeps changing under this scorer (another scorer is "
                        "recording): nothing recorded, try again"
                    ).format(stream=self.stream)
                ) from None
        return self._took(stored)

    def _replayed(self, already: Sequence[StoredEvent]) -> list[Recorded]:
        """A retried submission: what its first attempt recorded (nothing is appended)."""
        if any(e.stream_id != self.stream for e in already):
            raise TourneyError(
                _(
                    "submission {command_id} was recorded in {stream_id}, not "
                    "{stream}: nothing recorded"
                ).format(
                    command_id=already[0].command_id,
                    stream_id=already[0].stream_id,
                    stream=self.stream,
                )
            )
        self.refresh()
        return [
            Recorded(
                e.version,
                e.type,
                None if e.type in STREAM_ONLY else to_event(self.game, e.type, e.payload),
                None,
            )
            for e in already
        ]

    def _took(self, stored: list[StoredEvent]) -> list[Recorded]:
        self.stored.extend(stored)
        if stored:
            self.version = stored[-1].version
        if any(e.type in STREAM_ONLY for e in stored):
            if any(e.type == UNDONE for e in stored):
                self._rebuild()
            return [Recorded(e.version, e.type, None, None) for e in stored]
        done = []
        for item in stored:
            event = to_event(self.game, item.type, item.payload)
            done.append(Recorded(item.version, item.type, event, self._apply(item.version, event)))
        return done


def _result_labels() -> tuple[str, ...]:
    """How a game's result line begins in the current language (``Result: ``, ``Over: ``):
    the words before the first placeholder of each result message."""
    from tourney.i18n import page_

    said = (
        page_("Result: {winner} wins — {scores}"),
        page_("Result: {winners} win — {scores}"),
        page_("Result: {winners} share the win — {scores}"),
        _("Over: {winners} won"),
    )
    return tuple(sorted({text.split("{")[0] for text in said}, key=len, reverse=True))


def _refuse_duplicate(new: Sequence[NewEvent], others: Sequence[StoredEvent]) -> None:
    """Refuse to record again what another scorer has just recorded."""
    for event in new:
        for other in others:
            if other.type == event.type and other.payload == dict(event.payload):
                raise TourneyError(
                    _(
                        "another scorer has just recorded the same ({describe}): not recorded twice"
                    ).format(describe=describe(others, other.version))
                )


def _say_tournament(store: EventStore, code: str, found: str) -> None:
    """With several tournaments in the store, a table code is the newest one's table: say
    so (a line after the command's output), and how to name another's."""
    from tourney.streams.tournaments import slugs

    every = slugs(store)
    if len(every) > 1:
        store.warnings.append(
            ngettext(
                "{code} is {found}, in {newest} (the newest of {count} tournament: {every}); "
                "name another tournament's table by its match id",
                "{code} is {found}, in {newest} (the newest of {count} tournaments: {every}); "
                "name another tournament's table by its match id",
                len(every),
            ).format(
                code=code, found=found, newest=every[-1], count=len(every), every=", ".join(every)
            )
        )
