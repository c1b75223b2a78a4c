"""The seat rule's guarantee at one table, checked the same way by every format's tests."""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence

from tourney.tournament.seating.seating import EXACT_SEATS, SeatRecord


def assert_no_better_swap(table: Sequence[str], records: Mapping[str, SeatRecord]) -> None:
    """No two tablemates could swap seats and lower the sum of their past turns in the
    seats given (tables of up to `EXACT_SEATS`; larger ones fill seats in order: the
    first seat to someone with the fewest turns in it)."""
    empty = SeatRecord()
    if len(table) > EXACT_SEATS:
        turns = [records.get(e, empty).count(0) for e in table]
        assert turns[0] == min(turns), table
        return
    for i, j in itertools.combinations(range(len(table)), 2):
        a, b = records.get(table[i], empty), records.get(table[j], empty)
        assert a.count(i) + b.count(j) <= a.count(j) + b.count(i), (table, i, j)
