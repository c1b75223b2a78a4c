"""Horse Race drawn: tiles with pips, and the layout as it grew on the table (the game's
`draw`/`draw_piece`, placed by pages as inline SVG).

The layout is laid out from the engine's placements in order (`Layout.order`: each tile and
the tile it went on), never from a rule of its own: a tile goes on the end of the tile it
joined that shows its value; a double lies crosswise, its free linear side continuing the
line and its two branches opening across it in the order the engine fills them (RULES.md
§4). A line that would run into another tile, or off a table about a dozen halves wide,
turns a corner, as players bend a line at the table's edge. The counted ends are outlined
heavily (a printed page shows them in black and white), and the count is written under it.
"""

from __future__ import annotations

import math
import threading
from dataclasses import dataclass, field
from functools import cache, lru_cache, partial

from tourney.gamekit.drawing import Drawing, num, text, use
from tourney.games.horserace.match import Match, Phase
from tourney.games.horserace.tiles import Tile
from tourney.i18n import current, npage_, page_

U = 24.0  # one half of a tile, in the drawing's units
Vec = tuple[float, float]
EAST, WEST, NORTH, SOUTH = (1.0, 0.0), (-1.0, 0.0), (0.0, -1.0), (0.0, 1.0)
REACH = 6.0  # halves from the opening tile before a line turns a corner

# Where the pips of a half showing 0..6 are, as fractions of the half.
_PIPS: dict[int, tuple[Vec, ...]] = {
    0: (),
    1: ((0.5, 0.5),),
    2: ((0.27, 0.27), (0.73, 0.73)),
    3: ((0.27, 0.27), (0.5, 0.5), (0.73, 0.73)),
    4: ((0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)),
    5: ((0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)),
    6: ((0.27, 0.25), (0.73, 0.25), (0.27, 0.5), (0.73, 0.5), (0.27, 0.75), (0.73, 0.75)),
}


def _add(a: Vec, b: Vec, k: float = 1.0) -> Vec:
    return (a[0] + b[0] * k, a[1] + b[1] * k)


def _left(d: Vec) -> Vec:
    return (d[1], -d[0])


def _right(d: Vec) -> Vec:
    return (-d[1], d[0])


@dataclass
class _Placed:
    """A tile on the drawn table: its halves (centre, value) and where tiles join it."""

    tile: Tile
    halves: list[tuple[Vec, int]]
    ends: dict[int, tuple[Vec, Vec]] = field(default_factory=dict)
    """A non-double's open end by value: (the point on its edge, the way out)."""
    slots: list[tuple[Vec, Vec]] = field(default_factory=list)
    """A double's free attach points in the order the engine fills them."""


def _double(tile: Tile, centre: Vec, way: Vec, opening: bool) -> _Placed:
    across = _left(way)
    halves = [(_add(centre, across, 0.5), tile.low), (_add(centre, across, -0.5), tile.low)]
    linear = [(_add(centre, way, 0.5), way)]
    if opening:
        linear.append((_add(centre, way, -0.5), (-way[0], -way[1])))
    branches = [(_add(centre, across, 1.0), across), (_add(centre, across, -1.0), _right(way))]
    return _Placed(tile, halves, slots=linear + branches)


def _key(centre: Vec) -> tuple[int, int]:
    """A half's centre on the grid of half units every centre lies on."""
    return round(centre[0] * 2), round(centre[1] * 2)


_NEAR = [(dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)]


def _overlaps(centre: Vec, taken: set[tuple[int, int]]) -> bool:
    """Whether a half at ``centre`` would lie over a half already drawn (closer than a
    whole half in both directions: within one grid step)."""
    x, y = _key(centre)
    return any((x + dx, y + dy) in taken for dx, dy in _NEAR)


def _far(centre: Vec) -> bool:
    return abs(centre[0]) > REACH or abs(centre[1]) > REACH


