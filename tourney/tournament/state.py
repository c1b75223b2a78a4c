"""A tournament's state as a fold over its events, and the decisions that extend it.

`evolve(state, event)` never fails: events are facts. Each `decide_*` function checks a
command against the state and returns the events to append, or raises `TournamentError`
with one line that names what and where.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import TypeVar, cast

from tourney import limits, names
from tourney.errors import TourneyError, quote
from tourney.names import clean_name, clean_optional
from tourney.tournament import elimination, roundrobin
from tourney.tournament.events import (
    DEFAULT_TIE_BREAKS,
    FORMATS,
    SEEDINGS,
    TIE_BREAKS,
    AdjudicatedResult,
    DecidingMatchPaired,
    Forfeit,
    Format,
    MatchResultRecorded,
    MatchResultWithdrawn,
    MatchVoided,
    NoShow,
    PairedTable,
    PartnershipFormed,
    PlayerRegistered,
    PlayerWithdrawn,
    RoundPaired,
    ScheduleFixed,
    Seeding,
    TieBreak,
    TournamentCreated,
    TournamentEvent,
    tie_break_name,
)
from tourney.tournament.matches import (
    MatchRecord,
    Outcome,
    forfeit_outcome,
    match_points,
    parse_share,
)
from tourney.tournament.seating import SeatRecord, seat_order
from tourney.tournament.swiss import SwissEntrant, pair_swiss

_T = TypeVar("_T")


class TournamentError(TourneyError):
    """A tournament command the rules refuse; the message names what and where."""


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

    @property
    def created(self) -> TournamentCreated:
        if self.settings is None:
            raise TournamentError("no tournament has been created in this stream")
        return self.settings

    @property
    def title(self) -> str:
        return repr(self.settings.name) if self.settings else "the tournament"

    def entrant_ids(self) -> tuple[str, ...]:
        """Players, or partnerships in a partnership tournament, in registration order."""
        if self.settings is not None and self.settings.partnerships:
            return tuple(self.teams)
        return tuple(self.players)

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

    def active_entrants(self) -> tuple[str, ...]:
        return tuple(e for e in self.entrant_ids() if not self.entrant_withdrawn(e))

    def byes(self) -> list[str]:
        """One entrant id per bye received, round by round."""
        return [entrant for paired in self.rounds for entrant in paired.byes]

    def round_matches(self, number: int) -> list[MatchRecord]:
        return [m for m in self.matches.values() if m.round == number]


def evolve(state: TournamentState, event: TournamentEvent) -> TournamentState:
    """The state after `event`. Pure: `state` is left as it was."""
    if isinstance(event, TournamentCreated):
        return replace(state, settings=event)
    if isinstance(event, PlayerRegistered):
        player = Player(
            event.player_id,
            event.name,
            len(state.players),
            event.club,
            event.rating,
            event.seed,
        )
        return replace(state, players={**state.players, event.player_id: player})
    if isinstance(event, PartnershipFormed):
        players = dict(state.players)
        for member in event.members:
            players[member] = replace(players[member], team=event.team_id)
        team = Team(event.team_id, event.name, event.members, len(state.teams))
        return replace(state, players=players, teams={**state.teams, event.team_id: team})
    if isinstance(event, PlayerWithdrawn):
        withdrawn = replace(state.players[event.player_id], withdrawn=True)
        return replace(state, players={**state.players, event.player_id: withdrawn})
    if isinstance(event, RoundPaired):
        matches = dict(state.matches)
        for table in event.tables:
            matches[table.match_id] = MatchRecord(
                table.match_id, event.round, table.number, table.seats, _sides(state, table.seats)
            )
        return replace(state, rounds=(*state.rounds, event), matches=matches)
    if isinstance(event, ScheduleFixed):
        return replace(state, schedule=event)
    if isinstance(event, DecidingMatchPaired):
        table = event.table
        record = MatchRecord(
            table.match_id,
            event.round,
            table.number,
            table.seats,
            _sides(state, table.seats),
            decides=event.decides,
        )
        return replace(
            state,
            matches={**state.matches, table.match_id: record},
            deciding=(*state.deciding, event),
        )
    return _evolve_result(state, event)


def _evolve_result(state: TournamentState, event: TournamentEvent) -> TournamentState:
    match: MatchRecord | None = None
    if isinstance(
        event,
        MatchResultRecorded
        | MatchResultWithdrawn
        | AdjudicatedResult
        | Forfeit
        | NoShow
        | MatchVoided,
    ):
        match = state.matches.get(event.match_id)
    if match is None:
        return state
    outcome: Outcome | None
    if isinstance(event, MatchResultWithdrawn):
        outcome = None if match.outcome is None or match.outcome.kind == "played" else match.outcome
    elif isinstance(event, MatchResultRecorded):
        outcome = Outcome(event.scores, event.winners)
    elif isinstance(event, AdjudicatedResult):
        outcome = Outcome(event.scores, event.winners, "adjudicated", event.reason)
    elif isinstance(event, Forfeit):
        outcome = forfeit_outcome(len(match.sides), event.sides, "forfeit", event.reason)
    elif isinstance(event, NoShow):
        absent = _sides_of_players(state, match, event.player_ids)
        names = ", ".join(state.players[p].name for p in event.player_ids)
        outcome = forfeit_outcome(len(match.sides), absent, "no_show", f"no-show: {names}")
    else:
        assert isinstance(event, MatchVoided)
        outcome = Outcome((0,) * len(match.sides), (), "void", event.reason)
    return replace(
        state, matches={**state.matches, match.match_id: replace(match, outcome=outcome)}
    )


def fold(
    events: Iterable[TournamentEvent], state: TournamentState | None = None
) -> TournamentState:
    """Replay `events` from `state` (default: the empty state)."""
    current = state or TournamentState()
    for event in events:
        current = evolve(current, event)
    return current


def _sides(state: TournamentState, seats: tuple[str, ...]) -> tuple[str, ...]:
    if state.settings is not None and state.settings.partnerships:
        teams = [state.players[seat].team for seat in seats[:2]]
        return tuple(t for t in teams if t is not None)
    return seats


def _sides_of_players(
    state: TournamentState, match: MatchRecord, player_ids: Sequence[str]
) -> tuple[int, ...]:
    sides: set[int] = set()
    for player in player_ids:
        if player in match.sides:
            sides.add(match.sides.index(player))
        else:
            team = state.players[player].team
            if team in match.sides:
                sides.add(match.sides.index(team))
    return tuple(sorted(sides))


# -- setting up ------------------------------------------------------------------------


def slugify(name: str) -> str:
    """``"Tuesday Club Night!"`` -> ``"tuesday-club-night"`` (``"Zoë's Cup"`` -> ``"zoe-s-cup"``:
    accents folded away first)."""
    return re.sub(r"[^a-z0-9]+", "-", names.fold(name)).strip("-")


def decide_create(
    state: TournamentState,
    name: str,
    *,
    format: str,
    table_size: int,
    rounds: int,
    slug: str | None = None,
    partnerships: bool = False,
    target: int = 61,
    shared_win: str = "split",
    bye_points: Fraction = Fraction(1),
    tie_breaks: Sequence[str] = DEFAULT_TIE_BREAKS,
    third_place: bool = False,
    seeding: str = "rating",
) -> list[TournamentEvent]:
    """Create a tournament; `rounds` is ignored (0) for elimination, set by the bracket.

    Every value is checked against `tourney.limits` and the name is cleaned
    (`tourney.names.clean_name`): what is stored here is read by every later command.
    """
    if state.settings is not None:
        raise TournamentError(f"tournament {state.title} already exists in this stream")
    if not isinstance(name, str) or not name.strip():
        raise TournamentError("a tournament needs a name")
    name = clean_name(name, "tournament name")
    slug = slugify(clean_name(slug, "slug") if slug else name)
    if not slug:
        raise TournamentError(
            f"cannot make a slug from {quote(name)}: give one with letters or digits"
        )
    if format not in FORMATS:
        raise TournamentError(f"unknown format {quote(format)}: choose one of {', '.join(FORMATS)}")
    if table_size not in (2, 3, 4) or isinstance(table_size, bool):
        raise TournamentError(f"table size {quote(table_size)} for {name!r}: tables seat 2, 3 or 4")
    if partnerships and table_size != 4:
        raise TournamentError(f"partnerships need tables of 4, not {table_size} ({name!r})")
    if format != "elimination":
        limits.ROUNDS.check(rounds, repr(name))
    limits.TARGET.check(target, repr(name))
    if shared_win not in ("split", "full"):
        limits.parse_points(shared_win, "shared-win scoring", repr(name), high=1)
        parse_share(shared_win)
    if not isinstance(bye_points, Fraction):
        raise TournamentError(f"bye points {quote(bye_points)} for {name!r}: not a fraction")
    limits.check_points(bye_points, "bye points", repr(name))
    tie_breaks = [tie_break_name(t) for t in tie_breaks]
    unknown = [t for t in tie_breaks if t not in TIE_BREAKS]
    if unknown or len(set(tie_breaks)) != len(tie_breaks):
        raise TournamentError(
            f"tie-breaks {', '.join(quote(t) for t in tie_breaks)}: "
            f"use each of {', '.join(TIE_BREAKS)} at most once"
        )
    sides = 2 if partnerships else table_size
    if third_place and (format != "elimination" or sides != 2):
        raise TournamentError(
            "a third-place match needs a single-elimination bracket with 2 sides a table"
        )
    if seeding not in SEEDINGS:
        raise TournamentError(
            f"unknown seeding {quote(seeding)}: choose one of {', '.join(SEEDINGS)}"
        )
    return [
        TournamentCreated(
            name=name,
            slug=slug,
            format=cast(Format, format),
            table_size=table_size,
            rounds=rounds if format != "elimination" else 0,
            partnerships=partnerships,
            target=target,
            shared_win=shared_win,
            bye_points=bye_points,
            tie_breaks=cast(tuple[TieBreak, ...], tuple(tie_breaks)),
            third_place=third_place,
            seeding=cast(Seeding, seeding),
        )
    ]


# -- entries ---------------------------------------------------------------------------


def last_round(state: TournamentState) -> int:
    """How many rounds this tournament has (for a bracket: as the field stands)."""
    settings = state.created
    if settings.format == "elimination":
        field_size = len(_bracket_field(state))
        return elimination.round_count(field_size, settings.sides_per_table)
    if settings.format == "round_robin":
        return len(round_robin_schedule(state).rounds)
    return settings.rounds


def _registration_closed(state: TournamentState) -> str | None:
    settings = state.created
    if settings.format == "swiss" and len(state.rounds) >= settings.rounds:
        return f"the last round ({settings.rounds}) of {state.title} is already paired"
    if settings.format != "swiss" and state.rounds:
        kind = "round-robin schedule" if settings.format == "round_robin" else "bracket"
        return f"the {kind} of {state.title} was fixed when round 1 was paired"
    return None


def decide_register(
    state: TournamentState,
    player_id: str,
    name: str,
    *,
    club: str | None = None,
    rating: int | None = None,
    seed: int | None = None,
) -> list[TournamentEvent]:
    """Register a player; late entries are accepted until registration closes.

    The name and club are cleaned (`tourney.names.clean_name`) and the rating and seed
    checked against `tourney.limits`. Raises when the name (ignoring case, accents and
    spacing: `tourney.names.fold`) or the id is taken, when the field is full, or when the
    last round (Swiss) or round 1 (round robin, elimination) has been paired.
    """
    if not isinstance(name, str) or not name.strip():
        raise TournamentError(f"player {player_id!r} needs a name")
    name = clean_name(name, "player name")
    club = clean_optional(club, f"club of {name!r}")
    if rating is not None:
        limits.RATING.check(rating, repr(name))
    if seed is not None:
        limits.SEED.check(seed, repr(name))
    closed = _registration_closed(state)
    if closed:
        raise TournamentError(f"cannot register {name!r}: {closed}")
    if len(state.players) >= limits.PLAYERS.high:
        raise TournamentError(
            f"cannot register {name!r}: {state.title} has {len(state.players)} players, "
            f"the most one tournament takes"
        )
    if player_id in state.players:
        raise TournamentError(f"cannot register {name!r}: player id {player_id!r} is taken")
    key = names.fold(name)
    for other in state.players.values():
        if names.fold(other.name) == key:
            raise TournamentError(
                f"cannot register {name!r}: {other.name!r} is already registered "
                f"in {state.title} (as {other.player_id}; names are compared ignoring case "
                "and accents)"
            )
    return [PlayerRegistered(player_id, name, club, rating, seed)]


def decide_register_all(
    state: TournamentState, registrations: Iterable[PlayerRegistered]
) -> list[TournamentEvent]:
    """Register many players at once (a CSV import): all of them or, on any error, none."""
    events: list[TournamentEvent] = []
    current = state
    for entry in registrations:
        for event in decide_register(
            current,
            entry.player_id,
            entry.name,
            club=entry.club,
            rating=entry.rating,
            seed=entry.seed,
        ):
            current = evolve(current, event)
            events.append(event)
    return events


def decide_register_from(
    state: TournamentState, previous: TournamentState, top: int | None = None
) -> list[TournamentEvent]:
    """Register the players of a finished (or running) tournament in their standings order,
    each with their rank as seed: with ``seeding="previous"`` the bracket is seeded from it.

    ``top`` keeps the first ``top`` ranked entrants (withdrawn entrants are left out; a
    partnership's members come in together). All of them or, on any error, none.
    """
    from tourney.tournament.standings import standings_of

    rows = [row for row in standings_of(previous) if not row.withdrawn]
    if top is not None:
        if top < 1:
            raise TournamentError(f"--top must be at least 1, not {top}")
        rows = rows[:top]
    if not rows:
        raise TournamentError(f"{previous.title} has no standings to carry over")
    first = len(state.players) + 1
    entries: list[PlayerRegistered] = []
    for row in rows:
        members = (
            previous.teams[row.entrant_id].members
            if row.entrant_id in previous.teams
            else (row.entrant_id,)
        )
        for member in members:
            player = previous.players[member]
            entries.append(
                PlayerRegistered(
                    f"p{first + len(entries)}", player.name, player.club, player.rating, row.rank
                )
            )
    return decide_register_all(state, entries)


def _lookup(state: TournamentState, table: Mapping[str, _T], key: str, what: str) -> _T:
    try:
        return table[key]
    except KeyError:
        raise TournamentError(f"no {what} {key!r} in {state.title}") from None


def _player(state: TournamentState, player_id: str) -> Player:
    return _lookup(state, state.players, player_id, "player")


def decide_withdraw(
    state: TournamentState, player_id: str, reason: str = ""
) -> list[TournamentEvent]:
    """Withdraw a player: they keep their results and are never paired again."""
    reason = clean_optional(reason, "reason", limits.REASON_LENGTH) or ""
    player = _player(state, player_id)
    if player.withdrawn:
        raise TournamentError(f"{player.name!r} has already withdrawn from {state.title}")
    return [PlayerWithdrawn(player_id, reason)]


def decide_form_partnership(
    state: TournamentState, team_id: str, members: tuple[str, str], name: str | None = None
) -> list[TournamentEvent]:
    """Pair two registered players into a fixed partnership (before round 1)."""
    if not state.created.partnerships:
        raise TournamentError(f"{state.title} is not a partnership tournament")
    if state.rounds:
        raise TournamentError(f"partnerships of {state.title} were fixed when round 1 was paired")
    first, second = (_player(state, m) for m in members)
    if first.player_id == second.player_id:
        raise TournamentError(f"{first.name!r} cannot partner themselves")
    for player in (first, second):
        if player.team is not None:
            raise TournamentError(
                f"{player.name!r} already plays in partnership {state.teams[player.team].name!r}"
            )
    if team_id in state.teams:
        raise TournamentError(f"partnership id {team_id!r} is taken in {state.title}")
    name = clean_optional(name, "partnership name")
    return [PartnershipFormed(team_id, name or f"{first.name} & {second.name}", members)]


# -- pairing ---------------------------------------------------------------------------


def seed_key(state: TournamentState, entrant: str) -> tuple[int, int, int]:
    """Sort key for seeding: by rating (highest first), previous rank, or registration."""
    settings = state.created
    if entrant in state.teams:
        team = state.teams[entrant]
        members = [state.players[m] for m in team.members]
        order = team.order
    else:
        members = [state.players[entrant]]
        order = members[0].order
    ratings = [p.rating for p in members]
    seeds = [p.seed for p in members if p.seed is not None]
    if settings.seeding == "rating":
        if any(r is None for r in ratings):
            return (1, 0, order)
        return (0, -sum(r for r in ratings if r is not None), order)
    if settings.seeding == "previous":
        return (0, min(seeds), order) if seeds else (1, 0, order)
    return (0, 0, order)


def seeded(state: TournamentState, entrants: Iterable[str]) -> list[str]:
    return sorted(entrants, key=lambda e: seed_key(state, e))


def points_by_entrant(state: TournamentState) -> dict[str, Fraction]:
    """Current match points of every entrant (matches and byes)."""
    settings = state.created
    points = {e: Fraction(0) for e in state.entrant_ids()}
    for match in state.matches.values():
        if match.outcome is not None:
            for side, entrant in enumerate(match.sides):
                points[entrant] += match_points(match.outcome, side, settings.shared_win)
    for entrant in state.byes():
        points[entrant] += settings.bye_points
    return points


def meetings(state: TournamentState) -> dict[str, frozenset[str]]:
    """Everyone each entrant has shared a table with (voided and unfinished matches too)."""
    met: dict[str, set[str]] = {e: set() for e in state.entrant_ids()}
    for match in state.matches.values():
        for entrant in match.sides:
            met[entrant].update(o for o in match.sides if o != entrant)
    return {e: frozenset(others) for e, others in met.items()}


def seat_records(state: TournamentState) -> dict[str, SeatRecord]:
    """Each entrant's turns in each side position (side 0 opens), from all matches."""
    records: dict[str, SeatRecord] = {}
    for match in sorted(state.matches.values(), key=lambda m: (m.round, m.table)):
        for side, entrant in enumerate(match.sides):
            records[entrant] = records.get(entrant, SeatRecord()).seated(side, match.round)
    return records


def missing_tables(state: TournamentState, number: int) -> list[int]:
    """Tables of round `number` whose match (or deciding match) still has no result."""
    return sorted({m.table for m in state.round_matches(number) if m.outcome is None})


def _listing(numbers: Sequence[int]) -> str:
    words = [str(n) for n in numbers]
    if len(words) == 1:
        return f"table {words[0]}"
    return f"tables {', '.join(words[:-1])} and {words[-1]}"


def _bracket_field(state: TournamentState) -> list[str]:
    """The entrants fixed by round 1 (round robin, elimination), in seeding order."""
    if not state.rounds:
        return seeded(state, state.active_entrants())
    first = state.rounds[0]
    present = {e for m in state.round_matches(1) for e in m.sides} | set(first.byes)
    return seeded(state, present)


def decide_pair_round(
    state: TournamentState,
    *,
    override: bool = False,
    forbidden: frozenset[frozenset[str]] = frozenset(),
    avoid_same_club: bool = False,
) -> list[TournamentEvent]:
    """Pair the next round by the tournament's format.

    Refuses while results of the previous round are missing, unless `override` (Swiss
    and round robin only: a knockout round needs every winner). `forbidden` holds entrant
    id pairs kept apart where possible; `avoid_same_club` keeps clubmates apart likewise.
    """
    settings = state.created
    number = len(state.rounds) + 1
    if number > 1:
        missing = missing_tables(state, number - 1)
        if missing and (not override or settings.format == "elimination"):
            hint = (
                "a knockout round needs every winner"
                if settings.format == "elimination"
                else "the director can override"
            )
            raise TournamentError(
                f"cannot pair round {number} of {state.title}: results of round {number - 1} "
                f"are missing at {_listing(missing)} ({hint})"
            )
    if settings.format == "swiss":
        if number > settings.rounds:
            raise TournamentError(f"all {settings.rounds} rounds of {state.title} are paired")
        return [_pair_swiss(state, number, override, forbidden, avoid_same_club)]
    if settings.format == "round_robin":
        fixed: list[TournamentEvent] = []
        if state.schedule is None:
            schedule = round_robin_schedule(state)
            rounds = tuple((r.tables, r.byes) for r in schedule.rounds)
            fixed.append(ScheduleFixed(rounds, schedule.source))
            state = evolve(state, fixed[0])
        return [*fixed, _pair_round_robin(state, number, override)]
    return [_pair_knockout(state, number)]


def _active_field(state: TournamentState) -> tuple[str, ...]:
    active = state.active_entrants()
    if state.created.partnerships:
        loose = [p.name for p in state.players.values() if p.team is None and not p.withdrawn]
        if loose:
            raise TournamentError(
                f"cannot pair {state.title}: players without a partner: {', '.join(loose)}"
            )
    if len(active) < 2:
        raise TournamentError(f"cannot pair {state.title}: {len(active)} active entrants")
    return active


def _seats(state: TournamentState, sides: Sequence[str], number: int) -> tuple[str, ...]:
    if not state.created.partnerships:
        return tuple(sides)
    first, second = (state.teams[s].members for s in sides)
    if number % 2 == 0:
        first, second = (first[1], first[0]), (second[1], second[0])
    return (first[0], second[0], first[1], second[1])


def _round_event(
    state: TournamentState,
    number: int,
    tables: Sequence[tuple[Sequence[str], str]],
    byes: Sequence[str],
    notes: Sequence[str],
    override: bool,
) -> RoundPaired:
    slug = state.created.slug
    return RoundPaired(
        round=number,
        tables=tuple(
            PairedTable(index, _seats(state, sides, number), f"{slug}-r{number}-t{index}", why)
            for index, (sides, why) in enumerate(tables, start=1)
        ),
        byes=tuple(byes),
        notes=tuple(notes),
        overridden=override and number > 1 and bool(missing_tables(state, number - 1)),
    )


def _pair_swiss(
    state: TournamentState,
    number: int,
    override: bool,
    forbidden: frozenset[frozenset[str]],
    avoid_same_club: bool,
) -> RoundPaired:
    active = _active_field(state)
    points = points_by_entrant(state)
    ranked = sorted(active, key=lambda e: (-points[e], seed_key(state, e)))
    records = seat_records(state)
    bye_counts = {e: 0 for e in active}
    for entrant in state.byes():
        if entrant in bye_counts:
            bye_counts[entrant] += 1
    entrants = [
        SwissEntrant(
            e,
            state.entrant_name(e),
            points[e],
            bye_counts[e],
            state.entrant_club(e),
            records.get(e, SeatRecord()),
        )
        for e in ranked
    ]
    pairing = pair_swiss(
        entrants,
        state.created.sides_per_table,
        meetings(state),
        forbidden=forbidden,
        avoid_same_club=avoid_same_club,
    )
    tables = [(table.sides, table.why) for table in pairing.tables]
    return _round_event(state, number, tables, pairing.byes, pairing.notes, override)


def _played_rounds(state: TournamentState) -> list[roundrobin.ScheduledRound]:
    return [
        roundrobin.ScheduledRound(
            tuple(state.matches[t.match_id].sides for t in paired.tables), paired.byes
        )
        for paired in state.rounds
    ]


def round_robin_schedule(state: TournamentState) -> roundrobin.Schedule:
    """The round robin's whole schedule: the shipped or searched one for the field fixed at
    round 1 (before it, the active entrants); when the rounds already paired do not follow
    it (paired by an earlier version of tourney), those rounds completed by a search."""
    if state.schedule is not None:
        return roundrobin.Schedule(
            tuple(roundrobin.ScheduledRound(t, b) for t, b in state.schedule.rounds),
            state.schedule.source,
        )
    settings = state.created
    field_ = _bracket_field(state)
    sides = settings.sides_per_table
    schedule = roundrobin.schedule(field_, sides)
    played = _played_rounds(state)
    if roundrobin.follows(schedule, played):
        return schedule
    return roundrobin.continued(field_, sides, played)


def _pair_round_robin(state: TournamentState, number: int, override: bool) -> RoundPaired:
    settings = state.created
    if number == 1:
        _active_field(state)
    field_ = _bracket_field(state)
    schedule = round_robin_schedule(state)
    total = len(schedule.rounds)
    if number > total:
        raise TournamentError(
            f"all {total} rounds of the round-robin schedule of {state.title} are paired"
        )
    scheduled = schedule.rounds[number - 1]
    tables: list[tuple[Sequence[str], str]] = []
    byes = [e for e in scheduled.byes if not state.entrant_withdrawn(e)]
    for table in scheduled.tables:
        present = [e for e in table if not state.entrant_withdrawn(e)]
        if len(present) >= 2:
            names = ", ".join(state.entrant_name(e) for e in present)
            gone = len(table) - len(present)
            note = f"; {gone} withdrawn" if gone else ""
            why = f"round {number} of {total} of the round robin ({schedule.source}): {names}"
            tables.append((present, why + note))
        else:
            byes.extend(present)
    notes: list[str] = []
    if number == 1 or schedule.source == roundrobin.CONTINUED:
        noun = "partnerships" if settings.partnerships else "players"
        coverage = roundrobin.coverage(schedule, field_, settings.sides_per_table)
        notes.append(f"{coverage.describe(noun)}; schedule: {schedule.source}")
        if settings.rounds != total:
            notes.append(
                f"the rounds setting ({settings.rounds}) does not apply: a round robin "
                f"plays its whole schedule of {total} rounds"
            )
    return _round_event(state, number, tables, byes, notes, override)


def _knockout_layout(state: TournamentState, field_: Sequence[str]) -> elimination.Layout:
    """The layout of a new knockout; a knockout whose stored round 1 was paired by the
    places layout (tourney before full tables) keeps that one."""
    sides = state.created.sides_per_table
    layout = elimination.layout_for(len(field_), sides)
    if not state.rounds or sides == 2:
        return layout

    def first_tables(candidate: elimination.Layout) -> set[frozenset[str]]:
        tables = [[field_[s - 1] for s in t if s is not None] for t in candidate.first]
        return {frozenset(t) for t in tables if len(t) >= 2}

    stored = {frozenset(state.matches[t.match_id].sides) for t in state.rounds[0].tables}
    if stored == first_tables(layout):
        return layout
    return elimination.places_layout(len(field_), sides)


def bracket_of(state: TournamentState) -> elimination.Bracket:
    """The knockout bracket as far as the events take it."""
    settings = state.created
    field_ = _bracket_field(state)
    sides = settings.sides_per_table
    layout = _knockout_layout(state, field_)
    plays: dict[tuple[int, int], list[elimination.Play]] = {}
    slot_of: dict[str, tuple[int, int]] = {}

    def build() -> elimination.Bracket:
        return elimination.build_bracket(
            field_, sides, plays, third_place=settings.third_place, layout=layout
        )

    for paired in state.rounds:
        slots = build().rounds[paired.round - 1].slots
        by_entrants = {frozenset(s.present): s.index for s in slots if len(s.present) >= 2}
        for table in paired.tables:
            match = state.matches[table.match_id]
            index = by_entrants.get(frozenset(match.sides))
            if index is None:
                # Not a table of this bracket (a third-place match, or a table paired by
                # hand): the slot it shares the most entrants with, never another's.
                final = paired.round == layout.rounds
                index = 1 if final and settings.third_place else _closest(slots, match.sides)
            key = (paired.round, index)
            plays[key] = [elimination.Play(match.match_id, match.sides, match.outcome)]
            slot_of[match.match_id] = key
        for deciding in state.deciding:
            if deciding.round == paired.round:
                match = state.matches[deciding.table.match_id]
                key = slot_of[deciding.decides]
                plays[key].append(elimination.Play(match.match_id, match.sides, match.outcome))
                slot_of[match.match_id] = key
    return build()


def _closest(slots: Sequence[elimination.Slot], sides: Sequence[str]) -> int:
    return max(slots, key=lambda s: (len(set(s.present) & set(sides)), -s.index)).index


def _pair_knockout(state: TournamentState, number: int) -> RoundPaired:
    if number == 1:
        _active_field(state)
    bracket = bracket_of(state)
    if number > len(bracket.rounds):
        raise TournamentError(f"all {len(bracket.rounds)} rounds of {state.title} are paired")
    if number > 1:
        tied = [s for s in bracket.rounds[number - 2].slots if s.status == "deciding_match_needed"]
        if tied:
            names = ", ".join(state.entrant_name(e) for e in tied[0].tied)
            raise TournamentError(
                f"cannot pair round {number} of {state.title}: round {number - 1} needs a "
                f"deciding match between {names}"
            )
    rank = {e: i + 1 for i, e in enumerate(_bracket_field(state))}
    current = bracket.rounds[number - 1]
    slots = [s for s in current.slots if s.status == "to_play"]
    third = bracket.third_place
    if third is not None and number == len(bracket.rounds) and third.status == "to_play":
        slots.append(third)
    tables: list[tuple[Sequence[str], str]] = []
    records = seat_records(state)
    for slot in slots:
        label = (
            "third-place match"
            if slot is third
            else f"{current.name}, bracket slot {slot.index + 1}"
        )
        names = ", ".join(f"{state.entrant_name(e)} (seed {rank[e]})" for e in slot.present)
        order = seat_order(slot.present, records)
        tables.append((order, f"{label}: {names}; the table winner advances"))
    byes = [s.winner for s in current.slots if s.status == "bye" and s.winner is not None]
    notes = [f"{state.entrant_name(e)} advances on a bye" for e in byes]
    return _round_event(state, number, tables, byes, notes, False)


def decide_pair_deciding_matches(state: TournamentState) -> list[TournamentEvent]:
    """Pair a deciding match for every knockout slot of the latest round left tied."""
    if state.created.format != "elimination" or not state.rounds:
        raise TournamentError(f"{state.title} has no knockout round with a tie to decide")
    number = len(state.rounds)
    bracket = bracket_of(state)
    slots = [s for s in bracket.rounds[number - 1].slots if s.status == "deciding_match_needed"]
    third = bracket.third_place
    if third is not None and third.status == "deciding_match_needed":
        slots.append(third)
    if not slots:
        raise TournamentError(f"round {number} of {state.title} has no tie to decide")
    next_table = max(m.table for m in state.round_matches(number)) + 1
    events: list[TournamentEvent] = []
    for offset, slot in enumerate(slots):
        table = next_table + offset
        decides = slot.plays[-1].match_id
        events.append(
            DecidingMatchPaired(
                number,
                decides,
                PairedTable(
                    table,
                    _seats(state, slot.tied, number),
                    f"{decides}-d{len(slot.plays)}",
                    f"deciding match: {slot.note}",
                ),
            )
        )
    return events


# -- results and the director's decisions ----------------------------------------------


def _match(state: TournamentState, match_id: str) -> MatchRecord:
    return _lookup(state, state.matches, match_id, "match")


def _where(match: MatchRecord) -> str:
    return f"match {match.match_id} (round {match.round}, table {match.table})"


def _check_shape(match: MatchRecord, scores: Sequence[int], winners: Sequence[int]) -> None:
    if len(scores) != len(match.sides):
        raise TournamentError(
            f"{_where(match)} has {len(match.sides)} sides but {len(scores)} scores were given"
        )
    if not winners:
        raise TournamentError(f"{_where(match)}: a result needs at least one winning side")
    bad = [w for w in winners if not 0 <= w < len(match.sides)]
    if bad or len(set(winners)) != len(winners):
        raise TournamentError(
            f"{_where(match)}: winners {list(winners)} must be distinct sides "
            f"0-{len(match.sides) - 1}"
        )


def decide_record_result(
    state: TournamentState, match_id: str, scores: Sequence[int], winners: Sequence[int]
) -> list[TournamentEvent]:
    """Record a table's finished match as its stream replays to.

    The winners must have reached the target and the others not. A result the table posted
    before is replaced (the table corrected its record); the director's rulings (adjudicated,
    forfeit, no-show, void) are not: they are changed only by the director.
    """
    match = _match(state, match_id)
    if match.outcome is not None and match.outcome.kind != "played":
        raise TournamentError(
            f"{_where(match)} has the director's ruling ({match.outcome.kind}); "
            "the table's result does not replace it"
        )
    _check_shape(match, scores, winners)
    target = state.created.target
    for side, score in enumerate(scores):
        won = side in winners
        if won and score < target:
            raise TournamentError(
                f"{_where(match)}: side {side} is a winner with {score}, short of {target}"
            )
        if not won and score >= target:
            raise TournamentError(
                f"{_where(match)}: side {side} reached {score} (target {target}) "
                "but is not a winner"
            )
    return [MatchResultRecorded(match_id, tuple(scores), tuple(winners))]


def decide_withdraw_result(state: TournamentState, match_id: str) -> list[TournamentEvent]:
    """A table's result no longer stands (its stream no longer finishes); nothing to withdraw
    when it posted none or the director ruled."""
    match = _match(state, match_id)
    if match.outcome is None or match.outcome.kind != "played":
        return []
    return [MatchResultWithdrawn(match_id)]


def decide_adjudicate(
    state: TournamentState,
    match_id: str,
    scores: Sequence[int],
    winners: Sequence[int],
    reason: str,
) -> list[TournamentEvent]:
    """The director sets a result (replacing any recorded one); a reason is required."""
    match = _match(state, match_id)
    if not reason.strip():
        raise TournamentError(f"an adjudicated result for {_where(match)} needs a reason")
    _check_shape(match, scores, winners)
    return [AdjudicatedResult(match_id, tuple(scores), tuple(winners), reason.strip())]


def decide_forfeit(
    state: TournamentState, match_id: str, sides: Sequence[int], reason: str = ""
) -> list[TournamentEvent]:
    """The director rules that `sides` forfeit; the other sides win (shared if several)."""
    match = _match(state, match_id)
    bad = [s for s in sides if not 0 <= s < len(match.sides)]
    if not sides or bad or len(set(sides)) >= len(match.sides):
        raise TournamentError(
            f"{_where(match)}: forfeiting sides {list(sides)} must be some, not all, "
            f"of sides 0-{len(match.sides) - 1}"
        )
    return [Forfeit(match_id, tuple(sorted(set(sides))), reason)]


def decide_no_show(
    state: TournamentState, match_id: str, player_ids: Sequence[str]
) -> list[TournamentEvent]:
    """Players did not turn up: their sides forfeit the match."""
    match = _match(state, match_id)
    strangers = [p for p in player_ids if p not in match.seats]
    if not player_ids or strangers:
        raise TournamentError(
            f"{_where(match)}: no-show players {', '.join(strangers) or '(none)'} "
            "are not seated there"
        )
    if len(_sides_of_players(state, match, player_ids)) >= len(match.sides):
        raise TournamentError(f"{_where(match)}: every side is absent; void the match instead")
    return [NoShow(match_id, tuple(player_ids))]


def decide_void(state: TournamentState, match_id: str, reason: str = "") -> list[TournamentEvent]:
    """The director voids a match: it scores nothing for anyone."""
    match = _match(state, match_id)
    if match.outcome is not None and not match.outcome.counts:
        raise TournamentError(f"{_where(match)} is already void")
    return [MatchVoided(match_id, reason)]
