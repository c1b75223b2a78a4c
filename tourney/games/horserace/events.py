"""The events of a match: frozen values named in the past tense.

These are exactly the lines of a match record (``RECORD.md``) and the payloads of a match
stream in the event store. ``extra`` keeps fields the rules ignore (``at``, ``by``, ``note``
and anything unknown) so that nothing a scorer typed is lost.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from tourney.gamekit.stored import DEFAULT_TARGET as DEFAULT_TARGET  # the rules' 61
from tourney.games.horserace.tiles import Tile


@dataclass(frozen=True, slots=True)
class MatchStarted:
    """The players in seat order (clockwise); partnerships pair seats 1+3 against 2+4."""

    type: ClassVar[str] = "match_started"
    players: tuple[str, ...]
    partnerships: bool = False
    target: int = DEFAULT_TARGET
    extra: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class HandStarted:
    """A new hand. ``deal`` (every player's tiles) makes it a known hand; without it, hidden."""

    type: ClassVar[str] = "hand_started"
    opener: str | None = None
    deal: Mapping[str, tuple[Tile, ...]] | None = None
    extra: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class TileDrawn:
    """One tile from the boneyard; ``tile`` is None when nobody saw it."""

    type: ClassVar[str] = "tile_drawn"
    player: str
    tile: Tile | None = None
    extra: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class TilePlaced:
    """``tile`` joined to ``on``; ``on`` is None only for the hand's opening tile."""

    type: ClassVar[str] = "tile_placed"
    player: str
    tile: Tile
    on: Tile | None = None
    extra: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Passed:
    """No legal placement and an empty boneyard."""

    type: ClassVar[str] = "passed"
    player: str
    extra: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class TilesRevealed:
    """Hidden hands only: what a player holds when the end-of-hand count needs it."""

    type: ClassVar[str] = "tiles_revealed"
    player: str
    tiles: tuple[Tile, ...]
    extra: Mapping[str, Any] = field(default_factory=dict)


Event = MatchStarted | HandStarted | TileDrawn | TilePlaced | Passed | TilesRevealed
"""Any event of a match stream."""

EVENT_TYPES: dict[str, type[Event]] = {
    cls.type: cls
    for cls in (MatchStarted, HandStarted, TileDrawn, TilePlaced, Passed, TilesRevealed)
}


def _fast_constructor(cls: type[Any], *fields: str) -> Any:
    """A constructor that fills a frozen slotted event through its slot descriptors.

    Same object as ``cls(...)``, built in about half the time: the record reader makes one
    per line, and a frozen dataclass's ``__init__`` pays for ``object.__setattr__`` per
    field. Only for callers that pass every field already checked.
    """
    setters = [getattr(cls, name).__set__ for name in fields]
    new = object.__new__

    if len(setters) == 4:
        s0, s1, s2, s3 = setters

        def make4(a: Any, b: Any, c: Any, d: Any) -> Any:
            event = new(cls)
            s0(event, a)
            s1(event, b)
            s2(event, c)
            s3(event, d)
            return event

        return make4
    t0, t1, t2 = setters

    def make3(a: Any, b: Any, c: Any) -> Any:
        event = new(cls)
        t0(event, a)
        t1(event, b)
        t2(event, c)
        return event

    return make3


make_tile_placed: Any = _fast_constructor(TilePlaced, "player", "tile", "on", "extra")
"""``make_tile_placed(player, tile, on, extra)`` is ``TilePlaced(player, tile, on, extra)``."""
make_tile_drawn: Any = _fast_constructor(TileDrawn, "player", "tile", "extra")
"""``make_tile_drawn(player, tile, extra)`` is ``TileDrawn(player, tile, extra)``."""
