"""What the room's pages show, built from the tournament's events and the server's clock:
the round clock (as a page's clock element carries it), the calls, a table's closing, the
door's list. Used by the director's page, the table pages, the wall display and /me; the
routes that change the room are in `room_routes` and `door_routes`."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Any

from tourney.director import room as director_room
from tourney.i18n import format_time, local_decimal, page_
from tourney.reports.notes import shown_all
from tourney.tournament.room.clock import ClockView, clock_view

if TYPE_CHECKING:
    from collections.abc import Sequence

    from tourney.director.desk import Loaded
    from tourney.streams.matches import StreamEvent
    from tourney.tournament.records.room import Call
    from tourney.tournament.state import TournamentState
    from tourney.web.night import Night
    from tourney.web.shared import Shared


def now() -> datetime:
    """The server's time (one place to read it; tests set `director.room.server_now`)."""
    return director_room.server_now()


def epoch_ms(moment: datetime) -> int:
    return int(moment.timestamp() * 1000)


def clock_data(view: ClockView, at: datetime) -> dict[str, Any]:
    """What a page's clock element carries: the view, and the server's time it was computed
    at (``at_ms``) so that a page shown later counts from the right moment."""
    return {**view.as_dict(), "at_ms": epoch_ms(at), "over_words": view.over_words}


def local_time(moment: datetime) -> str:
    """``19:13`` in the server's own time zone (the director's laptop, in the hall), as the
    reader's language writes a time of day (Babel)."""
    return format_time(moment.astimezone())


def call_lines(calls: tuple[Call, ...]) -> list[dict[str, Any]]:
    return [
        {
            "id": c.call_id,
            "table": c.table,
            "round": c.round,
            "at": local_time(c.at),
            "answered": local_time(c.answered) if c.answered is not None else None,
        }
        for c in calls
    ]


def table_room(srv: Shared, table: int, stored: Sequence[StreamEvent] = ()) -> dict[str, Any]:
    """A table page's clock, its call to the director (waiting, or answered), and, once
    the director closed the table's stream (``stored``), how it was closed and the result."""
    loaded = srv.night.loaded()
    moment = now()
    if loaded is None:
        return {"clock": None, "call": None, "closed": None}
    state = loaded.state
    number = len(state.rounds)
    calls = [c for c in state.room.calls if c.round == number and c.table == table]
    return {
        "table": table,
        "clock": clock_data(clock_view(state, moment, table), moment),
        "call": call_lines((calls[-1],))[0] if calls else None,
        "closed": _closed(state, stored),
        "disputes": table_disputes(state, stored),
    }


def table_disputes(state: TournamentState, stored: Sequence[StreamEvent]) -> dict[str, Any] | None:
    """A table page's disputes: each one raised at this table (who, why, how it stands)
    and the players who may still dispute its result (``open_to``: seat and name; none
    once the next round is paired, or before there is a result). None for an ad-hoc
    match."""
    from tourney.reports.conduct import DISPUTE_STATUS
    from tourney.streams.matches import confirmations, table_of

    named = table_of(stored[0] if stored else None)
    record = state.matches.get(named[1]) if named is not None else None
    if record is None:
        return None
    raised = state.disputes.of_match(record.match_id)
    kept = {d.side for d in raised if d.status != "replaced"}
    current = bool(state.rounds) and state.rounds[-1].round == record.round
    confirmed = set(confirmations(stored))
    open_to = []
    if record.outcome is not None and current:
        from tourney.tournament.state import sides_of_players

        for seat, player_id in enumerate(record.seats):
            name = state.players[player_id].name
            sides = sides_of_players(state, record, [player_id])
            if name not in confirmed and not kept.intersection(sides):
                open_to.append((seat, name))
    return {
        "lines": [
            {
                "by": state.players[d.player_id].name if d.player_id in state.players else "",
                "reason": d.reason,
                "status": d.status,
                "status_words": page_(DISPUTE_STATUS[d.status]),
                "note": d.note,
            }
            for d in raised
        ],
        "open_to": open_to,
    }


def director_disputes(loaded: Loaded | None) -> dict[str, Any]:
    """The director's page: the open disputes (table, who, why, the table's story) and
    the last few resolved."""
    from tourney.reports.conduct import DISPUTE_STATUS, dispute_rows

    if loaded is None:
        return {"disputes": [], "resolved": []}
    rows = dispute_rows(loaded.state)
    for row in rows:
        row["status_words"] = page_(DISPUTE_STATUS[row["status"]])
    return {
        "disputes": [r for r in rows if r["status"] == "open"],
        "resolved": [r for r in rows if r["status"] != "open"][-5:],
    }


def _closed(state: TournamentState, stored: Sequence[StreamEvent]) -> dict[str, str] | None:
    """How the director closed a table (its ruling in the reader's words), why, and the result in
    words; None while the table records."""
    from tourney.reports.results import result_text
    from tourney.streams.matches import closed_by, ruling_of, table_of
    from tourney.web.words import RULING_WORDS

    closing = closed_by(stored)
    if closing is None:
        return None
    named = table_of(stored[0] if stored else None)
    record = state.matches.get(named[1]) if named is not None else None
    ruling, reason = ruling_of(closing)
    return {
        "ruling": page_(RULING_WORDS.get(ruling, "a ruling")),
        "reason": reason,
        "result": result_text(state, record) if record is not None else "",
    }


def board_room(srv: Shared) -> dict[str, Any]:
    """The wall display's clock (the round's) and the tables given extra time."""
    context = director_room_context(srv.night.loaded())
    return {"clock": context["clock"], "table_clocks": context["table_clocks"]}


