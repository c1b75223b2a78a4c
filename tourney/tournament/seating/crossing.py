"""Round robins of two tables (Racehorse fields of 10 to 16): the crossing schedule.

With two tables a round is a split of the field in two, so a schedule of r rounds gives
each entrant a *side code* (which table in each round), and two entrants meet in the
rounds where their codes agree. Every pair meets exactly when no two entrants have
complementary codes. Two rounds never do (Dagstuhl's Happy Diner table,
github.com/fpvandoorn/Dagstuhl-tables, argument `d`: everyone at round 1's first table
must sit with everyone at its second in round 2). Three rounds do exactly when the round-1
tables A and B split into A1, A2, B1, B2 with

    round 2: A1 + B1 | A2 + B2        round 3: A1 + B2 | A2 + B1

both of the round's table sizes (the four codes 00, 11 in A and 01, 10 in B are the only
ones with no complement across the tables). Within a part pairs meet three times, every
other pair once; the parts are split as evenly as the sizes allow, which makes the fewest
repeats. Equal odd tables (5 + 5, 7 + 7) have no such split and need four rounds, which
`covering.search` finds.
"""

from __future__ import annotations

from collections.abc import Sequence
from math import comb

from tourney.tournament.seating.covering import Rounds


def crossing(n: int, sizes: Sequence[int]) -> Rounds | None:
    """The three-round schedule of entrants 0..n-1 at two tables of `sizes`, or None
    when the tables do not split for it."""
    if len(sizes) != 2 or sum(sizes) != n:
        return None
    a, b = sorted(sizes, reverse=True)
    wanted = sorted((a, b))
    best: tuple[int, int, int] | None = None
    for a1 in range(a + 1):
        for b1 in range(b + 1):
            a2, b2 = a - a1, b - b1
            if sorted((a1 + b1, a2 + b2)) != wanted or sorted((a1 + b2, a2 + b1)) != wanted:
                continue
            repeats = sum(comb(part, 2) for part in (a1, a2, b1, b2))
            if best is None or repeats < best[0]:
                best = (repeats, a1, b1)
    if best is None:
        return None
    _, a1, b1 = best
    first, second = tuple(range(a)), tuple(range(a, n))
    a_1, a_2, b_1, b_2 = first[:a1], first[a1:], second[:b1], second[b1:]
    return tuple(
        _ordered(round_)
        for round_ in ((first, second), (a_1 + b_1, a_2 + b_2), (a_1 + b_2, a_2 + b_1))
    )


def _ordered(tables: tuple[tuple[int, ...], ...]) -> tuple[tuple[int, ...], ...]:
    return tuple(sorted((tuple(sorted(t)) for t in tables), key=lambda t: (-len(t), t)))
