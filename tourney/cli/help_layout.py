"""The layout of Typer's help pages: an option's name is never cut.

Typer draws a command's options as a Rich table: the names (``--partnerships``), the
negative flags (``--no-partnerships``), the value's type and the help. On a narrow terminal
Rich shrinks every column to fit and cuts what no longer fits with an ellipsis, names
included: ``--no-partnershi…`` at 80 columns, which nobody can type. Here the columns that
hold names do not wrap, so Rich takes the room from the type and the help, which wrap."""

from __future__ import annotations

from typing import Any


def keep_option_names_whole(rich_utils: Any) -> None:
    """Make Typer's help tables (`typer.rich_utils`) keep their name columns whole."""
    if getattr(rich_utils.Table, "keeps_names_whole", False):
        return
    base = rich_utils.Table

    class HelpTable(base):  # type: ignore[misc, valid-type]
        keeps_names_whole = True

        def add_row(self, *renderables: Any, **kwargs: Any) -> None:
            super().add_row(*renderables, **kwargs)
            # An options table's last two columns are the type and the help; before them,
            # the names (a commands table has two columns: name and help, both may wrap).
            for column in self.columns[:-2]:
                column.no_wrap = True

    rich_utils.Table = HelpTable
