"""A groups tournament's two stages paired (the rule: `stages`,
docs/formats/groups-knockout.md), each stage as a tournament of its own through the other
formats: a pool round, the knockout's round 1 once every pool match has a result (who
advanced is `pool_tables`), then the knockout's rounds."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace

from tourney.i18n import _, ngettext, page_
from tourney.tournament.events import (
    TIE_BREAK_WORDS,
    DecidingMatchPaired,
    PairedTable,
    RoundPaired,
    TournamentEvent,
)
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
from tourney.tournament.groups import KnockoutSeeded, PoolScheduleFixed, PoolsFormed, pool_letter
from tourney.tournament.matches import points_text
from tourney.tournament.pairing import (
    check_previous_round,
    decide_pair_deciding_matches,
    decide_pair_round,
    missing_tables,
    rating_order,
    recorded_words,
    seeded,
)
from tourney.tournament.standings import StandingRow, standings_of
from tourney.tournament.state import RoundError, TournamentError, TournamentState, evolve

# -- who advances ----------------------------------------------------------------------


@dataclass(frozen=True)
class PoolTable:
    """One pool's standings and who advances from it (known once the pools are over)."""

    index: int
    letter: str
    rows: tuple[StandingRow, ...]
    advancing: tuple[str, ...]
    notes: tuple[str, ...]
    finished: bool


def _separator(row: StandingRow, other: StandingRow, tie_breaks: Sequence[str]) -> str:
    """What ranks `row` above `other`: the first of match points and the tie-breaks
    that differs (``""`` when none does)."""
    if row.match_points != other.match_points:
        return page_("match points")
    values = {
        "buchholz": (row.buchholz, other.buchholz),
        "scored": (row.points_scored, other.points_scored),
        "head_to_head": (row.head_to_head, other.head_to_head),
    }
    for key in tie_breaks:
        mine, theirs = values[key]
        if mine != theirs:
            return page_(TIE_BREAK_WORDS[key])
    return ""


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
        notes: list[str] = []
        letter = pool_letter(index)
        seed = {e: i + 1 for i, e in enumerate(pool)}
        if advancing:
            names = ", ".join(
                page_("{name} ({place}, {points} pts)").format(
                    name=r.name, place=_ordinal(n), points=points_text(r.match_points)
                )
                for n, r in enumerate(advancing, start=1)
            )
            if finished:
                said = page_("pool {letter}: {names} advance")
            else:
                said = page_("pool {letter}: {names} would advance as it stands")
            notes.append(said.format(letter=letter, names=names))
        # Every tie on match points at a place that matters (among those advancing, and
        # at the cut), and what settled it.
        for k in range(min(len(advancing), len(eligible) - 1) if finished else 0):
            above, below = eligible[k], eligible[k + 1]
            if above.match_points != below.match_points:
                continue
            at_cut = k == len(advancing) - 1
            if at_cut:
                verb = page_("{name} goes through").format(name=above.name)
            else:
                verb = page_("{name} is {place}").format(name=above.name, place=_ordinal(k + 1))
            why = _separator(above, below, settings.tie_breaks)
            words = {
                "letter": letter,
                "first": above.name,
                "second": below.name,
                "points": points_text(above.match_points),
                "verb": verb,
            }
            if why:
                notes.append(
                    page_(
                        "pool {letter}: {first} and {second} are level on {points} match "
                        "points; {verb} on {why}"
                    ).format(why=why, **words)
                )
            else:
                notes.append(
                    page_(
                        "pool {letter}: {first} and {second} are level on {points} match "
                        "points and every tie-break; {verb} on seed order (pool seed {seed} "
                        "before {other})"
                    ).format(seed=seed[above.entrant_id], other=seed[below.entrant_id], **words)
                )
        gone = [r.name for r in rows[: settings.advance] if r.withdrawn]
        if gone:
            notes.append(
                page_("pool {letter}: withdrawn, not advancing: {names}").format(
                    letter=letter, names=", ".join(gone)
                )
            )
        knockout = state.groups.knockout
        if knockout is not None:
            # Who advanced is the decision recorded when the knockout began: a pool
            # result corrected since changes the table, never the draw.
            advancing = [r for r in rows if r.entrant_id in knockout.advanced[index]]
            notes = [n for n in knockout.notes if n.startswith(f"pool {letter}:")]
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


def _ordinal(n: int) -> str:
    """``"1st"``, ``"2nd"``... in the current language (``"1º"``, ``"1-й"``)."""
    if 10 <= n % 100 <= 20 or n % 10 not in (1, 2, 3):
        return page_("{n}th").format(n=n)
    return {1: page_("{n}st"), 2: page_("{n}nd"), 3: page_("{n}rd")}[n % 10].format(n=n)


# -- pairing ---------------------------------------------------------------------------


def _renumber(paired: RoundPaired, number: int, state: TournamentState) -> RoundPaired:
    """A knockout round as the tournament's round `number`, with the tournament's match
    ids, each table's why saying it is the knockout's."""
    tables = tuple(
        replace(t, match_id=state.match_id(number, t.number), why=f"knockout: {t.why}")
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
    notes: list[str] = []
    if settings.seed_by == "rating":
        if ratings is None:
            raise TournamentError(
                _(
                    "cannot pair round 1 of {title}: it is seeded by rating, and no ratings "
                    "were given"
                ).format(title=state.title)
            )
        order, note = rating_order(state, ratings)
        notes.append(note)
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
    shown = "; ".join(
        f"pool {pool_letter(i)}: " + ", ".join(state.entrant_name(e) for e in pool)
        for i, pool in enumerate(pools)
    )
    notes.append(f"{count} pools by snake seeding over the seed order: {shown}")
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
    notes: list[str] = list(state.groups.notes) if number == 1 else []
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
                        f"pool {letter}: {table.why}",
                    )
                )
            byes += event.byes
            notes += [f"pool {letter}: {note}" for note in event.notes]
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
    with recorded_words():  # the notes are recorded with the knockout's seeding
        tables = pool_tables(state)
    advanced = [t.advancing for t in tables]
    if sum(len(a) for a in advanced) < 2:
        raise TournamentError(
            _("cannot start the knockout of {title}: fewer than 2 entrants advance").format(
                title=state.title
            )
        )
    order, count = separated_order(advanced, settings.sides_per_table)
    notes = [note for t in tables for note in t.notes]
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
