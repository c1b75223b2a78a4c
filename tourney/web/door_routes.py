"""Check-in at the door, served: `/checkin` (reached from the QR poster the director prints
at `/director/poster`) finds a player by name, folded as everywhere, and checks them in
with a tap; the director's page lists who is in, late and missing, ticks players in, takes a
check-in back, and marks entry fees paid, with the totals."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any
from urllib.parse import quote as url_quote

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import Route

from tourney.errors import TourneyError
from tourney.i18n import _
from tourney.web.respond import (
    NO_STORE,
    BadForm,
    Forbidden,
    check_csrf,
    client_address,
    edge,
    read_form,
    reads,
    refusal,
    render,
    server,
)

if TYPE_CHECKING:
    from tourney.director.desk import Loaded
    from tourney.web.shared import Shared

LONGEST = 80


def _loaded(srv: Shared) -> Loaded:
    loaded = srv.night.loaded()
    if loaded is None:
        raise TourneyError(_("no tournament yet: create one with tourney tournament create NAME"))
    return loaded


@edge
async def checkin_page(request: Request) -> Response:
    """The door's page: type your name, pick yourself (nothing is written until the tap)."""
    from tourney.web.me_routes import matching

    srv = server(request)
    wanted = request.query_params.get("name", "").strip()[:LONGEST]
    done = request.query_params.get("done", "")
    code = request.query_params.get("code", "").strip()[:LONGEST]

    def look() -> dict[str, Any]:
        from tourney.reports.heading import heading_of

        state = _loaded(srv).state
        players = {pid: p.name for pid, p in state.players.items() if not p.withdrawn}
        found = matching(wanted, players) if wanted else []
        checked = state.room.checked_in.get(done)
        return {
            "heading": heading_of(state),
            "required": state.room.check_in,
            "wanted": wanted,
            "code": code,
            "found": [(pid, players[pid], pid in state.room.checked_in) for pid in found],
            "done": {"id": done, "name": state.players[done].name} if checked else None,
        }

    return render(request, "web/checkin.html", await run_in_threadpool(look))


@reads("player", "code")
@edge
async def checkin_post(request: Request) -> Response:
    """A player's tap "I am Ann Lee", with the door's code: checked in at the server's
    time. Wrong codes are counted per address (`Server.door_codes`): past the limit the
    address waits, so the code cannot be guessed from the hall's Wi-Fi."""
    from tourney.director import room as director_room
    from tourney.tournament.room.checkin import decide_check_in, door_code_matches

    srv = server(request)
    address = client_address(request)
    wait = srv.door_codes.retry_after(address)
    if wait:
        response = refusal(
            request, _("too many wrong door codes: try again in {wait} s").format(wait=wait), 429
        )
        response.headers["Retry-After"] = str(wait)
        return response
    form = await read_form(request)
    check_csrf(request, form)
    player = form.get("player")
    if not isinstance(player, str) or not player:
        raise BadForm(_("say who checks in"))
    code = form.get("code")

    def record() -> None:
        loaded = _loaded(srv)
        state = loaded.state
        if not state.room.check_in:
            raise TourneyError(_("check-in is not needed tonight: find your table at /me"))
        if state.room.door_code is None:
            raise Forbidden(_("the door has no code yet: ask the director to check you in"))
        if not door_code_matches(state, code):
            srv.door_codes.failed(address)
            raise Forbidden(
                _("wrong door code: scan the poster at the door again, or ask the director")
            )
        now = director_room.server_now()
        srv.night.director.execute(loaded.slug, lambda state: decide_check_in(state, player, now))

    await run_in_threadpool(record)
    srv.feed.poke()
    done = f"/checkin?done={url_quote(player)}&code={url_quote(str(code))}"
    return RedirectResponse(done, status_code=303, headers=NO_STORE)


@edge
async def poster(request: Request) -> Response:
    """The QR poster for the door: the check-in page's address, large, to print."""
    from tourney.web.qr import qr_svg
    from tourney.web.respond import has_session

    srv = server(request)
    if srv.director_password is None or not await run_in_threadpool(has_session, request):
        raise Forbidden(_("the director's session is needed: sign in at /director/login"))
    base = srv.public_url or str(request.base_url).rstrip("/")
    loaded = await run_in_threadpool(_loaded, srv)
    from tourney.reports.heading import heading_of

    code = loaded.state.room.door_code
    url = f"{base}/checkin" if code is None else f"{base}/checkin?code={url_quote(code)}"
    return render(
        request,
        "web/poster.html",
        {"heading": heading_of(loaded.state), "url": url, "svg": qr_svg(url), "code": code},
    )


def run_door(srv: Shared, form: Any) -> None:
    """The director's ticks: check a player in, take a check-in back, fee paid or owed."""
    from tourney.director import room as director_room
    from tourney.tournament.room import checkin

    player = form.get("player")
    what = form.get("door")
    if not isinstance(player, str) or not player:
        raise BadForm(_("say which player"))
    slug = _loaded(srv).slug
    now = director_room.server_now()
    decide = {
        "in": lambda state: checkin.decide_check_in(state, player, now, by="director"),
        "out": lambda state: checkin.decide_take_back(state, player),
        "paid": lambda state: checkin.decide_fee(state, player, True),
        "owed": lambda state: checkin.decide_fee(state, player, False),
        "allow": lambda state: checkin.decide_allow(state, player),
    }.get(what if isinstance(what, str) else "")
    if decide is None:
        raise BadForm(_("{what} is not a door button").format(what=repr(what)))
    srv.night.director.execute(slug, decide)


def run_door_code(srv: Shared, form: Any) -> None:
    """The director's new door code: the one typed, else six digits drawn here."""
    import secrets

    from tourney.tournament.room import checkin

    typed = form.get("code")
    code = typed.strip() if isinstance(typed, str) and typed.strip() else None
    if code is None:
        code = checkin.new_door_code(secrets.randbelow(10**6))
    slug = _loaded(srv).slug
    srv.night.director.execute(slug, lambda state: checkin.decide_door_code(state, code))


def _director_routes() -> list[Route]:
    from tourney.web.director_routes import action

    return [
        Route("/director/door", action("door", run_door, "player", "door"), methods=["POST"]),
        Route("/director/door-code", action("door-code", run_door_code, "code"), methods=["POST"]),
    ]


routes = [
    Route("/checkin", checkin_page, methods=["GET"]),
    Route("/checkin", checkin_post, methods=["POST"]),
    Route("/director/poster", poster, methods=["GET"]),
    *_director_routes(),
]
