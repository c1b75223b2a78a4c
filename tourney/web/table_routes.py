"""The table page: `/t/{token}` shows the match of the token's table, and a POST there
records one move through the scorer's desk (`Desk.append_events` with what the button
stands for in the table's game, `Game.page`; `undo`, `confirm`), with the version the page
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

from tourney import i18n
from tourney.errors import TourneyError
from tourney.gamekit import game, names
from tourney.gamekit.errors import NotAMove
from tourney.i18n import _, page_
from tourney.limits import VERSION, LimitError, parse_whole
from tourney.scorer.desk import Desk, Recorded
from tourney.store.errors import StoreError
from tourney.web.devices import device_of
from tourney.web.respond import (
    NO_STORE,
    BadForm,
    FastJSON,
    check_csrf,
    check_writable,
    edge,
    has_session,
    read_form,
    reads,
    render,
    server,
    store_status,
    wants_json,
)
from tourney.web.room_pages import now, table_room, time_done
from tourney.web.table_page import table_context, table_undo

SUBMISSION_ID = re.compile(r"^[A-Za-z0-9_-]{8,64}$")


def _seat(desk: Desk, text: str) -> str:
    players: tuple[str, ...] = desk.match.players
    seat = _whole(text)
    if seat is None or seat >= len(players):
        raise BadForm(_("no seat {text} at this table").format(text=repr(text)))
    return players[seat]


def _whole(text: str) -> int | None:
    """A version or seat number as a form sends it: ASCII digits within the store's
    bounds; None for anything else (``²`` passes str.isdigit but not int, a 40-digit
    number passes both)."""
    try:
        return parse_whole(text, VERSION) if text.isascii() and text.isdigit() else None
    except LimitError:
        return None


def move_value(event: Any, players: Sequence[str]) -> tuple[str, list[str]]:
    """The button value (and ticked tiles or cards) that records ``event`` (of any game) at
    a table seating ``players``: what `_submit` reads back. For scripts, tests and the load
    test."""
    for name in names():
        try:
            return game(name).page.move_value(event, players)
        except NotAMove:
            continue
    raise BadForm(_("{type} is not recorded at a table").format(type=event.type))


def _submit(
    desk: Desk,
    move: str,
    tiles: list[str],
    at: int,
    cid: str,
    device: dict[str, str] | None = None,
    srv: Any = None,
    number: int = 0,
) -> list[Recorded]:
    """Record what the button ``move`` stands for: an undo or a player's confirmation at
    any table (with the ``device`` it came from), else a move of the table's game. A
    submission id already stored is a retry, answered with what it recorded, when it is the
    same move; another move under it is refused. With ``srv``, a move of the game once
    time has ended the match at table ``number`` is refused (`_check_time`)."""
    already = desk.store.events_of_command(cid)
    if not already and srv is not None:  # a retry is answered as before, time up or not
        _check_time(srv, desk, number, move)
    if already and not _same_move(desk, move, tiles, already):
        from tourney.streams.matches import describe

        raise TourneyError(
            i18n._(
                "submission {cid} was already used for another move ({move}): nothing recorded, "
                "reload the page"
            ).format(cid=cid, move=describe(already, already[0].version))
        )
    # A stale page is told so, whatever its move: before the game reads the move (which
    # may refuse it for the state it no longer shows: "deal 1 is still being played").
    desk.check_at(at, cid)
    kind, _, rest = move.partition("|")
    if kind == "undo":
        target = table_undo(desk)
        if target is None and not desk.store.events_of_command(cid):
            raise TourneyError(
                i18n._("nothing to undo: {match} has no move recorded at the table").format(
                    match=desk.id
                )
            )
        return desk.undo(target, at=at, command_id=cid)
    if kind == "confirm":
        return desk.confirm(_seat(desk, rest), at=at, command_id=cid, device=device)
    if kind == "redo":
        from tourney.streams.matches import undo_target
        from tourney.web.words import redo_offer

        target = undo_target(desk.stored, redo=True)
        if (target is None or redo_offer(desk.stored, desk.game) is None) and not (
            desk.store.events_of_command(cid)
        ):
            raise TourneyError(
                i18n._("nothing to redo: the last thing done at this table was not an undo")
            )
        return desk.undo(target, at=at, command_id=cid)
    decide = desk.game.page.read(desk, move, tiles)  # NotAMove: the page says why
    return desk.append_events(lambda: decide(desk.match), at=at, command_id=cid)


def _same_move(desk: Desk, move: str, tiles: list[str], already: Sequence[Any]) -> bool:
    """Whether the button ``move`` (with ``tiles``) is what submission ``already`` stored:
    the button its first event is recorded by (`move_value`), field by field, a field the
    page left empty matching what the engine chose (the opener of a hand)."""
    from tourney.streams.matches import RESULT_CONFIRMED, STREAM_ONLY, UNDONE, to_event

    first = already[0]
    players = tuple(desk.match.players)
    stored_tiles: list[str]
    if first.stream_id != desk.stream:
        return True  # refused as recorded elsewhere (`Desk._replayed`)
    if first.type == UNDONE:
        value, stored_tiles = "undo", []
    elif first.type == RESULT_CONFIRMED:
        player = first.payload.get("player")
        value, stored_tiles = f"confirm|{players.index(player) if player in players else ''}", []
    elif first.type in STREAM_ONLY:
        return False
    else:
        try:
            event = to_event(desk.game, first.type, first.payload)
            value, stored_tiles = desk.game.page.move_value(event, players)
        except (TourneyError, NotAMove, KeyError, ValueError):
            return True  # nothing to compare it with: a retry, as before
    sent, kept = move.split("|"), value.split("|")
    if sent[0] != kept[0] or len(sent) > len(kept):
        return False
    canonical = desk.game.page.canonical
    pairs = zip(sent, kept, strict=False)
    if any(field and canonical(field) != canonical(k) for field, k in pairs):
        return False
    return not tiles or sorted(map(canonical, tiles)) == sorted(map(canonical, stored_tiles))


def _form_fields(form: Any) -> tuple[str, list[str], int, str]:
    move, at, cid = form.get("move"), form.get("at"), form.get("cid")
    if not isinstance(move, str) or not move:
        raise BadForm(_("no move was sent"))
    version = _whole(at) if isinstance(at, str) else None
    if version is None:
        raise BadForm(_("the page did not say which version it showed: reload it"))
    if not isinstance(cid, str) or not SUBMISSION_ID.match(cid):
        raise BadForm(_("the page sent no submission id: reload it"))
    tiles = [t for t in form.getlist("tiles") if isinstance(t, str)]
    return move, tiles, version, cid


@edge
async def table_page(request: Request) -> Response:
    srv = server(request)
    signed = request.path_params["token"]

    def look() -> dict[str, Any]:
        with srv.night.at_table(signed) as (table, desk):
            done = request.query_params.get("done", "")
            context = _context(srv, desk, table.number, signed, _heading(srv))
            context["chances"] = _chances(srv, table.match_id)
            shown = _whole(done)
            if shown is not None and 0 < shown <= desk.version:
                from tourney.web.words import said

                context["notice"] = page_("Recorded: {move}").format(
                    move=said(desk.stored, shown, desk.game)
                )
            context["detail"] = has_session(request)
            context["other_phone"] = _other_phone(srv, table.match_id, device)
            context["disputed"] = request.query_params.get("disputed") == "1"
            return context

    device = device_of(request)
    context = await run_in_threadpool(look)
    return render(request, _template(context), context)


def _other_phone(srv: Any, match_id: str, device: dict[str, str]) -> str | None:
    """What a table page says when another phone recorded there last (`Recorders`)."""
    from tourney.web.room_pages import local_time

    other = srv.recorders.other(match_id, device)
    if other is None:
        return None
    return page_("Another phone ({agent}) records at this table: its last tap at {time}.").format(
        agent=other.agent, time=local_time(other.at)
    )


def _chances(srv: Any, match_id: str) -> str | None:
    """The table's chances to win, before its play starts (`tourney.web.chances`)."""
    from tourney.web.chances import chances_text

    loaded = srv.night.loaded()
    return None if loaded is None else chances_text(srv.ratings, srv.store, loaded, match_id)


