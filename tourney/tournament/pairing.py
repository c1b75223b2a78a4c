"""Pairing the next round in every format: Swiss, round robin (its schedule fixed once)
and knockout (the bracket and its deciding matches)."""

from __future__ import annotations

import contextlib
import zlib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from fractions import Fraction

from tourney.i18n import DEFAULT, _, ngettext, page_, using
from tourney.tournament.events import (
    KNOCKOUTS,
    DecidingMatchPaired,
    PairedTable,
    RoundPaired,
    ScheduleFixed,
    TournamentEvent,
)
from tourney.tournament.formats.balanced import design as balanced
from tourney.tournament.formats.double_elimination import bracket as de
from tourney.tournament.formats.elimination import bracket as elimination
from tourney.tournament.formats.round_robin import schedule as roundrobin
from tourney.tournament.formats.swiss.options import (
    acceleration_note,
    group_a_size,
    is_king_of_the_hill,
    king_of_the_hill,
    round_most,
    virtual_points,
)
from tourney.tournament.formats.swiss.search import SwissEntrant, pair_swiss
from tourney.tournament.matches import (
    MatchRecord,
    match_points,
)
from tourney.tournament.seating import SeatRecord, seat_order
from tourney.tournament.state import TournamentError, TournamentState, evolve

# -- pairing ---------------------------------------------------------------------------


def recorded_seed_order(state: TournamentState) -> tuple[str, ...]:
    """The order round 1 was seeded in by the club's ratings (empty: not seeded so)."""
    return state.rounds[0].seed_order if state.rounds else ()


def seed_key(
    state: TournamentState, entrant: str, order: Sequence[str] | None = None
) -> tuple[int, ...]:
    """Sort key for seeding: in `order` (default: the order recorded when round 1 was
    seeded by rating), then by rating entered (highest first), previous rank, or
    registration."""
    order = recorded_seed_order(state) if order is None else order
    if order:
        if entrant in order:
            return (0, order.index(entrant))
        return (1, *_entered_seed_key(state, entrant))
    return _entered_seed_key(state, entrant)


def _entered_seed_key(state: TournamentState, entrant: str) -> tuple[int, int, int]:
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


def seeded(
    state: TournamentState, entrants: Iterable[str], order: Sequence[str] | None = None
) -> list[str]:
    return sorted(entrants, key=lambda e: seed_key(state, e, order))


def rating_order(
    state: TournamentState, ratings: Mapping[str, float]
) -> tuple[tuple[str, ...], str]:
    """The active entrants seeded by `ratings` (player id -> rating, higher better; a
    partnership counts its two members' sum), and a note saying so: those with a rating
    first, best first, then those without (a player who has no rated match yet), by the
    tournament's `seeding`. The ratings are the caller's: the core never rates."""

    def members(entrant: str) -> tuple[str, ...]:
        return state.teams[entrant].members if entrant in state.teams else (entrant,)

    def rating(entrant: str) -> float | None:
        values = [ratings.get(m) for m in members(entrant)]
        return None if any(v is None for v in values) else sum(v for v in values if v is not None)

    active = state.active_entrants()
    rated = {e: r for e in active if (r := rating(e)) is not None}
    order = sorted(rated, key=lambda e: (-rated[e], _entered_seed_key(state, e)))
    order += seeded(state, (e for e in active if e not in rated), order=())
    shown = ", ".join(f"{state.entrant_name(e)} {rated[e]:.2f}" for e in order if e in rated)
    unrated = [state.entrant_name(e) for e in order if e not in rated]
    note = f"seeded by the club's ratings (OpenSkill ordinal at pairing): {shown or 'none'}"
    if unrated:
        note += f"; without a rating, by {state.created.seeding}: {', '.join(unrated)}"
    return tuple(order), note


def points_by_entrant(state: TournamentState) -> dict[str, Fraction]:
    """Current match points of every entrant (a late entry's start, matches and byes)."""
    settings = state.created
    points = {e: state.entrant_start_points(e) for e in state.entrant_ids()}
    for match in state.matches.values():
        if match.outcome is not None:
            for side, entrant in enumerate(match.sides):
                points[entrant] += match_points(
                    match.outcome, side, settings.shared_win, settings.placement_points
                )
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


TABLES_NAMED = 20
"""The most table numbers a message names (a 10,000-player round has 5,000 tables)."""


