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
    db: str | None, match: str, tables: bool = True, create: bool = False
) -> Iterator[Desk]:
    """The desk for ``match``, closed afterwards.

    With ``tables``, a table code such as ``T3`` that names no match of its own is the
    table of that number in the newest tournament's latest round. Only with ``create`` is
    a database made where there is none (`tourney start`, `tourney import`).
    """
    from tourney.scorer.desk import Desk

    desk = Desk.open(db, match, tables=tables, create=create)
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


def _print_cards(desk: Desk, as_json: bool, recorded: list[Recorded] | None) -> None:
    from tourney.scorer import cards_view

    if as_json:
        data = cards_view.state(desk)
        if recorded is not None:
            data["recorded"] = [cards_view.recorded_dict(r) for r in recorded]
        typer.echo(json.dumps(data, ensure_ascii=False))
        return
    for item in recorded or []:
        for line in cards_view.recorded_lines(desk, item):
            echo(line)
    for line in cards_view.text(desk):
        echo(line)


def print_state(desk: Desk, as_json: bool, recorded: list[Recorded] | None = None) -> None:
    """What was just recorded (if anything), then the state: text, or one JSON object."""
    from tourney.scorer import view

    if desk.game.name == "racehorse":
        _print_cards(desk, as_json, recorded)
        return
    if as_json:
        data: dict[str, Any] = view.state(desk)
        if recorded is not None:
            data["recorded"] = [view.recorded_dict(desk, r) for r in recorded]
        typer.echo(json.dumps(data, ensure_ascii=False))
        return
    said: set[str] = set()
    for item in recorded or []:
        for line in view.recorded_lines(desk, item):
            echo(line)
            said.add(line.strip())
    for line in view.text(desk) if recorded is None else view.brief(desk):
        if line.strip() not in said:  # the final result is said once, not again
            echo(line)
