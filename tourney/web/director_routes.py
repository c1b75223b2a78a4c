"""The director's page: `/director` shows the round by table (playing, hand N, finished,
confirmed) with each table's QR code, and its forms pair the next round, rule on a match
(forfeit, adjudicated result, void), reissue a table's link and publish the site — each
through the director's desk, as the CLI's commands do.

Every page and action needs the director's session (a signed cookie given for the
password, ended by signing out or a new password: `tourney.web.sessions`); without a
password configured the director's pages are disabled. Failed logins are rate-limited per
address. What the forms type is read by the CLI's own readers (see `_forfeit`).
"""

from __future__ import annotations

import hmac
from collections.abc import Callable
from typing import Any
from urllib.parse import quote as url_quote

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import Route

from tourney.errors import TourneyError, quote
from tourney.i18n import N_, _, page_, page_mark
from tourney.limits import ROUNDS, SIGNED_SCORE, TABLE, Bound, LimitError, parse_wholes
from tourney.tournament.format import Format, format_of
from tourney.web import flash, flash_words, sessions
from tourney.web.respond import (
    NO_STORE,
    BadForm,
    Forbidden,
    check_csrf,
    check_writable,
    client_address,
    edge,
    has_session,
    read_form,
    reads,
    refusal,
    render,
    server,
)

SESSION_COOKIE = sessions.COOKIE
SESSION_HOURS = sessions.HOURS
DISABLED = N_(
    "the director's pages are disabled: start tourney serve with "
    "--director-password-file PATH, --ask-password or TOURNEY_DIRECTOR_PASSWORD"
)
DONE = {
    "login": page_mark("Signed in."),
    "pair": page_mark("The next round is paired: its tables are open and have new links."),
    "forfeit": page_mark("Forfeit recorded."),
    "adjudicate": page_mark("Adjudicated result recorded."),
    "void": page_mark("Match voided."),
    "reissue": page_mark("The table's link is reissued: the old QR code no longer works."),
    "publish": page_mark("The site is published."),
    "clock": page_mark("The clock is set."),
    "stop": page_mark("The table is stopped by time: its current scores decide."),
    "answer": page_mark("The call is answered."),
    "door": page_mark("Done at the door."),
    "door-code": page_mark("The door has a new code: print the QR poster again."),
    "draft": page_mark("The draft is updated."),
    "register": page_mark("The player is registered."),
    "withdraw": page_mark("The player is withdrawn: never paired again, still in the standings."),
    "remove": page_mark("The registration is taken back."),
    "no-show": page_mark("No-show recorded."),
    "result": page_mark("The result from the paper scoresheet is recorded."),
    "repair": page_mark("The latest round is paired again: its first tables are closed."),
    "remove-round": page_mark("The round is removed: the standings are as before it."),
    "uphold": page_mark("The result is upheld: its disputes are closed."),
    "sanction": page_mark("The penalty or warning is recorded."),
}


async def _has_session(request: Request) -> bool:
    """Whether the request carries a live director's session (it reads the sign-outs of
    every process: the database, in a worker thread)."""
    return await run_in_threadpool(has_session, request)


async def _require_session(request: Request) -> None:
    if server(request).director_password is None:
        raise Forbidden(_(DISABLED))
    if not await _has_session(request):
        raise Forbidden(_("the director's session is needed: sign in at /director/login"))


@edge
async def login_page(request: Request) -> Response:
    if server(request).director_password is None:
        raise Forbidden(_(DISABLED))
    heading = await _heading(request)
    if heading is None:
        raise TourneyError(_("no tournament yet: create one with tourney tournament create NAME"))
    return render(request, "web/login.html", {"heading": heading})


