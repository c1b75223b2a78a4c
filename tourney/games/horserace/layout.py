"""The layout on the table: attach points, spinners, and the counted ends.

Every double is a spinner: it joins with one linear side, its second linear side is free, and
its two branches open only once both linear sides are occupied. A double counts both halves
while a linear side is free and nothing after. A non-double counts each open half.

A placement is named by (tile placed, tile it is placed on): two distinct tiles share at
most one value, so the join is unique.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from tourney.games.horserace.errors import RuleError
from tourney.games.horserace.tiles import DOUBLE_SIX, Tile
from tourney.i18n import _


@dataclass(frozen=True, slots=True)
class AttachPoint:
    """A free place on ``tile`` where a tile showing ``value`` can join."""

    tile: Tile
    kind: str  # "end", "linear" or "branch"
    value: int
    counted: bool


class Layout:
    """The tiles on the table, with the free attach points per value and the counted sum.

    For a non-double, ``_a``/``_b`` say whether its low/high half is an open end.
    For a double, ``_a`` is how many linear sides are occupied and ``_b`` how many branches.
    """

    __slots__ = ("_a", "_b", "_on_table", "ends", "free", "open", "order")

    def __init__(self) -> None:
        self._on_table: list[bool] = [False] * 28
        self._a: list[int] = [0] * 28
        self._b: list[int] = [0] * 28
        self.open: list[list[Tile]] = [[] for _ in range(7)]
        """The tiles with a free attach point showing each value, in the order placed (a
        tile's attach points only ever close: the tiles a placement may go on, listed)."""
        self.ends = 0
        """The sum of the counted contributions."""
        self.free: list[int] = [0] * 7
        """How many free attach points show each value."""
        self.order: list[tuple[Tile, Tile | None]] = []
        """The placements in the order they were made."""

    def copy(self) -> Layout:
        new = Layout.__new__(Layout)
        new._on_table = self._on_table[:]
        new._a = self._a[:]
        new._b = self._b[:]
        new.open = [tiles[:] for tiles in self.open]
        new.ends = self.ends
        new.free = self.free[:]
        new.order = self.order[:]
        return new

    # -- questions -------------------------------------------------------------------------

    @property
    def empty(self) -> bool:
        return not self.order

    def __contains__(self, tile: Tile) -> bool:
        return self._on_table[tile.index]

    def __len__(self) -> int:
        return len(self.order)

    def tiles(self) -> list[Tile]:
        return [t for t, _ in self.order]

    def fits(self, tile: Tile) -> bool:
        """Whether ``tile`` can join some free attach point."""
        free = self.free
        return free[tile.low] > 0 or free[tile.high] > 0

    def targets(self, tile: Tile) -> Iterator[Tile]:
        """The tiles on the table that ``tile`` can be placed on: by the tile's low half
        first, then its high half, each in the order those tiles were placed."""
        yield from self.open[tile.low]
        if not tile.is_double:
            yield from self.open[tile.high]

    def attach_points(self) -> list[AttachPoint]:
        """Every free attach point, for display: value, kind and whether it counts."""
        points: list[AttachPoint] = []
        for tile, _side in self.order:
            i = tile.index
            if tile.is_double:
                a, b = self._a[i], self._b[i]
                if a < 2:
                    points.extend(AttachPoint(tile, "linear", tile.low, True) for _ in range(2 - a))
                else:
                    points.extend(
                        AttachPoint(tile, "branch", tile.low, False) for _ in range(2 - b)
                    )
            else:
                if self._a[i]:
                    points.append(AttachPoint(tile, "end", tile.low, True))
                if self._b[i]:
                    points.append(AttachPoint(tile, "end", tile.high, True))
        return points

    def contributions(self) -> list[tuple[Tile, int]]:
        """The counted contributions, tile by tile (zero-valued ends included)."""
        out: list[tuple[Tile, int]] = []
        for tile, _side in self.order:
            i = tile.index
            if tile.is_double:
                if self._a[i] < 2:
                    out.append((tile, 2 * tile.low))
            else:
                if self._a[i]:
                    out.append((tile, tile.low))
                if self._b[i]:
                    out.append((tile, tile.high))
        return out

    def check(self, tile: Tile, on: Tile | None) -> int:
        """The value at which ``tile`` joins ``on`` (-1 for an opening tile).

        Raises RuleError naming the tile and the target when the placement cannot be made.
        """
        if self._on_table[tile.index]:
            raise RuleError(_("{tile} is already on the table").format(tile=tile))
        if on is None:
            if self.order:
                raise RuleError(
                    _("'on' is missing: {tile} is not the opening tile").format(tile=tile)
                )
            return -1
        if not self.order:
            raise RuleError(
                _("the table is empty: the opening tile {tile} is placed on nothing").format(
                    tile=tile
                )
            )
        j = on.index
        if not self._on_table[j]:
            raise RuleError(_("{on} is not on the table").format(on=on))
        low, high = on.low, on.high
        if low == tile.low or low == tile.high:
            value = low
        elif high == tile.low or high == tile.high:
            value = high
        else:
            raise RuleError(_("{tile} does not match {on}").format(tile=tile, on=on))
        # Whether `on` has a free attach point at `value` (inlined: every placement asks).
        if on.is_double:
            free = self._a[j] < 2 or self._b[j] < 2
        else:
            free = self._a[j] > 0 if value == low else self._b[j] > 0
        if not free:
            if on.is_double:
                raise RuleError(_("{on} has no free attach point left").format(on=on))
            raise RuleError(
                _("the {value} end of {on} is already taken").format(value=value, on=on)
            )
        return value

    def taken(self, double: Tile) -> int:
        """How many of the four attach points of ``double`` (on the table) are in use: its
        linear sides first (0 for the opening double, 1 for one placed on a tile), then,
        once both are, its branches."""
        i = double.index
        return self._a[i] + self._b[i]

    def ends_after(self, tile: Tile, on: Tile | None, value: int) -> int:
        """The counted sum if ``tile`` joined ``on`` at ``value`` (from ``check``)."""
        ends = self.ends
        if on is None:
            return ends + tile.pips
        if on.is_double:
            if self._a[on.index] == 1:
                ends -= 2 * value
        else:
            ends -= value
        return ends + (tile.pips if tile.is_double else tile.pips - value)

    # -- change ----------------------------------------------------------------------------

    def place(self, tile: Tile, on: Tile | None, value: int) -> int:
        """Put ``tile`` on ``on`` at ``value`` (as returned by ``check``); return the new sum."""
        i = tile.index
        free = self.free
        a = self._a
        b = self._b
        opened = self.open
        if on is None:
            if tile.is_double:
                a[i] = 0
                free[tile.low] += 2
            else:
                a[i] = 1
                b[i] = 1
                free[tile.low] += 1
                free[tile.high] += 1
                opened[tile.high].append(tile)
            opened[tile.low].append(tile)
            self.ends = tile.pips
        else:
            j = on.index
            ends = self.ends
            if on.is_double:
                taken = a[j]
                if taken < 2:
                    a[j] = taken + 1
                    if taken == 1:
                        ends -= 2 * value
                        free[value] += 1  # one linear side gone, two branches open
                    else:
                        free[value] -= 1
                else:
                    b[j] += 1
                    free[value] -= 1
                    if b[j] == 2:
                        opened[value].remove(on)
            else:
                if value == on.low:
                    a[j] = 0
                else:
                    b[j] = 0
                ends -= value
                free[value] -= 1
                opened[value].remove(on)
            if tile.is_double:
                a[i] = 1
                b[i] = 0
                free[value] += 1
                ends += tile.pips
                opened[value].append(tile)
            else:
                if value == tile.low:
                    other = tile.high
                    a[i] = 0
                    b[i] = 1
                else:
                    other = tile.low
                    a[i] = 1
                    b[i] = 0
                free[other] += 1
                ends += other
                opened[other].append(tile)
            self.ends = ends
        self._on_table[i] = True
        self.order.append((tile, on))
        return self.ends


def placement_points(ends: int) -> int:
    """Points for a placement leaving ``ends`` counted: a positive multiple of five ÷ 5."""
    return ends // 5 if ends > 0 and ends % 5 == 0 else 0


__all__ = ["DOUBLE_SIX", "AttachPoint", "Layout", "placement_points"]
