"""What every game's drawings are made of: a `Drawing` (a small tree: its pieces' shapes,
the parts that place them, its size and its text equivalent), and escaping. Pure: markup
strings in, markup strings out.

A drawing becomes an inline ``<svg>`` the server writes into a page (no image files): black
lines on white, so that it prints in black and white; where a colour says something (a red
suit) a shape or a word says it too. Its ``role="img"``, ``aria-label`` and ``<title>``
are its text equivalent, in the reader's language (the game words it).

Each piece (a tile, a card) is drawn once, as a shape in ``<defs>``, and placed by
``<use>`` parts: a match's replay on a page carries every position's parts and each shape
once, not every position's whole picture (`tourney.reports.replay`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from html import escape as _escape


def esc(text: object) -> str:
    """``text`` safe inside markup, attribute values included."""
    return _escape(str(text), quote=True)


def num(value: float) -> str:
    """A coordinate, short: ``12``, ``12.5``."""
    rounded = round(value, 1)
    whole = int(rounded)
    return str(whole) if whole == rounded else str(rounded)


@dataclass(frozen=True)
class Drawing:
    """One picture: ``parts`` (markup, each placed in the picture's coordinates) drawn in
    the view box ``box`` (x, y, width, height), using the shapes ``shapes`` (id ->
    markup of a ``<g id=...>``), read by a screen reader as ``label``."""

    parts: tuple[str, ...]
    box: tuple[float, float, float, float]
    label: str
    css_class: str
    shapes: Mapping[str, str]
    max_width: float | None = None
    below: tuple[str, ...] = ()
    """Parts drawn under the box (the hands), in their own coordinates from (0, 0): they
    stay the same strings while the table above them grows, so a replay carries each once."""
    below_size: tuple[float, float] = (0.0, 0.0)

    @property
    def whole_box(self) -> tuple[float, float, float, float]:
        """The box with what is drawn below it."""
        x, y, width, height = self.box
        return x, y, max(width, self.below_size[0]), height + self.below_size[1]

    def svg(self, shapes: bool = True) -> str:
        """The whole ``<svg>``, its shapes inside (``shapes`` false: the page carries them
        once, elsewhere). It scales to its container's width."""
        x, y, width, height = self.whole_box
        style = f' style="max-width:{num(self.max_width)}px"' if self.max_width else ""
        defs = f"<defs>{''.join(self.shapes.values())}</defs>" if shapes and self.shapes else ""
        below = ""
        if self.below:
            at = f"{num(self.box[0])} {num(self.box[1] + self.box[3])}"
            below = f'<g transform="translate({at})">{"".join(self.below)}</g>'
        return (
            f'<svg xmlns="http://www.w3.org/2000/svg" class="drawing {esc(self.css_class)}" '
            f'viewBox="{num(x)} {num(y)} {num(width)} {num(height)}" role="img" '
            f'aria-label="{esc(self.label)}"{style}><title>{esc(self.label)}</title>'
            f"{defs}{''.join(self.parts)}{below}</svg>"
        )

    def __str__(self) -> str:
        return self.svg()


def use(shape: str, x: float, y: float, rotate: float = 0.0) -> str:
    """A part placing the shape ``shape`` at (``x``, ``y``), turned ``rotate`` degrees."""
    if not rotate:
        return f'<use href="#{shape}" x="{num(x)}" y="{num(y)}"/>'
    return f'<use href="#{shape}" transform="translate({num(x)} {num(y)}) rotate({num(rotate)})"/>'


def text(x: float, y: float, words: str, size: float = 13, weight: str = "normal",
         anchor: str = "start") -> str:  # fmt: skip
    """A part writing ``words`` at (``x``, ``y``) in black."""
    bold = ' font-weight="bold"' if weight != "normal" else ""
    return (
        f'<text x="{num(x)}" y="{num(y)}" font-size="{num(size)}" font-family="sans-serif" '
        f'text-anchor="{anchor}" fill="#000"{bold}>{esc(words)}</text>'
    )
