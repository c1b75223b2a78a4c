"""Tiles of the double-six set: parsing, formatting, and the set itself.

Every tile is interned: ``Tile(5, 3) is Tile.parse("3-5")``. Equality and hashing are
therefore identity, which keeps the hot paths of replay and self-play cheap.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any, ClassVar

from tourney.games.horserace.errors import TileError
from tourney.i18n import _

# The notations RECORD.md accepts, either half first: 3-5, 35, 3|5, [3|5].
_FORMS = re.compile(r"^(?:([0-9])-([0-9])|([0-9])([0-9])|([0-9])\|([0-9])|\[([0-9])\|([0-9])\])$")


class Tile:
    """One domino: two halves from 0 to 6, written low half first (``3-5``)."""

    __slots__ = ("high", "index", "is_double", "low", "pips", "text")
    _interned: ClassVar[dict[tuple[int, int], Tile]] = {}
    _by_text: ClassVar[dict[str, Tile]] = {}

    low: int
    high: int
    index: int
    pips: int
    is_double: bool
    text: str

    def __new__(cls, a: int, b: int) -> Tile:
        key = (a, b) if a <= b else (b, a)
        tile = cls._interned.get(key)
        if tile is None:
            raise TileError(
                _("[{key}|{key2}] is not a tile of the double-six set").format(
                    key=key[0], key2=key[1]
                )
            )
        return tile

    @classmethod
    def _make(cls, low: int, high: int) -> Tile:
        tile = object.__new__(cls)
        set_ = object.__setattr__
        set_(tile, "low", low)
        set_(tile, "high", high)
        set_(tile, "index", len(cls._interned))
        set_(tile, "pips", low + high)
        set_(tile, "is_double", low == high)
        set_(tile, "text", f"{low}-{high}")
        cls._interned[(low, high)] = tile
        return tile

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("Tile is immutable")

    def __reduce__(self) -> tuple[type[Tile], tuple[int, int]]:
        return (Tile, (self.low, self.high))

    @classmethod
    def parse(cls, text: object) -> Tile:
        """Read ``"3-5"``, ``"5-3"``, ``"35"``, ``"3|5"`` or ``"[5|3]"``.

        Raises TileError quoting the input when it is not a tile of the set.
        """
        if isinstance(text, str):
            tile = cls._by_text.get(text)
            if tile is not None:
                return tile
            match = _FORMS.match(text)
            if match:
                a, b = (int(d) for d in match.groups() if d is not None)
                if a <= 6 and b <= 6:
                    tile = cls._interned[(a, b) if a <= b else (b, a)]
                    cls._by_text[text] = tile
                    return tile
        shown = f'"{text}"' if isinstance(text, str) else repr(text)
        raise TileError(_("{shown} is not a tile of the double-six set").format(shown=shown))

    def other(self, value: int) -> int:
        """The half opposite the half showing ``value``."""
        return self.high if value == self.low else self.low

    def matches(self, value: int) -> bool:
        return value == self.low or value == self.high

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Tile.parse({self.text!r})"

    def __lt__(self, other: Tile) -> bool:
        return self.index < other.index

    def __format__(self, spec: str) -> str:
        return format(self.text, spec)


DOUBLE_SIX: tuple[Tile, ...] = tuple(Tile._make(a, b) for a in range(7) for b in range(a, 7))
"""The 28 tiles, ``0-0`` first, ``6-6`` last."""

for _tile in DOUBLE_SIX:
    Tile._by_text[_tile.text] = _tile


def parse_tiles(texts: object) -> tuple[Tile, ...]:
    """Parse a list of tile strings; TileError names the first bad one."""
    if not isinstance(texts, list | tuple):
        raise TileError(_("{texts!r} is not a list of tiles").format(texts=texts))
    return tuple(Tile.parse(t) for t in texts)


def pip_total(tiles: Iterable[Tile]) -> int:
    """The pips on a collection of tiles."""
    return sum(t.pips for t in tiles)
