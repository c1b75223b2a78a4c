"""The front page of a published site: every round, every report, every scoresheet."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from tourney.reports import paths
from tourney.reports.heading import Heading, heading_of
from tourney.reports.rounds import round_name
from tourney.reports.standings import StandingsView
from tourney.tournament.format import format_of
from tourney.tournament.state import TournamentState


@dataclass(frozen=True)
class MatchLink:
    table: int
    href: str


@dataclass(frozen=True)
class RoundLinks:
    number: int
    name: str
    href: str
    scoresheets_href: str
    cards_href: str
    matches: tuple[MatchLink, ...]


@dataclass(frozen=True)
class SiteIndex:
    heading: Heading
    rounds: tuple[RoundLinks, ...]
    leaders: tuple[str, ...]
    complete: bool
    bracket_href: str | None


def site_index(
    state: TournamentState, standings: StandingsView, sheets: Collection[str]
) -> SiteIndex:
    """The index of the site; `sheets` are the match ids that have a completed sheet."""
    rounds = tuple(
        RoundLinks(
            number=paired.round,
            name=round_name(state, paired.round),
            href=paths.round_page(paired.round),
            scoresheets_href=paths.scoresheets_page(paired.round),
            cards_href=paths.cards_page(paired.round),
            matches=tuple(
                MatchLink(m.table, paths.match_page(m.match_id))
                for m in sorted(state.round_matches(paired.round), key=lambda m: m.table)
                if m.match_id in sheets
            ),
        )
        for paired in state.rounds
    )
    elimination = bool(format_of(state).bracket)
    return SiteIndex(
        heading=heading_of(state),
        rounds=rounds,
        leaders=standings.leaders,
        complete=standings.complete,
        bracket_href=paths.BRACKET if elimination else None,
    )
