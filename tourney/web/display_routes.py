"""The wall display (`/display`, refreshed by server-sent events from `/display/events`),
the public pages (`/site/...`, the static site's own templates, rendered from the store),
and the server's stylesheet and script (`/static/...`)."""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING
from urllib.parse import urlencode

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import (
    HTMLResponse,
    PlainTextResponse,
    RedirectResponse,
    Response,
)
from starlette.routing import Route

from tourney.errors import TourneyError
from tourney.i18n import DEFAULT, _, current, using
from tourney.web.respond import edge, render, server

if TYPE_CHECKING:
    from collections.abc import Sequence

    from tourney.web.board import TableStatus
    from tourney.web.shared import Shared
    from tourney.web.winbars import LiveBar

STATIC = {
    "web.css": "text/css",
    "serve.js": "text/javascript",
    "room.js": "text/javascript",
    "table.js": "text/javascript",
    "watch.js": "text/javascript",
}
SITE_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".csv": "text/csv; charset=utf-8",
    ".md": "text/markdown; charset=utf-8",
    ".json": "application/json",
}


def _serve_language() -> str:
    """The language `tourney serve` was started in (TOURNEY_LANG, the system's), else
    English: a Russian club's wall is Russian before its tournament names a language."""
    from tourney.i18n import LanguageError, choose

    try:
        return choose()
    except LanguageError:
        return DEFAULT


def render_board(srv: Shared) -> str:
    """The board fragment of the wall display (sent whole with each update)."""
    from tourney.web.board import board_context
    from tourney.web.room_pages import board_room

    # one board for every wall: the tournament's language, else the one serve speaks
    with using(srv.language() or _serve_language()):
        context = {**board_context(srv.night, srv.store), **board_room(srv)}
        context["chances"] = board_chances(srv, context["tables"])
        context["drawn"] = board_drawings(srv, context["tables"])
        context["live"] = board_live(srv, context["tables"])
        return srv.env.get_template("web/_board.html").render(context)


def board_chances(srv: Shared, tables: Sequence[TableStatus]) -> dict[int, str]:
    """Each table yet to start whose players all have a rating history: their chances to
    win (`tourney.web.chances`), by table number."""
    from tourney.web.chances import chances_text

    waiting = [t for t in tables if t.status in ("waiting", "playing") and not any(t.scores)]
    loaded = srv.night.loaded() if waiting else None
    if loaded is None:
        return {}
    found = {t.number: chances_text(srv.ratings, srv.store, loaded, t.match_id) for t in waiting}
    return {number: text for number, text in found.items() if text}


FINISHED = ("waiting", "finished", "confirmed", "result", "invalid")
"""The statuses of a table not in play: nothing drawn on the wall, no live win chances."""


def board_live(srv: Shared, tables: Sequence[TableStatus]) -> dict[int, LiveBar]:
    """Each table in play's live win chances, by table number, as far as the worker has
    estimated the position the wall shows (``--watch-delay`` late, as its drawings:
    `tourney.web.winbars`)."""
    from tourney.web.watch import watch_cutoff
    from tourney.web.winbars import live_bars

    if srv.live is not None:  # what the views may still ask for: the round's tables
        srv.live.forget([t.match_id for t in tables])
    playing = [(t.number, t.match_id) for t in tables if t.status not in FINISHED]
    return live_bars(srv.store, srv.live, playing, watch_cutoff(srv.watch_delay))


def board_drawings(srv: Shared, tables: Sequence[TableStatus]) -> dict[int, str]:
    """Each table in play drawn as the watch page draws it (`tourney.web.watch`: what has
    been played, hands only once nobody is to move; ``--watch-delay`` late), by number;
    none for a game that draws nothing."""
    from tourney.web.watch import seen_table, watch_cutoff

    cutoff = watch_cutoff(srv.watch_delay)
    drawn = {}
    for table in tables:
        if table.status in FINISHED:
            continue
        seen = seen_table(srv.store, table.match_id, cutoff)
        if seen is not None and seen.drawing is not None:
            drawn[table.number] = seen.drawing.svg()
    return drawn


@edge
async def display(request: Request) -> Response:
    srv = server(request)
    board = srv.feed.board or await run_in_threadpool(render_board, srv)
    loaded = await run_in_threadpool(srv.night.loaded)
    from tourney.reports.heading import heading_of

    if loaded is None:
        raise TourneyError(_("no tournament yet: create one with tourney tournament create NAME"))
    name = request.query_params.get("series")
    series = None if name is None else await run_in_threadpool(render_series, srv, name)
    return render(
        request,
        "web/display.html",
        {
            "board": board,
            "heading": heading_of(loaded.state),
            "series": series,
            "series_src": None if name is None else "/display/series?" + urlencode({"name": name}),
        },
    )


def render_series(srv: Shared, name: str) -> str:
    """The series table called `name` (as names compare) for the wall display; refused in
    one line when there is no such series."""
    from tourney.director.season import load_season
    from tourney.director.site import series_context

    season = load_season(srv.store)
    series = season.series.find(name)
    context = series_context(srv.store, season, series, None)
    return srv.env.get_template("web/_series.html").render(context)


@edge
async def display_series(request: Request) -> Response:
    """The series table alone, fetched again by the display each time its board changes."""
    srv = server(request)
    html = await run_in_threadpool(render_series, srv, request.query_params.get("name", ""))
    return HTMLResponse(html, headers={"Cache-Control": "no-store"})


class SitePages:
    """The public site's pages, rendered from the store once per log position and
    language (a reader's language is their own: an Italian after a Russian reads Italian)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._at = -1
        self._pages: dict[str, dict[str, str]] = {}  # by language

    def get(self, srv: Shared) -> dict[str, str]:
        from tourney.director.site import tournament_pages

        with self._lock:
            position = srv.store.max_position()
            if position != self._at:
                self._pages = {}
                self._at = position
            language = current()
            if language not in self._pages:
                slug = srv.night.slug()
                self._pages[language] = (
                    {} if slug is None else tournament_pages(srv.night.director, slug)
                )
            return self._pages[language]


@edge
async def site_page(request: Request) -> Response:
    srv = server(request)
    name = request.path_params.get("name") or "index.html"
    pages = await run_in_threadpool(srv.site.get, srv)
    page = pages.get(name)
    if page is None:
        return PlainTextResponse(f"no page {name!r} on this site", status_code=404)
    kind = SITE_TYPES.get(name[name.rfind(".") :], "text/plain; charset=utf-8")
    return Response(page, media_type=kind, headers={"Cache-Control": "no-cache"})


async def static(request: Request) -> Response:
    name = request.path_params["name"]
    if name not in STATIC:
        return PlainTextResponse("not found", status_code=404)
    env = server(request).env
    assert env.loader is not None
    source, _path, _ = env.loader.get_source(env, f"web/{name}")
    return Response(source, media_type=STATIC[name], headers={"Cache-Control": "max-age=300"})


async def home(request: Request) -> Response:
    return RedirectResponse("/site/index.html", status_code=303)


async def health(request: Request) -> Response:
    return HTMLResponse("ok")


routes = [
    Route("/", home),
    Route("/health", health),
    Route("/display", display),
    Route("/display/series", display_series),
    Route("/site/", site_page),
    Route("/site/{name}", site_page),
    Route("/static/{name}", static),
]
