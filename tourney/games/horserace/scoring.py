"""End-of-hand counts: who wins a hand and the credit they score.

The credit is one sum of the relevant opponents' pips, rounded once to the nearest multiple
of five (remainder 1 or 2 down, 3 or 4 up), divided by five. The winner's own tiles are never
subtracted and losers get nothing.
"""

from __future__ import annotations

from collections.abc import Sequence


def rounded_points(pips: int) -> int:
    """``pips`` rounded to the nearest multiple of five, in points (17 -> 15 -> 3)."""
    return (pips + 2) // 5


def domino_credits(side_of: Sequence[int], pips: Sequence[int], winner_seat: int) -> list[int]:
    """Credits per side when ``winner_seat`` went out: the opponents' pips, once.

    ``side_of[seat]`` is the seat's side; ``pips[seat]`` what the seat holds. The winner's
    partner is not an opponent.
    """
    n_sides = max(side_of) + 1
    winner = side_of[winner_seat]
    opponents = sum(p for seat, p in enumerate(pips) if side_of[seat] != winner)
    credits = [0] * n_sides
    credits[winner] = rounded_points(opponents)
    return credits


def blocked_credits(side_of: Sequence[int], pips: Sequence[int]) -> list[int]:
    """Credits per side after a block: every side tied lowest scores all the others' pips.

    Sides are compared by the total of their seats (partners added together). Tied winners
    each get the full credit, the other tied winners' tiles included.
    """
    n_sides = max(side_of) + 1
    totals = [0] * n_sides
    for seat, p in enumerate(pips):
        totals[side_of[seat]] += p
    lowest = min(totals)
    everything = sum(totals)
    return [rounded_points(everything - t) if t == lowest else 0 for t in totals]
