"""What the director's commands share: the --tournament option and opening the desk."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Annotated

import typer

from tourney.cli.options import fail, warn

if TYPE_CHECKING:
    from tourney.director.desk import DirectorDesk

TournamentOpt = Annotated[
    str | None,
    typer.Option(
        "--tournament",
        "-t",
        help="The tournament, by name or slug (default: the newest one in the database).",
        show_default=False,
    ),
]


@contextmanager
def open_director(db: str | None) -> Iterator[DirectorDesk]:
    """The director's desk on ``db`` with every read model kept current; any TourneyError
    inside becomes one line on stderr and exit code 1."""
    from tourney.director.desk import DirectorDesk
    from tourney.errors import TourneyError
    from tourney.projections import open_store

    try:
        store, _projector = open_store(db)
    except TourneyError as exc:
        raise fail(exc) from None
    try:
        yield DirectorDesk(store)
    except TourneyError as exc:
        raise fail(exc) from None
    finally:
        warn(store.warnings)
        store.close()
