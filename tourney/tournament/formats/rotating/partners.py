"""Rotating partners (progressive, or individual, movement): Horse Race partnerships drawn
anew each round, each player ranked on their own.

The rule, stated for players and directors in ``docs/formats/rotating-partners.md``:

* Every round seats the players at tables of 4 as two partnerships: seats 1 and 3 partner
  against seats 2 and 4. When the players are not a multiple of 4, the ``n mod 4`` who sat
  out least so far sit out (latest registered first among equals); a sit-out scores the
  tournament's bye points.
* Objective, in this order: (1) no one partners the same person twice while it can be
  avoided (fewest repeat partnerships), (2) everyone opposes each other player as evenly
  as possible (opponent counts spread least).
* Fields with a shipped whist design (`DESIGNS`: n = 8, 9, 12, 13, 16, 17, 20, 21, 24)
  play it, its rounds in `design_order`, while the field is the one that started round 1:
  everyone partners everyone exactly once and opposes everyone exactly twice over the
  design's ``n - 1`` rounds (``n`` for n = 1 mod 4, one sitting out each round); rounds
  past that start the design again.
* Every other round is chosen by `search_round`: a deterministic local search on the
  objective above, counted over the rounds already played.

Standings are individual (`standings.rotating_standings`): a player's match points are
the sum of the match points their side earned each round (a win 1, a shared win split as
the tournament says) plus bye points for each sit-out; then game points scored by their
sides; then the opponents' average match points (the two players across the table).
"""

from __future__ import annotations

import functools
import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations

from tourney.i18n import _, ngettext
from tourney.tournament.events import PairedTable, RoundPaired, TournamentEvent
from tourney.tournament.notes.notes import Note, Who, clauses, note
from tourney.tournament.state import TournamentError, TournamentState

INFINITY = -1
"""The point a design for n = 0 mod 4 keeps fixed: the last player of the field."""

DESIGNS: dict[int, tuple[tuple[int, int, int, int], ...]] = {
    8: ((3, 6, 1, 0), (4, 2, -1, 5)),
    9: ((1, 3, 2, 6), (4, 5, 8, 7)),
    12: ((6, 0, 7, 8), (10, 1, 4, -1), (9, 3, 2, 5)),
    13: ((5, 9, 4, 7), (2, 1, 12, 8), (6, 11, 10, 3)),
    16: ((0, 8, 14, 13), (12, 7, 10, 4), (9, 11, 1, 5), (2, 3, 6, -1)),
    17: ((14, 1, 5, 15), (3, 9, 7, 2), (4, 12, 6, 11), (10, 13, 16, 8)),
    20: ((15, 10, 1, 12), (4, 18, 11, 0), (17, 7, 13, 16), (-1, 6, 8, 14), (2, 9, 5, 3)),
    21: ((7, 16, 5, 3), (10, 11, 4, 20), (17, 15, 12, 18), (1, 13, 8, 14), (2, 9, 6, 19)),
    24: (
        (0, 15, 14, 8),
        (6, 20, 21, 10),
        (-1, 2, 18, 5),
        (19, 17, 13, 16),
        (22, 9, 4, 11),
        (12, 7, 1, 3),
    ),
}
"""Z-cyclic whist tournaments: the base round of each, tables ``(a, b, c, d)`` with a and
c partners against b and d. For n = 0 mod 4 the points are Z_(n-1) and `INFINITY`; round
``r`` (from 0) adds ``r`` mod n - 1 to every point but `INFINITY`. For n = 1 mod 4 the
points are Z_n without 0; round ``r`` adds ``r`` mod n, and point ``r`` sits out. Found by
a search (`bench/rotating_bench.py --designs` checks each); the unit tests check every
property claimed for them."""

SEARCH_RESTARTS = 30
"""Perturbations tried by `search_round` after its first local optimum."""

BIG = 1_000_000
"""A repeat partnership costs more than any opponent spread a round can make."""

Table = tuple[str, str, str, str]


@dataclass(frozen=True)
class RoundPlan:
    """One round: its tables in seat order (partners in seats 1+3 and 2+4), who sits out,
    and where it came from (a note for the round's notes)."""

    tables: tuple[Table, ...]
    sit_out: tuple[str, ...]
    source: Note


