"""`tourney demo`: the main job — a club night played by bots, stored event by event,
standings printed and the site published."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from tourney import limits
from tourney.cli.options import Db, TableSize, within
from tourney.i18n import _, ngettext, set_language


def demo(
    players: Annotated[
        int, within(limits.PLAYERS, help="Players registered.", low=4, metavar="COUNT")
    ] = 16,
    rounds: Annotated[int, within(limits.ROUNDS, help="Swiss rounds.")] = 4,
    table_size: TableSize = 4,
    seed: Annotated[int, within(limits.RANDOM_SEED, help="Random seed for deals and bots.")] = 2026,
    site: Annotated[Path, typer.Option(help="Folder to publish the site into.")] = Path("site"),
    lang: Annotated[
        str | None,
        typer.Option(
            "--lang",
            help="The night's language, its site's: en, it or ru (stored with the tournament).",
            show_default=False,
        ),
    ] = None,
    db: Db = None,
) -> None:
    """Run a demo club night played by bots, print the standings and publish the site.

    Players are registered, a Swiss is paired round by round at tables of 4, and every match
    is played by bots and stored event by event through the same event store and desks a
    scorer uses.

    Example: tourney demo --players 24 --rounds 5 --site club-site
    """
    from rich.markup import escape
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    from tourney.cli.standings_cmd import print_standings
    from tourney.demo.clubnight import run_club_night
    from tourney.director.desk import DirectorDesk
    from tourney.director.site import publish_tournament
    from tourney.projections import open_store
    from tourney.reports.standings import standings_view
    from tourney.tournament.language import checked

    language = None if lang is None else checked(lang)
    if language is not None:
        # The night's language is the console's too: a Russian demo night speaks Russian
        # from its first line, not only on its site.
        set_language(language)
    store, projector = open_store(db)
    try:
        from tourney.reports.site_folder import check_site_folder

        # A folder the site may not replace is refused before the club night is played.
        check_site_folder(site, store.database_files())
        typer.echo(_("Database: {url}").format(url=store.url))
        # Read models catch up after each table rather than after each event: the demo
        # appends thousands of events and reads nothing in between.
        store.after_append.clear()
        with Progress(
            TextColumn("[bold]" + escape(_("Club night"))),
            BarColumn(),
            MofNCompleteColumn(),
            TextColumn(escape(_("tables"))),
            TimeElapsedColumn(),
        ) as bar:
            task = bar.add_task("tables", total=None)

            def after_table(done: int, total: int) -> None:
                projector.catch_up()
                bar.update(task, completed=done, total=total)

            night = run_club_night(
                store,
                players=players,
                rounds=rounds,
                table_size=table_size,
                seed=seed,
                after_table=after_table,
                language=language,
                name=_("Club Night"),
            )
        projector.catch_up()
        director = DirectorDesk(store)
        state = director.load(night.slug).state
        print_standings(standings_view(state))
        typer.echo(
            _("{counted}, {counted2} stored in {url}").format(
                counted=ngettext("{n} match", "{n} matches", night.matches).format(n=night.matches),
                counted2=ngettext("{n} event", "{n} events", night.events).format(n=night.events),
                url=store.url,
            )
        )
        files = publish_tournament(director, night.slug, site)
        typer.echo(
            _("Published {counted}: open {resolve}").format(
                counted=ngettext("{n} file", "{n} files", len(files)).format(n=len(files)),
                resolve=(site / "index.html").resolve(),
            )
        )
    finally:
        store.close()


def register(app: typer.Typer) -> None:
    app.command(rich_help_panel="Demo")(demo)