def tables_text(numbers: Sequence[int]) -> str:
    """``"table 3"``, ``"tables 1, 2 and 4"``: table numbers in words, one or many (beyond
    `TABLES_NAMED`, the first of them and how many more)."""
    words = [str(n) for n in numbers]
    if len(words) > TABLES_NAMED:
        return _("tables {numbers} and {count} more").format(
            numbers=", ".join(words[:TABLES_NAMED]), count=len(words) - TABLES_NAMED
        )
    if len(words) == 1:
        return _("table {number}").format(number=words[0])
    return _("tables {numbers} and {last}").format(numbers=", ".join(words[:-1]), last=words[-1])


def bracket_field(state: TournamentState, order: Sequence[str] | None = None) -> list[str]:
    """The entrants fixed by round 1 (round robin, elimination), in seeding order
    (`order`: round 1's order by rating, while it is being paired)."""
    if not state.rounds:
        return seeded(state, state.active_entrants(), order)
    first = state.rounds[0]
    present = {e for m in state.round_matches(1) for e in m.sides} | set(first.byes)
    return seeded(state, present)


def decide_pair_round(
    state: TournamentState,
    *,
    override: bool = False,
    forbidden: frozenset[frozenset[str]] = frozenset(),
    avoid_same_club: bool = False,
    ratings: Mapping[str, float] | None = None,
) -> list[TournamentEvent]:
    """Pair the next round by the tournament's format.

    Refuses while results of the previous round are missing, unless `override` (Swiss
    and round robin only: a knockout round needs every winner). `forbidden` holds entrant
    id pairs kept apart where possible; `avoid_same_club` keeps clubmates apart likewise.
    `ratings` (player id -> the club's rating now) seeds round 1 of a tournament created
    with ``seed_by="rating"``; the order they give is recorded in the `RoundPaired`.
    """
    settings = state.created
    if settings.format == "groups":
        raise TournamentError(
            f"{state.title} has two stages: its rounds are paired by "
            "tourney.tournament.next_round, not by one format"
        )
    number = len(state.rounds) + 1
    seeding: tuple[tuple[str, ...], str] | None = None
    if number == 1 and settings.seed_by == "rating":
        if ratings is None:
            raise TournamentError(
                _(
                    "cannot pair round 1 of {title}: it is seeded by rating, and no "
                    "ratings were given"
                ).format(title=state.title)
            )
        _active_field(state)
        seeding = rating_order(state, ratings)
    if number > 1:
        missing = missing_tables(state, number - 1)
        if missing and (not override or settings.format in KNOCKOUTS):
            hint = (
                _("a knockout round needs every winner")
                if settings.format in KNOCKOUTS
                else _("the director can override")
            )
            raise TournamentError(
                _(
                    "cannot pair round {number} of {title}: results of round {value} "
                    "are missing at {tables_text} ({hint})"
                ).format(
                    number=number,
                    title=state.title,
                    value=number - 1,
                    tables_text=tables_text(missing),
                    hint=hint,
                )
            )
    if settings.format == "rotating":  # partners drawn anew each round: `rotating`
        from tourney.tournament.formats.rotating import partners as rotating

        return rotating.decide_pair(state, number, override)
    if settings.format == "swiss":
        if number > settings.rounds:
            raise TournamentError(
                _("all {rounds} rounds of {title} are paired").format(
                    rounds=settings.rounds, title=state.title
                )
            )
        paired = _pair_swiss(state, number, override, forbidden, avoid_same_club, seeding)
        return [_seeded(paired, seeding)]
    if settings.format == "round_robin":
        fixed: list[TournamentEvent] = []
        if state.schedule is None:
            schedule = round_robin_schedule(state)
            rounds = tuple((r.tables, r.byes) for r in schedule.rounds)
            fixed.append(ScheduleFixed(rounds, schedule.source))
            state = evolve(state, fixed[0])
        return [*fixed, _pair_round_robin(state, number, override)]
    if settings.format == "double_elimination":
        return [_seeded(_pair_double(state, number, seeding), seeding)]
    if settings.format == "balanced":
        return _pair_balanced(state, number, override)
    return [_seeded(_pair_knockout(state, number, seeding), seeding)]


def _seeded(paired: RoundPaired, seeding: tuple[tuple[str, ...], str] | None) -> RoundPaired:
    """Round 1 seeded by rating: the order used and the note saying so, on the record."""
    if seeding is None:
        return paired
    order, note = seeding
    return replace(paired, seed_order=order, notes=(note, *paired.notes))


