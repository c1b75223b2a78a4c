"""What the director's commands share: the --tournament option, the pairing options of
`pair` and `round repair`, and opening the desk."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Annotated

import typer

from tourney.cli.scorer_io import warn

if TYPE_CHECKING:
    from tourney.director.desk import DirectorDesk

TournamentOpt = Annotated[
    str | None,
    typer.Option(
        "--tournament",
        "-t",
        help="The tournament, by name or id (slug). Default: the only one; with several, "
        "the newest, and the command says which it acted on.",
        show_default=False,
    ),
]
Override = Annotated[
    bool, typer.Option(help="Pair although results of the previous round are missing.")
]
AvoidSameClub = Annotated[bool, typer.Option(help="Keep clubmates apart where possible.")]
Forbid = Annotated[
    list[str] | None,
    typer.Option(help="Two players who must not meet, 'Ann,Bo' (repeatable: family...)."),
]
Why = Annotated[bool, typer.Option("--why", help="Say why each table was formed.")]


@contextmanager
def open_director(
    db: str | None, create: bool = False, reads: bool = False
) -> Iterator[DirectorDesk]:
    """The director's desk on ``db`` with every read model kept current, closed afterwards.
    Only with ``create`` is a database made where there is none (`tournament create`).
    With several tournaments in the database, the command ends by saying which one it
    acted on. With ``reads`` (a command that only reads), nothing is written (see
    `open_store`)."""
    from tourney.cli.fresh_database import taken_back_on_refusal
    from tourney.director.desk import DirectorDesk
    from tourney.projections import open_store, remembering

    with taken_back_on_refusal(db, create):
        store, projector = open_store(db, create=create, reads_only=reads)
        said: list[str] = []
        try:
            yield DirectorDesk(
                store,
                say=lambda line: said.append(line) if line not in said else None,
                folded=None if reads else remembering(projector),
            )
            # Which tournament was acted on, when there are several: said once the command
            # has done it (stderr, so that --json output stays one object; a refusal stays
            # one line).
            for line in said:
                typer.echo(line, err=True)
        finally:
            warn(store.warnings)
            store.close()
