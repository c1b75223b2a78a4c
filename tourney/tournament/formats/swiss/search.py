"""Swiss pairing: score groups, repeat avoidance, forbidden pairings, byes, seat rotation.

The caller passes entrants best-ranked first (match points, then seeding). Tables are
filled top-down: the best-ranked unseated entrant takes the next table, joined by the next
entrants in ranking order who have met nobody at that table and are not forbidden with
anyone there. A *conflict* is a forbidden pair, a repeat meeting, or clubmates when clubs
are kept apart -- in that order of weight: the pairing has the fewest forbidden pairs it
can, then among those the fewest repeats, then the fewest clubmates (so keeping clubmates
apart never costs a repeat). A depth-first search backtracks when the bottom of the field
cannot be seated that way: it first looks for a round with no conflict at all; failing
that, for each kind of conflict in turn, a round with none of that kind, then at most
one, two, ... while the kinds before stay at their fewest. A level searched to the end
without a round is a proof, so a conflict is called "unavoidable" only when every level
below the count chosen was searched to the end.

Every candidate examined is counted against a budget (`LEVEL_BUDGET` + 20 per entrant for
each level, `LEVELS` levels in all). Small fields (the tests cross-check fields of up to 12
by brute force) are searched exhaustively well within it. When the budget runs out, the
best round found so far -- or, when none was, tables filled greedily from the next
`GREEDY_WINDOW` entrants -- has its conflicts swapped away between nearby tables, and the
round's notes and the tables' explanations say "not proven minimal" / "not avoided
(search budget ran out)" rather than claim too much. Timings: bench/pairing_bench.py.

Byes go only where `seating.table_sizes` says no table can take everyone: to the
lowest-ranked entrant among those with the fewest byes. Seats follow `seating.seat_order`.
"""

from __future__ import annotations

import bisect
import itertools
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from tourney.tournament.formats.swiss import table_search
from tourney.tournament.notes.notes import Note, Value, Who, clauses, note
from tourney.tournament.seating.seating import SeatRecord, seat_order, table_sizes

# Search budgets count candidates examined; per level of allowed conflicts, then in all.
LEVEL_BUDGET = 20_000
LEVELS = 4
REPAIR_BUDGET = 30_000  # swaps tried while repairing
GREEDY_WINDOW = 48  # how far down the ranking a greedy table looks

# A round's conflicts as one int, the kinds in fields of 20 bits (a round of 1,000 seats
# fewer than 2**20 pairs), heaviest kind highest, so comparing codes compares
# (forbidden, repeats, clubmates) in that order.
_SHIFT = 20
_MASK = (1 << _SHIFT) - 1
CLUB, REPEAT, FORBIDDEN = 1, 1 << _SHIFT, 1 << (2 * _SHIFT)
_KIND_OF = {FORBIDDEN: 0, REPEAT: 1, CLUB: 2}
UNBOUNDED = _MASK
Bounds = tuple[int, int, int]
Sizes = tuple[tuple[int, int], ...]
"""The tables still to seat as (size, how many), largest first: a round has one or two
sizes, where a tuple of every table's size made each table's step a pass over them all."""


def counts(cost: int) -> tuple[int, int, int]:
    """(forbidden pairs, repeats, clubmates) of a cost code."""
    return (cost >> (2 * _SHIFT), (cost >> _SHIFT) & _MASK, cost & _MASK)


def _within(cost: int, bounds: Bounds) -> bool:
    return (
        cost >> (2 * _SHIFT) <= bounds[0]
        and (cost >> _SHIFT) & _MASK <= bounds[1]
        and cost & _MASK <= bounds[2]
    )


