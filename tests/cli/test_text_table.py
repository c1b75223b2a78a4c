"""`tourney.cli.text_table` draws the box Rich's default table draws, character for
character, without importing Rich (a one-shot command's tenth: bench/FINDINGS.md)."""

from __future__ import annotations

import io
import re

import pytest
from rich.console import Console
from rich.table import Table
from rich.text import Text

from tourney.cli.text_table import boxed, columns, width

CASES = [
    ([], []),
    ([["1", "Ann", "12"]], [None]),
    (
        [["1", "Zoë Park", "12"], ["2=", "李小龙", "3"], ["3", "😀 Fay", "1/3"]],
        ["bold", None, "dim"],
    ),
    ([["10", "a\u0301b", "100"], ["2", "[red]Eve[/red]", "-½"]], [None, None]),
]


ESCAPE = re.compile(r"\x1b\[[0-9;]*m")
"""A terminal's style, which `typer.echo` leaves out off a terminal (and Rich there)."""


def rich_table(labels: list[str], rows: list[list[str]], numeric: list[bool]) -> str:
    """The table as Rich drew the standings (every cell plain text, nothing wrapped)."""
    table = Table()
    for label, right in zip(labels, numeric, strict=True):
        table.add_column(label, justify="right" if right else "left", no_wrap=True)
    for row in rows:
        table.add_row(*(Text(cell) for cell in row))
    out = io.StringIO()
    Console(file=out, width=120).print(table)
    return out.getvalue()


@pytest.mark.parametrize(("rows", "styles"), CASES)
def test_the_box_is_richs_default_table(rows: list[list[str]], styles: list[str | None]) -> None:
    labels, numeric = ["Rank", "Name", "Points"], [False, False, True]
    drawn = "\n".join(boxed(labels, rows, numeric, styles)) + "\n"
    assert ESCAPE.sub("", drawn) == rich_table(labels, rows, numeric)  # off a terminal


def test_styles_are_terminal_escapes_around_each_cell() -> None:
    bold, dim = boxed(["A"], [["1"], ["2"]], [True], ["bold", "dim"])[3:5]
    assert bold == "│\x1b[1m 1 \x1b[0m│" and dim == "│\x1b[2m 2 \x1b[0m│"


def test_plain_columns_and_widths_in_terminal_cells() -> None:
    assert width("李小龙") == 6 and width("a\u0301") == 1 and width("Zoë") == 3
    assert columns(["N", "Pts"], [["李", "1"], ["Bo", "10"]], [False, True]).splitlines() == [
        "N   Pts",
        "--  ---",
        "李    1",
        "Bo   10",
    ]
