"""Publishing a tournament from the store: every match replayed from its stream, with its
integrity hash, handed to the report builders."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from tourney.engine import Event, Match
from tourney.match_streams import match_stream

if TYPE_CHECKING:
    from tourney.director.desk import DirectorDesk
    from tourney.tournament.state import TournamentState


def publish_tournament(
    director: DirectorDesk, slug: str, site_dir: Path, templates_dir: Path | None = None
) -> list[Path]:
    """Write the static site of tournament ``slug`` into ``site_dir``; return its files."""
    from tourney.reports.publish import publish

    director.sync_results(slug)
    state, matches, hashes, events = site_inputs(director, slug)
    return publish(site_dir, state, matches, hashes, templates_dir, events=events)


def tournament_pages(
    director: DirectorDesk, slug: str, templates_dir: Path | None = None
) -> dict[str, str]:
    """Every page of tournament ``slug``'s site, by file name, as `publish_tournament`
    would write them (for `tourney serve`)."""
    from tourney.reports.publish import site_pages

    state, matches, hashes, events = site_inputs(director, slug)
    return site_pages(state, matches, hashes, templates_dir, events=events)


def site_inputs(
    director: DirectorDesk, slug: str
) -> tuple[TournamentState, dict[str, Match], dict[str, str], dict[str, list[tuple[int, Event]]]]:
    """The tournament's state and, for every match with a stream, its replay, stream hash
    and events in force: what the report builders take."""
    state = director.load(slug).state
    matches: dict[str, Match] = {}
    events: dict[str, list[tuple[int, Event]]] = {}
    hashes: dict[str, str] = {}
    for match_id in state.matches:
        match, in_force, version = director.replay_match(match_id)
        if not version:
            continue
        matches[match_id] = match
        events[match_id] = in_force
        hashes[match_id] = director.store.short_head_hash(match_stream(match_id)) or ""
    return state, matches, hashes, events