@dataclass(frozen=True)
class SwissEntrant:
    """One entrant as pairing sees it. `entrant_id` is a player or a partnership."""

    entrant_id: str
    label: str
    points: Fraction = Fraction(0)
    byes: int = 0
    club: str | None = None
    seats: SeatRecord = field(default_factory=SeatRecord)
    virtual: Fraction = Fraction(0)
    """The part of `points` that is virtual (an accelerated round's, pairing only)."""

    @property
    def score(self) -> Value:
        """Its points, with the part that is virtual in an accelerated round."""
        if self.virtual:
            return note("swiss.virtual_score", points=self.points, virtual=self.virtual)
        return self.points

    @property
    def scored(self) -> Note:
        """``Ann (2)`` in a table's why."""
        return note("swiss.scored", who=Who(self.entrant_id), score=self.score)


@dataclass(frozen=True)
class SwissTable:
    """A table's sides in seat order (side 0 = seat 1) and why it was formed."""

    sides: tuple[str, ...]
    why: Note
    conflicts: int = 0


@dataclass(frozen=True)
class SwissPairing:
    tables: tuple[SwissTable, ...]
    byes: tuple[str, ...]
    notes: tuple[Note, ...]
    conflicts: int


class _Field:
    """Integer-indexed view of the entrants for the search."""

    def __init__(
        self,
        entrants: Sequence[SwissEntrant],
        met: Mapping[str, frozenset[str]],
        forbidden: frozenset[frozenset[str]],
        avoid_same_club: bool,
    ) -> None:
        self.entrants = entrants
        index = {e.entrant_id: i for i, e in enumerate(entrants)}
        # Each entrant's forbidden and repeat pairs as one lookup (a pair both forbidden
        # and met is forbidden, the heavier kind): the searches weigh pairs by the million.
        self.codes: list[dict[int, int]] = [
            {index[o]: REPEAT for o in met.get(e.entrant_id, ()) if o in index} for e in entrants
        ]
        for pair in forbidden:
            ids = [index[p] for p in pair if p in index]
            if len(ids) == 2:
                a, b = ids
                self.codes[a][b] = self.codes[b][a] = FORBIDDEN
        self.clubs = [e.club if avoid_same_club else None for e in entrants]

    def forbids(self, a: int, b: int) -> bool:
        return self.codes[a].get(b) == FORBIDDEN

    def repeats(self, a: int, b: int) -> bool:
        """Whether a and b have met (and are not forbidden to meet: that weighs more)."""
        return self.codes[a].get(b) == REPEAT

    def possible(self) -> tuple[bool, bool, bool]:
        """Whether any two entrants could make each kind of conflict: (forbidden,
        repeat, clubmates)."""
        kinds = {code for codes in self.codes for code in codes.values()}
        clubs = [club for club in self.clubs if club is not None]
        return FORBIDDEN in kinds, REPEAT in kinds, len(set(clubs)) < len(clubs)

    def code(self, a: int, b: int) -> int:
        """The conflict of seating a with b as a `Cost` code (0: none)."""
        code = self.codes[a].get(b, 0)
        if code:
            return code
        club = self.clubs[a]
        return CLUB if club is not None and club == self.clubs[b] else 0

    def table_code(self, table: Sequence[int]) -> int:
        """The conflicts of every pair at `table`, summed (`code` of each pair, its
        lookups made here: the local searches weigh tables by the hundred thousand)."""
        total = 0
        clubs = self.clubs
        for at, a in enumerate(table):
            codes, club = self.codes[a], clubs[a]
            for b in table[at + 1 :]:
                code = codes.get(b, 0)
                if not code and club is not None and club == clubs[b]:
                    code = CLUB
                total += code
        return total

    def conflict(self, a: int, b: int) -> int:
        return 1 if self.code(a, b) else 0

    def reason(self, a: int, b: int) -> Note:
        first, second = Who(self.entrants[a].entrant_id), Who(self.entrants[b].entrant_id)
        if self.forbids(a, b):
            return note("swiss.forbidden_pair", first=first, second=second)
        if self.repeats(a, b):
            return note("swiss.met", first=first, second=second)
        return note("swiss.clubmates", first=first, second=second, club=self.clubs[a] or "")