@dataclass
class History:
    """What the rounds so far did: times each pair partnered and opposed, sit-outs."""

    partners: Counter[frozenset[str]]
    opponents: Counter[frozenset[str]]
    sat_out: Counter[str]

    @classmethod
    def of(cls, rounds: Iterable[tuple[Sequence[Sequence[str]], Sequence[str]]]) -> History:
        history = cls(Counter(), Counter(), Counter())
        for tables, sit_out in rounds:
            history.add(tables, sit_out)
        return history

    def add(self, tables: Iterable[Sequence[str]], sit_out: Iterable[str]) -> None:
        for a, b, c, d in tables:
            self.partners.update((frozenset((a, c)), frozenset((b, d))))
            self.opponents.update(frozenset(p) for p in ((a, b), (a, d), (c, b), (c, d)))
        self.sat_out.update(sit_out)


def partner_pairs(table: Sequence[str]) -> tuple[frozenset[str], frozenset[str]]:
    a, b, c, d = table
    return frozenset((a, c)), frozenset((b, d))


def opponent_pairs(table: Sequence[str]) -> tuple[frozenset[str], ...]:
    a, b, c, d = table
    return tuple(frozenset(p) for p in ((a, b), (a, d), (c, b), (c, d)))


# -- whist designs ---------------------------------------------------------------------


def design_length(n: int) -> int:
    """Rounds in the design for n players: n - 1 (n = 0 mod 4) or n (n = 1 mod 4)."""
    return n - 1 if n % 4 == 0 else n