class _Grown:
    """A layout's geometry grown tile by tile, with each tile's part (`layout_geometry`)."""

    def __init__(self) -> None:
        self.order: list[tuple[Tile, Tile | None]] = []
        self.placed: dict[Tile, _Placed] = {}
        self.taken: set[tuple[int, int]] = set()
        self.parts: list[str] = []
        self.table: dict[tuple[bool, str], Table] = {}
        """The table drawn (`_table`) in a hand and after it, for this many placements."""

    def _room(self, joined: Vec, way: Vec, turn: Vec) -> float:
        """How good a way ``turn`` is for a line leaving ``joined``: the free halves ahead
        (a line runs on), less for leaving the table's middle, a little more for straight."""
        free = 0
        for step in range(1, 5):
            if _overlaps(_add(joined, turn, step), self.taken):
                break
            free += 1
        if not free:
            return -10.0
        far = 3.0 if _far(_add(joined, turn)) else 0.0
        return free - far + (0.5 if turn == way else 0.0)

    def add(self, tile: Tile, on: Tile | None) -> None:
        if on is None:
            if tile.is_double:
                where = _double(tile, (0.0, 0.0), EAST, opening=True)
            else:
                where = _Placed(
                    tile,
                    [((-0.5, 0.0), tile.low), ((0.5, 0.0), tile.high)],
                    ends={tile.low: ((-1.0, 0.0), WEST), tile.high: ((1.0, 0.0), EAST)},
                )
        else:
            parent = self.placed[on]
            if on.is_double:
                point, way = parent.slots.pop(0) if parent.slots else ((0.0, 0.0), EAST)
                value = on.low
            else:
                value = on.low if tile.matches(on.low) else on.high
                point, way = parent.ends.pop(value, ((0.0, 0.0), EAST))
            joined = _add(point, way, 0.5)
            if tile.is_double:
                where = _double(tile, joined, way, opening=False)
            else:
                other = tile.other(value)
                turn = max((way, _left(way), _right(way)), key=partial(self._room, joined, way))
                outer = _add(joined, turn)
                where = _Placed(
                    tile,
                    [(joined, value), (outer, other)],
                    ends={other: (_add(outer, turn, 0.5), turn)},
                )
        self.order.append((tile, on))
        self.placed[tile] = where
        self.taken.update(_key(centre) for centre, _ in where.halves)
        self.parts.append(_place(where))
        self.table.clear()


_LAST = threading.local()  # each thread's last layout: a replay grows it a tile at a time


def _grown(order: list[tuple[Tile, Tile | None]]) -> _Grown:
    grown: _Grown | None = getattr(_LAST, "grown", None)
    if grown is None or grown.order != order[: len(grown.order)]:
        grown = _Grown()
    for tile, on in order[len(grown.order) :]:
        grown.add(tile, on)
    _LAST.grown = grown
    return grown


def layout_geometry(order: list[tuple[Tile, Tile | None]]) -> list[_Placed]:
    """Where each placed tile lies, in the order placed."""
    return list(_grown(order).placed.values())


def _pips(cx: float, cy: float, value: int, turned: bool = False) -> str:
    """The pips of a half centred at (cx, cy), in units (``turned``: its rows upright)."""
    out = []
    for fx, fy in _PIPS[value]:
        dx, dy = (fy - 0.5, fx - 0.5) if turned else (fx - 0.5, fy - 0.5)
        out.append(f'<circle cx="{num(cx + dx * U)}" cy="{num(cy + dy * U)}" r="{num(U * 0.09)}"/>')
    return "".join(out)


def shape_id(tile: Tile) -> str:
    return f"hr-{tile.low}{tile.high}"