def _companions(
    fld: _Field,
    order: list[int],
    free: bytearray,
    head_at: int,
    need: int,
    bounds: Bounds,
    spent: int,
    budget: list[int],
) -> Iterator[tuple[tuple[int, ...], int]]:
    """Choices of `need` companions for the entrant at `order[head_at]` from those after
    it still `free`, in ranking order, with their cost, keeping `spent` plus that cost
    within `bounds`."""
    chosen = [order[head_at]]
    yield from _extend(
        fld.code, order, free, chosen, need + 1, head_at + 1, 0, bounds, spent, budget
    )


def _extend(
    code: Callable[[int, int], int],
    order: list[int],
    free: bytearray,
    chosen: list[int],
    size: int,
    start: int,
    cost: int,
    bounds: Bounds,
    spent: int,
    budget: list[int],
) -> Iterator[tuple[tuple[int, ...], int]]:
    """`_companions`' step: `chosen` (of `cost`) joined by each free entrant from `start`
    on, then by the next ones, until `size` sit. A function of its own rather than a
    closure: a closure that calls itself is a reference cycle, which only the collector
    frees (tens of thousands a search, and with them its full passes over the heap)."""
    if len(chosen) == size:
        yield tuple(chosen), cost
        return
    for pos in range(start, len(order)):
        if not free[pos]:
            continue
        budget[0] -= 1
        if budget[0] < 0:
            return
        candidate = order[pos]
        extra = 0
        for member in chosen:
            extra += code(member, candidate)
        if extra and not _within(spent + cost + extra, bounds):
            continue
        chosen.append(candidate)
        yield from _extend(
            code, order, free, chosen, size, pos + 1, cost + extra, bounds, spent, budget
        )
        chosen.pop()


def _tables_for(
    fld: _Field,
    order: list[int],
    free: bytearray,
    head_at: int,
    left: Sizes,
    bounds: Bounds,
    spent: int,
    budget: list[int],
) -> Iterator[tuple[tuple[int, ...], int]]:
    """Choices for the table of `order[head_at]`, the best-ranked entrant still free: the
    largest size left first, then smaller ones."""
    for size, count in left:
        if count:
            yield from _companions(fld, order, free, head_at, size - 1, bounds, spent, budget)


def _without(left: Sizes, size: int) -> Sizes:
    return tuple((s, count - 1 if s == size else count) for s, count in left)


def _search(
    fld: _Field, order: list[int], sizes: tuple[int, ...], bounds: Bounds, budget: list[int]
) -> list[tuple[tuple[int, ...], int]] | None:
    """Depth-first search (iterative, so 1,000-deep is fine) for tables within `bounds`.

    The best-ranked unseated entrant's table may take any size still needed, so a round
    within the bounds is found whenever one exists and the budget lasts; None with the
    budget left (not negative) proves there is none.

    Who is still unseated is a flag per place in `order`, set back when the search backs
    out of a table: what is left stays in ranking order without being copied at each
    table (a copy per table made the search quadratic: 2,500 tables of a 10,000 field).
    """
    if not sizes:
        return []
    place = {entrant: at for at, entrant in enumerate(order)}
    free = bytearray(b"\x01") * len(order)
    tables: list[tuple[tuple[int, ...], int]] = []
    heads: list[int] = [0]
    left: list[Sizes] = [tuple((s, sizes.count(s)) for s in sorted(set(sizes), reverse=True))]
    spent: list[int] = [0]
    stack = [_tables_for(fld, order, free, 0, left[0], bounds, 0, budget)]
    while stack:
        depth = len(stack) - 1
        for members, _ in tables[depth:]:
            for member in members:
                free[place[member]] = 1
        del tables[depth:]
        del heads[depth + 1 :]
        del left[depth + 1 :]
        del spent[depth + 1 :]
        budget[0] -= 1
        choice = next(stack[-1], None)
        if budget[0] < 0:
            return None
        if choice is None:
            stack.pop()
            continue
        members, cost = choice
        for member in members:
            free[place[member]] = 0
        tables.append(choice)
        left.append(_without(left[depth], len(members)))
        spent.append(spent[depth] + cost)
        if len(tables) == len(sizes):
            return tables
        head = heads[depth] + 1
        while not free[head]:
            head += 1
        heads.append(head)
        stack.append(_tables_for(fld, order, free, head, left[-1], bounds, spent[-1], budget))
    return None


