"""Publishing a tournament from the store: each match replayed from its stream, with its
integrity hash, when its page is written (one match in memory at a time), handed to the
report builders."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from tourney.streams.matches import match_stream

if TYPE_CHECKING:
    from tourney.director.desk import DirectorDesk
    from tourney.reports.publish import Play


def publish_tournament(
    director: DirectorDesk, slug: str, site_dir: Path, templates_dir: Path | None = None
) -> list[Path]:
    """Write the static site of tournament ``slug`` into ``site_dir``; return its files.

    A folder the site may not replace (see `tourney.reports.site_folder`: one holding the
    database or files tourney did not publish) is refused before anything is read or
    recorded. Raises `PublishError` and the errors of `tourney.reports.publish.publish`.
    """
    from tourney.output_files import database_files
    from tourney.reports.publish import publish
    from tourney.reports.site_folder import check_site_folder

    protected = database_files(director.store)
    check_site_folder(site_dir, protected)
    state = director.load(slug).state
    play = replays(director)
    return publish(site_dir, state, state.matches, play, templates_dir, protected=protected)


def tournament_pages(
    director: DirectorDesk, slug: str, templates_dir: Path | None = None
) -> dict[str, str]:
    """Every page of tournament ``slug``'s site, by file name, as `publish_tournament`
    would write them (for `tourney serve`)."""
    from tourney.reports.publish import site_pages

    state = director.load(slug).state
    return site_pages(state, state.matches, replays(director), templates_dir)


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
