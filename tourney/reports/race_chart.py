"""The race, as a picture: a line per side climbing step by step (a match's scores after
every hand, a player's net after every deal, an evening's match points after every
round), as one inline SVG with its text equivalent. Fed plain numbers; knows no game.

Sides are told apart without colour: each line has its own dash pattern and marker shape,
and its name is written at its end, so a black-and-white print reads the same."""

from __future__ import annotations

import math
from collections.abc import Sequence
from itertools import pairwise

from tourney.gamekit.drawing import esc, num
from tourney.i18n import page_
from tourney.reports.chart_space import Box, Point, free_spot, text_box

WIDTH, HEIGHT = 400.0, 280.0
"""About a phone's width (390 px): the chart's words read there at their size."""
LEFT, RIGHT, TOP, BOTTOM = 40.0, 124.0, 16.0, 40.0
DASHES = ("", "6 3", "2 3", "8 3 2 3", "1 2", "10 4", "4 2 1 2", "12 2")
MARKERS = ("circle", "square", "triangle", "diamond")
MOST_SIDES = 8


def _polygon(*points: tuple[float, float]) -> str:
    return f'<path d="M{"L".join(f"{num(x)} {num(y)}" for x, y in points)}Z"/>'


def _line(x1: float, y1: float, x2: float, y2: float, extra: str = "") -> str:
    return (
        f'<line x1="{num(x1)}" y1="{num(y1)}" x2="{num(x2)}" y2="{num(y2)}" stroke="#000"{extra}/>'
    )


def _marker(kind: str, x: float, y: float) -> str:
    if kind == "circle":
        return f'<circle cx="{num(x)}" cy="{num(y)}" r="3.5"/>'
    if kind == "square":
        return f'<rect x="{num(x - 3.5)}" y="{num(y - 3.5)}" width="7" height="7"/>'
    if kind == "triangle":
        return _polygon((x, y - 4.5), (x + 4, y + 3), (x - 4, y + 3))
    return _polygon((x, y - 4.5), (x + 4.5, y), (x, y + 4.5), (x - 4.5, y))


TIE_GAP = 2.5
"""Units between two lines on the same values (at most a fifth of one point's height)."""
LABEL_GAP = 13.0
"""Units between two names at the lines' ends: never written over each other."""
LONGEST_NAME = 14
SWATCH = 16.0
"""Units of each line's key before its name: its dash and marker, so a name moved off its
line's end (lines ending level) still says which line is its own."""


def _step_of(span: float) -> float:
    """The value between two labelled levels of the axis: 1, 2, 5, 10, 20... no more
    than six of them over ``span``."""
    step = 1.0
    while span / step > 6:
        for factor in (2, 2.5, 2):
            step *= factor
            if span / step <= 6:
                break
    return step


def _short(name: str) -> str:
    """A name as the chart writes it at its line's end (in full in its text equivalent)."""
    return name if len(name) <= LONGEST_NAME else name[: LONGEST_NAME - 1] + "…"


def _spread(levels: Sequence[float], height: float) -> list[float]:
    """Where each line's name goes: at its line's end, moved apart just enough that no two
    are closer than `LABEL_GAP` (in the order the lines end, top to bottom), none below
    the chart's ``height``."""
    order = sorted(range(len(levels)), key=lambda n: (levels[n], n))
    placed = [0.0] * len(levels)
    last = -1e9
    for n in order:
        placed[n] = last = max(levels[n], last + LABEL_GAP)
    overflow = max(0.0, last - (height - BOTTOM + 4))
    return [v - overflow for v in placed]