def _greedy(
    fld: _Field, order: list[int], sizes: tuple[int, ...]
) -> list[tuple[tuple[int, ...], int]]:
    """Last resort when the search fails: each table takes its cheapest next entrants,
    looking at most `GREEDY_WINDOW` places down the ranking."""
    rest = list(order)
    tables: list[tuple[tuple[int, ...], int]] = []
    for size in sorted(sizes, reverse=True):
        members = [rest.pop(0)]
        cost = 0
        while len(members) < size:
            window = range(min(GREEDY_WINDOW, len(rest)))
            best = min(window, key=lambda p: (sum(fld.code(m, rest[p]) for m in members), p))
            cost += sum(fld.code(m, rest[best]) for m in members)
            members.append(rest.pop(best))
        tables.append((tuple(members), cost))
    return tables


def choose_byes(entrants: Sequence[SwissEntrant], count: int) -> list[int]:
    """Indexes of the `count` entrants who sit out: fewest byes first, then lowest-ranked."""
    ranked = sorted(range(len(entrants)), key=lambda i: (entrants[i].byes, -i))
    return sorted(ranked[:count])


def _repair(
    fld: _Field, tables: list[tuple[tuple[int, ...], int]]
) -> list[tuple[tuple[int, ...], int]]:
    """Swap entrants between tables, nearest tables first, while that removes conflicts."""
    seats = [list(members) for members, _ in tables]

    def cost(table: list[int]) -> int:
        return fld.table_code(table)

    costs = [cost(t) for t in seats]
    work = REPAIR_BUDGET
    for _ in range(20):
        improved = False
        for i in range(len(seats)):
            for j in nearest_first(i, len(seats)):
                if not costs[i] or work <= 0:
                    break
                for x, y in itertools.product(range(len(seats[i])), range(len(seats[j]))):
                    work -= 1
                    seats[i][x], seats[j][y] = seats[j][y], seats[i][x]
                    now_i, now_j = cost(seats[i]), cost(seats[j])
                    if now_i + now_j < costs[i] + costs[j]:
                        costs[i], costs[j] = now_i, now_j
                        improved = True
                        break
                    seats[i][x], seats[j][y] = seats[j][y], seats[i][x]
        if not improved:
            break
    repaired = [(tuple(sorted(t)), c) for t, c in zip(seats, costs, strict=True)]
    return sorted(repaired, key=lambda table: table[0][0])


def nearest_first(i: int, count: int) -> Iterator[int]:
    """The indexes below `count` other than `i`, nearest to `i` first, the lower of two
    as near first: what sorting them by distance gives, without sorting every table's
    index for each table (2,500 tables: 6 million keys a pass)."""
    for step in range(1, max(i, count - 1 - i) + 1):
        if i - step >= 0:
            yield i - step
        if i + step < count:
            yield i + step


