"""A groups tournament's two stages paired (the rule: `stages`,
docs/formats/groups-knockout.md), each stage as a tournament of its own through the other
formats: a pool round, the knockout's round 1 once every pool match has a result (who
advanced is `pool_tables`), then the knockout's rounds."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace

from tourney.i18n import _, ngettext
from tourney.tournament.events import PairedTable, RoundPaired, TournamentEvent
from tourney.tournament.formats.groups.stages import (
    knockout_state,
    placement_notes,
    pool_count,
    pool_rounds,
    pool_stage_finished,
    pool_state,
    separated_order,
    snake_pools,
    unfinished_pool_matches,
)
from tourney.tournament.formats.round_robin.format import round_robin_schedule
from tourney.tournament.notes.notes import Note, Value, Who, clauses, note
from tourney.tournament.records.groups import KnockoutSeeded, PoolScheduleFixed, PoolsFormed
from tourney.tournament.records.groups_state import pool_letter
from tourney.tournament.round_events import DecidingMatchPaired
from tourney.tournament.seating.pairing import (
    check_previous_round,
    decide_pair_deciding_matches,
    decide_pair_round,
    missing_tables,
    rating_order,
    seeded,
)
from tourney.tournament.standings.rows import StandingRow
from tourney.tournament.standings.standings import standings_of
from tourney.tournament.state import RoundError, TournamentError, TournamentState, evolve

# -- who advances ----------------------------------------------------------------------


@dataclass(frozen=True)
class PoolTable:
    """One pool's standings and who advances from it (known once the pools are over)."""

    index: int
    letter: str
    rows: tuple[StandingRow, ...]
    advancing: tuple[str, ...]
    notes: tuple[Note, ...]
    finished: bool


def _separator(row: StandingRow, other: StandingRow, tie_breaks: Sequence[str]) -> Note | None:
    """What ranks `row` above `other`: the first of match points and the tie-breaks
    that differs (None when none does)."""
    if row.match_points != other.match_points:
        return note("groups.by_match_points")
    values = {
        "buchholz": (row.buchholz, other.buchholz),
        "scored": (row.points_scored, other.points_scored),
        "head_to_head": (row.head_to_head, other.head_to_head),
    }
    for key in tie_breaks:
        mine, theirs = values[key]
        if mine != theirs:
            return note(f"groups.by_{key}")
    return None


POOL_NOTES = frozenset(
    (
        "groups.advance",
        "groups.would_advance",
        "groups.level",
        "groups.level_seed",
        "groups.withdrawn",
    )
)
"""The codes of the notes saying who advances from a pool (and why), each of one pool."""


def pool_tables(state: TournamentState) -> tuple[PoolTable, ...]:
    """Every pool's standings in pool order, with who advances and why."""
    settings = state.created
    finished = pool_stage_finished(state)
    tables = []
    for index, pool in enumerate(state.groups.pools):
        sub = pool_state(state, index)
        rows = standings_of(sub, byes_unplayed=False)  # the doc's pool rule: byes add none
        eligible = [r for r in rows if not r.withdrawn]
        advancing = eligible[: settings.advance]
        notes: list[Note] = []
        letter = pool_letter(index)
        seed = {e: i + 1 for i, e in enumerate(pool)}
        if advancing:
            placed = tuple(
                note(
                    "groups.placed",
                    who=Who(r.entrant_id),
                    place=ordinal(n),
                    points=r.match_points,
                )
                for n, r in enumerate(advancing, start=1)
            )
            code = "groups.advance" if finished else "groups.would_advance"
            notes.append(note(code, letter=letter, entrants=placed))
        # Every tie on match points at a place that matters (among those advancing, and
        # at the cut), and what settled it.
        for k in range(min(len(advancing), len(eligible) - 1) if finished else 0):
            above, below = eligible[k], eligible[k + 1]
            if above.match_points != below.match_points:
                continue
            at_cut = k == len(advancing) - 1
            who = Who(above.entrant_id)
            verb = (
                note("groups.goes_through", who=who)
                if at_cut
                else note("groups.is_placed", who=who, place=ordinal(k + 1))
            )
            why = _separator(above, below, settings.tie_breaks)
            words: dict[str, Value] = {
                "letter": letter,
                "first": who,
                "second": Who(below.entrant_id),
                "points": above.match_points,
                "verb": verb,
            }
            if why is not None:
                notes.append(Note("groups.level", {**words, "why": why}))
            else:
                seeds = {"seed": seed[above.entrant_id], "other": seed[below.entrant_id]}
                notes.append(Note("groups.level_seed", {**words, **seeds}))
        gone = tuple(Who(r.entrant_id) for r in rows[: settings.advance] if r.withdrawn)
        if gone:
            notes.append(note("groups.withdrawn", letter=letter, entrants=gone))
        knockout = state.groups.knockout
        if knockout is not None:
            # Who advanced is the decision recorded when the knockout began: a pool
            # result corrected since changes the table, never the draw.
            advancing = [r for r in rows if r.entrant_id in knockout.advanced[index]]
            notes = [
                n for n in knockout.notes if n.code in POOL_NOTES and n.values["letter"] == letter
            ]
        tables.append(
            PoolTable(
                index,
                letter,
                rows,
                tuple(r.entrant_id for r in advancing)
                if knockout is None
                else knockout.advanced[index],
                tuple(notes),
                finished,
            )
        )
    return tuple(tables)


