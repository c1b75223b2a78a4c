"""`tourney series`: league tables across nights."""

from __future__ import annotations

from typing import Annotated

import typer

from tourney.cli.director_options import TournamentOpt, open_director
from tourney.cli.options import Db, json_flag, new_draw_seed
from tourney.cli.scorer_io import echo
from tourney.i18n import _

app = typer.Typer(
    name="series",
    help="League tables across nights: create a series, add nights, show its standings.",
    no_args_is_help=True,
    context_settings={"help_option_names": ["-h", "--help"]},
)

SeriesArg = Annotated[str, typer.Argument(help="The series' name.")]
SeriesOpt = Annotated[
    str | None,
    typer.Option("--series", "-s", help="The series (default: the newest).", show_default=False),
]


@app.command()
def create(
    name: SeriesArg,
    scoring: Annotated[
        str,
        typer.Option(
            help="How a night scores: match-points (each night's match points), or "
            "places:10,7,5,3 (the points of each place in the night's standings)."
        ),
    ] = "match-points",
    best: Annotated[
        int | None,
        typer.Option(min=1, max=1000, help="Only each person's best N nights count."),
    ] = None,
    min_nights: Annotated[
        int,
        typer.Option(min=0, max=1000, help="Nights a person must play to qualify."),
    ] = 0,
    db: Db = None,
) -> None:
    """Create a series: a league table across nights (tournaments you add to it).

    Example: tourney series create "Winter League 2027" --scoring places:10,7,5,3 --best 8
    --min-nights 5
    """
    from tourney.director.season import append, load_season, series_append
    from tourney.names import clean_name
    from tourney.season.series import SeriesCreated, decide_create, describe

    with open_director(db, create=True) as director:
        season = load_season(director.store, entries_only=True)
        events = decide_create(season.series, clean_name(name), scoring, best, min_nights)
        append(director.store, series_append(season, events, director.recorded_by))
    created = events[0]
    assert isinstance(created, SeriesCreated)
    echo(
        _("Created the series {name}: {describe}.").format(
            name=created.name, describe=describe(created)
        )
    )


@app.command()
def add(name: SeriesArg, tournament: TournamentOpt = None, db: Db = None) -> None:
    """Add a night (a tournament; default the newest) to a series.

    Example: tourney series add "Winter League 2027" --tournament "Club Night 3"
    """
    from tourney.director.season import append, load_season, series_append
    from tourney.season.series import decide_add

    with open_director(db) as director:
        slug = director.resolve(tournament)
        director.load(slug)  # a night whose format is not installed here is refused
        season = load_season(director.store, entries_only=True)
        events = decide_add(season.series, name, slug)
        append(director.store, series_append(season, events, director.recorded_by))
        series = load_season(director.store, entries_only=True).series.find(name)
    echo(
        _("{slug} is night {count} of {name}.").format(
            slug=slug, count=len(series.nights), name=series.name
        )
    )


