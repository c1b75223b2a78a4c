"""`tourney publish`: the static site of a tournament."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from tourney.cli.director_options import TournamentOpt, open_director
from tourney.cli.options import Db
from tourney.wording import counted


def publish(
    site: Annotated[
        Path,
        typer.Argument(
            help="Folder to write the site into: a new or empty one, or a site tourney "
            "published there before (replaced whole). Any other folder is refused."
        ),
    ],
    templates: Annotated[
        Path | None,
        typer.Option(help="A folder of templates that override the built-in ones by name."),
    ] = None,
    tournament: TournamentOpt = None,
    lang: Annotated[
        str | None,
        typer.Option(
            "--lang",
            help="The site's language: en, it or ru (default: the tournament's, "
            "tourney tournament language; else TOURNEY_LANG, else the system's).",
            show_default=False,
        ),
    ] = None,
    db: Db = None,
) -> None:
    """Publish standings, pairings, scoresheets, wall chart, table cards and bracket as a
    static site, readable on a phone and printable (A4 or Letter).

    The folder gets a manifest (.tourney-site.json) of the files written; publishing again
    replaces exactly those. A folder holding anything else, or the database, is refused and
    left as it was.

    Example: tourney publish site/ --templates my-templates/
    """
    from tourney.director.site import publish_tournament
    from tourney.tournament.language import checked

    language = None if lang is None else checked(lang)
    with open_director(db, reads=True) as director:
        slug = director.resolve(tournament)
        files = publish_tournament(director, slug, site, templates, language)
        typer.echo(
            f"Published {counted(len(files), 'file')} to {site}/ — open {site / 'index.html'}"
        )


def register(root: typer.Typer) -> None:
    root.command(rich_help_panel="Director")(publish)