def director_room_context(loaded: Loaded | None, night: Night | None = None) -> dict[str, Any]:
    """The director's page: the clock, each table's time when it was extended, the calls,
    the tables whose time is up (with ``night``: each said as "finishing hand 3" or "done
    by time", `time_up_words`)."""
    if loaded is None:
        return {
            "clock": None,
            "calls": [],
            "answered": [],
            "table_clocks": {},
            "time_up": set(),
            "time_up_words": {},
            "finishing": set(),
        }
    state = loaded.state
    moment = now()
    view = clock_view(state, moment)
    clock = state.room.clock(view.round)
    extra = dict(clock.table_extra) if clock is not None else {}
    table_clocks = {
        table: {
            "extra": minutes,
            "clock": clock_data(clock_view(state, moment, table), moment),
        }
        for table, minutes in extra.items()
    }
    over = {
        m.table
        for m in state.matches.values()
        if m.round == view.round
        and m.outcome is None
        and clock is not None
        and clock.remaining(moment, m.table) <= 0
    }
    return {
        "clock": clock_data(view, moment),
        "calls": call_lines(state.room.waiting_calls()),
        "answered": call_lines(tuple(c for c in state.room.calls if c.answered is not None))[-5:],
        "table_clocks": table_clocks,
        "time_up": over,
        **(
            time_up_words(night, loaded, over)
            if night is not None
            else {"time_up_words": {}, "finishing": set()}
        ),
    }


def time_up_words(night: Night, loaded: Loaded, over: set[int]) -> dict[str, Any]:
    """The tables whose time is up, as the director reads them: ``finishing hand 3``
    (``deal 3 of 12``) while one plays the hand in progress under the finish-hand rule,
    else ``done by time`` (it may be stopped); ``finishing`` holds the former's numbers."""
    from tourney.gamekit import game
    from tourney.streams.matches import match_id as canonical
    from tourney.web.board import game_settings
    from tourney.web.reads import match_lines

    state = loaded.state
    tables = [t for t in night.tables(loaded) if t.number in over]
    rows = match_lines(night.store, [canonical(t.match_id) for t in tables])
    display = game(state.created.game).display
    words: dict[int, str] = {}
    finishing: set[int] = set()
    for table in tables:
        _scores, playing = director_room.current_scores(night.director, table.match_id)
        if playing and state.room.rule == "finish-hand":
            row = rows.get(canonical(table.match_id))
            playing_now = max(1, row.hands if row is not None else 0)  # counts the hand begun
            progress = display.progress_text(playing_now, game_settings(state), len(table.seats))
            words[table.number] = page_("finishing {progress}").format(progress=progress)
            finishing.add(table.number)
        else:
            words[table.number] = page_("done by time")
    return {"time_up_words": words, "finishing": finishing}


def time_done(clock: dict[str, Any] | None, phase: str) -> str | None:
    """What a table page says once time has ended its match (None while it plays on): under
    the finish-hand rule once the hand in progress at time-up is counted (``phase``, the
    match's, is between hands or deals), under stop-now at once. A match over by itself
    ended by its own rules, not by time."""
    if clock is None or clock.get("state") != "over" or phase in ("over", "OVER"):
        return None
    if clock.get("rule") == "finish-hand":
        if phase.upper() not in director_room.BETWEEN:
            return None
        return page_(
            "Time is up: the match has ended by time, no new hand is started. The director "
            "records the result."
        )
    return page_(
        "Time is up: the match has ended by time. Stop playing: the director records the "
        "result from the scores as they stand."
    )


def door_context(loaded: Loaded | None) -> dict[str, Any]:
    """The director's page: the door's list with names, and the fees."""
    from tourney.tournament.room.checkin import door

    if loaded is None:
        return {"door": None}
    state = loaded.state
    if not state.room.check_in and state.room.fee is None:
        return {"door": None}
    listed = door(state)
    rows = [
        {
            "id": pid,
            "name": player.name,
            "in": pid in state.room.checked_in,
            "late": pid in listed.late,
            "paid": pid in state.room.paid,
            "taken_back": pid in state.room.taken_back,
        }
        for pid, player in state.players.items()
        if not player.withdrawn
    ]
    return {
        "door": {
            "required": state.room.check_in,
            "code": state.room.door_code,
            "rows": rows,
            "checked_in": len(listed.checked_in),
            "missing": [state.players[p].name for p in listed.missing],
            "late": [state.players[p].name for p in listed.late],
            "fee": None if listed.fee is None else local_decimal(listed.fee),
            "paid": len(listed.paid),
            "owed": len(listed.owed),
            "paid_total": local_decimal(listed.paid_total),
            "owed_total": local_decimal(listed.owed_total),
        }
    }


def draft_context(loaded: Loaded | None) -> dict[str, Any]:
    """The director's page: the draft of the next round under review, in names."""
    if loaded is None or loaded.state.draft is None:
        return {"draft": None}
    state = loaded.state
    draft = state.draft
    assert draft is not None
    placed = [p for t in draft.tables for p in t.seats] + list(draft.byes)
    return {
        "draft": {
            "round": draft.round,
            "tables": [
                {"number": t.number, "seats": [state.entrant_name(p) for p in t.seats]}
                for t in draft.tables
            ],
            "byes": [state.entrant_name(p) for p in draft.byes],
            "notes": shown_all(state, draft.notes),
            "players": sorted(
                ((p, state.entrant_name(p)) for p in placed), key=lambda item: item[1]
            ),
        }
    }