@reads("password")
@edge
async def login(request: Request) -> Response:
    srv = server(request)
    if srv.director_password is None:
        raise Forbidden(_(DISABLED))
    address = client_address(request)
    wait = srv.logins.retry_after(address)
    if wait:
        response = refusal(
            request, _("too many failed sign-ins: try again in {wait} s").format(wait=wait), 429
        )
        response.headers["Retry-After"] = str(wait)
        return response
    form = await read_form(request)
    check_csrf(request, form)
    password = form.get("password")
    if not isinstance(password, str) or not hmac.compare_digest(
        password.encode(), srv.director_password.encode()
    ):
        srv.logins.failed(address)
        return refusal(request, _("wrong password"), 403)
    srv.logins.succeeded(address)
    response = RedirectResponse("/director?done=login", status_code=303, headers=NO_STORE)
    response.set_cookie(
        SESSION_COOKIE,
        srv.sessions.issue(),
        max_age=SESSION_HOURS * 3600,
        httponly=True,
        samesite="strict",
        secure=request.url.scheme == "https",  # behind a TLS proxy (--behind-proxy)
        path="/",
    )
    return response


@reads()
@edge
async def logout(request: Request) -> Response:
    """Ends this browser's session in every server process on the database (see
    `tourney.web.sessions`), and forgets its cookie."""
    form = await read_form(request)
    check_csrf(request, form)
    srv = server(request)
    session = srv.sessions.session_id(request.cookies.get(SESSION_COOKIE))
    if session is not None:
        await run_in_threadpool(srv.sessions.end, session)
    response = RedirectResponse("/director/login", status_code=303, headers=NO_STORE)
    response.delete_cookie(SESSION_COOKIE, path="/")
    return response


async def _heading(request: Request) -> Any:
    from tourney.reports.heading import heading_of

    loaded = await run_in_threadpool(server(request).night.loaded)
    return heading_of(loaded.state) if loaded is not None else None


async def _links_base(request: Request) -> str | None:
    """For a director's page: the base URL of the table links, or None without the
    session (the page then sends the browser to sign in)."""
    srv = server(request)
    if srv.director_password is None:
        raise Forbidden(_(DISABLED))
    if not await _has_session(request):
        return None
    return srv.public_url or str(request.base_url).rstrip("/")


@edge
async def director_page(request: Request) -> Response:
    srv = server(request)
    base = await _links_base(request)
    if base is None:
        return RedirectResponse("/director/login", status_code=303, headers=NO_STORE)

    def look() -> dict[str, Any]:
        from tourney.reports.results import result_text
        from tourney.web.board import board_context
        from tourney.web.qr import qr_svg

        context = board_context(srv.night, srv.store, confirmations_too=True)
        loaded = srv.night.loaded()
        links = {}
        matches: list[dict[str, Any]] = []
        if loaded is not None:
            for table in context["tables"]:
                url = f"{base}/t/{srv.night.token(loaded, table.number)}"
                links[table.number] = {"url": url, "svg": qr_svg(url)}
            state = loaded.state
            for record in state.matches.values():
                if record.round != len(state.rounds):
                    continue
                matches.append(
                    {
                        "id": record.match_id,
                        "table": record.table,
                        "sides": [state.entrant_name(e) for e in record.sides],
                        "players": [state.players[p].name for p in record.seats],
                        "result": result_text(state, record),
                        "has_result": record.outcome is not None,
                    }
                )
        from tourney.tournament.formats.elimination.bracket import SHARED_WIN_RULE

        fmt = _format(loaded)
        knockout = fmt is not None and fmt.deciding_matches
        brackets = fmt.table_brackets(loaded.state) if fmt and loaded else {}
        for m in matches:
            m["bracket"] = brackets.get(m["id"], "")
        from tourney.reports.conduct import sanction_rows
        from tourney.web.room_pages import (
            director_disputes,
            director_room_context,
            door_context,
            draft_context,
        )

        return {
            **context,
            **director_room_context(loaded, srv.night),
            **director_disputes(loaded),
            "sanctions": sanction_rows(loaded.state) if loaded is not None else [],
            **door_context(loaded),
            **draft_context(loaded),
            "links": links,
            "matches": matches,
            "players": _players(loaded),
            "drafts": fmt is not None and fmt.drafts,
            "deciding_matches": knockout,
            "knockout_rule": page_(SHARED_WIN_RULE) if knockout else None,
            "brackets": brackets,
        }

    context = await run_in_threadpool(look)
    name = request.query_params.get("done", "")
    told = flash.carried(server(request), name, request.query_params.get("said", ""))
    done = flash_words.said(name, told) if told else None
    if done is None:  # no details (or not ours): the action's generic line
        generic = DONE.get(name)
        done = None if generic is None else page_(generic)
    if context["heading"] is None:
        raise TourneyError(_("no tournament yet: create one with tourney tournament create NAME"))
    return render(request, "web/director.html", {**context, "notice": done})


