"""Publishing a tournament from the store: each match replayed from its stream, with its
integrity hash, when its page is written (one match in memory at a time), handed to the
report builders."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from tourney.i18n import current, page_, using
from tourney.streams.matches import match_stream

if TYPE_CHECKING:
    from tourney.director.desk import DirectorDesk
    from tourney.director.season import Season
    from tourney.reports.publish import ExtraPage, Play
    from tourney.season.series import Series
    from tourney.store.eventstore import EventStore


def publish_tournament(
    director: DirectorDesk,
    slug: str,
    site_dir: Path,
    templates_dir: Path | None = None,
    language: str | None = None,
) -> list[Path]:
    """Write the static site of tournament ``slug`` into ``site_dir``; return its files.

    In ``language`` when given (`publish --lang`), else the tournament's own (`LanguageSet`),
    else the language current (the command's).

    A folder the site may not replace (see `tourney.reports.site_folder`: one holding the
    database or files tourney did not publish) is refused before anything is read or
    recorded. Raises `PublishError` and the errors of `tourney.reports.publish.publish`.
    """
    from tourney.reports.publish import publish
    from tourney.reports.site_folder import check_site_folder

    protected = director.store.database_files()
    check_site_folder(site_dir, protected)
    state = director.load(slug).state
    with using(language or state.language or current()):
        play = replays(director)
        extra = season_pages(director, slug)
        return publish(
            site_dir, state, state.matches, play, templates_dir, protected=protected, extra=extra
        )


def season_pages(director: DirectorDesk, slug: str) -> list[ExtraPage]:
    """The club's pages beside a tournament's own: the ratings (once any match is rated)
    and the table of the series the tournament is a night of, if any."""
    from tourney.director.season import load_season
    from tourney.reports.publish import ExtraPage
    from tourney.reports.season import ratings_page
    from tourney.season.ratings import rate_games, rated_matches

    season = load_season(director.store)
    pages: list[ExtraPage] = []
    ratings = rate_games(rated_matches(season.nights, season.club.person_of))
    if any(rated.players for rated in ratings.values()):
        pages.append(
            ExtraPage(
                "ratings.html", page_("Ratings"), "ratings.html", ratings_page(ratings, season.club)
            )
        )
    series = season.series.of_night(slug)
    if series is not None:
        pages.append(
            ExtraPage(
                "series.html",
                page_("Series: {name}").format(name=series.name),
                "series.html",
                series_context(director.store, season, series, slug),
            )
        )
    return pages


def series_context(
    store: EventStore, season: Season, series: Series, current: str | None
) -> dict[str, Any]:
    """The series table as the series page and the wall display show it (`current`: the
    night whose site links its own index)."""
    from tourney.director.season import series_lines
    from tourney.reports.season import series_page
    from tourney.season.series import standings

    states = {night.slug: night.state for night in season.nights}
    lines = series_lines(store, season, series)
    rows = standings(series, lines, season.club.person_of, season.club.name_of)
    names = [
        (night, states[night].created.name if night in states else night) for night in series.nights
    ]
    return series_page(series, rows, names, current or "")


def tournament_pages(
    director: DirectorDesk, slug: str, templates_dir: Path | None = None
) -> dict[str, str]:
    """Every page of tournament ``slug``'s site, by file name, as `publish_tournament`
    would write them (for `tourney serve`): the club's pages too (`season_pages`)."""
    from tourney.reports.publish import site_pages

    state = director.load(slug).state
    extra = season_pages(director, slug)
    return site_pages(state, state.matches, replays(director), templates_dir, extra)


def replays(director: DirectorDesk) -> Play:
    """Each match's play for its sheet, replayed from its stream when asked (None for a
    match whose stream holds nothing)."""
    from tourney.reports.publish import Played

    def play(match_id: str) -> Played | None:
        match, in_force, version = director.replay_match(match_id)
        if not version:
            return None
        short = director.store.short_head_hash(match_stream(match_id)) or ""
        return Played(match, in_force, short)

    return play
