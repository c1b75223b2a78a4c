"""How many tables of which size a round needs, and who sits in which seat.

Table sizes (decided once, here, for every format):

* tables of 2 (individual or partnerships): pairs, and one bye when the count is odd;
* tables of 3: threes, plus one table of 2 (remainder 2) or two tables of 2 (remainder 1),
  so nobody sits out; 13 players -> 3, 3, 3, 2, 2;
* tables of 4: fours and as few threes as possible (13 -> 4, 3, 3, 3); when no mix of fours
  and threes adds up (5 players) a table of 2 completes it (5 -> 3, 2);
* tables of 5 to 8 (Racehorse): as many tables as the field divided by the size rounds
  to, their sizes as even as possible and within 5-8 (13 at 6 -> 7, 6; 11 at 6 -> 6, 5;
  17 at 6 -> 6, 6, 5); fewer than 5 entrants cannot make a table and all get byes;
* a single entrant gets a bye.

Seat rotation, over the whole event: at a table of up to `EXACT_SEATS` seats, the seats go
to the tablemates in the order that gives each the seat they have sat in least *compared
with their other seats*: the order chosen has the smallest sum, over the tablemates, of the
turns each has already had in the seat given (then the least recently used seats, then the
higher-ranked in the lower seats). At a table of 2 that means seat 1 goes to the one whose
seat-1 turns less seat-2 turns is lower -- a player with 4 of 8 rounds in seat 1 opens
before one with 3 of 3. The bound guaranteed at every table: no two tablemates could swap
seats and lower that sum. Larger tables (Racehorse, 5 to 8) fill seats in order: each goes
to the tablemate who has sat in it least often, then least recently, then the
higher-ranked.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass


def table_sizes(count: int, sides: int) -> tuple[tuple[int, ...], int]:
    """Split `count` entrants into tables of at most `sides`; return (sizes, byes).

    Sizes come largest first. Byes are only given when no table can take everyone.
    """
    if sides < 2:
        raise ValueError(f"a table needs at least 2 sides, not {sides}")
    if count <= 1:
        return (), count
    if sides == 2:
        return (2,) * (count // 2), count % 2
    if sides >= BIG_TABLE:
        return _big_tables(count, sides)
    small = sides - 1
    for twos in range(count // 2 + 1):
        rest = count - 2 * twos
        for smalls in range(rest // small + 1):
            if (rest - smalls * small) % sides == 0:
                fulls = (rest - smalls * small) // sides
                return (sides,) * fulls + (small,) * smalls + (2,) * twos, 0
    raise AssertionError(f"no table sizes for {count} at tables of {sides}")  # 2s always fit


BIG_TABLE = 5
"""Tables this large or larger (5 to 8: Racehorse) are never split into tables of 2-4."""

BIGGEST_TABLE = 8


def _big_tables(count: int, sides: int) -> tuple[tuple[int, ...], int]:
    fewest = -(-count // BIGGEST_TABLE)  # tables needed so none seats more than 8
    most = count // BIG_TABLE  # tables possible so none seats fewer than 5
    if most < fewest:  # under 5, or 9: the largest tables that fit, the rest get byes
        sizes = (BIGGEST_TABLE,) * (count // BIGGEST_TABLE)
        return sizes, count - sum(sizes)
    tables = min(max(round(count / sides), fewest), most)
    base, extra = divmod(count, tables)
    return (base + 1,) * extra + (base,) * (tables - extra), 0


@dataclass(frozen=True)
class SeatRecord:
    """What seating needs to know about one entrant: turns in each seat, and when last."""

    counts: tuple[int, ...] = ()
    last: tuple[int, ...] = ()

    def count(self, seat: int) -> int:
        return self.counts[seat] if seat < len(self.counts) else 0

    def last_round(self, seat: int) -> int:
        return self.last[seat] if seat < len(self.last) else 0

    def seated(self, seat: int, round_number: int) -> SeatRecord:
        """The record after one more turn in `seat` (0-based) in `round_number`."""
        size = max(len(self.counts), seat + 1)
        counts = list(self.counts) + [0] * (size - len(self.counts))
        last = list(self.last) + [0] * (size - len(self.last))
        counts[seat] += 1
        last[seat] = round_number
        return SeatRecord(tuple(counts), tuple(last))


EXACT_SEATS = 4
"""Tables up to this size are seated by trying every order (24 at a table of 4)."""


def seat_order(members: Sequence[str], records: dict[str, SeatRecord]) -> tuple[str, ...]:
    """Order `members` (given best-ranked first) into seats 1..n by the rotation rule."""
    empty = SeatRecord()
    if len(members) <= EXACT_SEATS:
        # Each member's turns and last round in each seat, read once for all 24 orders.
        seats = range(len(members))
        held = [records.get(member, empty) for member in members]
        turns = [[r.count(seat) for seat in seats] for r in held]
        lately = [[r.last_round(seat) for seat in seats] for r in held]

        def key(order: tuple[int, ...]) -> tuple[int, int, tuple[int, ...]]:
            return (
                sum([turns[m][seat] for seat, m in enumerate(order)]),
                sum([lately[m][seat] for seat, m in enumerate(order)]),
                order,
            )

        best = min(itertools.permutations(range(len(members))), key=key)
        return tuple(members[m] for m in best)
    left = list(members)
    rank = {member: index for index, member in enumerate(members)}
    seated: list[str] = []
    for seat in range(len(members)):
        choice = min(
            left,
            key=lambda m: (
                records.get(m, empty).count(seat),
                records.get(m, empty).last_round(seat),
                rank[m],
            ),
        )
        left.remove(choice)
        seated.append(choice)
    return tuple(seated)
