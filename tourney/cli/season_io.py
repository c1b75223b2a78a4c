"""What the season's commands (`ratings`, `roster`, `series`) share: reading the season
from the store and printing a table of text."""

from __future__ import annotations

from collections.abc import Sequence


def print_rows(title: str, labels: Sequence[str], rows: Sequence[Sequence[str]]) -> None:
    """A heading line and a rich table; every cell plain text (never Rich markup), control
    characters shown as escapes."""
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    from tourney.errors import printable

    table = Table()
    for i, label in enumerate(labels):
        numeric = i != 1 and any(row[i][:1].isdigit() or row[i][:1] in "-[" for row in rows)
        table.add_column(label, justify="right" if numeric else "left", no_wrap=True)
    for row in rows:
        table.add_row(*(Text(printable(cell)) for cell in row))
    console = Console()
    console.width = max(console.width, 120)
    console.print(Text(printable(title)))
    console.print(table)