def _context(srv: Any, desk: Desk, number: int, signed: str, heading: Any) -> dict[str, Any]:
    """The table page's context: the match, the room (clock, call, closing) and, once time
    has ended the match, what the page says instead of offering a new hand."""
    context = {
        **table_context(desk, page_("Table {number}").format(number=number)),
        "action": f"/t/{signed}",
        "heading": heading,
        "disputed": False,  # the page after a dispute is raised says so (`table_page`)
    }
    room = table_room(srv, number, desk.stored)
    room["time_done"] = time_done(room.get("clock"), context["phase"])
    context["room"] = room
    return context


def _check_time(srv: Any, desk: Desk, number: int, move: str) -> None:
    """Refuse a move of the game once time has ended the match (`time_done`): an undo, a
    redo and a confirmation are still taken."""
    if move.partition("|")[0] in ("undo", "redo", "confirm"):
        return
    loaded = srv.night.loaded()  # cached: one version check
    if loaded is None:
        return
    from tourney.tournament.room.clock import clock_view

    view = clock_view(loaded.state, now(), number)
    if view.state != "over":  # every move but those after time-up: nothing more to read
        return
    phase = getattr(getattr(desk.match, "phase", None), "name", "NOT_STARTED")
    done = time_done(view.as_dict(), phase)
    if done is not None:
        raise TourneyError(page_("Nothing recorded: {done}").format(done=done))


def _template(context: dict[str, Any]) -> str:
    return game(context["game"]).page.template


def _state(desk: Desk) -> dict[str, Any]:
    """The match state as the CLI's ``show --json`` prints it, in the table's game."""
    return desk.game.console.state(desk)


def _recorded(desk: Desk, item: Recorded) -> dict[str, Any]:
    return desk.game.console.recorded_dict(desk, item)


def _heading(srv: Any) -> Any:
    from tourney.reports.heading import heading_of

    loaded = srv.night.loaded()
    return heading_of(loaded.state)


@reads("move", "at", "cid", "tiles")
@edge
async def table_post(request: Request) -> Response:
    srv = server(request)
    signed = request.path_params["token"]
    spans = Spans()
    form = await read_form(request)
    check_csrf(request, form)
    move, tiles, at, cid = _form_fields(form)
    check_writable(srv)
    as_json = wants_json(request)
    device = device_of(request)
    spans.lap("form")

    def record() -> tuple[dict[str, Any], int, str | None, dict[str, Any] | None]:
        spans.lap("wait")
        with srv.night.at_table(signed) as (table, desk):
            spans.lap("open")
            try:
                recorded = _submit(desk, move, tiles, at, cid, device, srv, table.number)
            except TourneyError as exc:
                if isinstance(exc, StoreError) and store_status(exc) != 409:
                    raise  # the store's, not the move's: answered by the edge (503, 507)
                from tourney.web.words import refusal

                desk.refresh()  # a stale page is shown what is there now
                context = _context(srv, desk, table.number, signed, _heading(srv))
                context["error"] = (
                    str(exc) if as_json else refusal(str(exc), desk.stored, at, desk.game)
                )
                context["detail"] = has_session(request)
                context["other_phone"] = _other_phone(srv, table.match_id, device)
                return context, 409, None, None
            spans.lap("move")
            srv.recorders.recorded(table.match_id, device, now())
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
