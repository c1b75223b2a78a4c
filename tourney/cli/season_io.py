"""What the season's commands (`ratings`, `roster`, `series`) share: reading the season
from the store and printing a table of text."""

from __future__ import annotations

from collections.abc import Sequence


def print_rows(title: str, labels: Sequence[str], rows: Sequence[Sequence[str]]) -> None:
    """A heading line and a boxed table (`tourney.cli.text_table`); every cell plain text,
    control characters shown as escapes."""
    import typer

    from tourney.cli.text_table import boxed
    from tourney.errors import printable

    numeric = [
        i != 1 and any(row[i][:1].isdigit() or row[i][:1] in "-[" for row in rows)
        for i in range(len(labels))
    ]
    shown = [[printable(cell) for cell in row] for row in rows]
    typer.echo(printable(title))
    typer.echo("\n".join(boxed(labels, shown, numeric)))
