"""Write a tournament's static site: every report, linked from one index.

The pages are rendered one at a time and written straight into a new folder beside
`site_dir`, which is then swapped in (see `site_folder`): memory holds the tournament's state
and one match, never the whole site, and a reader (or a crash half-way) never sees a
half-written site replace a good one.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from functools import partial
from pathlib import Path
from typing import Any

from jinja2 import Environment

from tourney.gamekit import GameEvent, GameMatch, game
from tourney.reports import paths
from tourney.reports.bracket import bracket_view
from tourney.reports.double_bracket import double_bracket_view
from tourney.reports.progress_chart import standings_progress
from tourney.reports.render import environment, template_errors
from tourney.reports.replay import replay_view
from tourney.reports.rounds import round_view, table_cards
from tourney.reports.scoresheets import blank_sheets, completed_sheet, game_settings
from tourney.reports.site_folder import SiteFolder
from tourney.reports.site_index import site_index
from tourney.reports.standings import (
    StandingsView,
    standings_csv,
    standings_json,
    standings_markdown,
    standings_view,
)
from tourney.reports.wall_chart import wall_chart
from tourney.tournament.format import format_of
from tourney.tournament.state import TournamentState

BRACKET_VIEWS: dict[str, Callable[[TournamentState, Collection[str]], Any]] = {
    "single": bracket_view,
    "double": double_bracket_view,
}
"""The bracket page's view by the kind of bracket a format draws (`Format.bracket`)."""


def context_of(view: object, **extra: Any) -> dict[str, Any]:
    """A template context from a builder's dataclass or named tuple (a view a one-shot
    command builds too: cheaper to define): its fields, shallowly, plus `extra`."""
    fields = getattr(view, "_fields", None) if isinstance(view, tuple) else None
    if fields is not None:
        context = {name: getattr(view, name) for name in fields}
    else:
        assert dataclasses.is_dataclass(view) and not isinstance(view, type)
        context = {f.name: getattr(view, f.name) for f in dataclasses.fields(view)}
    context.update(extra)
    return context


@dataclasses.dataclass(frozen=True)
class Played:
    """What a match's completed sheet is made from: its replay, its (version, event) pairs
    for draws and passes (None: placements only) and the short integrity hash of its
    stream."""

    match: GameMatch  # replayed in the tournament's game
    events: Sequence[tuple[int, GameEvent]] | None = None
    integrity_hash: str | None = None


Play = Callable[[str], "Played | None"]
Render = Callable[[frozenset[str]], str]


@dataclasses.dataclass(frozen=True)
class ExtraPage:
    """A page beside the tournament's own, linked from its index (the club's ratings, the
    series table): its file name, the link's words, its template and context."""

    name: str
    label: str
    template: str
    context: dict[str, Any]


def publish(
    site_dir: Path,
    tournament_state: TournamentState,
    sheets: Collection[str],
    play: Play,
    templates_dir: Path | None = None,
    *,
    protected: Collection[Path] = (),
    extra: Sequence[ExtraPage] = (),
) -> list[Path]:
    """Write the site of `tournament_state` into `site_dir`; return the files written.

    `sheets` are the match ids that may get a completed sheet: `play(match_id)` gives each
    one's play (None: not played, no sheet), asked once, one match at a time, as its page
    is written; the pages that link to sheets (rounds, wall chart, bracket, index) follow.
    `protected` are the database's files (resolved), which the site folder may not hold.
    Raises `PublishError` for a folder a site may not replace (nothing written),
    `TournamentError` for a state without a tournament, `SheetError` when a match's events
    disagree with its replay, `TemplatesNotFound` for a missing template folder and
    `TemplateError` for a template that fails; the folder is untouched whenever it raises.
    """
    site = _Site(environment(templates_dir), tournament_state, sheets, play, extra)
    slug = tournament_state.created.slug
    with template_errors(), SiteFolder(site_dir, slug, site.names, protected) as folder:
        for name, text in site.pages():
            folder.write(name, text)
        return folder.commit()


def site_pages(
    tournament_state: TournamentState,
    sheets: Collection[str],
    play: Play,
    templates_dir: Path | None = None,
    extra: Sequence[ExtraPage] = (),
) -> dict[str, str]:
    """Every page `publish` would write, by file name, held in memory (what `tourney
    serve` serves). Raises as `publish` does, but for the folder."""
    site = _Site(environment(templates_dir), tournament_state, sheets, play, extra)
    with template_errors():
        return dict(site.pages())


