"""Swiss pairing says "unavoidable" only with proof: cross-checked by brute force.

A Swiss round has the fewest forbidden pairs it can, then the fewest repeats, then the
fewest clubmates (when clubs are kept apart). The brute force below tries every way to
seat the field at its table sizes and finds that least (forbidden, repeats, clubmates).
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support import examples
from tests.unit.tournament.factory import all_words, words
from tourney.tournament.formats.swiss.search import SwissEntrant, SwissPairing, pair_swiss
from tourney.tournament.seating.seating import table_sizes

Cost = tuple[int, int, int]


def _cost(
    table: Sequence[str],
    met: dict[str, frozenset[str]],
    forbidden: frozenset[frozenset[str]],
    clubs: dict[str, str | None],
) -> Cost:
    f = r = c = 0
    for a, b in itertools.combinations(table, 2):
        if frozenset((a, b)) in forbidden:
            f += 1
        elif b in met[a]:
            r += 1
        elif clubs[a] is not None and clubs[a] == clubs[b]:
            c += 1
    return (f, r, c)


def _add(x: Cost, y: Cost) -> Cost:
    return (x[0] + y[0], x[1] + y[1], x[2] + y[2])


def brute_force(
    people: Sequence[str],
    sizes: tuple[int, ...],
    met: dict[str, frozenset[str]],
    forbidden: frozenset[frozenset[str]],
    clubs: dict[str, str | None],
) -> Cost:
    """The least (forbidden, repeats, clubmates) over every seating of `people`."""
    best: list[Cost] = [(10**6, 0, 0)]

    def seat(rest: list[str], left: tuple[int, ...], cost: Cost) -> None:
        if cost >= best[0]:
            return
        if not rest:
            best[0] = cost
            return
        head = rest[0]
        for size in set(left):
            smaller = list(left)
            smaller.remove(size)
            for others in itertools.combinations(rest[1:], size - 1):
                table = (head, *others)
                remaining = [p for p in rest[1:] if p not in others]
                seat(remaining, tuple(smaller), _add(cost, _cost(table, met, forbidden, clubs)))

    seat(list(people), sizes, (0, 0, 0))
    return best[0]


def _pairing_cost(
    pairing: SwissPairing,
    met: dict[str, frozenset[str]],
    forbidden: frozenset[frozenset[str]],
    clubs: dict[str, str | None],
) -> Cost:
    total: Cost = (0, 0, 0)
    for table in pairing.tables:
        total = _add(total, _cost(table.sides, met, forbidden, clubs))
    return total


VERDICT = re.compile(
    r"(unavoidable|not avoided \(search budget ran out\)): (.*?)"
    r"(?=; seat 1|; unavoidable|; not avoided|$)"
)


def _verdicts(pairing: SwissPairing) -> list[tuple[str, str]]:
    """(verdict, conflicts) for every conflict verdict the tables' explanations give."""
    return [(m[1], m[2]) for t in pairing.tables for m in VERDICT.finditer(words(None, t.why))]


def _unavoidable(pairing: SwissPairing, words: str) -> bool:
    """Whether some table calls a conflict described by `words` unavoidable."""
    return any(v == "unavoidable" and words in text for v, text in _verdicts(pairing))


@st.composite
def fields(
    draw: st.DrawFn,
) -> tuple[
    list[SwissEntrant], int, dict[str, frozenset[str]], frozenset[frozenset[str]], bool, int | None
]:
    n = draw(st.integers(2, 12))
    sides = draw(st.sampled_from([2, 3, 4]))
    ids = [f"e{i}" for i in range(n)]
    pairs = [frozenset(p) for p in itertools.combinations(ids, 2)]
    density = draw(st.sampled_from([0.2, 0.4, 0.6, 0.8]))
    chosen = draw(st.lists(st.booleans(), min_size=len(pairs), max_size=len(pairs)))
    weights = draw(st.lists(st.floats(0, 1), min_size=len(pairs), max_size=len(pairs)))
    met_pairs = [
        p for p, keep, w in zip(pairs, chosen, weights, strict=True) if keep and w < density
    ]
    met = {e: frozenset(o for p in met_pairs if e in p for o in p if o != e) for e in ids}
    forbidden = (
        frozenset(draw(st.lists(st.sampled_from(pairs), max_size=2))) if pairs else frozenset()
    )
    clubs = draw(st.lists(st.sampled_from([None, "Ash", "Elm", "Oak"]), min_size=n, max_size=n))
    points = draw(st.lists(st.integers(0, 3), min_size=n, max_size=n))
    entrants = sorted(
        (
            SwissEntrant(e, e.upper(), Fraction(p), club=c)
            for e, p, c in zip(ids, points, clubs, strict=True)
        ),
        key=lambda x: -x.points,
    )
    avoid = draw(st.booleans())
    budget = draw(st.sampled_from([None, None, 30, 300, 3000]))
    return entrants, sides, met, forbidden, avoid, budget


