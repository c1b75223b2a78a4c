"""The table page: `/t/{token}` shows the match of the token's table, and a POST there
records one move through the scorer's desk (`Desk.record`, `undo`, `confirm`; at a
Racehorse table the card moves of `tourney.web.card_table`), with the version the page
showed and the submission id the page made, so a retried POST records once and a stale
page is told what changed."""

from __future__ import annotations

import re
import time
from collections.abc import Sequence
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import Route

from tourney.errors import TourneyError
from tourney.games import RACEHORSE
from tourney.games.dominoes import (
    Command,
    Draw,
    HandStarted,
    Pass,
    Passed,
    Place,
    Reveal,
    StartHand,
    Tile,
    TileDrawn,
    TilePlaced,
    TilesRevealed,
)
from tourney.limits import VERSION, LimitError, parse_whole
from tourney.scorer import view
from tourney.scorer.dealing import shuffled_deal
from tourney.scorer.desk import Desk, Recorded
from tourney.web.director_routes import has_session
from tourney.web.respond import (
    NO_STORE,
    BadForm,
    FastJSON,
    check_csrf,
    edge,
    read_form,
    render,
    server,
    wants_json,
)
from tourney.web.room_pages import table_room
from tourney.web.table_page import table_context, table_undo

SUBMISSION_ID = re.compile(r"^[A-Za-z0-9_-]{8,64}$")


def _tile(text: str) -> Tile | None:
    return Tile.parse(text) if text else None


def _seat(desk: Desk, text: str) -> str:
    players: tuple[str, ...] = desk.match.players
    seat = _whole(text)
    if seat is None or seat >= len(players):
        raise BadForm(f"no seat {text!r} at this table")
    return players[seat]


def _whole(text: str) -> int | None:
    """A version or seat number as a form sends it: ASCII digits within the store's
    bounds; None for anything else (``²`` passes str.isdigit but not int, a 40-digit
    number passes both)."""
    try:
        return parse_whole(text, VERSION) if text.isascii() and text.isdigit() else None
    except LimitError:
        return None


def _command(desk: Desk, move: str, tiles: list[str]) -> Command:
    """The scorer's command a button of a Horse Race table stands for (``place|5-3|5-5``,
    ``draw|``, ``pass``, ``reveal|1`` with the ticked tiles, ``hand|0``)."""
    kind, _, rest = move.partition("|")
    first, _, second = rest.partition("|")
    if kind == "place" and first:
        tile = _tile(first)
        assert tile is not None
        return Place(tile, _tile(second))
    if kind == "draw":
        return Draw(_tile(first))
    if kind == "pass":
        return Pass()
    if kind == "reveal":
        return Reveal(_seat(desk, first), tuple(Tile.parse(t) for t in tiles))
    if kind == "hand":
        opener = _seat(desk, first) if first else None
        deal = shuffled_deal(desk.match.players, None) if desk.known_hands else None
        return StartHand(opener, deal)
    raise BadForm(f"{move!r} is not a move")


def move_value(event: Any, players: Sequence[str]) -> tuple[str, list[str]]:
    """The button value (and ticked tiles) that records ``event`` (of either game) at a
    table seating ``players``: what `_submit` reads back. For scripts, tests and the load
    test."""
    seat = {name: str(n) for n, name in enumerate(players)}
    if isinstance(event, TilePlaced):
        return f"place|{event.tile}|{event.on or ''}", []
    if isinstance(event, TileDrawn):
        return f"draw|{event.tile or ''}", []
    if isinstance(event, Passed):
        return "pass", []
    if isinstance(event, TilesRevealed):
        return f"reveal|{seat[event.player]}", [t.text for t in event.tiles]
    if isinstance(event, HandStarted):
        return f"hand|{seat[event.opener] if event.opener else ''}", []
    from tourney.web.card_table import move_value as card_move

    return card_move(event), []


def _submit(desk: Desk, move: str, tiles: list[str], at: int, cid: str) -> list[Recorded]:
    """Record what the button ``move`` stands for: an undo or a player's confirmation at
    any table, else a move of the table's game."""
    kind, _, rest = move.partition("|")
    if kind == "undo":
        target = table_undo(desk)
        if target is None and not desk.store.events_of_command(cid):
            raise TourneyError(f"nothing to undo: {desk.id} has no move recorded at the table")
        return desk.undo(target, at=at, command_id=cid)
    if kind == "confirm":
        return desk.confirm(_seat(desk, rest), at=at, command_id=cid)
    if kind == "redo":
        from tourney.match_streams import undo_target
        from tourney.web.words import redo_offer

        target = undo_target(desk.stored, redo=True)
        if (target is None or redo_offer(desk.stored) is None) and not (
            desk.store.events_of_command(cid)
        ):
            raise TourneyError("nothing to redo: the last thing done at this table was not an undo")
        return desk.undo(target, at=at, command_id=cid)
    if desk.game.name == RACEHORSE:
        from tourney.web import card_table

        return card_table.submit(desk, move, at, cid)
    return desk.record(_command(desk, move, tiles), at=at, command_id=cid)


