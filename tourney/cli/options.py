"""What the scorer's commands share: the --db, --json and match options, and the edge where
a refusal becomes one line on stderr and exit code 1."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Annotated, Any

import typer

if TYPE_CHECKING:
    from tourney.scorer.desk import Desk, Recorded

Db = Annotated[
    str | None,
    typer.Option(
        "--db",
        help="Database: SQLite file or URL (default: $TOURNEY_DATABASE_URL, else ./tourney.db).",
        show_default=False,
    ),
]
Json = Annotated[bool, typer.Option("--json", help="Print the match state as one JSON object.")]
At = Annotated[
    int | None,
    typer.Option(
        "--at",
        min=0,
        help="The match version you decided against (from `show`): refused if the match "
        "has moved on since, so a retried script cannot record a move twice.",
        show_default=False,
    ),
]
MatchId = Annotated[str, typer.Argument(help="The match: its table code, e.g. T3.", metavar="ID")]


def fail(message: object) -> typer.Exit:
    """Print a refusal as one line and return the exit to raise."""
    typer.echo(f"error: {message}", err=True)
    return typer.Exit(1)


@contextmanager
def open_desk(db: str | None, match: str, tables: bool = True) -> Iterator[Desk]:
    """The desk for ``match``; any TourneyError inside becomes one line and exit code 1.

    With ``tables``, a table code such as ``T3`` that names no match of its own is the
    table of that number in the newest tournament's latest round.
    """
    from tourney.errors import TourneyError
    from tourney.scorer.desk import Desk

    try:
        desk = Desk.open(db, match, tables=tables)
    except TourneyError as exc:
        raise fail(exc) from None
    try:
        yield desk
    except TourneyError as exc:
        raise fail(exc) from None
    finally:
        warn(desk.store.warnings)
        desk.close()


def warn(warnings: list[str]) -> None:
    """Say what went wrong after something was stored, one line each, on stderr."""
    for line in warnings:
        typer.echo(f"warning: {line}", err=True)


def print_state(desk: Desk, as_json: bool, recorded: list[Recorded] | None = None) -> None:
    """What was just recorded (if anything), then the state: text, or one JSON object."""
    from tourney.scorer import view

    if as_json:
        data: dict[str, Any] = view.state(desk)
        if recorded is not None:
            data["recorded"] = [view.recorded_dict(desk, r) for r in recorded]
        typer.echo(json.dumps(data, ensure_ascii=False))
        return
    for item in recorded or []:
        for line in view.recorded_lines(desk, item):
            typer.echo(line)
    for line in view.text(desk) if recorded is None else view.brief(desk):
        typer.echo(line)
