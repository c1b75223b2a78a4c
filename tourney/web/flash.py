"""What the director's page says after an action: what happened to whom ("Ann Lee checked
in", "Round 2 published: 6 tables open"), not only which button was pressed.

An action's details -- a player's name, a table, a round, a count -- are read from the
form and from the tournament once the action succeeded (`details`), carried to the page in
the redirect signed with the server's key (`carry`, `carried`: a forged link cannot make
the page say something that did not happen), and put into words in the reader's language
as the page is drawn (`said`). An action without details says its generic line
(`director_routes.DONE`)."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from tourney.i18n import npage_, page_

PURPOSE = "director-flash"
Details = dict[str, Any]


def _typed(form: Any, name: str) -> str:
    value = form.get(name, "")
    return value if isinstance(value, str) else ""


def _player_name(state: Any, who: str) -> str | None:
    from tourney.errors import TourneyError
    from tourney.tournament.entries import player_id

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
    from tourney.tournament.checkin import door

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
}


def details(name: str, srv: Any, form: Any) -> Details:
    """The details of action ``name`` just done (an empty dict: none to tell). Reads the
    store: call it from a worker thread."""
    if name == "publish":
        return {"folder": str(srv.publish_folder())}
    read = READ.get(name)
    loaded = srv.night.loaded() if read is not None else None
    if read is None or loaded is None:
        return {}
    return read(loaded.state, form)


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


def _door_said(found: Details) -> str:
    words = {
        "in": page_("%(name)s checked in."),
        "out": page_("%(name)s: check-in taken back."),
        "paid": page_("%(name)s: fee %(fee)s paid."),
        "owed": page_("%(name)s: fee marked unpaid."),
        "allow": page_("%(name)s may check in again."),
    }
    return words[found["what"]] % found


def said(name: str, found: Details) -> str | None:
    """What action ``name`` did, in the reader's language; None when its details are not
    known (the generic line is said)."""
    try:
        if name == "pair":
            return npage_(
                "Round %(round)s published: %(count)s table open.",
                "Round %(round)s published: %(count)s tables open.",
                found["count"],
            ) % {"round": found["round"], "count": found["count"]}
        if name == "publish":
            return page_("The site is published in %(folder)s.") % found
        if name == "door":
            return _door_said(found)
        if name in ("register", "withdraw"):
            return {
                "register": page_("%(name)s is registered."),
                "withdraw": page_(
                    "%(name)s is withdrawn: never paired again, still in the standings."
                ),
            }[name] % found
        if "table" in found:
            return {
                "forfeit": page_("Table %(table)s: forfeit recorded."),
                "adjudicate": page_("Table %(table)s: adjudicated result recorded."),
                "void": page_("Table %(table)s: match voided."),
                "no-show": page_("Table %(table)s: no-show recorded."),
                "result": page_(
                    "Table %(table)s: the result from the paper scoresheet is recorded."
                ),
                "stop": page_("Table %(table)s is stopped by time: its current scores decide."),
                "reissue": page_(
                    "Table %(table)s has a new link: its old QR code no longer works."
                ),
            }[name] % found
    except (KeyError, TypeError, ValueError):
        return None
    return None
