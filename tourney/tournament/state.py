"""A tournament's state as a fold over its events.

`evolve(state, event)` never fails: events are facts. The decisions that extend a
tournament live beside it: `create` (a new tournament), `entries` (registration,
withdrawal, partnerships), `pairing` (rounds of every format) and `rulings` (results and
the director's decisions); each `decide_*` function checks a command against the state and
returns the events to append, or raises `TournamentError` with one line that names what
and where.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import TYPE_CHECKING, TypeVar, cast

from tourney.i18n import _
from tourney.tournament.errors import RoundError as RoundError
from tourney.tournament.errors import TournamentError as TournamentError
from tourney.tournament.events import (
    EVENT_MODULES,
    LanguageSet,
    PairedTable,
    PlayerRegistered,
    RoundPaired,
    TournamentCreated,
    TournamentEvent,
)
from tourney.tournament.format import find
from tourney.tournament.matches import (
    MatchRecord,
    Outcome,
    RecordedPlay,
    forfeit_outcome,
)
from tourney.tournament.notes.notes import Who, note
from tourney.tournament.records.disputes_state import Disputes, replaced
from tourney.tournament.records.groups_state import Groups
from tourney.tournament.records.penalties_state import Sanctions
from tourney.tournament.records.room_state import Room

if TYPE_CHECKING:
    from tourney.tournament.entry_events import (
        EntryEvent,
        PartnershipFormed,
        PlayerRemoved,
        PlayerWithdrawn,
    )
    from tourney.tournament.result_events import (
        AdjudicatedResult,
        Forfeit,
        MatchResultRecorded,
        MatchStoppedByTime,
        MatchVoided,
        NoShow,
        ResultEntered,
        ResultEvent,
        TablePlayReplaced,
    )
    from tourney.tournament.round_events import (
        DecidingMatchPaired,
        DraftSwapped,
        RoundDrafted,
        RoundEvent,
        RoundRemoved,
        ScheduleFixed,
    )

_K = TypeVar("_K")
_V = TypeVar("_V")
_D = TypeVar("_D")


@dataclass(frozen=True)
class Player:
    player_id: str
    name: str
    order: int
    club: str | None = None
    rating: int | None = None
    seed: int | None = None
    withdrawn: bool = False
    team: str | None = None
    start_points: Fraction = Fraction(0)


@dataclass(frozen=True)
class Team:
    team_id: str
    name: str
    members: tuple[str, str]
    order: int


@dataclass(frozen=True)
class TournamentState:
    """Everything the events so far say. Mappings are never mutated after construction."""

    settings: TournamentCreated | None = None
    players: Mapping[str, Player] = field(default_factory=dict)
    teams: Mapping[str, Team] = field(default_factory=dict)
    rounds: tuple[RoundPaired, ...] = ()
    matches: Mapping[str, MatchRecord] = field(default_factory=dict)
    deciding: tuple[DecidingMatchPaired, ...] = ()
    schedule: ScheduleFixed | None = None
    removed: frozenset[str] = frozenset()
    """Ids of registrations taken back (`PlayerRemoved`): never given to another player."""
    draft: RoundPaired | None = None
    """The next round's pairing under review (`RoundDrafted`), until published or dropped."""
    room: Room = field(default_factory=Room)
    """The round clock and the calls to the director (`tourney.tournament.records.room`)."""
    language: str | None = None
    """The language its site and sheets come out in (`LanguageSet`); None: not chosen."""
    groups: Groups = field(default_factory=Groups)
    """Groups -> knockout: the pools and the knockout's seeding (`tournament.records.groups`)."""
    removed_rounds: tuple[RoundRemoved, ...] = ()
    """Rounds the director removed (`RoundRemoved`), oldest first: their tables, byes and
    results are gone from `rounds` and `matches`."""
    disputes: Disputes = field(default_factory=Disputes)
    """Results disputed at the tables and how each ended (`tourney.tournament.records.disputes`)."""
    sanctions: Sanctions = field(default_factory=Sanctions)
    """Penalties and warnings (`tourney.tournament.records.penalties`)."""

    @property
    def created(self) -> TournamentCreated:
        if self.settings is None:
            raise TournamentError(_("no tournament has been created in this stream"))
        return self.settings

    def match_id(self, round_number: int, table: int) -> str:
        """The id of table `table`'s match in round `round_number`, whatever the format:
        ``slug-rN-tK``, then ``-p2``, ``-p3``... for a round paired again after the director
        removed it (`RoundRemoved`: the old tables' streams stay, under their ids)."""
        again = sum(1 for removed in self.removed_rounds if removed.round == round_number)
        suffix = f"-p{again + 1}" if again else ""
        return f"{self.created.slug}-r{round_number}-t{table}{suffix}"

    @property
    def title(self) -> str:
        return repr(self.settings.name) if self.settings else "the tournament"

    def entrant_ids(self) -> tuple[str, ...]:
        """Players, or partnerships in a partnership tournament, in registration order."""
        if self.settings is not None and self.settings.partnerships and not self.rotating:
            return tuple(self.teams)
        return tuple(self.players)

    @property
    def rotating(self) -> bool:
        """Rotating partners: players are the entrants, partnerships drawn each round."""
        if self.settings is None:
            return False
        fmt = find(self.settings.format)  # unknown: refused where it is paired or ranked
        return fmt is not None and fmt.rotating_partners

    def entrant_name(self, entrant: str) -> str:
        if entrant in self.teams:
            return self.teams[entrant].name
        return self.players[entrant].name

    def entrant_withdrawn(self, entrant: str) -> bool:
        if entrant in self.teams:
            return any(self.players[m].withdrawn for m in self.teams[entrant].members)
        return self.players[entrant].withdrawn

    def entrant_club(self, entrant: str) -> str | None:
        if entrant in self.teams:
            clubs = {self.players[m].club for m in self.teams[entrant].members}
            return clubs.pop() if len(clubs) == 1 else None
        return self.players[entrant].club

    def entrant_start_points(self, entrant: str) -> Fraction:
        """Match points the entrant started with (a late entry's; 0 for partnerships)."""
        if entrant in self.teams:
            return Fraction(0)
        return self.players[entrant].start_points

    def active_entrants(self) -> tuple[str, ...]:
        """The entrants to pair: not withdrawn, and checked in when check-in is required."""
        return tuple(
            e
            for e in self.entrant_ids()
            if not self.entrant_withdrawn(e) and self.entrant_present(e)
        )

    def entrant_present(self, entrant: str) -> bool:
        """Checked in (every member of a partnership), or check-in is not required."""
        if not self.room.check_in:
            return True
        members = self.teams[entrant].members if entrant in self.teams else (entrant,)
        return all(m in self.room.checked_in for m in members)

    def entrant_penalty(self, entrant: str) -> Fraction:
        """Match points the penalties in force take off the entrant (a partnership pays
        for each partner's)."""
        if not self.sanctions.given:
            return Fraction(0)
        members = self.teams[entrant].members if entrant in self.teams else (entrant,)
        return self.sanctions.penalty(members)

    def byes(self) -> list[str]:
        """One entrant id per bye received, round by round."""
        return [entrant for paired in self.rounds for entrant in paired.byes]

    def round_matches(self, number: int) -> list[MatchRecord]:
        return [m for m in self.matches.values() if m.round == number]


