"""What the scorer's commands do once their options are read: open the desk, print its
state, say warnings. Refusals are raised, not printed: the edge (`tourney.cli.edge`)
reports them."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

import typer

if TYPE_CHECKING:
    from tourney.scorer.desk import Desk, Recorded


@contextmanager
def open_desk(
    db: str | None, match: str, tables: bool = True, create: bool = False, reads: bool = False
) -> Iterator[Desk]:
    """The desk for ``match``, closed afterwards.

    With ``tables``, a table code such as ``T3`` that names no match of its own is the
    table of that number in the newest tournament's latest round. Only with ``create`` is
    a database made where there is none (`tourney start`, `tourney import`). With
    ``reads`` (a command that only reads), nothing is written (see `open_store`).
    """
    from tourney.cli.fresh_database import taken_back_on_refusal
    from tourney.scorer.desk import Desk

    with taken_back_on_refusal(db, create):
        desk = Desk.open(db, match, tables=tables, create=create, reads_only=reads)
        try:
            yield desk
        finally:
            warn(desk.store.warnings)
            desk.close()


def warn(warnings: list[str]) -> None:
    """Say what went wrong after something was stored, one line each, on stderr."""
    from tourney.errors import printable

    for line in warnings:
        typer.echo(f"warning: {printable(line)}", err=True)


def echo(line: str) -> None:
    """Print one line of text that may hold what someone typed (a name, a reason): any
    control or format character in it is shown as an escape, never sent to the terminal."""
    from tourney.errors import printable

    typer.echo(printable(line))


def print_state(
    desk: Desk, as_json: bool, recorded: list[Recorded] | None = None, bracket: str | None = None
) -> None:
    """What was just recorded (if anything), then the state: text, or one JSON object, in
    the words of the table's game (`Game.console`).

    At a table the director ruled on, the views say the ruling first and the table's own
    result as played (`Desk.as_ruled`); in JSON, ``director_result`` says it."""
    console = desk.game.console
    ruled = desk.director_result() if as_json else None  # the text views say it themselves
    if as_json:
        data: dict[str, Any] = console.state(desk)
        if recorded is not None:
            data["recorded"] = [console.recorded_dict(desk, r) for r in recorded]
        if ruled is not None:
            data["director_result"] = ruled
        if bracket is not None:
            data["bracket"] = bracket
        typer.echo(json.dumps(data, ensure_ascii=False))
        return
    if bracket is not None:  # double elimination: which bracket the table is in
        echo(f"In the {bracket}")
    said: set[str] = set()
    for item in recorded or []:
        for line in desk.recorded_lines(item):
            echo(line)
            said.add(line.strip())
    if recorded is None:
        lines = desk.as_ruled(console.show(desk), turn=not desk.match.finished)
    else:
        lines = console.after(desk, recorded, said, False)
    for line in lines:
        echo(line)
