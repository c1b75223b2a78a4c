"""Dealing unseen pieces under the play's constraints (`tourney.gamekit.matching.fill`): a
deal is found whenever one exists, and it is the greedy deal whenever that succeeds."""

from __future__ import annotations

import random

from tourney.gamekit.matching import fill


def greedy(fits: list[list[int]], pieces: int) -> list[int] | None:
    """Each slot the first free piece it may take; None when one finds none."""
    used = [False] * pieces
    chosen = []
    for allowed in fits:
        free = next((i for i in allowed if not used[i]), None)
        if free is None:
            return None
        used[free] = True
        chosen.append(free)
    return chosen


def test_a_deal_the_greedy_fill_misses_is_found() -> None:
    # Slot 0 may take piece 0 or 1, slot 1 only piece 0: greedy gives piece 0 to slot 0
    # and finds nothing for slot 1 (as two seats' pass constraints can compete).
    fits = [[0, 1], [0]]
    assert greedy(fits, 2) is None
    assert fill(fits, 2) == [1, 0]


def test_no_deal_is_none() -> None:
    assert fill([[0], [0]], 2) is None  # two slots, one piece either may take
    assert fill([[0, 1], [0, 1], [1, 0]], 3) is None  # three slots share two pieces


def test_the_deal_is_the_greedy_one_whenever_that_succeeds_and_valid_always() -> None:
    rng = random.Random(7)
    for _ in range(3000):
        pieces = rng.randrange(1, 12)
        fits = [
            [i for i in range(pieces) if rng.random() < 0.4]
            for _slot in range(rng.randrange(0, pieces + 1))
        ]
        got, plain = fill(fits, pieces), greedy(fits, pieces)
        if plain is not None:
            assert got == plain
        if got is not None:
            assert len(set(got)) == len(got)
            assert all(i in allowed for i, allowed in zip(got, fits, strict=True))
        else:  # Hall: none exists, checked by trying every assignment on small cases
            if len(fits) <= 6 and pieces <= 7:
                assert not _exists(fits, 0, set())


def _exists(fits: list[list[int]], slot: int, used: set[int]) -> bool:
    if slot == len(fits):
        return True
    return any(_exists(fits, slot + 1, used | {i}) for i in fits[slot] if i not in used)
