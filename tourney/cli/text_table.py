"""Tables of text for the terminal, written without Rich (its import alone is ~45 ms, a
tenth of a one-shot command: bench/FINDINGS.md, "Fast again"). Each column is as wide as
its widest cell in terminal cells, numbers to the right; `boxed` draws the box Rich's
default table draws (the same characters, the same padding), `columns` plain columns two
spaces apart. Nothing is cut: a table wider than the terminal wraps there.

Every cell must be printable already (`tourney.errors.printable`): a cell is written as it
is, never read as markup."""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

import typer


def width(text: str) -> int:
    """How many terminal cells ``text`` takes: two for a wide character (东, 😀), none for a
    combining mark."""
    if text.isascii():
        return len(text)
    return sum(
        0 if unicodedata.combining(c) else 2 if unicodedata.east_asian_width(c) in "WF" else 1
        for c in text
    )


_STYLES = {"bold": {"bold": True}, "dim": {"dim": True}}
"""A row's style, as `typer.style` writes it."""


def _widths(labels: Sequence[str], rows: Sequence[Sequence[str]]) -> list[int]:
    return [max(width(line[c]) for line in (labels, *rows)) for c in range(len(labels))]


def _fit(text: str, wide: int, right: bool) -> str:
    pad = " " * (wide - width(text))
    return pad + text if right else text + pad


def boxed(
    labels: Sequence[str],
    rows: Sequence[Sequence[str]],
    numeric: Sequence[bool],
    styles: Sequence[str | None] = (),
) -> list[str]:
    """The table's lines in a box (heavy under the labels, as Rich's default): ``styles``
    gives a row ``"bold"`` or ``"dim"`` (None: plain); the labels are bold. The styles are
    terminal escapes, which `typer.echo` leaves out when the output is not a terminal."""
    widths = _widths(labels, rows)

    def rule(left: str, line: str, cross: str, right: str) -> str:
        return left + cross.join(line * (w + 2) for w in widths) + right

    def row(cells: Sequence[str], side: str, style: str | None) -> str:
        fitted = [
            f" {_fit(text, w, right)} "
            for text, w, right in zip(cells, widths, numeric, strict=True)
        ]
        if style is not None:
            fitted = [typer.style(cell, **_STYLES[style]) for cell in fitted]
        return side + side.join(fitted) + side

    return [
        rule("┏", "━", "┳", "┓"),
        row(labels, "┃", "bold"),
        rule("┡", "━", "╇", "┩"),
        *(
            row(cells, "│", style)
            for cells, style in zip(rows, styles or [None] * len(rows), strict=True)
        ),
        rule("└", "─", "┴", "┘"),
    ]


def columns(labels: Sequence[str], rows: Sequence[Sequence[str]], numeric: Sequence[bool]) -> str:
    """A plain table: columns two spaces apart, a rule of dashes under the labels, numbers to
    the right, no space at the end of a line."""
    widths = _widths(labels, rows)
    lines = [
        "  ".join(
            _fit(text, w, right) for text, w, right in zip(line, widths, numeric, strict=True)
        ).rstrip()
        for line in (labels, *rows)
    ]
    lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(lines)
