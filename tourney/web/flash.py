"""What the director's page says after an action: what happened to whom ("Ann Lee checked
in", "Round 2 published: 6 tables open"), not only which button was pressed.

An action's details -- a player's name, a table, a round, a count -- are read from the
form and from the tournament once the action succeeded (`details`), carried to the page in
the redirect signed with the server's key (`carry`, `carried`: a forged link cannot make
the page say something that did not happen), and put into words in the reader's language
as the page is drawn (`flash_words.said`). An action without details says its generic line
(`director_routes.DONE`). An action that takes away what it would name (a registration
taken back, the disputes an upheld result closes) reads it first (`before`)."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

PURPOSE = "director-flash"
Details = dict[str, Any]


def _typed(form: Any, name: str) -> str:
    value = form.get(name, "")
    return value if isinstance(value, str) else ""


def _player_name(state: Any, who: str) -> str | None:
    from tourney.errors import TourneyError
    from tourney.tournament.entries.entries import player_id

    try:
        return str(state.players[player_id(state, who)].name)
    except (TourneyError, KeyError):
        return None


def _table(state: Any, form: Any) -> Details:
    match = state.matches.get(_typed(form, "match"))
    return {} if match is None else {"table": match.table, "round": match.round}


def _pair(state: Any, form: Any) -> Details:
    if not state.rounds:
        return {}
    number = state.rounds[-1].round
    return {"round": number, "count": len(state.round_matches(number))}


def _door(state: Any, form: Any) -> Details:
    name = _player_name(state, _typed(form, "player"))
    what = _typed(form, "door")
    if name is None or what not in ("in", "out", "paid", "owed", "allow"):
        return {}
    from tourney.tournament.room.checkin import door

    fee = door(state).fee
    return {"name": name, "what": what, "fee": "" if fee is None else str(fee)}


def _named(state: Any, form: Any) -> Details:
    name = _player_name(state, _typed(form, "player"))
    return {} if name is None else {"name": name}


def _registered(state: Any, form: Any) -> Details:
    if not state.players:
        return {}
    return {"name": list(state.players.values())[-1].name}


def _reissued(state: Any, form: Any) -> Details:
    typed = _typed(form, "table")
    return {"table": int(typed)} if typed.isdigit() else {}


def _round_number(state: Any) -> int:
    return len(state.rounds)


def _clock(state: Any, form: Any) -> Details:
    what = _typed(form, "clock")
    number = _round_number(state)
    if what not in ("start", "pause", "resume", "extend", "set") or not number:
        return {}
    found: Details = {"clock": what, "round": number}
    if what == "start":
        minutes = state.room.minutes_of(number)
        return {**found, "minutes": minutes} if minutes is not None else found
    typed = _typed(form, "minutes").strip()
    if what in ("extend", "set") and typed.isdigit():
        found["minutes"] = int(typed)
    table = _typed(form, "table").strip()
    if what == "extend" and table.isdigit():
        found["table"] = int(table)
    return found


def _answered(state: Any, form: Any) -> Details:
    call = next((c for c in state.room.calls if c.call_id == _typed(form, "call")), None)
    return {} if call is None else {"table": call.table, "round": call.round}


def _draft(state: Any, form: Any) -> Details:
    what = _typed(form, "draft")
    if what == "publish":
        return {"draft": what, **_pair(state, form)}
    if what == "drop":
        return {"draft": what, "round": _round_number(state) + 1}
    draft = state.draft
    if draft is None:
        return {}
    if what == "make":
        return {"draft": what, "round": draft.round, "count": len(draft.tables)}
    first, second = (_player_name(state, _typed(form, n)) for n in ("first", "second"))
    if what == "swap" and first is not None and second is not None:
        return {"draft": what, "first": first, "second": second}
    return {}


def _door_code(state: Any, form: Any) -> Details:
    code = state.room.door_code
    return {} if code is None else {"code": code}


def _round_removed(state: Any, form: Any) -> Details:
    typed = _typed(form, "round").strip()
    return {"round": int(typed)} if typed.isdigit() else {}


def _match_named(state: Any, form: Any) -> Any:
    """The match the form names (a table code or a match id), None for one the action
    refuses."""
    from tourney.errors import TourneyError
    from tourney.streams.tables import match_id_of

    try:
        return state.matches.get(match_id_of(state, _typed(form, "match")))
    except TourneyError:
        return None


def _open_disputes(state: Any, form: Any) -> Details:
    match = _match_named(state, form)
    if match is None:
        return {}
    held = state.disputes.of_match(match.match_id)
    return {"count": sum(1 for d in held if d.status == "open")}


def _upheld(state: Any, form: Any) -> Details:
    match = _match_named(state, form)
    return {} if match is None else {"table": match.table, "round": match.round}


def _sanction(state: Any, form: Any) -> Details:
    from tourney.errors import TourneyError
    from tourney.tournament.entries.entries import player_id
    from tourney.tournament.matches import points_text

    what = _typed(form, "sanction")
    try:
        who = player_id(state, _typed(form, "player"))
    except TourneyError:
        return {}
    if who not in state.players or what not in SANCTIONS:
        return {}
    found: Details = {"sanction": what, "name": state.players[who].name}
    given = [s for s in state.sanctions.of_player(who) if s.kind == "penalty"]
    if what == "penalty" and given:
        found["points"] = points_text(given[-1].points)
    return found


SANCTIONS = ("penalty", "warning", "lift-penalty", "lift-warning")


# What each action's details are read before it: the tournament as it was, and its form.
BEFORE: dict[str, Callable[[Any, Any], Details]] = {
    "remove": _named,
    "uphold": _open_disputes,
}

# What each action's details are read from: the tournament after the action, and its form.
READ: dict[str, Callable[[Any, Any], Details]] = {
    "pair": _pair,
    "door": _door,
    "register": _registered,
    "withdraw": _named,
    "forfeit": _table,
    "adjudicate": _table,
    "void": _table,
    "no-show": _table,
    "result": _table,
    "stop": _table,
    "reissue": _reissued,
    "clock": _clock,
    "answer": _answered,
    "draft": _draft,
    "door-code": _door_code,
    "repair": _pair,
    "remove-round": _round_removed,
    "uphold": _upheld,
    "sanction": _sanction,
}


def _read(
    readers: dict[str, Callable[[Any, Any], Details]], name: str, srv: Any, form: Any
) -> Details:
    read = readers.get(name)
    loaded = srv.night.loaded() if read is not None else None
    if read is None or loaded is None:
        return {}
    return read(loaded.state, form)


def before(name: str, srv: Any, form: Any) -> Details:
    """What action ``name`` would take away, read before it runs (an empty dict: nothing,
    and no read of the store for most actions). From a worker thread."""
    return _read(BEFORE, name, srv, form)


def details(name: str, srv: Any, form: Any, early: Details | None = None) -> Details:
    """The details of action ``name`` just done (an empty dict: none to tell), with what
    `before` read (``early``). Reads the store: call it from a worker thread."""
    if name == "publish":
        return {"folder": str(srv.publish_folder())}
    found = _read(READ, name, srv, form)
    if name in BEFORE and not early:
        return {}  # what it names was not there to read: the generic line
    return {**(early or {}), **found}


def carry(srv: Any, name: str, found: Details) -> str:
    """``found`` signed for the redirect's query."""
    return str(srv.signer.sign(PURPOSE, json.dumps({"done": name, **found}, sort_keys=True)))


def carried(srv: Any, name: str, signed: str) -> Details:
    """The details a redirect carried for action ``name`` (an empty dict for none, a
    forged or another action's)."""
    text = srv.signer.unsign(PURPOSE, signed) if signed else None
    try:
        found = json.loads(text) if text else {}
    except ValueError:
        return {}
    if not isinstance(found, dict) or found.pop("done", None) != name:
        return {}
    return found