@edge
async def table_cards_page(request: Request) -> Response:
    """The latest round's table cards (the published template) with each table's QR code,
    for the director to print: director's session only, as the links record."""
    srv = server(request)
    base = await _links_base(request)
    if base is None:
        return RedirectResponse("/director/login", status_code=303, headers=NO_STORE)

    def look() -> dict[str, Any]:
        from tourney.reports.heading import heading_of
        from tourney.reports.rounds import round_name, table_cards
        from tourney.web.qr import qr_svg

        loaded = srv.night.loaded()
        if loaded is None or not loaded.state.rounds:
            raise TourneyError(_("no round is paired: there are no table cards yet"))
        number = len(loaded.state.rounds)
        codes = {
            t.number: qr_svg(f"{base}/t/{srv.night.token(loaded, t.number)}")
            for t in srv.night.tables(loaded)
        }
        return {
            "heading": heading_of(loaded.state),
            "name": round_name(loaded.state, number),
            "cards": table_cards(loaded.state, number),
            "qr_codes": codes,
        }

    return render(request, "table_cards.html", await run_in_threadpool(look))


def _players(loaded: Any) -> list[dict[str, Any]]:
    """The registered players, for the withdraw and remove forms: name, id, withdrawn."""
    if loaded is None:
        return []
    state = loaded.state
    return [
        {"id": p.player_id, "name": p.name, "withdrawn": p.withdrawn}
        for p in state.players.values()
    ]


def _format(loaded: Any) -> Format | None:
    """The format of the tournament shown (None: none yet)."""
    return None if loaded is None else format_of(loaded.state)


def _ints(values: list[Any], what: str, bound: Bound = SIGNED_SCORE) -> list[int]:
    """Whole numbers as typed in a form's boxes, within ``bound`` (the CLI's bounds: an
    absurd number is refused here, never stored)."""
    try:
        return parse_wholes(values, bound)
    except LimitError as exc:
        raise BadForm(f"{what}: {exc}") from None


def action(name: str, run: Callable[[Any, Any], None], *fields: str) -> Callable[..., Any]:
    """A director's action reading the form ``fields``: session and CSRF checked, then
    ``run(server, form)`` in a worker thread, then back to the director's page saying what
    was done."""

    @reads(*fields)
    @edge
    async def handler(request: Request) -> Response:
        await _require_session(request)
        form = await read_form(request)
        check_csrf(request, form)
        srv = server(request)
        check_writable(srv)
        early = await run_in_threadpool(flash.before, name, srv, form)
        await run_in_threadpool(run, srv, form)
        srv.feed.poke()
        found = await run_in_threadpool(flash.details, name, srv, form, early)
        said = f"&said={url_quote(flash.carry(srv, name, found))}" if found else ""
        return RedirectResponse(f"/director?done={name}{said}", status_code=303, headers=NO_STORE)

    handler.__name__ = f"director_{name}"
    return handler


def _slug(srv: Any) -> str:
    slug = srv.night.slug()
    if slug is None:
        raise TourneyError(_("no tournament yet: create one with tourney tournament create NAME"))
    return str(slug)