def _active_field(state: TournamentState) -> tuple[str, ...]:
    active = state.active_entrants()
    if state.created.partnerships:
        loose = [p.name for p in state.players.values() if p.team is None and not p.withdrawn]
        if loose:
            raise TournamentError(
                _("cannot pair {title}: players without a partner: {loose}").format(
                    title=state.title, loose=", ".join(loose)
                )
            )
    if len(active) < 2:
        raise TournamentError(
            ngettext(
                "cannot pair {title}: {n} active entrant",
                "cannot pair {title}: {n} active entrants",
                len(active),
            ).format(title=state.title, n=len(active))
        )
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
    return RoundPaired(
        round=number,
        tables=tuple(
            PairedTable(index, _seats(state, sides, number), state.match_id(number, index), why)
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
    seeding: tuple[tuple[str, ...], str] | None = None,
) -> RoundPaired:
    active = _active_field(state)
    points = points_by_entrant(state)
    order = seeding[0] if seeding else None
    records = seat_records(state)
    bye_counts = {e: 0 for e in active}
    for entrant in state.byes():
        if entrant in bye_counts:
            bye_counts[entrant] += 1
    if is_king_of_the_hill(state.created, number):
        ranked = sorted(active, key=lambda e: (-points[e], seed_key(state, e, order)))
        return _pair_hill(state, number, ranked, points, bye_counts, override)
    group, bonus = _acceleration(state, number, active, order)
    extra = dict.fromkeys(group, bonus)
    ranked = sorted(
        active, key=lambda e: (-(points[e] + extra.get(e, 0)), seed_key(state, e, order))
    )
    entrants = [
        SwissEntrant(
            e,
            state.entrant_name(e),
            points[e] + extra.get(e, 0),
            bye_counts[e],
            state.entrant_club(e),
            records.get(e, SeatRecord()),
            virtual=Fraction(extra.get(e, 0)),
        )
        for e in ranked
    ]
    pairing = pair_swiss(
        entrants,
        state.created.sides_per_table,
        meetings(state),
        forbidden=forbidden,
        avoid_same_club=avoid_same_club,
        rounds_left=state.created.rounds - number,
    )
    tables = [(table.sides, table.why) for table in pairing.tables]
    paired = _round_event(state, number, tables, pairing.byes, pairing.notes, override)
    if not group:
        return paired
    note = acceleration_note(group, bonus, number)
    return replace(paired, accelerated=group, virtual_points=bonus, notes=(note, *paired.notes))


def _acceleration(
    state: TournamentState, number: int, active: Sequence[str], order: Sequence[str] | None
) -> tuple[tuple[str, ...], Fraction]:
    """Group A and its virtual points in round `number` of an accelerated Swiss (none:
    ``((), 0)``): fixed at round 1 from the seed order, read from round 1's event after."""
    bonus = virtual_points(state.created, number)
    if not bonus:
        return (), Fraction(0)
    if number == 1 or not state.rounds:
        seeds = seeded(state, active, order)
        return tuple(seeds[: group_a_size(len(seeds), state.created.sides_per_table)]), bonus
    return state.rounds[0].accelerated, bonus


def _pair_hill(
    state: TournamentState,
    number: int,
    ranked: Sequence[str],
    points: Mapping[str, Fraction],
    bye_counts: Mapping[str, int],
    override: bool,
) -> RoundPaired:
    """A king-of-the-hill last round (`swiss_options.king_of_the_hill`) of the active
    entrants `ranked` as every Swiss round ranks them: match points, then seed order."""
    settings = state.created
    hill = king_of_the_hill(
        ranked,
        points,
        bye_counts,
        {e: state.entrant_name(e) for e in ranked},
        sides=settings.sides_per_table,
        most=round_most(settings),
        gibson=settings.gibson,
        prizes=settings.prizes,
    )
    records = seat_records(state)
    tables = [(seat_order(members, records), why) for members, why in hill.tables]
    return _round_event(state, number, tables, hill.byes, hill.notes, override)


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
    field_ = bracket_field(state)
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
    field_ = bracket_field(state)
    schedule = round_robin_schedule(state)
    total = len(schedule.rounds)
    if number > total:
        raise TournamentError(
            _("all {total} rounds of the round-robin schedule of {title} are paired").format(
                total=total, title=state.title
            )
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


def balanced_seed(state: TournamentState) -> int:
    """A balanced seating's search seed: from the tournament's slug, so the same field
    gets the same schedule (recorded in its `ScheduleFixed`)."""
    return zlib.crc32(state.created.slug.encode("utf-8"))


def _pair_balanced(state: TournamentState, number: int, override: bool) -> list[TournamentEvent]:
    """A round of a balanced seating: the whole schedule is fixed (`balanced.balanced`)
    when round 1 is paired, and each round read from it; a withdrawn player's seat stays
    empty (a table left with one player is a bye)."""
    settings = state.created
    if number > settings.rounds:
        raise TournamentError(
            _("all {count} rounds of {title} are paired").format(
                count=settings.rounds, title=state.title
            )
        )
    fixed: list[TournamentEvent] = []
    if state.schedule is None:
        field_ = list(_active_field(state) if number == 1 else bracket_field(state))
        field_ = seeded(state, field_)
        seed = balanced_seed(state)
        seating = balanced.balanced(len(field_), settings.rounds, settings.table_size, seed=seed)
        rounds = tuple(
            (tuple(tuple(field_[i] for i in table) for table in round_), ())
            for round_ in seating.rounds
        )
        fixed.append(ScheduleFixed(rounds, seating.source, seed=seed))
        state = evolve(state, fixed[0])
    assert state.schedule is not None
    tables_, planned_byes = state.schedule.rounds[number - 1]
    total = len(state.schedule.rounds)
    tables: list[tuple[Sequence[str], str]] = []
    byes = [e for e in planned_byes if not state.entrant_withdrawn(e)]
    for table in tables_:
        present = [e for e in table if not state.entrant_withdrawn(e)]
        if len(present) >= 2:
            names = ", ".join(state.entrant_name(e) for e in present)
            gone = len(table) - len(present)
            note = f"; {gone} withdrawn" if gone else ""
            why = f"round {number} of {total} of the balanced seating: {names}{note}"
            tables.append((present, why))
        else:
            byes.extend(present)
    notes: list[str] = []
    if number == 1:
        entrants = sorted({e for r, _ in state.schedule.rounds for t in r for e in t})
        index_of = {e: i for i, e in enumerate(entrants)}
        quality = balanced.quality(
            len(entrants),
            [[[index_of[e] for e in t] for t in r] for r, _ in state.schedule.rounds],
        )
        notes.append(
            f"{len(entrants)} players at tables of {settings.table_size}, {total} rounds: "
            f"{quality.describe()}; schedule: {state.schedule.source}"
        )
    return [*fixed, _round_event(state, number, tables, byes, notes, override)]


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


def bracket_of(state: TournamentState, order: Sequence[str] | None = None) -> elimination.Bracket:
    """The knockout bracket as far as the events take it (`order`: round 1's order by
    rating, while it is being paired)."""
    settings = state.created
    if settings.format == "groups":  # the knockout stage's bracket (none before it)
        from tourney.tournament.formats.groups.stages import knockout_state

        if state.groups.knockout is None:
            return elimination.Bracket(sides=settings.sides_per_table, rounds=())
        return bracket_of(knockout_state(state))
    field_ = bracket_field(state, order)
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
            plays[key] = [_play(match)]
            slot_of[match.match_id] = key
        for deciding in state.deciding:
            if deciding.round == paired.round:
                match = state.matches[deciding.table.match_id]
                key = slot_of[deciding.decides]
                plays[key].append(_play(match))
                slot_of[match.match_id] = key
    return build()


def _play(match: MatchRecord) -> elimination.Play:
    return elimination.Play(
        match.match_id, match.sides, match.outcome, replaced=match.replaced is not None
    )


def shared_wins(state: TournamentState, number: int) -> list[str]:
    """How each shared win among round ``number``'s knockout tables was settled, in words
    (the rule stated in each: `elimination.SHARED_WIN_RULE`), ids as entrant names."""
    bracket = bracket_of(state)
    if not 1 <= number <= len(bracket.rounds):
        return []
    slots = list(bracket.rounds[number - 1].slots)
    if number == len(bracket.rounds) and bracket.third_place is not None:
        slots.append(bracket.third_place)
    found = []
    for slot in slots:
        if any(
            p.outcome is not None and p.outcome.counts and len(p.outcome.winners) > 1
            for p in slot.plays
        ):
            found.append(names_for_ids(state, slot.note))
    return found


def recorded_words() -> contextlib.AbstractContextManager[str]:
    """The words a pairing records with its events (a table's reason, a round's notes) are
    recorded in English, whatever language the director reads: they are data, shown as
    recorded; the brackets' notes computed for a page are in the page's language."""
    return using(DEFAULT)


def names_for_ids(state: TournamentState, text: str) -> str:
    """The core's notes name entrants by id: the same text with their names instead."""
    import re

    ids = set(state.entrant_ids())
    return re.sub(
        r"[A-Za-z0-9_.-]+",
        lambda m: state.entrant_name(m.group()) if m.group() in ids else m.group(),
        text,
    )


def _closest(slots: Sequence[elimination.Slot], sides: Sequence[str]) -> int:
    return max(slots, key=lambda s: (len(set(s.present) & set(sides)), -s.index)).index


def _pair_knockout(
    state: TournamentState, number: int, seeding: tuple[tuple[str, ...], str] | None = None
) -> RoundPaired:
    if number == 1:
        _active_field(state)
    order = seeding[0] if seeding else None
    with recorded_words():
        bracket = bracket_of(state, order)
    if number > len(bracket.rounds):
        raise TournamentError(
            _("all {count} rounds of {title} are paired").format(
                count=len(bracket.rounds), title=state.title
            )
        )
    if number > 1:
        tied = [s for s in bracket.rounds[number - 2].slots if s.status == "deciding_match_needed"]
        if tied:
            names = ", ".join(state.entrant_name(e) for e in tied[0].tied)
            raise TournamentError(
                _(
                    "cannot pair round {number} of {title}: round {value} needs a "
                    "deciding match between {names}"
                ).format(number=number, title=state.title, value=number - 1, names=names)
            )
    rank = {e: i + 1 for i, e in enumerate(bracket_field(state, order))}
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
    with recorded_words():
        notes = shared_wins(state, number - 1) if number > 1 else []
    notes += [f"{state.entrant_name(e)} advances on a bye" for e in byes]
    return _round_event(state, number, tables, byes, notes, False)


def decide_pair_deciding_matches(state: TournamentState) -> list[TournamentEvent]:
    """Pair a deciding match for every knockout slot of the latest round left tied."""
    if state.settings is not None and state.settings.format == "double_elimination":
        return _double_deciding_matches(state)
    if state.created.format != "elimination" or not state.rounds:
        raise TournamentError(
            _("{title} has no knockout round with a tie to decide").format(title=state.title)
        )
    number = len(state.rounds)
    with recorded_words():
        bracket = bracket_of(state)
    slots = [s for s in bracket.rounds[number - 1].slots if s.status == "deciding_match_needed"]
    third = bracket.third_place
    if third is not None and third.status == "deciding_match_needed":
        slots.append(third)
    if not slots:
        settled = shared_wins(state, number)
        if not settled:
            raise TournamentError(
                _(
                    "round {number} of {title} has no tie to decide: no table of it "
                    "ended in a shared win"
                ).format(number=number, title=state.title)
            )
        raise TournamentError(
            _("round {number} of {title} has no tie to decide: {settled}").format(
                number=number, title=state.title, settled=" | ".join(settled)
            )
        )
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
                    elimination.deciding_match_id(decides, len(slot.plays)),
                    f"deciding match: {slot.note}",
                ),
            )
        )
    return events


