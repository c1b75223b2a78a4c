"""The race, as a picture: a line per side climbing step by step (a match's scores after
every hand, a player's net after every deal, an evening's match points after every
round), as one inline SVG with its text equivalent. Fed plain numbers; knows no game.

Sides are told apart without colour: each line has its own dash pattern and marker shape,
and its name is written at its end, so a black-and-white print reads the same."""

from __future__ import annotations

from collections.abc import Sequence

from tourney.games.drawing import esc, num
from tourney.i18n import page_

WIDTH, HEIGHT = 640.0, 260.0
LEFT, RIGHT, TOP, BOTTOM = 40.0, 110.0, 16.0, 34.0
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


TIE_GAP = 1.5
"""Units between two lines on the same values."""
LABEL_GAP = 13.0
"""Units between two names at the lines' ends: never written over each other."""
LONGEST_NAME = 15


def _short(name: str) -> str:
    """A name as the chart writes it at its line's end (in full in its text equivalent)."""
    return name if len(name) <= LONGEST_NAME else name[: LONGEST_NAME - 1] + "…"


def _spread(levels: Sequence[float]) -> list[float]:
    """Where each line's name goes: at its line's end, moved apart just enough that no two
    are closer than `LABEL_GAP` (in the order the lines end, top to bottom)."""
    order = sorted(range(len(levels)), key=lambda n: (levels[n], n))
    placed = [0.0] * len(levels)
    last = -1e9
    for n in order:
        placed[n] = last = max(levels[n], last + LABEL_GAP)
    overflow = max(0.0, last - (HEIGHT - BOTTOM + 4))
    return [v - overflow for v in placed]


def race_chart(
    names: Sequence[str],
    series: Sequence[Sequence[float]],
    step: str,
    target: float | None = None,
    decided: int | None = None,
    title: str = "",
) -> str:
    """The chart of ``series`` (one per name: its value at steps 0, 1, 2...), the steps
    called ``step`` (``"hand {n}"``), a level line at ``target``, the step ``decided`` at
    (the deciding hand) marked. ``""`` when there is nothing to draw."""
    steps = max((len(s) for s in series), default=0)
    if not names or steps < 2:
        return ""
    names, series = list(names)[:MOST_SIDES], list(series)[:MOST_SIDES]
    values = [v for s in series for v in s] + ([target] if target is not None else [])
    low, high = min(0.0, *values), max(1.0, *values)
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x(i: int) -> float:
        return LEFT + plot_w * i / (steps - 1)

    def y(v: float) -> float:
        return TOP + plot_h * (high - v) / (high - low)

    parts = [_line(LEFT, y(low), LEFT, TOP), _line(LEFT, y(0), LEFT + plot_w, y(0))]
    for v in sorted({low, 0.0, high}):
        parts.append(
            f'<text x="{num(LEFT - 4)}" y="{num(y(v) + 4)}" font-size="11" text-anchor="end">'
            f"{num(v)}</text>"
        )
    every = max(1, (steps - 1) // 12 + 1)
    for i in range(1, steps, every):
        parts.append(
            f'<text x="{num(x(i))}" y="{num(HEIGHT - BOTTOM + 14)}" font-size="11" '
            f'text-anchor="middle">{i}</text>'
        )
    parts.append(
        f'<text x="{num(LEFT + plot_w / 2)}" y="{num(HEIGHT - 4)}" font-size="11" '
        f'text-anchor="middle">{esc(step)}</text>'
    )
    if target is not None:
        parts.append(
            _line(LEFT, y(target), LEFT + plot_w, y(target), ' stroke-dasharray="1 3"')
            + f'<text x="{num(LEFT + 4)}" y="{num(y(target) - 4)}" font-size="11">'
            f"{esc(page_('target {target}').format(target=num(target)))}</text>"
        )
    if decided is not None and 0 < decided < steps:
        parts.append(
            _line(x(decided), TOP, x(decided), y(low), ' stroke-width="2" stroke-dasharray="4 2"')
            + f'<text x="{num(x(decided) - 4)}" y="{num(TOP + 10)}" font-size="11" '
            f'text-anchor="end" font-weight="bold">{esc(page_("decided here"))}</text>'
        )
    said = []
    ends = _spread([y(s[-1]) for s in series])
    for n, (name, values_) in enumerate(zip(names, series, strict=True)):
        # Lines level with each other (players on the same points) lie a little apart,
        # each still on its own value's level to the eye.
        lift = (n - (len(series) - 1) / 2) * TIE_GAP
        points = " ".join(f"{num(x(i))},{num(y(v) + lift)}" for i, v in enumerate(values_))
        dash = f' stroke-dasharray="{DASHES[n % len(DASHES)]}"' if DASHES[n % len(DASHES)] else ""
        marks = "".join(
            _marker(MARKERS[n % len(MARKERS)], x(i), y(v) + lift) for i, v in enumerate(values_)
        )
        end = (x(len(values_) - 1), ends[n])
        parts.append(
            f'<g class="side side-{n}"><polyline points="{points}" fill="none" stroke="#000" '
            f'stroke-width="2"{dash}/><g fill="#000">{marks}</g>'
            f'<text x="{num(end[0] + 8)}" y="{num(end[1] + 4)}" font-size="12">'
            f"{esc(_short(name))}</text></g>"
        )
        said.append(f"{name}: {', '.join(num(v) for v in values_)}")
    label = ". ".join(part for part in (title, "; ".join(said)) if part) + "."
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="drawing race-chart" '
        f'viewBox="0 0 {num(WIDTH)} {num(HEIGHT)}" role="img" aria-label="{esc(label)}" '
        f'font-family="sans-serif"><title>{esc(label)}</title>{"".join(parts)}</svg>'
    )