class _Site:
    """The pages of one tournament's site, rendered one at a time: the standings, each
    completed match sheet, then the pages that link to the sheets written."""

    def __init__(
        self,
        env: Environment,
        state: TournamentState,
        sheets: Collection[str],
        play: Play,
        extra: Sequence[ExtraPage] = (),
    ) -> None:
        self.env = env
        self.state = state
        self.play = play
        self.extra = extra
        self.standings = standings_view(state)
        self.candidates = sorted(m for m in set(sheets) if m in state.matches)
        self.linked = _linked_pages(env, state, self.standings, extra)
        self.names = [
            paths.STYLESHEET,
            paths.REPLAY_SCRIPT,
            *STANDINGS_FILES,
            *map(paths.match_page, self.candidates),
        ]
        self.names += [page.name for page in extra]
        self.names += [name for name, _ in self.linked]

    def pages(self) -> Iterator[tuple[str, str]]:
        env, state, standings = self.env, self.state, self.standings
        yield paths.STYLESHEET, env.get_template(paths.STYLESHEET).render()
        assert env.loader is not None  # the script is copied as it is, not a template
        yield paths.REPLAY_SCRIPT, env.loader.get_source(env, paths.REPLAY_SCRIPT)[0]
        yield (
            paths.standings_file("html"),
            env.get_template("standings.html").render(
                context_of(standings, progress=standings_progress(state))
            ),
        )
        yield paths.standings_file("md"), standings_markdown(standings)
        yield paths.standings_file("csv"), standings_csv(standings)
        yield paths.standings_file("json"), standings_json(state)
        for extra in self.extra:
            values = {"heading": standings.heading, **extra.context}
            yield extra.name, env.get_template(extra.template).render(values)
        written: set[str] = set()
        game_ = game(state.created.game)
        match_template = env.get_template(game_.sheets.played_template)
        target = game_.target(game_settings(state))
        for match_id in self.candidates:
            played = self.play(match_id)
            if played is None:
                continue
            record = state.matches[match_id]
            sheet = completed_sheet(
                state, record, played.match, played.events, played.integrity_hash
            )
            replay = None if not played.events else replay_view(game_, played.events, target)
            text = match_template.render(heading=standings.heading, sheet=sheet, replay=replay)
            yield paths.match_page(match_id), text
            written.add(match_id)
        for name, render in self.linked:
            yield name, render(frozenset(written))


STANDINGS_FILES = tuple(paths.standings_file(x) for x in ("html", "md", "csv", "json"))


def _linked_pages(
    env: Environment,
    state: TournamentState,
    standings: StandingsView,
    extra: Sequence[ExtraPage] = (),
) -> list[tuple[str, Render]]:
    """The pages that link to the completed sheets: each file name, and how to render it
    given the match ids that have a sheet."""

    def page(template: str, context: Callable[[frozenset[str]], dict[str, Any]]) -> Render:
        def render(sheets: frozenset[str]) -> str:
            values = context(sheets)
            values.setdefault("heading", standings.heading)
            return env.get_template(template).render(values)

        return render

    pages = [(paths.WALL_CHART, page("wall_chart.html", partial(_wall_chart, state)))]
    fmt = format_of(state)
    if fmt.bracket:
        pages.append((paths.BRACKET, page("bracket.html", partial(_bracket, state))))
    if fmt.has_pools:
        from tourney.reports.pools import pools_view

        pages.append((paths.POOLS, page("pools.html", lambda _: context_of(pools_view(state)))))
    blank_template = game(state.created.game).sheets.blank_template
    for paired in state.rounds:
        number = paired.round
        pages += [
            (paths.round_page(number), page("round.html", partial(_round, state, number))),
            (
                paths.scoresheets_page(number),
                page(blank_template, partial(_scoresheets, state, number)),
            ),
            (paths.cards_page(number), page("table_cards.html", partial(_cards, state, number))),
        ]
    # The index comes last: it links every page above.
    links = tuple((e.name, e.label) for e in extra)
    pages.append((paths.INDEX, page("index.html", partial(_index, state, standings, links))))
    return pages


def _wall_chart(state: TournamentState, sheets: frozenset[str]) -> dict[str, Any]:
    return context_of(wall_chart(state, sheets))


def _bracket(state: TournamentState, sheets: frozenset[str]) -> dict[str, Any]:
    return context_of(BRACKET_VIEWS[format_of(state).bracket](state, sheets))


def _round(state: TournamentState, number: int, sheets: frozenset[str]) -> dict[str, Any]:
    view = round_view(state, number, sheets)
    seat_count = max((len(t.seats) for t in view.tables), default=0)
    return context_of(view, seat_numbers=tuple(range(1, seat_count + 1)))


def _scoresheets(state: TournamentState, number: int, _sheets: frozenset[str]) -> dict[str, Any]:
    return {"name": round_view(state, number).name, "sheets": blank_sheets(state, number)}


def _cards(state: TournamentState, number: int, _sheets: frozenset[str]) -> dict[str, Any]:
    return {"name": round_view(state, number).name, "cards": table_cards(state, number)}


def _index(
    state: TournamentState,
    standings: StandingsView,
    links: tuple[tuple[str, str], ...],
    sheets: frozenset[str],
) -> dict[str, Any]:
    return context_of(site_index(state, standings, sheets), season_links=links)


def from_replays(
    matches: Mapping[str, GameMatch],
    hashes: Mapping[str, str],
    events: Mapping[str, Sequence[tuple[int, GameEvent]]] | None = None,
) -> tuple[Collection[str], Play]:
    """`sheets` and `play` for matches already replayed in memory (matches without a replay
    get no sheet; without `events`, sheets list placements only)."""

    def play(match_id: str) -> Played:
        in_force = None if events is None else events.get(match_id)
        return Played(matches[match_id], in_force, hashes.get(match_id))

    return matches.keys(), play