# -- double elimination (the rule: tourney.tournament.formats.double_elimination.bracket) --


def double_bracket_of(
    state: TournamentState, order: Sequence[str] | None = None
) -> de.DoubleBracket:
    """The double-elimination bracket as far as the events take it (`order`: round 1's
    order by rating, while it is being paired). Each paired table is the bracket table of
    its round that seats the same entrants; a table paired by hand that is none of them is
    not part of the bracket."""
    settings = state.created
    field_ = bracket_field(state, order)
    sides = settings.sides_per_table
    plays: dict[de.Key, list[elimination.Play]] = {}
    key_of: dict[str, de.Key] = {}

    def build() -> de.DoubleBracket:
        return de.build(field_, sides, plays, reset=settings.grand_final_reset)

    for paired in state.rounds:
        tables = build().tables_in(paired.round)
        by_entrants = {frozenset(t.present): t.key for t in tables if len(t.present) >= 2}
        for table in paired.tables:
            match = state.matches[table.match_id]
            key = by_entrants.get(frozenset(match.sides))
            if key is not None:
                plays[key] = [_play(match)]
                key_of[match.match_id] = key
        for deciding in state.deciding:
            if deciding.round == paired.round and deciding.decides in key_of:
                match = state.matches[deciding.table.match_id]
                key = key_of[deciding.decides]
                plays[key].append(_play(match))
                key_of[match.match_id] = key
    return build()