def evolve(state: TournamentState, event: TournamentEvent) -> TournamentState:
    """The state after `event`. Pure: `state` is left as it was (except the maps `fold`
    hands it, which only `fold`'s loop holds: see there).

    Events are told apart by their type's name: an event's class is loaded with the first
    one a stream holds (`events.EVENT_MODULES`), never here."""
    kind = event.type
    module = EVENT_MODULES.get(kind, "")
    if module.startswith(RECORDS):
        return _evolve_record(state, module, event)
    if isinstance(event, PlayerRegistered):
        player = Player(
            event.player_id,
            event.name,
            len(state.players) + len(state.removed),  # after every order given so far
            event.club,
            event.rating,
            event.seed,
            start_points=event.start_points,
        )
        return _replace(state, players=_with(state.players, event.player_id, player))
    if isinstance(event, RoundPaired):
        if state.rotating:
            state = _replace(state, teams=_drawn_partnerships(state, event.tables))
        matches = _copied(state.matches)
        for table in event.tables:
            matches[table.match_id] = MatchRecord(
                table.match_id, event.round, table.number, table.seats, _sides(state, table.seats)
            )
        return _replace(state, rounds=(*state.rounds, event), matches=matches, draft=None)
    if isinstance(event, TournamentCreated):
        return _replace(state, settings=event)
    if isinstance(event, LanguageSet):
        return _replace(state, language=event.language)
    if kind in RESULT_TYPES:
        return _evolve_result(state, cast("ResultEvent", event))
    if kind == "table_play_replaced":
        replacing = cast("TablePlayReplaced", event)
        held = state.matches.get(replacing.match_id)
        if held is None:
            return state
        play = RecordedPlay(
            replacing.version, replacing.scores, replacing.winners, replacing.finished
        )
        return _replace(
            state, matches=_with(state.matches, held.match_id, _replace(held, replaced=play))
        )
    if module == "tourney.tournament.entry_events":
        return _evolve_entry(state, cast("EntryEvent", event))
    return _evolve_round(state, cast("RoundEvent", event))