@cache
def tile_shape(tile: Tile) -> str:
    """The tile lying along x, centred on the origin, its low half on the left."""
    r = U * 0.15
    return (
        f'<g id="{shape_id(tile)}"><rect x="{num(-U + 1)}" y="{num(-U / 2 + 1)}" '
        f'width="{num(2 * U - 2)}" height="{num(U - 2)}" rx="{num(r)}" fill="#fff" '
        f'stroke="#000" stroke-width="1.5"/><line x1="0" y1="{num(-U / 2 + 4)}" x2="0" '
        f'y2="{num(U / 2 - 4)}" stroke="#000"/><g fill="#000">'
        f"{_pips(-U / 2, 0, tile.low, True)}{_pips(U / 2, 0, tile.high, True)}</g></g>"
    )


def _place(placed: _Placed) -> str:
    """The part that lays ``placed``'s tile where the geometry put it."""
    (a, va), (b, _vb) = placed.halves
    tile = placed.tile
    low, high = (a, b) if va == tile.low else (b, a)
    angle = math.degrees(math.atan2(high[1] - low[1], high[0] - low[0]))
    return use(shape_id(tile), (a[0] + b[0]) / 2 * U, (a[1] + b[1]) / 2 * U, angle)


def _outline(centre: Vec, size: tuple[float, float], css: str, dash: str = "") -> str:
    """A heavy outline (a counted end), or a dashed one (the last tile placed)."""
    w, h = size[0] * U + 4, size[1] * U + 4
    weight, pattern = ("2", f' stroke-dasharray="{dash}"') if dash else ("4", "")
    return (
        f'<rect class="{css}" x="{num(centre[0] * U - w / 2)}" y="{num(centre[1] * U - h / 2)}" '
        f'width="{num(w)}" height="{num(h)}" rx="{num(U * 0.2)}" fill="none" stroke="#000" '
        f'stroke-width="{weight}"{pattern}/>'
    )


def _extent(placed: _Placed) -> tuple[Vec, tuple[float, float]]:
    (a, _), (b, _) = placed.halves
    return ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2), (abs(a[0] - b[0]) + 1, abs(a[1] - b[1]) + 1)


def tile_svg(text_: str) -> str:
    """One tile drawn lying down, as a button shows it (``""``: not a tile)."""
    try:
        tile = Tile.parse(text_)
    except Exception:  # not a tile: the caller shows its text
        return ""
    label = page_("tile {tile}").format(tile=tile.text)
    drawing = Drawing(
        (use(shape_id(tile), U, U / 2),), (0, 0, 2 * U, U), label, "tile-drawing",
        {shape_id(tile): tile_shape(tile)}, max_width=2 * U * 1.6,
    )  # fmt: skip
    return drawing.svg()


def _counted_marks(match: Match, geometry: list[_Placed]) -> list[str]:
    marks = []
    where = {p.tile: p for p in geometry}
    for tile, value in match.layout.contributions():
        placed = where.get(tile)
        if placed is None:
            continue
        if tile.is_double:
            centre, size = _extent(placed)
            marks.append(_outline(centre, size, "counted"))
            continue
        for centre, shown in placed.halves:
            if shown == value and shown in placed.ends:
                marks.append(_outline(centre, (1, 1), "counted"))
    return marks


def layout_text(match: Match) -> str:
    """The layout in words (the drawing's text equivalent)."""
    from tourney.games.horserace.view import ends_line

    if match.layout.empty:
        return page_("The table is empty.")
    joined = page_("{tile} on {on}")  # looked up once, not once a tile
    tiles = ", ".join(
        tile.text if on is None else joined.format(tile=tile.text, on=on.text)
        for tile, on in match.layout.order
    )
    return page_("Layout: {tiles}.").format(tiles=tiles) + " " + ends_line(match)