def race_chart(
    names: Sequence[str],
    series: Sequence[Sequence[float]],
    step: str,
    target: float | None = None,
    decided: int | None = None,
    title: str = "",
    size: tuple[float, float] = (WIDTH, HEIGHT),
    spoken: Sequence[Sequence[str]] | None = None,
) -> str:
    """The chart of ``series`` (one per name: its value at steps 0, 1, 2...), the steps
    called ``step`` (``"hand {n}"``), a level line at ``target``, the step ``decided`` at
    (the deciding hand) marked, drawn ``size`` units wide and high (its words are the same
    size whatever its width: a narrower chart reads larger on a phone); its text equivalent
    says each value as ``spoken`` writes it (``"1½"``), else as a number. ``""`` when there
    is nothing to draw."""
    width, height = size
    steps = max((len(s) for s in series), default=0)
    if not names or steps < 2:
        return ""
    names, series = list(names)[:MOST_SIDES], list(series)[:MOST_SIDES]
    values = [v for s in series for v in s] + ([target] if target is not None else [])
    low, high = min(0.0, *values), max(1.0, *values)
    plot_w, plot_h = width - LEFT - RIGHT, height - TOP - BOTTOM

    def x(i: int) -> float:
        return LEFT + plot_w * i / (steps - 1)

    def y(v: float) -> float:
        return TOP + plot_h * (high - v) / (high - low)

    parts = [_line(LEFT, y(low), LEFT, TOP), _line(LEFT, y(0), LEFT + plot_w, y(0))]
    level_step = _step_of(high - low)
    level = level_step * math.ceil(low / level_step)
    while level <= high + 1e-9:
        parts.append(
            _line(LEFT - 3, y(level), LEFT, y(level))
            + f'<text x="{num(LEFT - 5)}" y="{num(y(level) + 4)}" font-size="11" '
            f'text-anchor="end">{num(level)}</text>'
        )
        level += level_step
    every = max(1, (steps - 1) // 12 + 1)
    for i in range(1, steps, every):
        parts.append(
            f'<text x="{num(x(i))}" y="{num(height - BOTTOM + 22)}" font-size="11" '
            f'text-anchor="middle">{i}</text>'
        )
    parts.append(
        f'<text x="{num(LEFT + plot_w / 2)}" y="{num(height - 4)}" font-size="11" '
        f'text-anchor="middle">{esc(step)}</text>'
    )
    if target is not None:
        # The catalog calls stand outside the f-strings: pybabel does not look inside them.
        level_text = page_("target {target}").format(target=num(target))
        parts.append(
            _line(LEFT, y(target), LEFT + plot_w, y(target), ' stroke-dasharray="1 3"')
            + f'<text x="{num(LEFT + 4)}" y="{num(y(target) - 4)}" font-size="11">'
            f"{esc(level_text)}</text>"
        )
    said = []
    ends = _spread([y(s[-1]) for s in series], height)
    gap = min(TIE_GAP, plot_h / (high - low) / 5)
    # what the "decided here" label must keep clear of: every line, the axis at 0, the
    # target's line and word, the names at the lines' ends
    segments: list[tuple[Point, Point]] = [((LEFT, y(0)), (LEFT + plot_w, y(0)))]
    boxes: list[Box] = []
    if target is not None:
        segments.append(((LEFT, y(target)), (LEFT + plot_w, y(target))))
        boxes.append(text_box(LEFT + 4, y(target) - 4, level_text, "start"))
    for n, (name, values_) in enumerate(zip(names, series, strict=True)):
        # Lines level with each other (players on the same points) lie a little apart,
        # each still on its own value's level to the eye.
        lift = (n - (len(series) - 1) / 2) * gap
        at = [(x(i), y(v) + lift) for i, v in enumerate(values_)]
        segments += pairwise(at) if len(at) > 1 else [(at[0], at[0])]
        key_x = x(len(values_) - 1) + 6
        name_box = text_box(key_x + SWATCH + 4, ends[n] + 4, _short(name), "start", 12)
        boxes.append((key_x - 5, ends[n] - 5, name_box[2], name_box[3]))
        points = " ".join(f"{num(px)},{num(py)}" for px, py in at)
        pattern = DASHES[n % len(DASHES)]
        dash = f' stroke-dasharray="{pattern}"' if pattern else ""
        shape = MARKERS[n % len(MARKERS)]
        marks = "".join(_marker(shape, x(i), y(v) + lift) for i, v in enumerate(values_))
        key_x, key_y = x(len(values_) - 1) + 6, ends[n]
        parts.append(
            f'<g class="side side-{n}"><polyline points="{points}" fill="none" stroke="#000" '
            f'stroke-width="2"{dash}/><g fill="#000">{marks}</g>'
            + _line(key_x, key_y, key_x + SWATCH, key_y, f' stroke-width="2"{dash}')
            + f'<g fill="#000">{_marker(shape, key_x + SWATCH / 2, key_y)}</g>'
            f'<text x="{num(key_x + SWATCH + 4)}" y="{num(key_y + 4)}" font-size="12">'
            f"{esc(_short(name))}</text></g>"
        )
        words = spoken[n] if spoken is not None else [num(v) for v in values_]
        said.append(f"{name}: {', '.join(words)}")
    if decided is not None and 0 < decided < steps:
        here = page_("decided here")
        # beside the upright line where nothing else is drawn (a chart with no such room,
        # which the tests have not met: at its top, as it always was)
        spot = free_spot(here, x(decided), (LEFT, 0.0, width, y(low)), segments, boxes)
        label_x, label_y, anchor = spot or (x(decided) - 4, TOP + 10, "end")
        parts.append(
            _line(x(decided), TOP, x(decided), y(low), ' stroke-width="2" stroke-dasharray="4 2"')
            + f'<text x="{num(label_x)}" y="{num(label_y)}" font-size="11" '
            f'text-anchor="{anchor}" font-weight="bold">{esc(here)}</text>'
        )
    label = ". ".join(part for part in (title, "; ".join(said)) if part) + "."
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="drawing race-chart" '
        f'viewBox="0 0 {num(width)} {num(height)}" role="img" aria-label="{esc(label)}" '
        f'font-family="sans-serif"><title>{esc(label)}</title>{"".join(parts)}</svg>'
    )