def pair_swiss(
    entrants: Sequence[SwissEntrant],
    sides: int,
    met: Mapping[str, frozenset[str]],
    *,
    forbidden: frozenset[frozenset[str]] = frozenset(),
    avoid_same_club: bool = False,
    budget: int | None = None,
    rounds_left: int = 0,
) -> SwissPairing:
    """Pair one Swiss round of `entrants` (best-ranked first) at tables of `sides` sides.

    `met[x]` holds everyone x has shared a table with. Returns tables best-ranked first,
    each with its sides in seat order and a one-paragraph explanation. `rounds_left`
    (rounds still to pair after this one) lets a small field keep the next round
    repeat-free (`_exhaustive`).
    """
    sizes, bye_count = table_sizes(len(entrants), sides)
    bye_indexes = choose_byes(entrants, bye_count)
    fld = _Field(entrants, met, forbidden, avoid_same_club)
    order = [i for i in range(len(entrants)) if i not in set(bye_indexes)]
    per_level = LEVEL_BUDGET + 20 * len(entrants)
    total_budget = budget if budget is not None else LEVELS * per_level
    found, proven = _fewest_conflicts(fld, order, sizes, per_level, total_budget)
    notes = list(_notes(entrants, sides, sizes, bye_indexes))
    swaps = 0
    if not all(proven):
        found, proven, swaps = _swap_search(fld, found, proven, len(entrants))
    found, proven, said = _exhaustive(fld, order, sizes, found, proven, rounds_left)
    notes.extend(said)
    if sides == 2:
        found, moved = _seat_swaps(fld, found)
        if moved:
            notes.append(note("swiss.seat_swaps", n=moved))
    if not all(proven):
        left = counts(sum(cost for _, cost in found))
        kinds = ("swiss.left_forbidden", "swiss.left_repeats", "swiss.left_clubmates")
        shown = tuple(note(kinds[i], n=k) for i, k in enumerate(left) if k)
        notes.append(
            note(
                "swiss.budget",
                candidates=total_budget,
                swaps=note("swiss.annealed", n=swaps) if swaps else note("swiss.nearby_swaps"),
                left=shown or note("swiss.left_none"),
            )
        )
    tables = _explain(fld, order, found, sides, proven)
    return SwissPairing(
        tables=tables,
        byes=tuple(entrants[i].entrant_id for i in bye_indexes),
        notes=tuple(notes),
        conflicts=sum(table.conflicts for table in tables),
    )


Found = list[tuple[tuple[int, ...], int]]

SWAP_STEPS = 20_000
SWAP_STEPS_PER_ENTRANT = 500
SWAP_STEPS_MOST = 60_000


def _swap_search(
    fld: _Field, found: Found, proven: tuple[bool, bool, bool], field_size: int
) -> tuple[Found, tuple[bool, bool, bool], int]:
    """When the depth-first search gave up with conflicts left: a local search
    (`table_search.anneal`) from its round; the better round, and for each kind of
    conflict whether its count is now the least possible (0 is), and the swaps spent."""
    if not found or not sum(cost for _, cost in found):
        return found, (True, True, True), 0
    if not any(counts(sum(cost for _, cost in found))[:2]):
        return found, proven, 0  # clubmates only: the repair's swaps have done what they can
    entrants = fld.entrants
    values = [float(e.points) for e in entrants]
    low, high = min(values), max(values)
    points = [2 * (v - low) / (high - low) if high > low else 0.0 for v in values]
    steps = min(SWAP_STEPS + SWAP_STEPS_PER_ENTRANT * field_size, SWAP_STEPS_MOST)
    searched = table_search.anneal(
        [list(members) for members, _ in found], fld.table_code, counts, points, steps
    )

    def total(tables: Found) -> int:
        return sum(cost for _, cost in tables)

    better: Found = sorted(
        (
            (
                tuple(sorted(t)),
                fld.table_code(t),
            )
            for t in searched.tables
        ),
        key=lambda table: table[0][0],
    )
    if total(better) < total(found):
        found = better
    left = counts(total(found))
    now = list(proven)
    for kind in range(3):
        if left[kind] == 0 and all(now[:kind]):
            now[kind] = True
    return found, (now[0], now[1], now[2]), searched.swaps