def layout_drawing(match: Match, hands: bool = False) -> Drawing | None:
    """The layout drawn, its counted ends outlined heavily, the last tile placed outlined
    dashed, the count written under it; with ``hands``, each player's tiles below as the
    record knows them (unseen ones face down)."""

    if not match.started or (match.hand is None and not match.hands):
        return None
    grown = _grown(match.layout.order)
    in_hand = match.phase is Phase.IN_HAND
    key = (in_hand, current())  # its words are the reader's
    table = grown.table.get(key)
    if table is None:  # drawn once per placement: a draw or a pass changes nothing here
        table = grown.table[key] = _table(match, grown, in_hand)
    parts, box, label, shapes = table
    shapes = dict(shapes)
    below: list[str] = []
    below_size = (0.0, 0.0)
    if hands:
        below, below_size, said, used = _hands(match)
        shapes.update(used)
        label = f"{label} {said}".strip()
    return Drawing(
        parts, box, label, "layout-drawing", shapes, 760, tuple(below), below_size
    )  # fmt: skip


Table = tuple[tuple[str, ...], tuple[float, float, float, float], str, dict[str, str]]


def _table(match: Match, grown: _Grown, in_hand: bool) -> Table:
    """What lies on the table drawn: its parts, box, words and shapes."""
    from tourney.games.horserace.view import ends_line

    geometry = list(grown.placed.values())
    shapes = {shape_id(p.tile): tile_shape(p.tile) for p in geometry}
    parts = grown.parts[:]
    parts += _counted_marks(match, geometry)
    if geometry:
        parts.append(_outline(*_extent(geometry[-1]), "last", dash="3 2"))
    xs = [c[0] for p in geometry for c, _ in p.halves] or [0.0]
    ys = [c[1] for p in geometry for c, _ in p.halves] or [0.0]
    left, right = (min(xs) - 0.7) * U, (max(xs) + 0.7) * U
    top, bottom = (min(ys) - 0.7) * U, (max(ys) + 0.7) * U
    width = max(right - left, 12 * U)
    left = (left + right) / 2 - width / 2
    caption = ends_line(match) if in_hand else ""
    if caption:
        parts.append(text(left + 4, bottom + U * 0.7, caption, weight="bold"))
        bottom += U
    return tuple(parts), (left, top, width, bottom - top), layout_text(match), shapes


@lru_cache(maxsize=1024)
def _hand_row(seat: int, player: str, held: tuple[Tile, ...], unseen: int) -> str:
    """One player's row of tiles (the same string each time it is the same: a replay
    draws a row many times over)."""
    y = U * 0.4 + seat * U * 1.3
    row = [text(4, y + U * 0.7, player)]
    x = 4 * U
    for tile in held:
        row.append(use(shape_id(tile), x + U, y + U / 2))
        x += 2.2 * U
    for _ in range(unseen):
        row.append(
            f'<rect x="{num(x + 1)}" y="{num(y + 1)}" width="{num(2 * U - 2)}" '
            f'height="{num(U - 2)}" rx="{num(U * 0.15)}" fill="#888" stroke="#000"/>'
        )
        x += 2.2 * U
    return "".join(row)


def _hands(match: Match) -> tuple[list[str], tuple[float, float], str, dict[str, str]]:
    """Each player's tiles as the record knows them, a row each: known hands face up; at a
    hidden table the tiles seen drawn face up and the rest face down."""
    rows: list[str] = []
    said: list[str] = []
    shapes: dict[str, str] = {}
    for seat, player in enumerate(match.players):
        held = tuple(sorted(match.held[seat])) if seat < len(match.held) else ()
        count = match.counts[seat] if seat < len(match.counts) else 0
        unseen = 0 if match.known else max(count - len(held), 0)
        rows.append(_hand_row(seat, player, held, unseen))  # one part a row
        shapes.update((shape_id(tile), tile_shape(tile)) for tile in held)
        tiles = " ".join(t.text for t in held)
        if unseen:
            more = npage_("and {count} unseen", "and {count} unseen", unseen).format(count=unseen)
            tiles = f"{tiles} {more}".strip()
        said.append(f"{player}: {tiles or '—'}.")
    widest = max(match.counts, default=0)
    height = U * 0.4 + len(match.players) * U * 1.3 + U * 0.2
    return rows, ((4.2 + 2.2 * widest) * U, height), " ".join(said), shapes
