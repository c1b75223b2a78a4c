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

This module holds the rule's pure parts, below `pairing` (which draws the knockout's
bracket through `knockout_state`); pairing a round and ranking a pool, which need
`pairing` and `standings`, are in `tourney.tournament.seating.next_round`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from tourney.i18n import _
from tourney.tournament.events import RoundPaired, TournamentCreated
from tourney.tournament.formats.elimination import bracket as elimination
from tourney.tournament.formats.round_robin import schedule as roundrobin
from tourney.tournament.notes.note_words import namer, note_text
from tourney.tournament.notes.notes import Note, Who, note
from tourney.tournament.records.groups_state import pool_letter
from tourney.tournament.round_events import ScheduleFixed
from tourney.tournament.state import Player, TournamentError, TournamentState

POOL_FORMATS: tuple[str, ...] = ("round_robin", "swiss")
"""The formats a pool is played in: each a format of the registry, paired as its own."""

SEARCH_BUDGET = 200_000
"""Placements `separated_order` tries before it settles for the best found so far."""


# -- settings --------------------------------------------------------------------------


def check_settings(
    name: str, *, pools: int, pool_size: int, advance: int, pool_format: str, sides: int
) -> None:
    """Refuse groups settings that cannot make a tournament, in one line."""
    if pool_format not in POOL_FORMATS:
        raise TournamentError(
            _("unknown --pool-format {pool_format!r} for {name!r}: choose one of {choices}").format(
                pool_format=pool_format, name=name, choices=", ".join(POOL_FORMATS)
            )
        )
    if (pools > 0) == (pool_size > 0):
        raise TournamentError(
            _(
                "groups {name!r}: give the number of pools (--pools) or their size "
                "(--pool-size), one of the two"
            ).format(name=name)
        )
    if pools < 0 or pools > 64:
        raise TournamentError(
            _("--pools {pools} for {name!r}: 1 to 64 pools").format(pools=pools, name=name)
        )
    if pool_size and not max(2, sides) <= pool_size <= 64:
        raise TournamentError(
            _("--pool-size {pool_size} for {name!r}: {fewest} to 64 entrants a pool").format(
                pool_size=pool_size, name=name, fewest=max(2, sides)
            )
        )
    if advance < 1:
        raise TournamentError(
            _("--advance {advance} for {name!r}: at least 1 from each pool").format(
                advance=advance, name=name
            )
        )
    if pool_size and advance > pool_size:
        raise TournamentError(
            _("--advance {advance} for {name!r}: more than a pool of {pool_size} holds").format(
                advance=advance, name=name, pool_size=pool_size
            )
        )
    if pools and pools * advance < 2:
        raise TournamentError(
            _(
                "--pools {pools} --advance {advance} for {name!r}: a knockout needs at least "
                "2 entrants"
            ).format(pools=pools, advance=advance, name=name)
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
    return len(
        roundrobin.schedule([str(i) for i in range(largest)], settings.sides_per_table).rounds
    )


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
        format=settings.pool_format,
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
        raise TournamentError(
            _("the knockout of {title} has not started").format(title=state.title)
        )
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


def stage_of_round(state: TournamentState, number: int) -> str:
    """``"pools"`` or ``"knockout"``: the stage round `number` belongs to."""
    knockout = state.groups.knockout
    return "knockout" if knockout and number >= knockout.first_round else "pools"


def total_rounds(state: TournamentState) -> int:
    """Pool rounds and knockout rounds (the knockout's as its field stands or will)."""
    knockout = state.groups.knockout
    if knockout is not None:
        field = len(knockout.order)
        return (
            knockout.first_round - 1 + elimination.round_count(field, state.created.sides_per_table)
        )
    settings = state.created
    field = len(state.active_entrants())
    pools = len(state.groups.pools) or pool_count(field, settings)
    expected = pools * settings.advance
    return pool_rounds(state) + elimination.round_count(expected, settings.sides_per_table)


# -- who advances ----------------------------------------------------------------------


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
) -> list[Note]:
    """The knockout's seeds (``Ann (A1)``: pool A's 1st), and what keeping pools apart did
    or could not do."""
    place = {
        e: f"{pool_letter(i)}{k}" for i, pool in enumerate(advanced) for k, e in enumerate(pool, 1)
    }
    seeds = tuple(
        note("groups.seed", n=i, who=Who(e), place=place[e]) for i, e in enumerate(order, 1)
    )
    notes = [note("groups.knockout_seeds", seeds=seeds)]
    if list(order) != base_order(advanced):
        notes.append(note("groups.seeds_moved"))
    if count:
        notes.append(note("groups.not_apart", n=count))
    return notes


def stage_announcement(state: TournamentState, number: int) -> list[str]:
    """What `tourney pair` says whenever round `number` starts a stage of a groups
    tournament: the pools formed (round 1), or who advanced and why and the knockout's
    seeds (the knockout's round 1). Nothing for other rounds."""
    knockout = state.groups.knockout
    if knockout is not None and number == knockout.first_round:
        said = [note_text(n, namer(state)) for n in knockout.notes]
        return [_("Stage 2: the knockout. Who advanced, and why:"), *said]
    if number == 1 and state.groups.pools:
        said = [note_text(n, namer(state)) for n in state.groups.notes]
        return [_("Stage 1: the pools."), *said]
    return []