def _form_fields(form: Any) -> tuple[str, list[str], int, str]:
    move, at, cid = form.get("move"), form.get("at"), form.get("cid")
    if not isinstance(move, str) or not move:
        raise BadForm("no move was sent")
    version = _whole(at) if isinstance(at, str) else None
    if version is None:
        raise BadForm("the page did not say which version it showed: reload it")
    if not isinstance(cid, str) or not SUBMISSION_ID.match(cid):
        raise BadForm("the page sent no submission id: reload it")
    tiles = [t for t in form.getlist("tiles") if isinstance(t, str)]
    return move, tiles, version, cid


@edge
async def table_page(request: Request) -> Response:
    srv = server(request)
    signed = request.path_params["token"]

    def look() -> dict[str, Any]:
        with srv.night.at_table(signed) as (table, desk):
            done = request.query_params.get("done", "")
            context = _context(desk, table.number, signed, _heading(srv))
            context["room"] = table_room(srv, table.number, desk.stored)
            shown = _whole(done)
            if shown is not None and 0 < shown <= desk.version:
                from tourney.web.words import said

                context["notice"] = "Recorded: " + said(desk.stored, shown)
            context["detail"] = has_session(request)
            return context

    context = await run_in_threadpool(look)
    return render(request, _template(context), context)


def _context(desk: Desk, number: int, signed: str, heading: Any) -> dict[str, Any]:
    return {
        **table_context(desk, f"Table {number}"),
        "action": f"/t/{signed}",
        "heading": heading,
    }


def _template(context: dict[str, Any]) -> str:
    return "web/card_table.html" if context["game"] == RACEHORSE else "web/table.html"


def _state(desk: Desk) -> dict[str, Any]:
    """The match state as the CLI's ``show --json`` prints it, in the table's game."""
    if desk.game.name == RACEHORSE:
        from tourney.scorer import cards_view

        return cards_view.state(desk)
    return view.state(desk)


def _recorded(desk: Desk, item: Recorded) -> dict[str, Any]:
    if desk.game.name == RACEHORSE:
        from tourney.scorer import cards_view

        return cards_view.recorded_dict(item)
    return view.recorded_dict(desk, item)


def _heading(srv: Any) -> Any:
    from tourney.reports.heading import heading_of

    loaded = srv.night.loaded()
    return heading_of(loaded.state)


@edge
async def table_post(request: Request) -> Response:
    srv = server(request)
    signed = request.path_params["token"]
    spans = Spans()
    form = await read_form(request)
    check_csrf(request, form)
    move, tiles, at, cid = _form_fields(form)
    as_json = wants_json(request)
    spans.lap("form")

    def record() -> tuple[dict[str, Any], int, str | None, dict[str, Any] | None]:
        spans.lap("wait")
        with srv.night.at_table(signed) as (table, desk):
            spans.lap("open")
            try:
                recorded = _submit(desk, move, tiles, at, cid)
            except TourneyError as exc:
                from tourney.web.words import refusal

                desk.refresh()  # a stale page is shown what is there now
                context = _context(desk, table.number, signed, _heading(srv))
                context["room"] = table_room(srv, table.number, desk.stored)
                context["error"] = str(exc) if as_json else refusal(str(exc), desk.stored, at)
                context["detail"] = has_session(request)
                return context, 409, None, None
            spans.lap("move")
            srv.feed.poke()
            last = recorded[-1].version if recorded else desk.version
            if not as_json:
                return {}, 303, str(last), None
            stored = next(e for e in reversed(desk.stored) if e.version == last)
            data = {
                "state": _state(desk),
                "recorded": [_recorded(desk, r) for r in recorded],
                "position": stored.position,
                "recorded_at": stored.recorded_at,
            }
            spans.lap("state")
            return {}, 303, str(last), data

    context, status, done, data = await run_in_threadpool(record)
    spans.lap("back")
    if as_json:
        if data is None:
            return FastJSON(
                {"error": context["error"], "state": context["state"]},
                status_code=status,
                headers=NO_STORE,
            )
        return FastJSON(data, headers={**NO_STORE, "Server-Timing": spans.header()})
    if done is not None:
        return RedirectResponse(f"/t/{signed}?done={done}", status_code=303, headers=NO_STORE)
    return render(request, _template(context), context, status)


class Spans:
    """Where a move's server time went, as ``Server-Timing`` entries (``form;dur=0.21,
    wait;dur=...``): each `lap` names the time since the previous one. What the load test
    reports per part of a move (reading the form, waiting for a worker thread, opening
    the desk, deciding and appending, the state sent back, the event loop taking the
    answer back from the worker)."""

    def __init__(self) -> None:
        self._last = time.perf_counter()
        self._laps: list[tuple[str, float]] = []

    def lap(self, name: str) -> None:
        now = time.perf_counter()
        self._laps.append((name, (now - self._last) * 1000))
        self._last = now

    def header(self) -> str:
        return ", ".join(f"{name};dur={ms:.2f}" for name, ms in self._laps)


@edge
async def table_state(request: Request) -> Response:
    """The match state as the CLI's ``show --json`` prints it (for scripts and pages)."""
    srv = server(request)
    signed = request.path_params["token"]

    def look() -> dict[str, Any]:
        with srv.night.at_table(signed) as (_table, desk):
            return {**_state(desk), "confirmed": desk.confirmed}

    return FastJSON(await run_in_threadpool(look), headers=NO_STORE)


routes = [
    Route("/t/{token}", table_page, methods=["GET"]),
    Route("/t/{token}", table_post, methods=["POST"]),
    Route("/t/{token}/state", table_state, methods=["GET"]),
]