def design_round(n: int, number: int) -> tuple[tuple[tuple[int, int, int, int], ...], int | None]:
    """Round `number` (from 0; past the design's length it starts again) of the design for
    n players, as point numbers 0..n-1 (`INFINITY` is n - 1), and the point sitting out."""
    base = DESIGNS[n]
    if n % 4 == 0:
        shift, modulus = number % (n - 1), n - 1

        def move(x: int) -> int:
            return n - 1 if x == INFINITY else (x + shift) % modulus

        return tuple((move(a), move(b), move(c), move(d)) for a, b, c, d in base), None
    shift = number % n

    def add(x: int) -> int:
        if n == 9:  # Z_3 x Z_3: point 3i + j is (i, j), added digit by digit mod 3
            return (x // 3 + shift // 3) % 3 * 3 + (x % 3 + shift % 3) % 3
        return (x + shift) % n

    return tuple((add(a), add(b), add(c), add(d)) for a, b, c, d in base), shift


@functools.cache
def design_order(n: int) -> tuple[int, ...]:
    """The order the design's rounds are played in, spreading opponents early: the first
    is round 0; each next one is the round not yet played whose opposing pairs opposed
    fewest times (summed) in the rounds before it, the lowest-numbered among equals."""
    opposed: Counter[tuple[int, int]] = Counter()
    order: list[int] = []
    left = list(range(design_length(n)))
    while left:

        def cost(number: int) -> int:
            return sum(opposed[pair] for pair in _opposing(design_round(n, number)[0]))

        chosen = min(left, key=lambda number: (cost(number), number))
        order.append(chosen)
        left.remove(chosen)
        opposed.update(_opposing(design_round(n, chosen)[0]))
    return tuple(order)


def _opposing(tables: Iterable[tuple[int, int, int, int]]) -> list[tuple[int, int]]:
    return [
        (min(x, y), max(x, y)) for a, b, c, d in tables for x, y in ((a, b), (a, d), (c, b), (c, d))
    ]


def design_plan(field: Sequence[str], number: int) -> RoundPlan:
    """Round `number` (from 0) of the tournament played by the design for `field` (player
    ids, point i is field[i]): the design's rounds in `design_order`, again from the first
    once all are played."""
    n = len(field)
    length = design_length(n)
    tables, out = design_round(n, design_order(n)[number % length])
    cycle = number // length + 1
    source = note("rotating.whist", n=n, round=number % length + 1, total=length)
    if cycle > 1:
        source = note("rotating.cycle", source=source, cycle=cycle)
    return RoundPlan(
        tuple((field[a], field[b], field[c], field[d]) for a, b, c, d in tables),
        () if out is None else (field[out],),
        source,
    )


# -- search ----------------------------------------------------------------------------


def choose_sit_out(players: Sequence[str], history: History) -> tuple[str, ...]:
    """The ``len(players) mod 4`` who sit out: fewest sit-outs so far, then the latest in
    `players` (registration order) first."""
    count = len(players) % 4
    if not count:
        return ()
    order = sorted(range(len(players)), key=lambda i: (history.sat_out[players[i]], -i))
    return tuple(players[i] for i in sorted(order[:count]))


def table_cost(table: Sequence[str], history: History) -> int:
    """`BIG` per earlier partnership of this table's partners, plus 1 per earlier
    meeting of each pair of opponents: the round's cost is the sum over its tables."""
    return BIG * sum(history.partners[p] for p in partner_pairs(table)) + sum(
        history.opponents[p] for p in opponent_pairs(table)
    )


def search_round(
    players: Sequence[str], history: History, number: int, restarts: int = SEARCH_RESTARTS
) -> RoundPlan:
    """A round for `players` (a multiple of 4, registration order) minimising the total
    `table_cost` over the round's tables, given `history`.

    Deterministic: start from `players` in order, dealt four to a table; descend by the
    first swap of two positions (in order i < j) that lowers the cost, until none does;
    then `restarts` times, from the best arrangement so far, make n // 4 random swaps
    (`random.Random(number)`) and descend again, keeping the result if it is cheaper.
    """
    seats = list(players)

    def cost_of(arrangement: Sequence[str], table: int) -> int:
        return table_cost(arrangement[4 * table : 4 * table + 4], history)

    def descend(arrangement: list[str]) -> int:
        costs = [cost_of(arrangement, t) for t in range(len(arrangement) // 4)]
        improved = True
        while improved:
            improved = False
            for i, j in combinations(range(len(arrangement)), 2):
                ti, tj = i // 4, j // 4
                if ti == tj and (i - j) % 2 == 0:
                    continue  # partners swapped: the same table
                if not costs[ti] and not costs[tj]:
                    continue  # two tables costing nothing: no swap between them lowers it
                arrangement[i], arrangement[j] = arrangement[j], arrangement[i]
                new_i = cost_of(arrangement, ti)
                new_j = cost_of(arrangement, tj) if tj != ti else 0
                old = costs[ti] + (costs[tj] if tj != ti else 0)
                if new_i + new_j < old:
                    costs[ti] = new_i
                    if tj != ti:
                        costs[tj] = new_j
                    improved = True
                else:
                    arrangement[i], arrangement[j] = arrangement[j], arrangement[i]
        return sum(costs)

    best = seats[:]
    best_cost = descend(best)
    rng = random.Random(number)
    for _restart in range(restarts if best_cost else 0):
        trial = best[:]
        for _swap in range(max(1, len(trial) // 4)):
            i, j = rng.randrange(len(trial)), rng.randrange(len(trial))
            trial[i], trial[j] = trial[j], trial[i]
        cost = descend(trial)
        if cost < best_cost:
            best, best_cost = trial, cost
            if not cost:
                break
    tables = tuple(
        (best[4 * t], best[4 * t + 1], best[4 * t + 2], best[4 * t + 3])
        for t in range(len(best) // 4)
    )
    repeats = sum(history.partners[p] for t in tables for p in partner_pairs(t))
    said = (
        note("rotating.searched_clean")
        if not repeats
        else note("rotating.searched_repeats", n=repeats)
    )
    return RoundPlan(tables, (), said)


def plan_round(
    field: Sequence[str],
    players: Sequence[str],
    played: Sequence[tuple[Sequence[Table], Sequence[str]]],
) -> RoundPlan:
    """The next round for `players` (the active players, registration order), after the
    rounds `played` (their tables and sit-outs): the design's next round while the field
    is still `field` (round 1's), has a design and every round so far followed it; else
    `search_round` over the history."""
    number = len(played)
    if len(players) in DESIGNS and list(players) == list(field):
        expected = [design_plan(field, r) for r in range(number)]
        if all(
            _same_round(plan, tables, out)
            for plan, (tables, out) in zip(expected, played, strict=True)
        ):
            return design_plan(field, number)
    history = History.of(played)
    sit_out = choose_sit_out(players, history)
    playing = [p for p in players if p not in sit_out]
    plan = search_round(playing, history, number + 1)
    return RoundPlan(plan.tables, sit_out, plan.source)


def _same_round(plan: RoundPlan, tables: Sequence[Table], sit_out: Sequence[str]) -> bool:
    def shape(rows: Iterable[Sequence[str]]) -> set[frozenset[frozenset[str]]]:
        return {frozenset(partner_pairs(t)) for t in rows}

    return shape(plan.tables) == shape(tables) and set(plan.sit_out) == set(sit_out)


# -- the tournament --------------------------------------------------------------------


def played_rounds(state: TournamentState) -> list[tuple[Sequence[Table], Sequence[str]]]:
    """Every round paired so far: its tables' seats (player ids) and who sat out."""
    return [
        (
            [_table(state.matches[t.match_id].seats) for t in paired.tables],
            paired.byes,
        )
        for paired in state.rounds
    ]


def _table(seats: Sequence[str]) -> Table:
    a, b, c, d = seats
    return (a, b, c, d)


def round_one_field(state: TournamentState) -> list[str]:
    """The players who started (round 1's tables and sit-outs), registration order; before
    round 1, the active players."""
    if not state.rounds:
        return list(state.active_entrants())
    first = state.rounds[0]
    present = {p for t in first.tables for p in t.seats} | set(first.byes)
    return [p for p in state.players if p in present]


def decide_pair(state: TournamentState, number: int, override: bool) -> list[TournamentEvent]:
    """Pair round `number` of a rotating-partners tournament (the caller checked the
    previous round's results)."""
    settings = state.created
    if number > settings.rounds:
        raise TournamentError(
            _("all {count} rounds of {title} are paired").format(
                count=settings.rounds, title=state.title
            )
        )
    players = list(state.active_entrants())
    if len(players) < 4:
        raise TournamentError(
            ngettext(
                "cannot pair {title}: {n} active player, and a table of partners needs 4",
                "cannot pair {title}: {n} active players, and a table of partners needs 4",
                len(players),
            ).format(title=state.title, n=len(players))
        )
    played = played_rounds(state)
    plan = plan_round(round_one_field(state), players, played)
    tables = tuple(
        PairedTable(
            index,
            seats,
            state.match_id(number, index),
            note(
                "rotating.table",
                first=Who(seats[0]),
                third=Who(seats[2]),
                second=Who(seats[1]),
                fourth=Who(seats[3]),
            ),
        )
        for index, seats in enumerate(plan.tables, start=1)
    )
    history = History.of([*played, (plan.tables, plan.sit_out)])
    notes = [clauses(note("rotating.plan", source=plan.source), described(history, players))]
    notes += [note("rotating.sits_out", who=Who(p)) for p in plan.sit_out]
    missing = number > 1 and any(m.outcome is None for m in state.round_matches(number - 1))
    return [
        RoundPaired(
            round=number,
            tables=tables,
            byes=plan.sit_out,
            notes=tuple(notes),
            overridden=override and missing,
        )
    ]


@dataclass(frozen=True)
class Coverage:
    """What a schedule did, over every pair of `players`."""

    most_partnered: int
    repeat_partnerships: int
    fewest_opposed: int
    most_opposed: int


def coverage(history: History, players: Sequence[str]) -> Coverage:
    pairs = [frozenset(p) for p in combinations(players, 2)]
    opposed = [history.opponents[p] for p in pairs] or [0]
    partnered = [history.partners[p] for p in pairs] or [0]
    return Coverage(
        max(partnered), sum(max(0, c - 1) for c in partnered), min(opposed), max(opposed)
    )


def described(history: History, players: Sequence[str]) -> Note:
    """How the rounds so far partnered and opposed every pair of `players`, as a note."""
    found = coverage(history, players)
    repeats = (
        note("rotating.no_repeat_partner")
        if found.most_partnered <= 1
        else note(
            "rotating.repeat_partners", n=found.repeat_partnerships, most=found.most_partnered
        )
    )
    return note(
        "rotating.so_far", repeats=repeats, fewest=found.fewest_opposed, most=found.most_opposed
    )