def ordinal(n: int) -> Note:
    """``"1st"``, ``"2nd"``... as a note (``"1º"``, ``"1-й"``)."""
    if 10 <= n % 100 <= 20 or n % 10 not in (1, 2, 3):
        return note("groups.nth", n=n)
    return note({1: "groups.nst", 2: "groups.nnd", 3: "groups.nrd"}[n % 10], n=n)


# -- pairing ---------------------------------------------------------------------------


def _renumber(paired: RoundPaired, number: int, state: TournamentState) -> RoundPaired:
    """A knockout round as the tournament's round `number`, with the tournament's match
    ids, each table's why saying it is the knockout's."""
    tables = tuple(
        replace(
            t,
            match_id=state.match_id(number, t.number),
            why=None if t.why is None else note("groups.knockout", note=t.why),
        )
        for t in paired.tables
    )
    return replace(paired, round=number, tables=tables)


def _in_knockout(
    state: TournamentState,
    offset: int,
    decide: Callable[[TournamentState], list[TournamentEvent]],
) -> list[TournamentEvent]:
    """`decide` on the knockout as a tournament of its own; a refusal names the
    tournament's rounds (the knockout's round 1 is round `offset` + 1): the refusal
    carries its round numbers as data (`RoundError`)."""
    try:
        return decide(knockout_state(state))
    except RoundError as refused:
        raise refused.shifted(offset) from None


def decide_pair_groups(
    state: TournamentState,
    *,
    override: bool = False,
    forbidden: frozenset[frozenset[str]] = frozenset(),
    avoid_same_club: bool = False,
    ratings: Mapping[str, float] | None = None,
) -> list[TournamentEvent]:
    """Pair the next round of a groups tournament: a pool round (round 1 forms the
    pools), the knockout's round 1 once every pool match has a result, or the next
    knockout round."""
    number = len(state.rounds) + 1
    if state.groups.knockout is not None:
        offset = state.groups.knockout.first_round - 1
        paired = _in_knockout(state, offset, decide_pair_round)
        return [
            _renumber(e, e.round + offset, state) if isinstance(e, RoundPaired) else e
            for e in paired
        ]
    events: list[TournamentEvent] = []
    if not state.groups.pools:
        events += _form_pools(state, ratings)
        for event in events:
            state = evolve(state, event)
    if number <= pool_rounds(state):
        return [*events, _pair_pools(state, number, override, forbidden, avoid_same_club)]
    return [*events, *_start_knockout(state, number)]


def _form_pools(
    state: TournamentState, ratings: Mapping[str, float] | None
) -> list[TournamentEvent]:
    settings = state.created
    active = state.active_entrants()
    notes: list[Note] = []
    if settings.seed_by == "rating":
        if ratings is None:
            raise TournamentError(
                _(
                    "cannot pair round 1 of {title}: it is seeded by rating, and no ratings "
                    "were given"
                ).format(title=state.title)
            )
        order, said = rating_order(state, ratings)
        notes.append(said)
    else:
        order = tuple(seeded(state, active))
    count = pool_count(len(order), settings)
    smallest = len(order) // count if count else 0
    if smallest < 2:
        too_small = (
            _(
                "cannot pair round 1 of {title}: {n} partnerships make pools of {smallest} in "
                "{count} pools; a pool needs at least 2 (fewer --pools, or a larger --pool-size)"
            )
            if settings.partnerships
            else _(
                "cannot pair round 1 of {title}: {n} players make pools of {smallest} in "
                "{count} pools; a pool needs at least 2 (fewer --pools, or a larger --pool-size)"
            )
        )
        raise TournamentError(
            too_small.format(title=state.title, n=len(order), smallest=smallest, count=count)
        )
    if settings.advance > smallest:
        too_many = (
            _(
                "cannot pair round 1 of {title}: {advance} advance from each pool, and the "
                "smallest of the {count} pools has {smallest} partnerships (--advance too many)"
            )
            if settings.partnerships
            else _(
                "cannot pair round 1 of {title}: {advance} advance from each pool, and the "
                "smallest of the {count} pools has {smallest} players (--advance too many)"
            )
        )
        raise TournamentError(
            too_many.format(
                title=state.title, advance=settings.advance, count=count, smallest=smallest
            )
        )
    pools = snake_pools(order, count)
    shown = clauses(
        *(
            note("groups.members", letter=pool_letter(i), entrants=tuple(Who(e) for e in pool))
            for i, pool in enumerate(pools)
        )
    )
    notes.append(note("groups.pools_formed", n=count, pools=shown))
    events: list[TournamentEvent] = [PoolsFormed(pools, tuple(order), tuple(notes))]
    if settings.pool_format == "round_robin":
        formed = evolve(state, events[0])
        for index in range(count):
            schedule = round_robin_schedule(pool_state(formed, index))
            rounds = tuple((r.tables, r.byes) for r in schedule.rounds)
            events.append(PoolScheduleFixed(index, rounds, schedule.source))
    return events


