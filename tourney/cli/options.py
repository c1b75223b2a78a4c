"""The options commands share (--db, --json, --at, the match, bounded numbers), as Typer
declares them."""

from __future__ import annotations

from typing import Annotated, Any

import typer

from tourney import limits


def within(
    bound: limits.Bound,
    *decls: str,
    help: str,
    low: int | None = None,
    metavar: str | None = None,
) -> Any:
    """A Typer option for a whole number within ``bound`` (from ``low`` when given): the
    parser refuses anything else, and the option's help shows the range. ``metavar``: the
    number's word where its name does not say it (`tourney.cli.metavars`)."""
    low = bound.low if low is None else low
    return typer.Option(*decls, min=low, max=bound.high, help=help, metavar=metavar)


TableSize = Annotated[int, within(limits.TABLE_SIZE, help="Players per table.")]

Db = Annotated[
    str | None,
    typer.Option(
        "--db",
        help="Database: SQLite file or URL (default: $TOURNEY_DATABASE_URL, else ./tourney.db).",
        show_default=False,
    ),
]


def json_flag(what: str) -> Any:
    """The ``--json`` option of a command that prints ``what``."""
    return typer.Option("--json", help=f"Print {what} as one JSON object instead of text.")


Json = Annotated[bool, json_flag("the match state")]
At = Annotated[
    int | None,
    typer.Option(
        "--at",
        min=limits.VERSION.low,
        max=limits.VERSION.high,
        help="The match version you decided against (from `show`): refused if the match "
        "has moved on since, so a retried script cannot record a move twice.",
        show_default=False,
    ),
]
MatchId = Annotated[
    str, typer.Argument(help="The match: its table code, e.g. T3.", metavar="TABLE")
]
Player = Annotated[
    str | None,
    typer.Option("--player", help="Who (default: the player to move); checked against the turn."),
]
Opener = Annotated[
    str | None,
    typer.Option(
        "--opener", help="Who opens: needed only when a lot decides (first hand, after a block)."
    ),
]


def new_draw_seed() -> int:
    """A fresh seed for a round 1 by lot (`tourney.tournament.seating.lot`): drawn here, in the
    shell, once, and recorded in the new tournament's event."""
    import secrets

    from tourney.tournament.seating.lot import SEED_BITS

    return secrets.randbelow(2**SEED_BITS)