def _flag(form: Any, name: str) -> bool:
    """A checkbox: absent (off) or ``on`` (what a browser sends for a ticked box)."""
    value = form.get(name)
    if value is not None and value != "on":
        raise BadForm(
            _("{name}: a ticked box sends 'on', not {value}").format(name=name, value=quote(value))
        )
    return value is not None


def _pair(srv: Any, form: Any) -> None:
    from tourney.tournament.seating.next_round import decide_deciding_matches, decide_next_round

    override = _flag(form, "override")
    avoid = _flag(form, "avoid_same_club")
    deciding = _flag(form, "deciding")
    from tourney.director.season import pairing_ratings

    director = srv.night.director
    slug = _slug(srv)
    ratings = None if deciding else pairing_ratings(director, slug)
    director.pair(
        slug,
        lambda state: (
            decide_deciding_matches(state)
            if deciding
            else decide_next_round(state, override=override, avoid_same_club=avoid, ratings=ratings)
        ),
    )


# The text fields are read as the CLI's director commands read their options, by the same
# functions (`tourney.streams.tables`, `tourney.limits`, `tourney.names`): the same cleaning, the
# same limits, the same refusals, in the same order.


def _typed(form: Any, name: str) -> str:
    """A text field as typed (blank when absent): the readers clean it, as the CLI's."""
    value = form.get(name, "")
    return value if isinstance(value, str) else ""


def _ticked(form: Any) -> str:
    """The side boxes ticked, as the CLI's ``--sides`` text (``"1,3"``)."""
    return ",".join(v for v in form.getlist("sides") if isinstance(v, str))


def _forfeit(srv: Any, form: Any) -> None:
    from tourney.names import clean_reason
    from tourney.streams.tables import match_and_sides
    from tourney.tournament.result_events import Others
    from tourney.tournament.results.rulings import decide_forfeit

    match, sides, reason = _typed(form, "match"), _ticked(form), _typed(form, "reason")
    others: Others = _others(form)
    replace = _flag(form, "replace")
    _execute(
        srv,
        lambda state: decide_forfeit(
            state,
            *match_and_sides(state, match, sides),
            clean_reason(reason),
            others,
            replace=replace,
        ),
    )


def _adjudicate(srv: Any, form: Any) -> None:
    from tourney.names import clean_reason
    from tourney.streams.tables import match_and_sides, match_id_of, scores_of
    from tourney.tournament.results.rulings import decide_adjudicate, result_target
    from tourney.tournament.results.winners import winning_sides

    match, winners, reason = _typed(form, "match"), _ticked(form), _typed(form, "reason")
    replace = _flag(form, "replace")
    # a box beside each name (in seat order), or one box typed as the CLI's "Ann=61,Bo=40"
    typed = ",".join(v for v in form.getlist("scores") if isinstance(v, str))

    def decide(state: Any) -> Any:
        match_id = match_id_of(state, match)
        scores = scores_of(state, match_id, typed)
        if winners:
            match_id, sides = match_and_sides(state, match, winners)
        else:  # as the CLI without --winners: the sides the scores make winners
            sides = list(winning_sides(scores, result_target(state)))
        return decide_adjudicate(
            state, match_id, scores, sides, clean_reason(reason), replace=replace
        )

    _execute(srv, decide)


def _void(srv: Any, form: Any) -> None:
    from tourney.names import clean_reason
    from tourney.streams.tables import match_id_of
    from tourney.tournament.results.rulings import decide_void

    match, reason = _typed(form, "match"), _typed(form, "reason")
    _execute(srv, lambda state: decide_void(state, match_id_of(state, match), clean_reason(reason)))