def _pair_pools(
    state: TournamentState,
    number: int,
    override: bool,
    forbidden: frozenset[frozenset[str]],
    avoid_same_club: bool,
) -> RoundPaired:
    check_previous_round(state, override, every_winner=False)
    tables: list[PairedTable] = []
    byes: list[str] = []
    notes: list[Note] = list(state.groups.notes) if number == 1 else []
    for index in range(len(state.groups.pools)):
        sub = pool_state(state, index)
        schedule = state.groups.schedules.get(index)  # a round-robin pool's
        if schedule is not None and number > len(schedule.rounds):
            continue
        letter = pool_letter(index)
        for event in decide_pair_round(
            sub, override=True, forbidden=forbidden, avoid_same_club=avoid_same_club
        ):
            if not isinstance(event, RoundPaired):
                continue
            for table in event.tables:
                at = len(tables) + 1
                tables.append(
                    PairedTable(
                        at,
                        table.seats,
                        state.match_id(number, at),
                        None
                        if table.why is None
                        else note("groups.pool", letter=letter, note=table.why),
                    )
                )
            byes += event.byes
            notes += [note("groups.pool", letter=letter, note=said) for said in event.notes]
    overridden = override and number > 1 and bool(missing_tables(state, number - 1))
    return RoundPaired(number, tuple(tables), tuple(byes), tuple(notes), overridden)


def _start_knockout(state: TournamentState, number: int) -> list[TournamentEvent]:
    settings = state.created
    unfinished = unfinished_pool_matches(state)
    if unfinished:
        where = ", ".join(
            _("round {round} table {table}").format(round=r, table=t) for r, t in unfinished[:6]
        )
        more = (
            _(" and {count} more").format(count=len(unfinished) - 6) if len(unfinished) > 6 else ""
        )
        raise TournamentError(
            ngettext(
                "cannot start the knockout of {title}: the pools are unfinished, {n} pool "
                "match without a result ({where}{more})",
                "cannot start the knockout of {title}: the pools are unfinished, {n} pool "
                "matches without a result ({where}{more})",
                len(unfinished),
            ).format(title=state.title, n=len(unfinished), where=where, more=more)
        )
    tables = pool_tables(state)
    advanced = [t.advancing for t in tables]
    if sum(len(a) for a in advanced) < 2:
        raise TournamentError(
            _("cannot start the knockout of {title}: fewer than 2 entrants advance").format(
                title=state.title
            )
        )
    order, count = separated_order(advanced, settings.sides_per_table)
    notes = [said for t in tables for said in t.notes]
    notes += placement_notes(state, advanced, order, count)
    seeded_event = KnockoutSeeded(tuple(advanced), tuple(order), number, tuple(notes))
    started = evolve(state, seeded_event)
    made = _in_knockout(started, number - 1, decide_pair_round)
    paired = [e for e in made if isinstance(e, RoundPaired)]
    first = _renumber(paired[0], number, state)
    first = replace(first, notes=(*notes, *first.notes))
    return [seeded_event, first]


def decide_pair_deciding_groups(state: TournamentState) -> list[TournamentEvent]:
    """A deciding match for every knockout table of the latest round left tied."""
    knockout = state.groups.knockout
    if knockout is None:
        raise TournamentError(
            _("{title} has no knockout round with a tie to decide").format(title=state.title)
        )
    offset = knockout.first_round - 1
    return [
        replace(e, round=e.round + offset) if isinstance(e, DecidingMatchPaired) else e
        for e in _in_knockout(state, offset, decide_pair_deciding_matches)
    ]
