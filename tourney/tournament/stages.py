"""Groups -> knockout: one tournament, two stages, every decision an event.

The rule, stated in full in docs/formats/groups-knockout.md:

1. *Pools.* When round 1 is paired, the active entrants in seed order (the tournament's
   `seeding`, or the club's ratings with ``seed_by="rating"``) are dealt to the pools in
   a snake: seeds 1..P to pools A..P, seeds P+1..2P back from P to A, and so on
   (`snake_pools`). P is `pools`, or ceil(N / `pool_size`). Recorded as `PoolsFormed`.
2. *Pool rounds.* Each pool is paired as a tournament of its own (`pool_state`), by the
   existing round robin or Swiss with the pool's seed order as its registration order;
   a round of the tournament holds every pool's tables, numbered pool A's first.
3. *Who advances.* Once every pool match has a result, each pool's standings (the
   tournament's scoring and tie-breaks, counting that pool's matches only) rank it; the
   first `advance` entrants not withdrawn advance. Entrants still level after every
   tie-break are listed in pool seed order, so seed order settles a tie at the cut.
4. *Knockout placement.* Base seed order: every pool's 1st in pool order (A1, B1, ...),
   then every pool's 2nd, and so on (`base_order`). The knockout's round-1 tables come
   from the existing single-elimination layout; the seed order used is the first, in the
   order `separated_order` searches, that puts no two entrants of one pool at a round-1
   table, each entrant keeping its tier (its place in its pool). When none does, the
   first with the fewest same-pool pairs at round-1 tables. Recorded as `KnockoutSeeded`.
5. *Knockout.* The existing single elimination (`pairing`, `elimination`) on the knockout
   alone (`knockout_state`), its rounds numbered after the pool rounds.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import cast

from tourney.tournament import elimination, roundrobin
from tourney.tournament.events import (
    TIE_BREAK_WORDS,
    DecidingMatchPaired,
    Format,
    PairedTable,
    RoundPaired,
    ScheduleFixed,
    TournamentCreated,
    TournamentEvent,
)
from tourney.tournament.groups import (
    POOL_FORMATS,
    KnockoutSeeded,
    PoolScheduleFixed,
    PoolsFormed,
    pool_letter,
)
from tourney.tournament.standings import StandingRow, standings_of
from tourney.tournament.state import Player, TournamentError, TournamentState, evolve
from tourney.tournament.swiss import points_text

SEARCH_BUDGET = 200_000
"""Placements `separated_order` tries before it settles for the best found so far."""

GROUPS_RULE = (
    "pools by snake seeding; the top {advance} of each pool advance (the tie-breaks "
    "applied within the pool, then seed order); the knockout seeds every pool's winner "
    "first (pool order), then every runner-up, and so on, keeping two of one pool apart "
    "in the knockout's first round where it can"
)


# -- settings --------------------------------------------------------------------------


def check_settings(
    name: str, *, pools: int, pool_size: int, advance: int, pool_format: str, sides: int
) -> None:
    """Refuse groups settings that cannot make a tournament, in one line."""
    if pool_format not in POOL_FORMATS:
        raise TournamentError(
            f"unknown --pool-format {pool_format!r} for {name!r}: choose one of "
            f"{', '.join(POOL_FORMATS)}"
        )
    if (pools > 0) == (pool_size > 0):
        raise TournamentError(
            f"groups {name!r}: give the number of pools (--pools) or their size "
            "(--pool-size), one of the two"
        )
    if pools < 0 or pools > 64:
        raise TournamentError(f"--pools {pools} for {name!r}: 1 to 64 pools")
    if pool_size and not max(2, sides) <= pool_size <= 64:
        raise TournamentError(
            f"--pool-size {pool_size} for {name!r}: {max(2, sides)} to 64 entrants a pool"
        )
    if advance < 1:
        raise TournamentError(f"--advance {advance} for {name!r}: at least 1 from each pool")
    if pool_size and advance > pool_size:
        raise TournamentError(
            f"--advance {advance} for {name!r}: more than a pool of {pool_size} holds"
        )
    if pools and pools * advance < 2:
        raise TournamentError(
            f"--pools {pools} --advance {advance} for {name!r}: a knockout needs at least "
            "2 entrants"
        )


def pool_count(field: int, settings: TournamentCreated) -> int:
    """How many pools a field of `field` entrants makes: `pools`, or ceil(field /
    `pool_size`)."""
    if settings.pools:
        return settings.pools
    return max(1, -(-field // settings.pool_size))


def snake_pools(order: Sequence[str], count: int) -> tuple[tuple[str, ...], ...]:
    """`order` (best first) dealt to `count` pools in a snake: seed i (from 0) goes to
    pool i mod count in even bands (i div count even), to pool count - 1 - i mod count in
    odd bands. Each pool lists its entrants in seed order."""
    pools: list[list[str]] = [[] for _ in range(count)]
    for index, entrant in enumerate(order):
        band, place = divmod(index, count)
        pools[place if band % 2 == 0 else count - 1 - place].append(entrant)
    return tuple(tuple(pool) for pool in pools)


# -- each stage as a tournament of its own ---------------------------------------------


def pool_rounds(state: TournamentState) -> int:
    """How many rounds the pool stage has: a Swiss pool's `rounds`; the longest
    round-robin pool schedule (before the pools are formed: the largest pool's)."""
    settings = state.created
    if settings.pool_format == "swiss":
        return settings.rounds
    groups = state.groups
    if groups.pools:
        return max((len(s.rounds) for s in groups.schedules.values()), default=0)
    field = len(state.active_entrants())
    largest = -(-field // pool_count(field, settings)) if field else 0
    if largest < 2:
        return 0
    return len(roundrobin.schedule([str(i) for i in range(largest)], sides_of(settings)).rounds)


def sides_of(settings: TournamentCreated) -> int:
    return settings.sides_per_table


def _sub_state(
    state: TournamentState,
    entrants: Sequence[str],
    settings: TournamentCreated,
    rounds: Sequence[RoundPaired],
    offset: int,
) -> TournamentState:
    """`state` reduced to `entrants` (registered in that order), the rounds given
    (numbered `offset` fewer) and their matches: a tournament the existing formats pair."""
    if state.created.partnerships:
        teams = {t: replace(state.teams[t], order=i) for i, t in enumerate(entrants)}
        members = [m for t in entrants for m in state.teams[t].members]
        players: dict[str, Player] = {p: state.players[p] for p in members}
    else:
        teams = {}
        players = {e: replace(state.players[e], order=i) for i, e in enumerate(entrants)}
    ids = {t.match_id for r in rounds for t in r.tables}
    numbers = {r.round for r in rounds}
    deciding = tuple(
        replace(d, round=d.round - offset) for d in state.deciding if d.round in numbers
    )
    ids |= {d.table.match_id for d in deciding}
    return TournamentState(
        settings=settings,
        players=players,
        teams=teams,
        rounds=tuple(replace(r, round=r.round - offset, seed_order=()) for r in rounds),
        matches={
            m: replace(record, round=record.round - offset)
            for m, record in state.matches.items()
            if m in ids
        },
        deciding=deciding,
        removed=state.removed,
    )


def pool_state(state: TournamentState, index: int) -> TournamentState:
    """Pool `index` as a tournament of its own: its entrants in their pool seed order,
    the pool rounds with its tables and byes only, its round-robin schedule."""
    settings = state.created
    pool = state.groups.pools[index]
    members = set(pool)
    knockout = state.groups.knockout
    last = knockout.first_round - 1 if knockout else len(state.rounds)
    rounds = [
        replace(
            paired,
            tables=tuple(t for t in paired.tables if state.matches[t.match_id].sides[0] in members),
            byes=tuple(b for b in paired.byes if b in members),
        )
        for paired in state.rounds[:last]
    ]
    sub_settings = replace(
        settings,
        format=cast(Format, settings.pool_format),
        name=f"{settings.name} (pool {pool_letter(index)})",
        slug=f"{settings.slug}-{pool_letter(index).lower()}",
        seeding="registration",
        seed_by="seeding",
        third_place=False,
    )
    fixed = state.groups.schedules.get(index)
    if fixed is not None:  # a round-robin pool plays its whole schedule
        sub_settings = replace(sub_settings, rounds=len(fixed.rounds))
    sub = _sub_state(state, pool, sub_settings, rounds, 0)
    if fixed is not None:
        sub = replace(sub, schedule=ScheduleFixed(fixed.rounds, fixed.source))
    return sub


def knockout_state(state: TournamentState) -> TournamentState:
    """The knockout as a single elimination of its own: the advancers registered in the
    knockout's seed order, its rounds numbered from 1. Refuses before stage 2."""
    knockout = state.groups.knockout
    if knockout is None:
        raise TournamentError(f"the knockout of {state.title} has not started")
    offset = knockout.first_round - 1
    settings = replace(
        state.created,
        format="elimination",
        name=f"{state.created.name} (knockout)",
        seeding="registration",
        seed_by="seeding",
        rounds=0,
    )
    return _sub_state(state, knockout.order, settings, state.rounds[offset:], offset)


def knockout_bracket(state: TournamentState) -> elimination.Bracket:
    """The knockout's bracket (no rounds before stage 2)."""
    from tourney.tournament.pairing import bracket_of

    if state.groups.knockout is None:
        return elimination.Bracket(sides=sides_of(state.created), rounds=())
    return bracket_of(knockout_state(state))


def stage_of_round(state: TournamentState, number: int) -> str:
    """``"pools"`` or ``"knockout"``: the stage round `number` belongs to."""
    knockout = state.groups.knockout
    return "knockout" if knockout and number >= knockout.first_round else "pools"


def total_rounds(state: TournamentState) -> int:
    """Pool rounds and knockout rounds (the knockout's as its field stands or will)."""
    knockout = state.groups.knockout
    if knockout is not None:
        field = len(knockout.order)
        return knockout.first_round - 1 + elimination.round_count(field, sides_of(state.created))
    settings = state.created
    field = len(state.active_entrants())
    pools = len(state.groups.pools) or pool_count(field, settings)
    expected = pools * settings.advance
    return pool_rounds(state) + elimination.round_count(expected, sides_of(settings))


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
        return "match points"
    values = {
        "buchholz": (row.buchholz, other.buchholz),
        "scored": (row.points_scored, other.points_scored),
        "head_to_head": (row.head_to_head, other.head_to_head),
    }
    for key in tie_breaks:
        mine, theirs = values[key]
        if mine != theirs:
            return TIE_BREAK_WORDS[key]
    return ""


def pool_tables(state: TournamentState) -> tuple[PoolTable, ...]:
    """Every pool's standings in pool order, with who advances and why."""
    settings = state.created
    finished = pool_stage_finished(state)
    tables = []
    for index, pool in enumerate(state.groups.pools):
        sub = pool_state(state, index)
        rows = standings_of(sub)
        eligible = [r for r in rows if not r.withdrawn]
        advancing = eligible[: settings.advance]
        notes: list[str] = []
        letter = pool_letter(index)
        seed = {e: i + 1 for i, e in enumerate(pool)}
        if advancing:
            names = ", ".join(
                f"{r.name} ({_ordinal(n)}, {points_text(r.match_points)} pts)"
                for n, r in enumerate(advancing, start=1)
            )
            verb = "advance" if finished else "would advance as it stands"
            notes.append(f"pool {letter}: {names} {verb}")
        # Every tie on match points at a place that matters (among those advancing, and
        # at the cut), and what settled it.
        for k in range(min(len(advancing), len(eligible) - 1)):
            above, below = eligible[k], eligible[k + 1]
            if above.match_points != below.match_points:
                continue
            at_cut = k == len(advancing) - 1
            verb = "goes through" if at_cut else f"is {_ordinal(k + 1)}"
            why = _separator(above, below, settings.tie_breaks)
            level = f"{above.name} and {below.name} are level on {points_text(above.match_points)}"
            if why:
                notes.append(f"pool {letter}: {level} match points; {above.name} {verb} on {why}")
            else:
                notes.append(
                    f"pool {letter}: {level} match points and every tie-break; {above.name} "
                    f"{verb} on seed order (pool seed {seed[above.entrant_id]} before "
                    f"{seed[below.entrant_id]})"
                )
        gone = [r.name for r in rows[: len(advancing)] if r.withdrawn]
        if gone:
            notes.append(f"pool {letter}: withdrawn, not advancing: {', '.join(gone)}")
        tables.append(
            PoolTable(
                index,
                letter,
                rows,
                tuple(r.entrant_id for r in advancing),
                tuple(notes),
                finished,
            )
        )
    return tuple(tables)


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def unfinished_pool_matches(state: TournamentState) -> list[tuple[int, int]]:
    """(round, table) of every pool match still without a result."""
    knockout = state.groups.knockout
    last = knockout.first_round - 1 if knockout else len(state.rounds)
    return sorted(
        (m.round, m.table) for m in state.matches.values() if m.round <= last and m.outcome is None
    )


def pool_stage_finished(state: TournamentState) -> bool:
    """Every pool round paired, and every pool match with a result."""
    if not state.groups.pools:
        return False
    if state.groups.knockout is not None:
        return True
    return len(state.rounds) >= pool_rounds(state) and not unfinished_pool_matches(state)


# -- the knockout's placement ----------------------------------------------------------


def base_order(advanced: Sequence[Sequence[str]]) -> list[str]:
    """Tier by tier: every pool's 1st in pool order, then every pool's 2nd, ..."""
    deepest = max((len(pool) for pool in advanced), default=0)
    return [pool[place] for place in range(deepest) for pool in advanced if place < len(pool)]


def first_round_tables(field: int, sides: int) -> list[list[int]]:
    """The knockout's round-1 tables as 0-based seed positions (byes left out), from the
    existing layout (`elimination.layout_for`)."""
    layout = elimination.layout_for(field, sides)
    return [[s - 1 for s in table if s is not None] for table in layout.first]


def clashes(order: Sequence[str], pool_of: Mapping[str, int], sides: int) -> int:
    """Same-pool pairs at the knockout's round-1 tables when seeded in `order`."""
    count = 0
    for table in first_round_tables(len(order), sides):
        members = [pool_of[order[s]] for s in table]
        count += sum(1 for i, a in enumerate(members) for b in members[i + 1 :] if a == b)
    return count


def separated_order(
    advanced: Sequence[Sequence[str]], sides: int, budget: int = SEARCH_BUDGET
) -> tuple[list[str], int]:
    """The knockout's seed order and its same-pool pairs at round-1 tables.

    Positions are filled from seed 1 down; position k takes an entrant of the same tier
    (place in pool) as `base_order`'s k-th, the candidates tried in `base_order`. The
    first complete order with no same-pool pair at a round-1 table wins; when there is
    none, the first with the fewest (depth-first, a branch dropped once it has as many as
    the best found). After `budget` placements the best found so far stands.
    """
    base = base_order(advanced)
    pool_of = {e: i for i, pool in enumerate(advanced) for e in pool}
    tier = {e: pool.index(e) for pool in advanced for e in pool}
    n = len(base)
    table_of: dict[int, int] = {}
    for t, table in enumerate(first_round_tables(n, sides)):
        for s in table:
            table_of[s] = t
    mates: dict[int, list[int]] = {s: [] for s in range(n)}
    for s, t in table_of.items():
        mates[s] = [o for o, u in table_of.items() if u == t and o < s]
    best: list[str] = list(base)
    best_count = clashes(base, pool_of, sides)
    if best_count == 0:
        return best, 0
    placed: list[str] = []
    used: set[str] = set()
    tries = 0

    def search(count: int) -> bool:
        nonlocal best, best_count, tries
        if count >= best_count or tries >= budget:
            return False
        k = len(placed)
        if k == n:
            best, best_count = list(placed), count
            return count == 0
        for candidate in base:
            if candidate in used or tier[candidate] != tier[base[k]]:
                continue
            tries += 1
            extra = sum(1 for o in mates[k] if pool_of[placed[o]] == pool_of[candidate])
            placed.append(candidate)
            used.add(candidate)
            done = search(count + extra)
            placed.pop()
            used.discard(candidate)
            if done:
                return True
        return False

    search(0)
    return best, best_count


def placement_notes(
    state: TournamentState,
    advanced: Sequence[Sequence[str]],
    order: Sequence[str],
    count: int,
) -> list[str]:
    """The knockout's seeds in words (``Ann (A1)``: pool A's 1st), and what keeping
    pools apart did or could not do."""
    place = {
        e: f"{pool_letter(i)}{k}" for i, pool in enumerate(advanced) for k, e in enumerate(pool, 1)
    }
    seeds = ", ".join(f"{i}. {state.entrant_name(e)} ({place[e]})" for i, e in enumerate(order, 1))
    notes = [f"knockout seeds: {seeds}"]
    if list(order) != base_order(advanced):
        notes.append(
            "seeds moved within their tier (place in pool) to keep two of one pool apart "
            "in the knockout's first round"
        )
    if count:
        notes.append(
            f"two of one pool could not be kept apart in the knockout's first round "
            f"({count} such pair{'s' if count != 1 else ''}): the seed order with the fewest"
        )
    return notes


# -- pairing ---------------------------------------------------------------------------


def _renumber(paired: RoundPaired, number: int, slug: str) -> RoundPaired:
    """A stage's round as the tournament's round `number`, with the tournament's match ids."""
    tables = tuple(replace(t, match_id=f"{slug}-r{number}-t{t.number}") for t in paired.tables)
    return replace(paired, round=number, tables=tables)


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
    from tourney.tournament.pairing import decide_pair_round

    settings = state.created
    number = len(state.rounds) + 1
    if state.groups.knockout is not None:
        offset = state.groups.knockout.first_round - 1
        events = decide_pair_round(knockout_state(state))
        return [
            _renumber(e, e.round + offset, settings.slug) if isinstance(e, RoundPaired) else e
            for e in events
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
    from tourney.tournament.pairing import rating_order, round_robin_schedule, seeded

    settings = state.created
    active = state.active_entrants()
    notes: list[str] = []
    if settings.seed_by == "rating":
        if ratings is None:
            raise TournamentError(
                f"cannot pair round 1 of {state.title}: it is seeded by rating, and no "
                "ratings were given"
            )
        order, note = rating_order(state, ratings)
        notes.append(note)
    else:
        order = tuple(seeded(state, active))
    count = pool_count(len(order), settings)
    smallest = len(order) // count if count else 0
    noun = "partnerships" if settings.partnerships else "players"
    if smallest < 2:
        raise TournamentError(
            f"cannot pair round 1 of {state.title}: {len(order)} {noun} make pools of "
            f"{smallest} in {count} pools; a pool needs at least 2 (fewer --pools, or a "
            "larger --pool-size)"
        )
    if settings.advance > smallest:
        raise TournamentError(
            f"cannot pair round 1 of {state.title}: {settings.advance} advance from each "
            f"pool, and the smallest of the {count} pools has {smallest} {noun} "
            "(--advance too many)"
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
    from tourney.tournament.pairing import decide_pair_round, missing_tables, tables_text

    settings = state.created
    if number > 1:
        missing = missing_tables(state, number - 1)
        if missing and not override:
            raise TournamentError(
                f"cannot pair round {number} of {state.title}: results of round "
                f"{number - 1} are missing at {tables_text(missing)} (the director can "
                "override)"
            )
    tables: list[PairedTable] = []
    byes: list[str] = []
    notes: list[str] = list(state.groups.notes) if number == 1 else []
    for index in range(len(state.groups.pools)):
        sub = pool_state(state, index)
        if settings.pool_format == "round_robin" and number > len(
            state.groups.schedules[index].rounds
        ):
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
                        f"{settings.slug}-r{number}-t{at}",
                        f"pool {letter}: {table.why}",
                    )
                )
            byes += event.byes
            notes += [f"pool {letter}: {note}" for note in event.notes]
    overridden = override and number > 1 and bool(missing_tables(state, number - 1))
    return RoundPaired(number, tuple(tables), tuple(byes), tuple(notes), overridden)


def _start_knockout(state: TournamentState, number: int) -> list[TournamentEvent]:
    from tourney.tournament.pairing import decide_pair_round

    settings = state.created
    unfinished = unfinished_pool_matches(state)
    if unfinished:
        where = ", ".join(f"round {r} table {t}" for r, t in unfinished[:6])
        more = f" and {len(unfinished) - 6} more" if len(unfinished) > 6 else ""
        raise TournamentError(
            f"cannot start the knockout of {state.title}: the pools are unfinished, "
            f"{len(unfinished)} pool match{'es' if len(unfinished) != 1 else ''} without a "
            f"result ({where}{more})"
        )
    tables = pool_tables(state)
    advanced = [t.advancing for t in tables]
    if sum(len(a) for a in advanced) < 2:
        raise TournamentError(
            f"cannot start the knockout of {state.title}: fewer than 2 entrants advance"
        )
    order, count = separated_order(advanced, settings.sides_per_table)
    notes = [note for t in tables for note in t.notes]
    notes += placement_notes(state, advanced, order, count)
    seeded_event = KnockoutSeeded(tuple(advanced), tuple(order), number, tuple(notes))
    started = evolve(state, seeded_event)
    paired = [e for e in decide_pair_round(knockout_state(started)) if isinstance(e, RoundPaired)]
    first = _renumber(paired[0], number, settings.slug)
    first = replace(first, notes=(*notes, *first.notes))
    return [seeded_event, first]


def decide_pair_deciding_groups(state: TournamentState) -> list[TournamentEvent]:
    """A deciding match for every knockout table of the latest round left tied."""
    from tourney.tournament.pairing import decide_pair_deciding_matches

    knockout = state.groups.knockout
    if knockout is None:
        raise TournamentError(f"{state.title} has no knockout round with a tie to decide")
    offset = knockout.first_round - 1
    return [
        replace(e, round=e.round + offset) if isinstance(e, DecidingMatchPaired) else e
        for e in decide_pair_deciding_matches(knockout_state(state))
    ]


def stage_announcement(state: TournamentState, number: int) -> list[str]:
    """What `tourney pair` says whenever round `number` starts a stage of a groups
    tournament: the pools formed (round 1), or who advanced and why and the knockout's
    seeds (the knockout's round 1). Nothing for other rounds and formats."""
    if state.settings is None or state.created.format != "groups":
        return []
    knockout = state.groups.knockout
    if knockout is not None and number == knockout.first_round:
        return ["Stage 2: the knockout. Who advanced, and why:", *knockout.notes]
    if number == 1 and state.groups.pools:
        return ["Stage 1: the pools.", *state.groups.notes]
    return []
