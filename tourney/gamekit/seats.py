"""What both games share about seats: the names simulated and replayed tables give them."""

from __future__ import annotations

SEAT_NAMES = ("Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal")
"""Seat names in seat order, enough for the largest table of either game."""


def seat_names(count: int) -> tuple[str, ...]:
    """The first ``count`` seat names (at most 8)."""
    return SEAT_NAMES[:count]
