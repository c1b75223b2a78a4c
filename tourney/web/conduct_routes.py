"""Disputes, penalties and warnings, served: "Dispute the result" on a table's page (the
table's phone: its link names the table, the form the seat), and the director's answers on
the director's page — uphold a disputed result; give, or lift, a penalty or a warning. A
disputed result is replaced with the director's usual rulings (`director_routes`), which
close its disputes as replaced."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import Route

from tourney.i18n import _
from tourney.limits import SANCTION, TABLE, LimitError, parse_whole
from tourney.web.respond import (
    NO_STORE,
    BadForm,
    check_csrf,
    check_writable,
    edge,
    read_form,
    reads,
    server,
)
from tourney.web.room_pages import now

if TYPE_CHECKING:
    from tourney.tournament.records.penalties_state import SanctionKind
    from tourney.web.shared import Shared


def _text(form: Any, name: str) -> str:
    value = form.get(name, "")
    if not isinstance(value, str):
        raise BadForm(_("{field} is not text").format(field=name))
    return value


@reads("seat", "reason")
@edge
async def dispute(request: Request) -> Response:
    """A player at the table disputes its result, saying why: an event in the tournament
    stream, on the director's page at once. The link names the table (a link of an earlier
    round, or of a table paired again, is refused as for a move); the seat says who."""
    from tourney.streams.matches import confirmations, match_stream
    from tourney.tournament.results.conduct import decide_dispute

    srv = server(request)
    signed = request.path_params["token"]
    form = await read_form(request)
    check_csrf(request, form)
    check_writable(srv)
    seat_text, reason = _text(form, "seat"), _text(form, "reason")

    def record() -> None:
        token, table = srv.night.authorise(signed)
        loaded = srv.night.director.load(token.slug)
        held = loaded.state.matches.get(table.match_id)
        seats = held.seats if held is not None else ()
        try:
            seat = parse_whole(seat_text, TABLE) - 1 if seat_text.strip() else -1
        except LimitError:
            seat = -1
        if not 0 <= seat < len(seats):
            raise BadForm(
                _("no seat {seat} at table {table}: say who disputes the result").format(
                    seat=repr(seat_text), table=token.table
                )
            )
        confirmed = confirmations(list(srv.store.read_stream(match_stream(table.match_id))))
        moment = now()
        srv.night.director.execute(
            token.slug,
            lambda state: decide_dispute(
                state, table.match_id, seats[seat], reason, moment, confirmed
            ),
        )

    await run_in_threadpool(record)
    srv.feed.poke()
    return RedirectResponse(f"/t/{signed}?disputed=1", status_code=303, headers=NO_STORE)


def _slug(srv: Shared) -> str:
    from tourney.web.room_routes import _slug as slug_of

    return slug_of(srv)


def run_uphold(srv: Shared, form: Any) -> None:
    """Uphold a disputed result, with the director's note."""
    from tourney.streams.tables import match_id_of
    from tourney.tournament.results.conduct import decide_uphold

    match, note = _text(form, "match"), _text(form, "note")
    srv.night.director.execute(
        _slug(srv), lambda state: decide_uphold(state, match_id_of(state, match), note)
    )


def run_sanction(srv: Shared, form: Any) -> None:
    """Give a penalty (points off) or a warning, or lift the player's latest one."""
    from tourney import limits
    from tourney.tournament.entries.entries import player_id
    from tourney.tournament.results import conduct

    what, who, reason = _text(form, "sanction"), _text(form, "player"), _text(form, "reason")
    director = srv.night.director
    slug = _slug(srv)
    if what == "penalty":
        points = limits.parse_penalty(_text(form, "points"), who)
        director.execute(
            slug,
            lambda state: conduct.decide_penalty(state, player_id(state, who), points, reason),
        )
    elif what == "warning":
        director.execute(
            slug, lambda state: conduct.decide_warning(state, player_id(state, who), reason)
        )
    elif what in ("lift-penalty", "lift-warning"):
        kind: SanctionKind = "penalty" if what == "lift-penalty" else "warning"
        text = _text(form, "number")
        try:
            number = parse_whole(text, SANCTION) if text.strip() else None
        except LimitError as exc:
            raise BadForm(str(exc)) from None
        director.execute(
            slug,
            lambda state: conduct.decide_lift(state, player_id(state, who), kind, reason, number),
        )
    else:
        raise BadForm(_("{what} is not a penalty button").format(what=repr(what)))


def director_actions() -> list[Route]:
    from tourney.web.director_routes import action

    return [
        Route("/director/uphold", action("uphold", run_uphold, "match", "note"), methods=["POST"]),
        Route(
            "/director/sanction",
            action("sanction", run_sanction, "sanction", "player", "points", "reason", "number"),
            methods=["POST"],
        ),
    ]


routes = [
    Route("/t/{token}/dispute", dispute, methods=["POST"]),
    *director_actions(),
]
