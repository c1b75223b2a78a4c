"""Room on a chart for a word: the boxes words take and where one fits beside an upright
line without touching the chart's lines or its other words (the race chart's "decided
here", `tourney.reports.race_chart`)."""

from __future__ import annotations

from collections.abc import Sequence

Point = tuple[float, float]
Box = tuple[float, float, float, float]
"""Left, top, right, bottom, in the chart's units (y grows downwards)."""

WIDE = 0.62
"""A character's width in a sans-serif font, as a share of the font's size: a bold Latin
or Cyrillic letter's average, so a box errs on the large side."""
CLEAR = 4.5
"""Units kept between a word and a line: a line's markers reach that far from it."""
BESIDE = 5.0
"""Units between the upright line and the word beside it."""


def text_box(x: float, baseline: float, text: str, anchor: str, size: float = 11.0) -> Box:
    """The box ``text`` takes written at ``x`` (``anchor``: start, middle or end) on
    ``baseline`` in ``size`` units."""
    width = len(text) * size * WIDE
    left = x - width if anchor == "end" else x - width / 2 if anchor == "middle" else x
    return (left, baseline - 0.8 * size, left + width, baseline + 0.25 * size)


def meets(box: Box, start: Point, end: Point) -> bool:
    """Whether the segment from ``start`` to ``end`` touches ``box`` (Liang-Barsky: the
    share of the segment inside each pair of the box's sides)."""
    (x0, y0), (x1, y1) = start, end
    dx, dy = x1 - x0, y1 - y0
    low, high = 0.0, 1.0
    sides = ((-dx, x0 - box[0]), (dx, box[2] - x0), (-dy, y0 - box[1]), (dy, box[3] - y0))
    for step, room in sides:
        if step == 0:
            if room < 0:
                return False
            continue
        share = room / step
        if step < 0:
            low = max(low, share)
        else:
            high = min(high, share)
        if low > high:
            return False
    return True


def overlap(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def grown(box: Box, by: float) -> Box:
    return (box[0] - by, box[1] - by, box[2] + by, box[3] + by)


def free_spot(
    text: str,
    upright: float,
    area: Box,
    segments: Sequence[tuple[Point, Point]],
    boxes: Sequence[Box],
    size: float = 11.0,
) -> tuple[float, float, str] | None:
    """Where ``text`` goes beside the upright line at ``upright`` (x, baseline, anchor),
    inside ``area``, touching none of ``segments`` (kept `CLEAR` of them) nor ``boxes``:
    the highest spot on its left, else the highest on its right; None if there is none."""
    for x, anchor in ((upright - BESIDE, "end"), (upright + BESIDE, "start")):
        baseline = area[1] + 0.8 * size + 1
        while baseline + 0.25 * size <= area[3]:
            box = text_box(x, baseline, text, anchor, size)
            inside = area[0] <= box[0] and box[2] <= area[2]
            clear = grown(box, CLEAR)
            if (
                inside
                and not any(meets(clear, a, b) for a, b in segments)
                and not any(overlap(box, other) for other in boxes)
            ):
                return x, baseline, anchor
            baseline += 2.0
    return None
