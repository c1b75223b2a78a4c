"""Schema versions of tourney's own event types, and their upcasters.

Version 1 is the vocabulary of RECORD.md. Version 0 is the first draft of it, in which tiles
were JSON pairs (`[3, 5]`) rather than strings (`"3-5"`); a v0 payload read from the store is
lifted to v1 here, before any code sees it. The rules engine is not imported: this module
knows only the shape of payloads.
"""

from __future__ import annotations

from typing import Any

from tourney.store.upcasting import Payload, UpcasterRegistry

MATCH_EVENT_TYPES = (
    "match_started",
    "hand_started",
    "tile_drawn",
    "tile_placed",
    "passed",
    "tiles_revealed",
)


def _tile_text(tile: Any) -> Any:
    """A v0 tile `[a, b]` as the v1 string `"low-high"`; anything else is left as is."""
    if isinstance(tile, list) and len(tile) == 2 and all(isinstance(x, int) for x in tile):
        low, high = sorted(tile)
        return f"{low}-{high}"
    return tile


def _lift_fields(payload: Payload, fields: tuple[str, ...]) -> Payload:
    lifted = dict(payload)
    for field in fields:
        if field in lifted:
            lifted[field] = _tile_text(lifted[field])
    return lifted


def _lift_tile_list(payload: Payload, field: str) -> Payload:
    lifted = dict(payload)
    if isinstance(lifted.get(field), list):
        lifted[field] = [_tile_text(tile) for tile in lifted[field]]
    return lifted


def tourney_registry() -> UpcasterRegistry:
    """The registry every tourney store uses."""
    registry = UpcasterRegistry()
    for type in MATCH_EVENT_TYPES:
        registry.declare(type, 1)

    @registry.register("tile_placed", 0)
    def _tile_placed_v0(payload: Payload) -> Payload:
        return _lift_fields(payload, ("tile", "on"))

    @registry.register("tile_drawn", 0)
    def _tile_drawn_v0(payload: Payload) -> Payload:
        return _lift_fields(payload, ("tile",))

    @registry.register("tiles_revealed", 0)
    def _tiles_revealed_v0(payload: Payload) -> Payload:
        return _lift_tile_list(payload, "tiles")

    @registry.register("hand_started", 0)
    def _hand_started_v0(payload: Payload) -> Payload:
        lifted = dict(payload)
        deal = lifted.get("deal")
        if isinstance(deal, dict):
            lifted["deal"] = {
                player: [_tile_text(tile) for tile in tiles] if isinstance(tiles, list) else tiles
                for player, tiles in deal.items()
            }
        return lifted

    return registry
