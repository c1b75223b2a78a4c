"""Old Horse Race payloads read from a store, lifted to the current vocabulary.

Version 1 is the vocabulary of the record format. Version 0 is its first draft, in which
tiles were JSON pairs (``[3, 5]``) rather than strings (``"3-5"``). The store keeps each
event's schema version and calls these, one version at a time, when it reads an older
payload (`tourney.store.upcasting`); they know only the shape of payloads.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Payload = dict[str, Any]


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


def _tile_placed_v0(payload: Payload) -> Payload:
    return _lift_fields(payload, ("tile", "on"))


def _tile_drawn_v0(payload: Payload) -> Payload:
    return _lift_fields(payload, ("tile",))


def _tiles_revealed_v0(payload: Payload) -> Payload:
    return _lift_tile_list(payload, "tiles")


def _hand_started_v0(payload: Payload) -> Payload:
    lifted = dict(payload)
    deal = lifted.get("deal")
    if isinstance(deal, dict):
        lifted["deal"] = {
            player: [_tile_text(tile) for tile in tiles] if isinstance(tiles, list) else tiles
            for player, tiles in deal.items()
        }
    return lifted


UPCASTERS: dict[tuple[str, int], Callable[[Payload], Payload]] = {
    ("tile_placed", 0): _tile_placed_v0,
    ("tile_drawn", 0): _tile_drawn_v0,
    ("tiles_revealed", 0): _tiles_revealed_v0,
    ("hand_started", 0): _hand_started_v0,
}
"""(event type, the schema version it lifts from): the step to the next version."""