RECORDS = "tourney.tournament.records."
RULING_TYPES = frozenset(
    (
        "result_adjudicated",
        "result_entered",
        "forfeit_declared",
        "no_show_declared",
        "match_voided",
        "match_stopped_by_time",
    )
)
"""The director's results (and the clock's): one over a result keeps that in `earlier`."""
RESULT_TYPES = RULING_TYPES | {"match_result_recorded", "match_result_withdrawn"}
"""The events that set or take back a match's result (`result_events`, but for
`TablePlayReplaced`, which keeps the table's play beside the ruling that follows it)."""


def _evolve_entry(state: TournamentState, event: EntryEvent) -> TournamentState:
    """The state after a registration taken back, a partnership formed or a withdrawal."""
    if event.type == "player_removed":
        removed = cast("PlayerRemoved", event).player_id
        players = {k: v for k, v in state.players.items() if k != removed}
        return _replace(state, players=players, removed=state.removed | {removed})
    if event.type == "partnership_formed":
        formed = cast("PartnershipFormed", event)
        players = _copied(state.players)
        for member in formed.members:
            players[member] = replace(players[member], team=formed.team_id)
        team = Team(formed.team_id, formed.name, formed.members, len(state.teams))
        return _replace(state, players=players, teams={**state.teams, formed.team_id: team})
    left = cast("PlayerWithdrawn", event).player_id
    withdrawn = replace(state.players[left], withdrawn=True)
    return _replace(state, players=_with(state.players, left, withdrawn))


def _evolve_round(state: TournamentState, event: RoundEvent) -> TournamentState:
    """The state after a draft's event, a round robin's schedule, a round removed or a
    knockout's deciding match."""
    kind = event.type
    if kind == "round_drafted":
        return _replace(state, draft=cast("RoundDrafted", event).paired)
    if kind == "draft_dropped":
        return _replace(state, draft=None)
    if kind == "draft_swapped":
        return _replace(state, draft=swapped(state, cast("DraftSwapped", event)))
    if kind == "schedule_fixed":
        return _replace(state, schedule=cast("ScheduleFixed", event))
    if kind == "round_removed":
        removal = cast("RoundRemoved", event)
        kept = {k: m for k, m in state.matches.items() if m.round != removal.round}
        disputes = state.disputes
        for dispute in disputes.open():
            if dispute.match_id not in kept:
                disputes = replaced(disputes, dispute.match_id, None)
        return _replace(
            state,
            disputes=disputes,
            rounds=tuple(r for r in state.rounds if r.round != removal.round),
            matches=_Owned(kept) if type(state.matches) is _Owned else kept,
            deciding=tuple(d for d in state.deciding if d.round != removal.round),
            removed_rounds=(*state.removed_rounds, removal),
        )
    deciding = cast("DecidingMatchPaired", event)
    table = deciding.table
    record = MatchRecord(
        table.match_id,
        deciding.round,
        table.number,
        table.seats,
        _sides(state, table.seats),
        decides=deciding.decides,
    )
    return _replace(
        state,
        matches=_with(state.matches, table.match_id, record),
        deciding=(*state.deciding, deciding),
    )