def _fewest_conflicts(
    fld: _Field, order: list[int], sizes: tuple[int, ...], per_level: int, budget: int
) -> tuple[Found, tuple[bool, bool, bool]]:
    """The round with the fewest forbidden pairs, then repeats, then clubmates that the
    budget finds, and for each kind whether its count is proven the least possible (given
    the kinds before it at theirs)."""
    remaining = [budget]
    tried: dict[Bounds, tuple[Found | None, bool]] = {}
    # A bound on a kind of conflict no two entrants can make prunes nothing: the searches
    # of bounds that differ only there, given the same budget, are one search (its
    # result, whether it ended, what it spent), run once and charged each time.
    can = fld.possible()
    searched: dict[tuple[Bounds, int], tuple[Found | None, bool, int]] = {}

    def attempt(bounds: Bounds) -> tuple[Found | None, bool]:
        """A round within `bounds`, and whether a failure is a proof (the search ended
        within its budget)."""
        if bounds not in tried:
            given = min(per_level, remaining[0])
            same = (
                (
                    bounds[0] if can[0] else 0,
                    bounds[1] if can[1] else 0,
                    bounds[2] if can[2] else 0,
                ),
                given,
            )
            if same not in searched:
                level = [given]
                result = _search(fld, order, sizes, bounds, level)
                searched[same] = (result, level[0] >= 0, given - max(level[0], 0))
            result, ended, spent = searched[same]
            remaining[0] -= spent
            tried[bounds] = (result, ended)
        return tried[bounds]

    def total(tables: Found) -> int:
        return sum(cost for _, cost in tables)

    best, _ = attempt((0, 0, 0)) if remaining[0] > 0 else (None, False)
    if best is not None or not sizes:
        return best or [], (True, True, True)
    proven = [False, False, False]
    bounds = [UNBOUNDED, UNBOUNDED, UNBOUNDED]
    for kind in range(3):
        # Levels 0, 1, ... of this kind, the kinds before held at their least: a level is
        # tried only after every level below it was refuted, so the first round found, or
        # reaching the count of the best round so far, proves that count the least.
        level = 0
        while True:
            if best is not None and level >= counts(total(best))[kind]:
                proven[kind] = True
                break
            if remaining[0] <= 0:
                break
            bounds[kind] = level
            found, exhaustive = attempt((bounds[0], bounds[1], bounds[2]))
            if found is not None:
                best, proven[kind] = found, True
                break
            if not exhaustive:
                break
            if best is None:
                best = _repair(fld, _greedy(fld, order, sizes))
            level += 1
        if not proven[kind]:
            break
        assert best is not None
        bounds[kind] = counts(total(best))[kind]
    if best is None:
        best = _repair(fld, _greedy(fld, order, sizes))
    elif not all(proven):
        repaired = _repair(fld, best)
        best = repaired if total(repaired) <= total(best) else best
    return best, (proven[0], proven[1], proven[2])


SEAT_GAP = 2
"""At tables of 2: a player whose seat-1 turns exceed their seat-2 turns by this much (or
fall short by it) should not meet one with the same gap, since one of them would then
reach SEAT_GAP + 1."""


def _seat_swaps(fld: _Field, found: Found) -> tuple[Found, int]:
    """At tables of 2: where two players with the same seat gap of `SEAT_GAP` or more
    meet, exchange opponents with a table within 3 places of it when that makes no
    conflict, no new seat clash and no wider score difference; the tables and how many
    exchanges were made."""
    gaps = [e.seats.count(0) - e.seats.count(1) for e in fld.entrants]
    points = [e.points for e in fld.entrants]

    def clash(a: int, b: int) -> bool:
        return gaps[a] == gaps[b] and abs(gaps[a]) >= SEAT_GAP

    tables = [list(members) for members, _ in found]
    costs = [cost for _, cost in found]
    moved = 0
    for i, table in enumerate(tables):
        if len(table) != 2 or costs[i] or not clash(*table):
            continue
        a, b = table
        for j in (i + d for step in range(1, 4) for d in (-step, step)):
            if not 0 <= j < len(tables):
                continue
            other = tables[j]
            if len(other) != 2 or costs[j]:
                continue
            c, d = other
            spread = abs(points[a] - points[b]) + abs(points[c] - points[d])
            for x, y in ((c, d), (d, c)):
                if (
                    fld.code(a, x) == 0
                    and fld.code(b, y) == 0
                    and not clash(a, x)
                    and not clash(b, y)
                    and abs(points[a] - points[x]) + abs(points[b] - points[y]) <= spread
                ):
                    tables[i], tables[j] = sorted((a, x)), sorted((b, y))
                    moved += 1
                    break
            if tables[i] != table:
                break
    swapped = sorted(((tuple(t), c) for t, c in zip(tables, costs, strict=True)))
    return (swapped, moved) if moved else (found, 0)


