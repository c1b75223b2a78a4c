"""How many tables of which size a round needs, and who sits in which seat.

Table sizes (decided once, here, for every format):

* tables of 2 (individual or partnerships): pairs, and one bye when the count is odd;
* tables of 3: threes, plus one table of 2 (remainder 2) or two tables of 2 (remainder 1),
  so nobody sits out; 13 players -> 3, 3, 3, 2, 2;
* tables of 4: fours and as few threes as possible (13 -> 4, 3, 3, 3); when no mix of fours
  and threes adds up (5 players) a table of 2 completes it (5 -> 3, 2);
* a single entrant gets a bye.

Seat rotation: seats are filled in order; each seat goes to the tablemate who has sat in it
least often, then least recently, then the higher-ranked. So *nobody takes seat 1 while a
tablemate has sat there fewer times* -- the bound this module guarantees at every table.
"""

from __future__ import annotations

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
    small = sides - 1
    for twos in range(count // 2 + 1):
        rest = count - 2 * twos
        for smalls in range(rest // small + 1):
            if (rest - smalls * small) % sides == 0:
                fulls = (rest - smalls * small) // sides
                return (sides,) * fulls + (small,) * smalls + (2,) * twos, 0
    raise AssertionError(f"no table sizes for {count} at tables of {sides}")  # 2s always fit


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


def seat_order(members: Sequence[str], records: dict[str, SeatRecord]) -> tuple[str, ...]:
    """Order `members` (given best-ranked first) into seats 1..n by the rotation rule."""
    left = list(members)
    rank = {member: index for index, member in enumerate(members)}
    seated: list[str] = []
    empty = SeatRecord()
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
