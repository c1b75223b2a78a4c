"""Write a tournament's static site: every report, linked from one index.

The site is built in a fresh folder beside `site_dir` and swapped in by renaming, so a
reader (or a crash half-way) never sees a half-written site replace a good one.
"""

from __future__ import annotations

import dataclasses
import shutil
import tempfile
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from tourney.engine import Event, Match
from tourney.reports import paths
from tourney.reports.bracket import bracket_view
from tourney.reports.match_sheet import match_sheet
from tourney.reports.render import environment
from tourney.reports.rounds import round_view, table_cards
from tourney.reports.scoresheets import blank_sheets
from tourney.reports.site_index import site_index
from tourney.reports.standings import (
    standings_csv,
    standings_json,
    standings_markdown,
    standings_view,
)
from tourney.reports.wall_chart import wall_chart
from tourney.tournament.state import TournamentState


def context_of(view: object, **extra: Any) -> dict[str, Any]:
    """A template context from a builder's dataclass: its fields, shallowly, plus `extra`."""
    assert dataclasses.is_dataclass(view) and not isinstance(view, type)
    context = {f.name: getattr(view, f.name) for f in dataclasses.fields(view)}
    context.update(extra)
    return context


def publish(
    site_dir: Path,
    tournament_state: TournamentState,
    matches: Mapping[str, Match],
    hashes: Mapping[str, str],
    templates_dir: Path | None = None,
    *,
    events: Mapping[str, Sequence[tuple[int, Event]]] | None = None,
) -> list[Path]:
    """Write the site of `tournament_state` into `site_dir`; return the files written.

    The pages are those of `site_pages` (which says what the arguments are and what it
    raises)."""
    pages = site_pages(tournament_state, matches, hashes, templates_dir, events=events)
    return _swap_in(Path(site_dir), pages)


def site_pages(
    tournament_state: TournamentState,
    matches: Mapping[str, Match],
    hashes: Mapping[str, str],
    templates_dir: Path | None = None,
    *,
    events: Mapping[str, Sequence[tuple[int, Event]]] | None = None,
) -> dict[str, str]:
    """Every page of the site of `tournament_state`, by file name (what `publish` writes and
    `tourney serve` serves).

    `matches` maps a match id to its replayed engine match (matches without one get no
    completed sheet), `hashes` to the short integrity hash of its stream, and `events`
    (optional) to its (version, event) pairs for draws and passes on the sheets.
    Raises `TournamentError` for a state without a tournament, `SheetError` when a match's
    events disagree with its replay, `TemplatesNotFound` for a missing template folder.
    """
    env = environment(templates_dir)
    state = tournament_state
    sheets = frozenset(m for m in matches if m in state.matches)
    standings = standings_view(state)
    heading = standings.heading
    pages: dict[str, str] = {}

    def page(name: str, template: str, context: dict[str, Any]) -> None:
        context.setdefault("heading", heading)
        pages[name] = env.get_template(template).render(context)

    pages[paths.STYLESHEET] = env.get_template(paths.STYLESHEET).render()
    page(paths.standings_file("html"), "standings.html", context_of(standings))
    pages[paths.standings_file("md")] = standings_markdown(standings)
    pages[paths.standings_file("csv")] = standings_csv(standings)
    pages[paths.standings_file("json")] = standings_json(state)
    page(paths.WALL_CHART, "wall_chart.html", context_of(wall_chart(state, sheets)))
    if state.created.format == "elimination":
        page(paths.BRACKET, "bracket.html", context_of(bracket_view(state, sheets)))
    for paired in state.rounds:
        number = paired.round
        view = round_view(state, number, sheets)
        seat_count = max((len(t.seats) for t in view.tables), default=0)
        page(
            paths.round_page(number),
            "round.html",
            context_of(view, seat_numbers=tuple(range(1, seat_count + 1))),
        )
        page(
            paths.scoresheets_page(number),
            "scoresheets.html",
            {"name": view.name, "sheets": blank_sheets(state, number)},
        )
        page(
            paths.cards_page(number),
            "table_cards.html",
            {"name": view.name, "cards": table_cards(state, number)},
        )
    match_template = env.get_template("match_sheet.html")
    for match_id in sorted(sheets):
        sheet = match_sheet(
            state,
            state.matches[match_id],
            matches[match_id],
            None if events is None else events.get(match_id),
            hashes.get(match_id),
        )
        pages[paths.match_page(match_id)] = match_template.render(heading=heading, sheet=sheet)
    # The index is rendered last: it links only pages that were built above.
    page(paths.INDEX, "index.html", context_of(site_index(state, standings, sheets)))
    return pages


def _swap_in(site_dir: Path, pages: Mapping[str, str]) -> list[Path]:
    """Write `pages` into a new folder beside `site_dir`, then rename it into place."""
    site_dir = site_dir.absolute()
    site_dir.parent.mkdir(parents=True, exist_ok=True)
    building = Path(tempfile.mkdtemp(prefix=f".{site_dir.name}.new-", dir=site_dir.parent))
    try:
        for name, text in pages.items():
            (building / name).write_text(text, encoding="utf-8", newline="")
        building.chmod(0o755)
        old: Path | None = None
        if site_dir.exists():
            old = Path(tempfile.mkdtemp(prefix=f".{site_dir.name}.old-", dir=site_dir.parent))
            old.rmdir()
            site_dir.rename(old)
        try:
            building.rename(site_dir)
        except BaseException:
            if old is not None:
                old.rename(site_dir)
            raise
    except BaseException:
        shutil.rmtree(building, ignore_errors=True)
        raise
    if old is not None:
        shutil.rmtree(old, ignore_errors=True)
    return [site_dir / name for name in sorted(pages)]