EXACT_BUDGET = 300_000
"""Nodes of each exhaustive search (`table_search.rounds_within`) for a small field."""
LOOKAHEAD_CANDIDATES = 400
"""Repeat-free rounds weighed when the best one would leave the next round none."""
LOOKAHEAD_BUDGET = 3_000_000
"""Nodes spent in all on checking those rounds' next rounds."""


def _exhaustive(
    fld: _Field,
    order: list[int],
    sizes: tuple[int, ...],
    found: Found,
    proven: tuple[bool, bool, bool],
    rounds_left: int,
) -> tuple[Found, tuple[bool, bool, bool], list[Note]]:
    """For a field of up to `table_search.EXACT_MOST` seated at tables of 3 or more: the
    fewest repeats, proven by an exhaustive search when the others could not prove it;
    and, while rounds are left, a repeat-free round after which the next round can be
    repeat-free too, when the round found would leave none (16 players who have met in
    three rounds can be left without a repeat-free fourth)."""
    if len(order) > table_search.EXACT_MOST or not sizes or min(sizes) < 3:
        return found, proven, []
    entrants = fld.entrants
    values = [float(e.points) for e in entrants]

    def floaters(tables: Sequence[Sequence[int]]) -> float:
        return sum(max(values[m] for m in t) - values[m] for t in tables for m in t)

    def as_found(tables: Sequence[Sequence[int]]) -> Found:
        return sorted(
            ((tuple(sorted(t)), fld.table_code(t)) for t in tables),
            key=lambda table: table[0][0],
        )

    def best_of(rounds: list[list[list[int]]]) -> Found:
        return min(
            (as_found(r) for r in rounds),
            key=lambda f: (sum(c for _, c in f), floaters([m for m, _ in f])),
        )

    # `soft` is asked only of pairs that are not `hard` (`rounds_within`), so a pair both
    # forbidden and met, a forbidden pair to `fld`, is hard alone.
    hard, soft = fld.forbids, fld.repeats

    notes: list[Note] = []
    now = list(proven)
    have = counts(sum(cost for _, cost in found))
    if have[0] == 0 and have[1] > 0 and not now[1]:
        for spare in range(have[1]):
            result = table_search.rounds_within(
                order, sizes, soft, hard, spare, want=50, budget=EXACT_BUDGET
            )
            if result.rounds:
                found = best_of(result.rounds)
                now[0] = now[1] = True
                break
            if not result.complete:
                break
        else:
            now[0] = now[1] = True
        if now[1]:
            fewest = counts(sum(cost for _, cost in found))[1]
            notes.append(
                note("swiss.exhaustive_fewest", n=fewest)
                if fewest
                else note("swiss.exhaustive_none")
            )
    have = counts(sum(cost for _, cost in found))
    for kind in range(3):
        if have[kind] == 0 and all(now[:kind]):
            now[kind] = True
    if rounds_left <= 0 or have[0] or have[1]:
        return found, (now[0], now[1], now[2]), notes

    spent = [0]

    def next_round_free(tables: Sequence[Sequence[int]]) -> bool | None:
        table_of = {m: i for i, t in enumerate(tables) for m in t}

        def again(a: int, b: int) -> bool:
            return fld.repeats(a, b) or table_of[a] == table_of[b]

        result = table_search.rounds_within(
            order, sizes, again, hard, 0, want=1, budget=EXACT_BUDGET
        )
        spent[0] += result.nodes
        return True if result.rounds else (False if result.complete else None)

    if next_round_free([m for m, _ in found]) is not False:
        return found, (now[0], now[1], now[2]), notes
    candidates = table_search.rounds_within(
        order, sizes, soft, hard, 0, want=LOOKAHEAD_CANDIDATES, budget=EXACT_BUDGET
    )
    ranked = sorted(
        (as_found(r) for r in candidates.rounds),
        key=lambda f: (sum(c for _, c in f), floaters([m for m, _ in f])),
    )
    for option in ranked:
        if spent[0] > LOOKAHEAD_BUDGET:
            break
        if next_round_free([m for m, _ in option]):
            notes.append(note("swiss.lookahead"))
            return option, (now[0], now[1], now[2]), notes
    return found, (now[0], now[1], now[2]), notes