def _evolve_record(state: TournamentState, module: str, event: TournamentEvent) -> TournamentState:
    """The state after a record's event (`tourney.tournament.records`): its ``module`` is
    loaded here, with the first such event a stream holds."""
    if module == "tourney.tournament.records.room":
        from tourney.tournament.records.room import RoomEvent, evolve_room

        return _replace(state, room=evolve_room(state.room, cast(RoomEvent, event)))
    if module == "tourney.tournament.records.penalties":
        from tourney.tournament.records.penalties import SanctionEvent, evolve_sanctions

        given = cast(SanctionEvent, event)
        return _replace(state, sanctions=evolve_sanctions(state.sanctions, given))
    if module == "tourney.tournament.records.disputes":
        from tourney.tournament.records.disputes import (
            DisputeEvent,
            ResultDisputed,
            evolve_disputes,
        )

        said = cast(DisputeEvent, event)
        held = state.matches.get(said.match_id) if isinstance(said, ResultDisputed) else None
        outcome = held.outcome if held is not None else None
        return _replace(state, disputes=evolve_disputes(state.disputes, said, outcome))
    from tourney.tournament.records.groups import GroupsEvent, evolve_groups

    return _replace(state, groups=evolve_groups(state.groups, cast(GroupsEvent, event)))


def _evolve_result(state: TournamentState, event: ResultEvent) -> TournamentState:
    """The state after a match's result, or a ruling on it; a ruling that changed a
    disputed result closes its open disputes as replaced."""
    after = _resulted(state, event)
    if after is not state and state.disputes.raised:
        match_id = event.match_id
        if match_id in after.matches:
            outcome = after.matches[match_id].outcome
            after = _replace(after, disputes=replaced(state.disputes, match_id, outcome))
    return after


def _resulted(state: TournamentState, event: ResultEvent) -> TournamentState:
    match = state.matches.get(event.match_id)
    if match is None:
        return state
    kind = event.type
    if (
        kind in RULING_TYPES
        and match.outcome is not None
        and match.outcome.kind != "played"  # the table's own: `TablePlayReplaced` keeps it
    ):
        # the ruling replaced stands no more: nor do its forfeits and absences
        match = _replace(match, earlier=(*match.earlier, match.outcome), forfeited=(), no_show=())
    outcome: Outcome | None
    if kind == "match_result_withdrawn":
        outcome = None if match.outcome is None or match.outcome.kind == "played" else match.outcome
    elif kind == "match_result_recorded":
        recorded = cast("MatchResultRecorded", event)
        outcome = Outcome(recorded.scores, recorded.winners)
    elif kind == "result_adjudicated":
        ruled = cast("AdjudicatedResult", event)
        outcome = Outcome(ruled.scores, ruled.winners, "adjudicated", ruled.reason)
    elif kind == "match_stopped_by_time":
        # the reason is the rule's code (said at reading), or a note of its own if one was kept
        stopped = cast("MatchStoppedByTime", event)
        outcome = Outcome(stopped.scores, stopped.winners, "time", stopped.note or stopped.rule)
    elif kind == "result_entered":
        entered = cast("ResultEntered", event)
        outcome = Outcome(entered.scores, entered.winners, "paper", entered.note, match.forfeited)
    elif kind == "forfeit_declared":
        forfeit = cast("Forfeit", event)
        if forfeit.others == "play_on":
            # The others finish the match without these sides; its result is entered later.
            pending = _replace(match, outcome=None, forfeited=forfeit.sides)
            return _replace(state, matches=_with(state.matches, match.match_id, pending))
        outcome = forfeit_outcome(len(match.sides), forfeit.sides, "forfeit", forfeit.reason)
        match = _replace(match, forfeited=())
    elif kind == "no_show_declared":
        no_show = cast("NoShow", event)
        absent = sides_of_players(state, match, no_show.player_ids)
        names = ", ".join(state.players[p].name for p in no_show.player_ids)
        match = _replace(match, no_show=no_show.player_ids, forfeited=absent)
        if no_show.others == "play_on":  # those present finish the match; its result to come
            pending = _replace(match, outcome=None)
            return _replace(state, matches=_with(state.matches, match.match_id, pending))
        outcome = forfeit_outcome(len(match.sides), absent, "no_show", names)
    else:
        assert kind == "match_voided"
        outcome = Outcome((0,) * len(match.sides), (), "void", cast("MatchVoided", event).reason)
    return _replace(
        state, matches=_with(state.matches, match.match_id, _replace(match, outcome=outcome))
    )


def fold(
    events: Iterable[TournamentEvent], state: TournamentState | None = None
) -> TournamentState:
    """Replay `events` from `state` (default: the empty state).

    No one but this loop sees the states between two events, so it lets `evolve` update
    their players and matches in place (`_Owned` maps, as Clojure's transients) instead of
    copying every match for each result: a fold is linear in the events, not quadratic.
    The state returned holds plain dicts again, which `evolve` never mutates.
    """
    current = state or TournamentState()
    current = _replace(current, players=_Owned(current.players), matches=_Owned(current.matches))
    for event in events:
        current = evolve(current, event)
    return _replace(current, players=dict(current.players), matches=dict(current.matches))


