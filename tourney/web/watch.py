"""A watch page for the room (`/watch`, `/watch/T3`): every table of the latest round as it
lies on the table, drawn by its game, for spectators and the wall, ``serve --watch-delay``
seconds behind play.

It never shows a piece still hidden in a player's hand: a table is drawn without hands
(the layout, the trick: what has been played) while anyone is to move, and with them only
once nobody is (the hand or deal is over: at a hidden-hand table, tiles not yet shown
stay face down). The delay replays each table's stream only as far as the events recorded
that long ago (undos included: the table as it was then).

Each table in play carries its live win-chances bar (`tourney.web.winbars`: the estimate
of the position shown, never of a later one; none with ``serve --no-chances``).

The page listens to the feed's ticks (`/feed/ticks`) and fetches its tables again
(`/watch/tables`) when the log moves, ``delay`` seconds later, and at once when an
estimate comes back (the stream's ``chances`` event)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response
from starlette.routing import Route

from tourney.errors import TourneyError
from tourney.gamekit import game
from tourney.i18n import _
from tourney.streams.matches import match_events, match_stream, stream_game
from tourney.web.respond import edge, render, server

if TYPE_CHECKING:
    from tourney.gamekit.drawing import Drawing
    from tourney.store.eventstore import EventStore
    from tourney.web.shared import Shared
    from tourney.web.winbars import LiveBar

DEFAULT_DELAY = 0.0
"""Seconds the watch page runs behind play (``serve --watch-delay``). None by default: the
page never shows what a player holds, so a spectator learns nothing a player at the table
could not see; a room where spectators could still signal to players sets 30 or so."""


@dataclass(frozen=True, slots=True)
class Watched:
    number: int
    seats: str
    scores: str
    drawing: str
    words: str
    """What the page says when the game draws nothing (its status lines)."""
    bar: LiveBar | None = None
    """The table's live win chances at the position shown (`tourney.web.winbars`)."""


@dataclass(frozen=True, slots=True)
class Seen:
    """A table as the room may see it: its drawing (None: its game draws nothing), its
    scores (empty before play) and its game's words of it."""

    drawing: Drawing | None
    scores: list[int]
    words: str


def seen_table(store: EventStore, match_id: str, cutoff: str | None = None) -> Seen | None:
    """Match ``match_id`` as it lies on the table (as it lay at ``cutoff``, an ISO time),
    hands drawn only while nobody is to move; None before anything is recorded."""
    stored = list(store.read_stream(match_stream(match_id)))
    if cutoff is not None:
        stored = [e for e in stored if e.recorded_at and e.recorded_at <= cutoff]
    if not stored:
        return None
    game_ = stream_game(stored)
    match = game_.new_match()
    for version, event in match_events(stored):
        match.apply(event, version)
    drawing = game_.draw(match, hands=match.started and match.to_move is None)
    scores = list(game_.result(match).scores) if match.started else []
    status = getattr(game_, "status", None)  # `BaseGame`'s words of the match
    words = "" if drawing is not None or status is None else " · ".join(status(match))
    return Seen(drawing, scores, words)


def watch_cutoff(delay: float) -> str | None:
    """The time the room's views show play as of, ``delay`` seconds ago (None: now)."""
    if not delay:
        return None
    return (datetime.now(UTC) - timedelta(seconds=delay)).isoformat(timespec="microseconds")


def watched_tables(srv: Shared, only: int | None = None) -> list[Watched]:
    """The latest round's tables (``only``: that one) as they were ``watch_delay`` ago."""
    loaded = srv.night.loaded()
    if loaded is None:
        raise TourneyError(_("no tournament yet: create one with tourney tournament create NAME"))
    tables = srv.night.tables(loaded)
    if only is not None:
        tables = [t for t in tables if t.number == only]
        if not tables:
            raise TourneyError(_("no table {number} in this round").format(number=only))
    from tourney.web.winbars import live_bars

    cutoff = watch_cutoff(srv.watch_delay)
    display = game(loaded.state.created.game).display
    bars = live_bars(srv.store, srv.live, [(t.number, t.match_id) for t in tables], cutoff)
    shown = []
    for table in tables:
        seen = seen_table(srv.store, table.match_id, cutoff)
        if seen is None:
            shown.append(Watched(table.number, " · ".join(table.seats), "", "", ""))
            continue
        score_text, seated = display.board(seen.scores, table.seats)
        svg = "" if seen.drawing is None else seen.drawing.svg()
        bar = bars.get(table.number)
        shown.append(Watched(table.number, seated, score_text, svg, seen.words, bar))
    return shown


def _table(request: Request) -> int | None:
    text = request.path_params.get("table")
    if text is None:
        return None
    digits = text[1:] if text[:1] in ("T", "t") else text
    if not digits.isascii() or not digits.isdigit() or len(digits) > 4:
        raise TourneyError(_("no table {number} in this round").format(number=text))
    return int(digits)


@edge
async def watch(request: Request) -> Response:
    srv = server(request)
    only = _table(request)
    tables = await run_in_threadpool(watched_tables, srv, only)
    source = "/watch/tables" + (f"/{only}" if only is not None else "")
    loaded = await run_in_threadpool(srv.night.loaded)
    from tourney.reports.heading import heading_of

    assert loaded is not None  # watched_tables refused a night without a tournament
    context = {"tables": tables, "source": source, "delay": srv.watch_delay}
    return render(request, "web/watch.html", {**context, "heading": heading_of(loaded.state)})


@edge
async def watch_tables(request: Request) -> Response:
    """The tables alone, fetched again by the page when the log moves."""
    srv = server(request)
    tables = await run_in_threadpool(watched_tables, srv, _table(request))
    html = srv.env.get_template("web/_watch_tables.html").render({"tables": tables})
    return HTMLResponse(html, headers={"Cache-Control": "no-store"})


routes = [
    Route("/watch", watch),
    Route("/watch/tables", watch_tables),
    Route("/watch/tables/{table}", watch_tables),
    Route("/watch/{table}", watch),
]