def _notes(
    entrants: Sequence[SwissEntrant],
    sides: int,
    sizes: tuple[int, ...],
    byes: list[int],
) -> tuple[Note, ...]:
    notes: list[Note] = []
    if sizes and min(sizes) < sides:
        notes.append(note("swiss.shape", n=len(entrants) - len(byes), sides=sides, sizes=sizes))
    for i in byes:
        e = entrants[i]
        who = Who(e.entrant_id)
        notes.append(
            note("swiss.bye_first", who=who)
            if e.byes == 0
            else note("swiss.bye_fewest", who=who, n=e.byes)
        )
    return tuple(notes)


def _explain(
    fld: _Field,
    order: list[int],
    found: list[tuple[tuple[int, ...], int]],
    sides: int,
    proven: tuple[bool, bool, bool],
) -> tuple[SwissTable, ...]:
    entrants = fld.entrants
    position = {entrant: pos for pos, entrant in enumerate(order)}
    # The places in `order` of those seated at tables after the one explained, kept
    # sorted, so that those a table passed over are a slice of it (a round repaired by
    # swaps has tables that reach a thousand places down).
    later = list(range(len(order)))
    records = {e.entrant_id: e.seats for e in entrants}
    tables: list[SwissTable] = []
    for members, cost in found:
        for m in members:
            del later[bisect.bisect_left(later, position[m])]
        head = members[0]
        ids = [entrants[m].entrant_id for m in members]
        seated = seat_order(ids, records)
        parts = [note("swiss.head", who=Who(entrants[head].entrant_id), score=entrants[head].score)]
        parts.append(note("swiss.joined", entrants=tuple(entrants[m].scored for m in members[1:])))
        floats = tuple(
            Who(entrants[m].entrant_id)
            for m in members[1:]
            if entrants[m].points != entrants[head].points
        )
        if floats:
            parts.append(note("swiss.floats", entrants=floats))
        # Passed over: those ranked between the head and the table's last member who sit
        # at a later table. Three are named.
        first = bisect.bisect_right(later, position[head])
        passed = bisect.bisect_left(later, max(position[m] for m in members)) - first
        for pos in later[first : first + min(passed, 3)]:
            other = order[pos]
            clashes = [fld.reason(m, other) for m in members if fld.conflict(m, other)]
            who = Who(entrants[other].entrant_id)
            parts.append(
                note("swiss.passed_over", who=who, reason=clashes[0])
                if clashes
                else note("swiss.passed_over_below", who=who)
            )
        if passed > 3:
            parts.append(note("swiss.more_passed", n=passed - 3))
        if cost:
            parts.extend(_verdicts(fld, members, proven))
        else:
            parts.append(note("swiss.clean"))
        opener = records[seated[0]]
        parts.append(
            note(
                "swiss.seat_one",
                who=Who(seated[0]),
                first=opener.count(0),
                n=sum(opener.counts),
            )
        )
        if len(members) < sides:
            parts.append(note("swiss.small_table", n=len(members)))
        tables.append(SwissTable(sides=seated, why=clauses(*parts), conflicts=sum(counts(cost))))
    return tuple(tables)


def _verdicts(fld: _Field, members: tuple[int, ...], proven: tuple[bool, bool, bool]) -> list[Note]:
    """What the table's conflicts are, and for each kind whether fewer was possible."""
    by_kind: dict[int, list[Note]] = {}
    for k, a in enumerate(members):
        for b in members[k + 1 :]:
            code = fld.code(a, b)
            if code:
                by_kind.setdefault(_KIND_OF[code], []).append(fld.reason(a, b))
    verdicts = []
    for kind, reasons in sorted(by_kind.items()):
        proof = all(proven[: kind + 1])
        verdict = "swiss.unavoidable" if proof else "swiss.not_avoided"
        verdicts.append(note(verdict, reasons=clauses(*reasons)))
    return verdicts