@app.command("next")
def next_night(
    name: SeriesArg,
    night: Annotated[str, typer.Argument(help="The new night's name, e.g. 'Winter 9'.")],
    db: Db = None,
) -> None:
    """Create the series' next night with the settings of its last one (format, tables,
    rounds, game, scoring, tie-breaks...), as a night of the series.

    Example: tourney series next "Winter League 2027" "Winter 9"
    """
    from tourney.director.season import load_season, night_in_series
    from tourney.errors import TourneyError
    from tourney.tournament.create import decide_create
    from tourney.tournament.format import format_of
    from tourney.tournament.formats.swiss.options import SwissOptions

    with open_director(db) as director:
        season = load_season(director.store, entries_only=True)
        found = season.series.find(name)
        if not found.nights:
            raise TourneyError(
                _(
                    "the series {name!r} has no night yet: create its first with "
                    "tourney tournament create NAME --series {name!r}"
                ).format(name=found.name)
            )
        last = season.night(found.nights[-1]).state.created
        format_of(last)  # the one line for a format not installed, not "unknown format"
        effects = night_in_series(director.store, found.name, director.recorded_by)
        loaded = director.create(
            lambda state: SwissOptions.of(last).applied(
                decide_create(
                    state,
                    night,
                    format=last.format,
                    table_size=last.table_size,
                    rounds=last.rounds,
                    partnerships=last.partnerships,
                    target=last.target,
                    shared_win=last.shared_win,
                    bye_points=last.bye_points,
                    tie_breaks=last.tie_breaks,
                    third_place=last.third_place,
                    seeding=last.seeding,
                    draw_seed=new_draw_seed(),  # each night its own lot
                    seed_by=last.seed_by,
                    grand_final_reset=last.grand_final_reset,
                    placement_points=[",".join(str(v) for v in s) for s in last.placement_points],
                    game_name=last.game,
                    deals=last.deals,
                    pools=last.pools,
                    pool_size=last.pool_size,
                    advance=last.advance or 2,
                    pool_format=last.pool_format or "round_robin",
                    settings=last.settings,
                )
            ),
            effects,
        )
    created = loaded.state.created
    from tourney.gamekit import game as find_game
    from tourney.tournament.format import format_of, label_text

    echo(
        _(
            "Created {name!r} ({slug}), night {value} of {name2}, with the "
            "settings of {name3!r}: {replace}, tables of {table_size}, "
            "{game}."
        ).format(
            name=created.name,
            slug=loaded.slug,
            value=len(found.nights) + 1,
            name2=found.name,
            name3=last.name,
            replace=label_text(format_of(created)),
            table_size=created.table_size,
            game=find_game(created.game).title,
        )
    )
    from tourney.cli.next_steps import add_players_line

    echo(add_players_line(loaded.slug))


@app.command()
def standings(
    series: Annotated[str | None, typer.Argument(help="The series (default: the newest).")] = None,
    as_csv: Annotated[bool, typer.Option("--csv", help="Print CSV.")] = False,
    db: Db = None,
    as_json: Annotated[bool, json_flag("the series standings")] = False,
) -> None:
    """The series table: each night's points, the total, the best N (dropped nights in
    [brackets]), nights played and whether the minimum is met.

    Ranked by the points that count (the best nights), then all nights' points, then the
    most nights played, then the best single night; those short of the minimum nights
    are listed after everyone who has played it.

    Example: tourney series standings "Winter League 2027" --csv > league.csv
    """
    from tourney.cli.season_io import print_rows
    from tourney.director.season import load_season, series_lines
    from tourney.reports.season import (
        series_cells,
        series_csv,
        series_heading,
        series_json,
        series_labels,
    )
    from tourney.season.series import TIE_BREAK_WORDS
    from tourney.season.series import standings as table

    with open_director(db) as director:
        season = load_season(director.store, entries_only=True)
        found = season.series.find(series)
        lines = series_lines(director.store, season, found)
    states = {night.slug: night.state for night in season.nights}
    rows = table(found, lines, season.club.person_of, season.club.name_of)
    if as_json:
        typer.echo(series_json(found, rows), nl=False)
        return
    if as_csv:
        typer.echo(series_csv(found, rows), nl=False)
        return
    print_rows(
        series_heading(found),
        series_labels(found),
        [series_cells(found, row) for row in rows],
    )
    for i, slug in enumerate(found.nights, start=1):
        state = states.get(slug)
        echo(f"N{i}: {state.created.name if state and state.settings else slug}")
    echo(_("Ties: {tie_break_words}.").format(tie_break_words=TIE_BREAK_WORDS))


@app.command("list")
def list_(db: Db = None) -> None:
    """Every series, with its rules and nights.

    Example: tourney series list
    """
    from tourney.director.season import load_season
    from tourney.season.series import describe

    with open_director(db) as director:
        season = load_season(director.store, entries_only=True)
    if not season.series.series:
        echo(_('No series yet: tourney series create "Winter League"'))
    for series in season.series.series.values():
        echo(
            _("{name}: {describe}; {count} nights").format(
                name=series.name, describe=describe(series.settings), count=len(series.nights)
            )
        )


def register(root: typer.Typer) -> None:
    root.add_typer(app, rich_help_panel="Season")