def _replace(record: _D, **changes: object) -> _D:
    """`dataclasses.replace` for the frozen dataclasses folded here (`TournamentState`,
    `MatchRecord`: no `__post_init__`, no `init=False` field, no slots, no cached value):
    a copy of the record's fields with `changes` over them. `dataclasses.replace` calls
    `__init__`, which sets each field through `object.__setattr__`; for a state of fifteen
    fields that was a third of a season's fold (`tourney ratings`, bench/FINDINGS.md)."""
    fields = record.__dict__
    if not changes.keys() <= fields.keys():
        unknown = ", ".join(sorted(changes.keys() - fields.keys()))
        raise TypeError(f"{type(record).__name__} has no field {unknown}")
    new = object.__new__(type(record))
    new.__dict__.update(fields, **changes)
    return new


class _Owned(dict):  # type: ignore[type-arg]
    """A map only `fold`'s loop holds: `_with` and `_copied` update it in place."""


def _with(mapping: Mapping[_K, _V], key: _K, value: _V) -> Mapping[_K, _V]:
    """`mapping` with `key` set to `value`: a new dict, or in place inside `fold`."""
    if type(mapping) is _Owned:
        mapping[key] = value
        return mapping
    return {**mapping, key: value}


def _copied(mapping: Mapping[_K, _V]) -> dict[_K, _V]:
    """A dict of `mapping` to update: a copy, or the map itself inside `fold`."""
    return mapping if type(mapping) is _Owned else dict(mapping)


def swapped(state: TournamentState, event: DraftSwapped) -> RoundPaired | None:
    """The draft with two players' places exchanged (seats or byes), the reason kept in
    the round's notes."""
    draft = state.draft
    if draft is None:
        return None
    a, b = event.first, event.second

    def other(player: str) -> str:
        return b if player == a else a if player == b else player

    tables = tuple(replace(t, seats=tuple(other(p) for p in t.seats)) for t in draft.tables)
    byes = tuple(other(p) for p in draft.byes)
    said = note("draft.swapped", first=Who(a), second=Who(b), reason=event.reason)
    return replace(draft, tables=tables, byes=byes, notes=(*draft.notes, said))


def partnership_id(state: TournamentState, first: str, second: str) -> str:
    """A rotating-partners partnership's id: its two player ids joined by ``+``, the one
    registered first first (the same two partners are one partnership every round)."""
    a, b = sorted((first, second), key=lambda p: state.players[p].order)
    return f"{a}+{b}"


def _drawn_partnerships(state: TournamentState, tables: Sequence[PairedTable]) -> dict[str, Team]:
    """The partnerships a rotating-partners round draws (seats 1+3 and 2+4 of each table),
    added to those of earlier rounds."""
    teams = dict(state.teams)
    for table in tables:
        if len(table.seats) != 4:
            continue
        for first, second in (table.seats[0::2], table.seats[1::2]):
            team_id = partnership_id(state, first, second)
            if team_id not in teams:
                a, b = team_id.split("+")
                name = f"{state.players[a].name} & {state.players[b].name}"
                teams[team_id] = Team(team_id, name, (a, b), len(teams))
    return teams


def _sides(state: TournamentState, seats: tuple[str, ...]) -> tuple[str, ...]:
    if state.rotating and len(seats) == 4:
        return (
            partnership_id(state, seats[0], seats[2]),
            partnership_id(state, seats[1], seats[3]),
        )
    if state.settings is not None and state.settings.partnerships:
        teams = [state.players[seat].team for seat in seats[:2]]
        return tuple(t for t in teams if t is not None)
    return seats


def sides_of_players(
    state: TournamentState, match: MatchRecord, player_ids: Sequence[str]
) -> tuple[int, ...]:
    sides: set[int] = set()
    for player in player_ids:
        if player in match.sides:
            sides.add(match.sides.index(player))
        elif state.rotating and player in match.seats and len(match.seats) == 4:
            sides.add(match.seats.index(player) % 2)  # this round's partnership: 1+3, 2+4
        else:
            team = state.players[player].team
            if team in match.sides:
                sides.add(match.sides.index(team))
    return tuple(sorted(sides))