@settings(derandomize=True, deadline=None, max_examples=examples(150))
@given(fields())
def test_the_pairing_equals_the_brute_force_least_whenever_it_claims_so(
    field: tuple[
        list[SwissEntrant],
        int,
        dict[str, frozenset[str]],
        frozenset[frozenset[str]],
        bool,
        int | None,
    ],
) -> None:
    entrants, sides, met, forbidden, avoid, budget = field
    pairing = pair_swiss(
        entrants, sides, met, forbidden=forbidden, avoid_same_club=avoid, budget=budget
    )
    seated = [e for t in pairing.tables for e in t.sides] + list(pairing.byes)
    assert sorted(seated) == sorted(e.entrant_id for e in entrants)
    clubs = {e.entrant_id: (e.club if avoid else None) for e in entrants}
    playing = [e.entrant_id for e in entrants if e.entrant_id not in pairing.byes]
    sizes, _ = table_sizes(len(entrants), sides)
    least = brute_force(playing, sizes, met, forbidden, clubs)
    got = _pairing_cost(pairing, met, forbidden, clubs)
    assert got >= least  # never below the least: the check itself is sound
    assert pairing.conflicts == sum(got)
    if not any("not proven minimal" in note for note in all_words(None, pairing.notes)):
        assert got == least, pairing.notes
    if _unavoidable(pairing, "are a forbidden pairing"):
        assert got[0] == least[0]
    if _unavoidable(pairing, "have met"):
        assert got[:2] == least[:2]
    if _unavoidable(pairing, "are both from"):
        assert got == least


NAMES = ["Kai", "Mary-Kate", "Björk", "Lou", "Ana", "Tom", "Élodie", "José", "Seán", "Zoë"]
CLUBS = ["Ash", "Ash", "Oak", "Elm", "Elm", "Yew", "Oak", "Elm", "Ash", "Yew"]
POINTS = [2, 1, 1, 1, 1, 0, 0, 0, 0, 0]
PLAYED = [
    ("Tom", "Mary-Kate", "Élodie", "Lou"),
    ("Björk", "José", "Seán"),
    ("Kai", "Zoë", "Ana"),
    ("Lou", "Björk", "Kai", "Tom"),
    ("Mary-Kate", "José", "Zoë"),
    ("Élodie", "Seán", "Ana"),
]


def test_a_repeat_is_never_traded_for_keeping_clubmates_apart() -> None:
    """Issue 12's round 3 of 10 at 4, 3, 3: two repeats were called unavoidable (to keep
    clubmates apart) when a seating with one repeat existed."""
    entrants = [
        SwissEntrant(n, n, Fraction(p), club=c)
        for n, p, c in zip(NAMES, POINTS, CLUBS, strict=True)
    ]
    met = {n: frozenset(o for t in PLAYED if n in t for o in t if o != n) for n in NAMES}
    pairing = pair_swiss(entrants, 4, met, avoid_same_club=True)
    clubs: dict[str, str | None] = dict(zip(NAMES, CLUBS, strict=True))
    got = _pairing_cost(pairing, met, frozenset(), clubs)
    assert got == brute_force(NAMES, (4, 3, 3), met, frozenset(), clubs)
    assert got[1] == 1
    verdicts = [(v, text) for v, text in _verdicts(pairing) if "have met" in text]
    assert len(verdicts) == 1
    assert verdicts[0][0] == "unavoidable" and verdicts[0][1].count("have met") == 1