def _no_show(srv: Any, form: Any) -> None:
    """`tourney director no-show TABLE NAME... [--others]`: the players ticked by name."""
    from tourney.streams.tables import match_id_of
    from tourney.tournament.results.rulings import decide_no_show
    from tourney.tournament.results.sides import seat_of

    match = _typed(form, "match")
    players = [v for v in form.getlist("players") if isinstance(v, str)]
    others = _others(form)
    replace = _flag(form, "replace")

    def decide(state: Any) -> Any:
        match_id = match_id_of(state, match)
        record = state.matches[match_id]
        absent = [seat_of(state, record, p) for p in players]
        return decide_no_show(state, match_id, absent, others=others, replace=replace)

    _execute(srv, decide)


def _others(form: Any) -> Any:
    """The ``others`` choice after a forfeit or no-show, as the CLI's ``--others``."""
    typed = _typed(form, "others").strip().replace("-", "_") or "play_on"  # the CLI's default
    others = "share" if typed == "share" else "play_on"
    if typed != others:
        raise TourneyError(
            _("others: play_on or share, not {value}").format(value=quote(_typed(form, "others")))
        )
    return others


def _result(srv: Any, form: Any) -> None:
    """`tourney director result TABLE --scores ... [--note] [--replace]`: a box beside each
    name (in seat order), or one box typed as the CLI's "Ann=61,Bo=40"."""
    from tourney.names import clean_reason
    from tourney.streams.tables import match_id_of, scores_of
    from tourney.tournament.results.rulings import decide_enter_result

    match, note, replace = _typed(form, "match"), _typed(form, "note"), _flag(form, "replace")
    typed = ",".join(v for v in form.getlist("scores") if isinstance(v, str))
    director = srv.night.director

    def decide(state: Any) -> Any:
        match_id = match_id_of(state, match)
        values = scores_of(state, match_id, typed)
        return decide_enter_result(
            state,
            match_id,
            values,
            [],
            clean_reason(note, "note"),
            play=director.table_play(match_id),
            replace=replace,
        )

    _execute(srv, decide)


def _execute(srv: Any, decide: Callable[[Any], Any]) -> None:
    """A ruling on a match: recorded with its table's stream closed, as the CLI does."""
    srv.night.director.rule(_slug(srv), decide)


# The players, as `tourney player add | withdraw | remove` (the same deciders and readers).


def _optional_int(form: Any, name: str, bound: Bound) -> int | None:
    """A number box left blank is None; typed, it is read within the CLI's ``bound``."""
    typed = _typed(form, name)
    if not typed.strip():
        return None
    return _ints([typed], name, bound)[0]


def _register(srv: Any, form: Any) -> None:
    """`tourney player add NAME [--club] [--rating] [--seed] [--start-points]`: a late
    entry, linked to the club roster's person of that name as the CLI links it."""
    from tourney import limits
    from tourney.director.season import linking
    from tourney.tournament.entries.entries import decide_register, next_player_number

    name, club = _typed(form, "name"), _typed(form, "club") or None
    rating = _optional_int(form, "rating", limits.RATING)
    seed = _optional_int(form, "seed", limits.SEED)
    points = limits.parse_points(_typed(form, "start_points").strip() or "0", "start points")
    director = srv.night.director
    effects, _said = linking(director.store, False, None, director.recorded_by)
    director.execute(
        _slug(srv),
        lambda state: decide_register(
            state,
            f"p{next_player_number(state)}",
            name,
            club=club,
            rating=rating,
            seed=seed,
            start_points=points,
        ),
        effects=effects,
    )


def _withdraw(srv: Any, form: Any) -> None:
    from tourney.tournament.entries.entries import decide_withdraw, player_id

    who, reason = _typed(form, "player"), _typed(form, "reason")
    srv.night.director.execute(
        _slug(srv), lambda state: decide_withdraw(state, player_id(state, who), reason)
    )


