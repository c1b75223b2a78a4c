"""`/me`: a player's own page. Find yourself by name (folded as everywhere: `zoe` finds
Zoë Park, a surname finds its owner); then your table, seat and opponents this round with
its clock, your results so far and your place in the standings, kept current by the wall
display's feed (``room.js`` fetches the page's part again when an event lands). Nothing on
it writes."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any
from urllib.parse import quote as url_quote

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response
from starlette.routing import Route

from tourney import names
from tourney.errors import TourneyError
from tourney.i18n import _
from tourney.web.reads import place
from tourney.web.respond import NO_STORE, edge, render, server

if TYPE_CHECKING:
    from tourney.director.desk import Loaded
    from tourney.web.shared import Shared

LONGEST = 80  # a name typed in the box, at most (names are stored at most 80 long)


def matching(wanted: str, players: dict[str, str]) -> list[str]:
    """The player ids ``wanted`` can mean (``players``: id -> name): the name itself, or
    every name that folds alike (`names.find`); else every name with a word that starts
    with it (``d`` finds Di Eze and Cy Diaz, ``lee`` finds Ann Lee)."""
    key = names.fold(wanted)
    found = names.find(wanted, players.values())
    if not (found and names.fold(found[0]) == key):
        found = [
            n
            for n in players.values()
            if key
            and (
                names.fold(n).startswith(key)
                or any(w.startswith(key) for w in names.fold(n).split())
            )
        ]
    return [pid for pid, name in players.items() if name in found]


def _loaded(srv: Shared) -> Loaded:
    loaded = srv.night.loaded()
    if loaded is None:
        raise TourneyError(_("no tournament yet: create one with tourney tournament create NAME"))
    return loaded


def me_context(srv: Shared, player_id: str) -> dict[str, Any]:
    """Everything the player's page shows of ``player_id``."""
    from tourney.reports.conduct import sanction_rows
    from tourney.reports.heading import heading_of
    from tourney.reports.results import result_text
    from tourney.web.room_pages import table_room

    loaded = _loaded(srv)
    state = loaded.state
    player = state.players.get(player_id)
    if player is None:
        raise TourneyError(
            _("no player {player_id!r} in {title}: find yourself at /me").format(
                player_id=player_id, title=state.title
            )
        )
    entrant = player.team if player.team is not None else player_id
    number = len(state.rounds)
    now: dict[str, Any] | None = None
    results = []
    for record in sorted(state.matches.values(), key=lambda m: (m.round, m.table)):
        if player_id not in record.seats:
            continue
        others = [state.players[p].name for p in record.seats if p != player_id]
        line = {
            "round": record.round,
            "table": record.table,
            "others": others,
            "result": result_text(state, record) if record.outcome is not None else "",
            "mine": record.outcome is not None and _won(record, entrant),
        }
        if record.round == number and (now is None or record.decides):
            now = {
                **line,
                "seat": record.seats.index(player_id) + 1,
                "room": table_room(srv, record.table),
            }
        if record.outcome is not None or record.forfeited:
            results.append(line)
    byes = [n + 1 for n, paired in enumerate(state.rounds) if entrant in paired.byes]
    return {
        "heading": heading_of(state),
        "player": {"id": player_id, "name": player.name, "club": player.club},
        "withdrawn": player.withdrawn,
        "round": number,
        "now": now,
        "bye_now": number in byes,
        "byes": byes,
        "results": results,
        "place": place(srv.store, loaded.slug, entrant),
        "series": _series_place(srv, loaded.slug, player_id),
        "sanctions": sanction_rows(state, player_id),
    }


def _series_place(srv: Shared, slug: str, player_id: str) -> dict[str, Any] | None:
    """The player's place in the series tonight's tournament belongs to (None: it belongs to
    none, or they have no line in it yet), as the series table ranks it."""
    series, tables, club = srv.series.get(srv.store)
    night_of = series.of_night(slug)
    if night_of is None:
        return None
    rows = tables[night_of.name]
    person = club.of.get((slug, player_id))
    for row in rows:
        if row.person == person:
            return {
                "name": night_of.name,
                "rank": row.rank,
                "tied": row.tied,
                "counted": str(row.counted),
                "nights": row.nights,
                "of": len(rows),
            }
    return None


def _won(record: Any, entrant: str) -> bool:
    outcome = record.outcome
    if entrant not in record.sides and len(record.sides) == 2 and entrant in record.seats:
        # Rotating partners: the player's side is the round's partnership, seats 1+3 or 2+4.
        return record.seats.index(entrant) % 2 in outcome.winners
    return entrant in record.sides and record.sides.index(entrant) in outcome.winners


@edge
async def me_page(request: Request) -> Response:
    """The search box, what a name matches, or (one match) the way to that player's page."""
    srv = server(request)
    wanted = request.query_params.get("name", "").strip()[:LONGEST]

    def look() -> dict[str, Any]:
        from tourney.reports.heading import heading_of

        state = _loaded(srv).state
        players = {pid: p.name for pid, p in state.players.items()}
        found = matching(wanted, players) if wanted else []
        return {
            "heading": heading_of(state),
            "wanted": wanted,
            "found": [(pid, players[pid]) for pid in found],
        }

    context = await run_in_threadpool(look)
    if len(context["found"]) == 1:
        pid = context["found"][0][0]
        return RedirectResponse(f"/me/{url_quote(pid)}", status_code=303, headers=NO_STORE)
    return render(request, "web/me_find.html", context)


@edge
async def player_page(request: Request) -> Response:
    srv = server(request)
    context = await run_in_threadpool(me_context, srv, request.path_params["player"])
    return render(request, "web/me.html", context)


@edge
async def player_part(request: Request) -> Response:
    """The live part of a player's page, fetched again by ``room.js`` when the feed says
    an event landed."""
    srv = server(request)
    context = await run_in_threadpool(me_context, srv, request.path_params["player"])
    page = srv.env.get_template("web/_me.html").render(context)
    return HTMLResponse(page, headers=NO_STORE)


routes = [
    Route("/me", me_page, methods=["GET"]),
    Route("/me/{player}", player_page, methods=["GET"]),
    Route("/me/{player}/part", player_part, methods=["GET"]),
]