def _pair_double(
    state: TournamentState, number: int, seeding: tuple[tuple[str, ...], str] | None = None
) -> RoundPaired:
    """Round `number` of a double elimination: every bracket table its round plays."""
    if number == 1:
        _active_field(state)
    order = seeding[0] if seeding else None
    with recorded_words():
        bracket = double_bracket_of(state, order)
    if number > 1:
        tied = [t for t in bracket.tables_in(number - 1) if t.status == "deciding_match_needed"]
        if tied:
            names = ", ".join(state.entrant_name(e) for e in tied[0].tied)
            raise TournamentError(
                _(
                    "cannot pair round {number} of {title}: round {value} needs a deciding "
                    "match between {names}"
                ).format(number=number, title=state.title, value=number - 1, names=names)
            )
    if bracket.champion is not None:
        raise TournamentError(
            _("all {count} rounds of {title} are paired: {name} is the champion").format(
                count=len(state.rounds),
                title=state.title,
                name=state.entrant_name(bracket.champion),
            )
        )
    unsettled = [t for t in bracket.tables() if 0 < t.played_in < number and not t.settled]
    if unsettled:  # a result changed after the round it decides was paired
        table = unsettled[0]
        names = ", ".join(state.entrant_name(e) for e in table.present) or _("players to come")
        raise TournamentError(
            _(
                "cannot pair round {number} of {title}: the {bracket} table of round {played_in} "
                "for {names} was never paired (a result changed after that round was paired on "
                "it: set that result back as it was)"
            ).format(
                number=number,
                title=state.title,
                bracket=page_(de.BRACKET_WORDS[table.bracket]),
                played_in=table.played_in,
                names=names,
            )
        )
    tables = bracket.tables_in(number)
    if not tables:
        raise TournamentError(
            _("all {count} rounds of {title} are paired").format(
                count=len(state.rounds), title=state.title
            )
        )
    rank = {e: i + 1 for i, e in enumerate(bracket_field(state, order))}
    records = seat_records(state)
    paired: list[tuple[Sequence[str], str]] = []
    for table in tables:
        if table.status != "to_play":
            continue
        round_ = de.bracket_round(bracket, table)
        names = ", ".join(f"{state.entrant_name(e)} (seed {rank[e]})" for e in table.present)
        label = f"{de.BRACKET_WORDS[table.bracket]}"
        if round_ is not None:
            label += f", {round_.name}, bracket slot {table.index + 1}"
        why = f"{label}: {names}; {de.consequence(table, bracket.reset_on)}"
        paired.append((seat_order(table.present, records), why))
    byes = [t.stay[0] for t in tables if t.status == "bye"]
    notes = [
        names_for_ids(state, t.note)
        for t in bracket.tables_in(number - 1)
        if any(p.outcome is not None and len(p.outcome.winners) > 1 for p in t.plays)
    ]
    notes += [
        f"{state.entrant_name(t.stay[0])} advances on a bye in the {de.BRACKET_WORDS[t.bracket]}"
        for t in tables
        if t.status == "bye"
    ]
    return _round_event(state, number, paired, byes, notes, False)


def _double_deciding_matches(state: TournamentState) -> list[TournamentEvent]:
    """A deciding match for every table of the latest round left tied across its cut."""
    if not state.rounds:
        raise TournamentError(
            _("{title} has no round with a tie to decide").format(title=state.title)
        )
    number = len(state.rounds)
    with recorded_words():
        bracket = double_bracket_of(state)
    tied = [t for t in bracket.tables_in(number) if t.status == "deciding_match_needed"]
    if not tied:
        raise TournamentError(
            _(
                "round {number} of {title} has no tie to decide: no table of it is level across "
                "the cut between those who stay and those who lose"
            ).format(number=number, title=state.title)
        )
    next_table = max(m.table for m in state.round_matches(number)) + 1
    events: list[TournamentEvent] = []
    for offset, table in enumerate(tied):
        decides = table.plays[-1].match_id
        events.append(
            DecidingMatchPaired(
                number,
                decides,
                PairedTable(
                    next_table + offset,
                    _seats(state, table.tied, number),
                    elimination.deciding_match_id(decides, len(table.plays)),
                    f"deciding match ({de.BRACKET_WORDS[table.bracket]}): "
                    + names_for_ids(state, table.note),
                ),
            )
        )
    return events
