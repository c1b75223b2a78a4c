"""The room on the night, served: the round clock on every page (`/clock.json`, read by
``room.js``, which counts down between looks), the director's clock controls and a stop by
time, "Call the director" on every table page and its answer from the director's page.

Every time shown is computed here, from the tournament's events and the server's clock
(`tourney.director.room.server_now`): a page is sent the seconds left as of the server's
``now`` and counts them down itself, never reading the phone's own date.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import Route

from tourney.director import room as director_room
from tourney.errors import TourneyError
from tourney.i18n import _
from tourney.limits import EXTEND_MINUTES, ROUND_MINUTES, TABLE, LimitError, parse_whole
from tourney.tournament.room.clock import clock_view
from tourney.web.respond import (
    NO_STORE,
    BadForm,
    FastJSON,
    check_csrf,
    edge,
    read_form,
    reads,
    server,
)
from tourney.web.room_pages import call_lines, clock_data, now
from tourney.web.signing import new_nonce

if TYPE_CHECKING:
    from tourney.web.shared import Shared


@edge
async def clock_json(request: Request) -> Response:
    """The latest round's clock for a table (``?table=3``) or the whole round, with the
    server's time: read only, for any page."""
    srv = server(request)
    text = request.query_params.get("table", "")
    table = _number(text, TABLE) if text else None

    def look() -> dict[str, Any]:
        loaded = srv.night.loaded()
        moment = now()
        if loaded is None:
            raise TourneyError(
                _("no tournament yet: create one with tourney tournament create NAME")
            )
        view = clock_view(loaded.state, moment, table)
        return {
            **clock_data(view, moment),
            "calls": call_lines(loaded.state.room.waiting_calls()),
        }

    return FastJSON(await run_in_threadpool(look), headers=NO_STORE)


def _number(text: object, bound: Any) -> int:
    try:
        if not isinstance(text, str) or not text.isascii() or not text.strip().isdigit():
            raise LimitError(
                _("{what} {text} is not a whole number").format(what=bound.what, text=repr(text))
            )
        return parse_whole(text.strip(), bound)
    except LimitError as exc:
        raise BadForm(str(exc)) from None


def _slug(srv: Shared) -> str:
    slug = srv.night.slug()
    if slug is None:
        raise TourneyError(_("no tournament yet: create one with tourney tournament create NAME"))
    return slug


def run_clock(srv: Shared, form: Any) -> None:
    """The director's clock buttons: start, pause, resume, extend (every table or one),
    set the round's minutes."""
    from tourney.tournament.room import clock

    what = form.get("clock", "")
    director = srv.night.director
    slug = _slug(srv)
    moment = now()
    if what == "set":
        minutes = _number(form.get("minutes"), ROUND_MINUTES)
        round_number = len(director.load(slug).state.rounds) or None
        director.execute(slug, lambda state: clock.decide_set(state, minutes, round_number))
        return
    if what == "extend":
        minutes = _number(form.get("minutes"), EXTEND_MINUTES)
        table_text = form.get("table", "")
        table = _number(table_text, TABLE) if table_text else None
        director.execute(slug, lambda state: clock.decide_extend(state, minutes, moment, table))
        return
    decide = {
        "start": clock.decide_start,
        "pause": clock.decide_pause,
        "resume": clock.decide_resume,
    }.get(what if isinstance(what, str) else "")
    if decide is None:
        raise BadForm(_("{what} is not a clock button").format(what=repr(what)))
    director.execute(slug, lambda state: decide(state, moment))


def run_stop(srv: Shared, form: Any) -> None:
    """Stop a table by time: its scores as they stand, the tournament's rule."""
    match_id = form.get("match", "")
    if not isinstance(match_id, str) or not match_id:
        raise BadForm(_("say which match to stop by time"))
    director_room.stop_by_time(srv.night.director, _slug(srv), match_id, now())


def run_answer(srv: Shared, form: Any) -> None:
    from tourney.tournament.room.clock import decide_answer

    call_id = form.get("call", "")
    if not isinstance(call_id, str) or not call_id:
        raise BadForm(_("say which call is answered"))
    moment = now()
    srv.night.director.execute(_slug(srv), lambda state: decide_answer(state, call_id, moment))


@reads()
@edge
async def call_director(request: Request) -> Response:
    """A table's "Call the director": an event in the tournament stream, the table named
    by its link (a link of an earlier round is refused, as for a move)."""
    from tourney.tournament.room.clock import decide_call

    srv = server(request)
    signed = request.path_params["token"]
    form = await read_form(request)
    check_csrf(request, form)

    def call() -> None:
        token, _table = srv.night.authorise(signed)
        moment = now()
        call_id = new_nonce()[:16]
        srv.night.director.execute(
            token.slug, lambda state: decide_call(state, token.table, call_id, moment)
        )

    await run_in_threadpool(call)
    srv.feed.poke()
    return RedirectResponse(f"/t/{signed}?called=1", status_code=303, headers=NO_STORE)


def run_draft(srv: Shared, form: Any) -> None:
    """The draft's buttons: make it, swap two players with a reason, publish it (its
    tables open), drop it."""
    from tourney.tournament.room import draft

    what = form.get("draft", "")
    director = srv.night.director
    slug = _slug(srv)
    if what == "make":
        override = form.get("override") == "on"
        avoid = form.get("avoid_same_club") == "on"
        from tourney.director.season import pairing_ratings

        ratings = pairing_ratings(director, slug)
        director.execute(
            slug,
            lambda state: draft.decide_draft(
                state, override=override, avoid_same_club=avoid, ratings=ratings
            ),
        )
    elif what == "swap":
        first, second = form.get("first", ""), form.get("second", "")
        reason = form.get("reason", "")
        if not all(isinstance(v, str) for v in (first, second, reason)):
            raise BadForm(_("say which two players to swap, and why"))
        director.execute(slug, lambda state: draft.decide_swap(state, first, second, reason))
    elif what == "publish":
        director.pair(slug, draft.decide_publish)
    elif what == "drop":
        director.execute(slug, draft.decide_drop)
    else:
        raise BadForm(_("{what} is not a draft button").format(what=repr(what)))


def director_actions() -> list[Route]:
    from tourney.web.director_routes import action

    return [
        Route(
            "/director/clock",
            action("clock", run_clock, "clock", "minutes", "table"),
            methods=["POST"],
        ),
        Route("/director/stop", action("stop", run_stop, "match"), methods=["POST"]),
        Route("/director/answer", action("answer", run_answer, "call"), methods=["POST"]),
        Route(
            "/director/draft",
            action(
                "draft",
                run_draft,
                "draft",
                "override",
                "avoid_same_club",
                "first",
                "second",
                "reason",
            ),
            methods=["POST"],
        ),
    ]


routes = [
    Route("/clock.json", clock_json, methods=["GET"]),
    Route("/t/{token}/call", call_director, methods=["POST"]),
    *director_actions(),
]