def _remove(srv: Any, form: Any) -> None:
    from tourney.tournament.entries.entries import decide_remove, player_id

    who, reason = _typed(form, "player"), _typed(form, "reason")
    srv.night.director.execute(
        _slug(srv), lambda state: decide_remove(state, player_id(state, who), reason)
    )


def _reissue(srv: Any, form: Any) -> None:
    tables = _ints([form.get("table")], "table", TABLE)
    if len(tables) != 1:
        raise BadForm(_("say which table's link to reissue"))
    srv.night.reissue(tables[0])


def _repair(srv: Any, form: Any) -> None:
    """`tourney round repair` from the page: the same decision, the same refusals."""
    from tourney.director.season import pairing_ratings
    from tourney.tournament.results.round_corrections import decide_repair_round

    override, avoid = _flag(form, "override"), _flag(form, "avoid_same_club")
    reason = _typed(form, "reason")
    director = srv.night.director
    slug = _slug(srv)
    ratings = pairing_ratings(director, slug)

    def decide(state: Any) -> Any:
        return decide_repair_round(
            state,
            recorded=director.recorded_in_latest_round(state),
            reason=reason,
            override=override,
            avoid_same_club=avoid,
            ratings=ratings,
        )

    director.correct_round(slug, decide)


def _remove_round(srv: Any, form: Any) -> None:
    """`tourney round remove N` from the page."""
    from tourney.tournament.results.round_corrections import decide_remove_round

    (number,) = _ints([form.get("round")], "round", ROUNDS)
    discard, reason = _flag(form, "discard_results"), _typed(form, "reason")
    director = srv.night.director

    def decide(state: Any) -> Any:
        return decide_remove_round(
            state,
            number,
            recorded=director.recorded_in_latest_round(state),
            reason=reason,
            discard_results=discard,
        )

    director.correct_round(_slug(srv), decide, untouched=not discard)


def _publish(srv: Any, form: Any) -> None:
    from tourney.director.site import publish_tournament

    publish_tournament(srv.night.director, _slug(srv), srv.publish_folder())


routes = [
    Route("/director", director_page, methods=["GET"]),
    Route("/director/cards", table_cards_page, methods=["GET"]),
    Route("/director/login", login_page, methods=["GET"]),
    Route("/director/login", login, methods=["POST"]),
    Route("/director/logout", logout, methods=["POST"]),
    Route(
        "/director/pair",
        action("pair", _pair, "override", "avoid_same_club", "deciding"),
        methods=["POST"],
    ),
    Route(
        "/director/forfeit",
        action("forfeit", _forfeit, "match", "sides", "others", "reason", "replace"),
        methods=["POST"],
    ),
    Route(
        "/director/adjudicate",
        action("adjudicate", _adjudicate, "match", "scores", "sides", "reason", "replace"),
        methods=["POST"],
    ),
    Route("/director/void", action("void", _void, "match", "reason"), methods=["POST"]),
    Route(
        "/director/no-show",
        action("no-show", _no_show, "match", "players", "others", "replace"),
        methods=["POST"],
    ),
    Route(
        "/director/result",
        action("result", _result, "match", "scores", "note", "replace"),
        methods=["POST"],
    ),
    Route(
        "/director/register",
        action("register", _register, "name", "club", "rating", "seed", "start_points"),
        methods=["POST"],
    ),
    Route(
        "/director/withdraw", action("withdraw", _withdraw, "player", "reason"), methods=["POST"]
    ),
    Route("/director/remove", action("remove", _remove, "player", "reason"), methods=["POST"]),
    Route("/director/reissue", action("reissue", _reissue, "table"), methods=["POST"]),
    Route("/director/publish", action("publish", _publish), methods=["POST"]),
    Route(
        "/director/repair",
        action("repair", _repair, "reason", "override", "avoid_same_club"),
        methods=["POST"],
    ),
    Route(
        "/director/remove-round",
        action("remove-round", _remove_round, "round", "reason", "discard_results"),
        methods=["POST"],
    ),
]
