"""What the director's page says after an action, in the reader's language: each action's
words from the details `tourney.web.flash` read and signed into the redirect ("Ann Lee
checked in", "Round 2 published: 6 tables open", "Table 3: 5 more minutes")."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from tourney.i18n import local_decimal, npage_, page_
from tourney.web.flash import Details


def _door_said(found: Details) -> str:
    words = {
        "in": page_("%(name)s checked in."),
        "out": page_("%(name)s: check-in taken back."),
        "paid": page_("%(name)s: fee %(fee)s paid."),
        "owed": page_("%(name)s: fee marked unpaid."),
        "allow": page_("%(name)s may check in again."),
    }
    return words[found["what"]] % {**found, "fee": local_decimal(str(found.get("fee", "")))}


def _published(found: Details) -> str:
    return npage_(
        "Round %(round)s published: %(count)s table open.",
        "Round %(round)s published: %(count)s tables open.",
        found["count"],
    ) % {"round": found["round"], "count": found["count"]}


def _clock_said(found: Details) -> str:
    what = found["clock"]
    if what in ("extend", "set") or (what == "start" and "minutes" in found):
        minutes = found["minutes"]
        if what == "extend" and "table" in found:
            words = npage_(
                "Table %(table)s: %(minutes)s more minute.",
                "Table %(table)s: %(minutes)s more minutes.",
                minutes,
            )
        elif what == "extend":
            words = npage_(
                "Round %(round)s: every table has %(minutes)s more minute.",
                "Round %(round)s: every table has %(minutes)s more minutes.",
                minutes,
            )
        elif what == "set":
            words = npage_(
                "Round %(round)s lasts %(minutes)s minute.",
                "Round %(round)s lasts %(minutes)s minutes.",
                minutes,
            )
        else:
            words = npage_(
                "Round %(round)s: the clock is running, %(minutes)s minute.",
                "Round %(round)s: the clock is running, %(minutes)s minutes.",
                minutes,
            )
        return words % found
    return {
        "start": page_("Round %(round)s: the clock is running."),
        "pause": page_("Round %(round)s: the clock is paused."),
        "resume": page_("Round %(round)s: the clock runs again."),
    }[what] % found


def _draft_said(found: Details) -> str:
    what = found["draft"]
    if what == "publish":
        return _published(found)
    if what == "make":
        return (
            npage_(
                "Draft of round %(round)s: %(count)s table, not published yet.",
                "Draft of round %(round)s: %(count)s tables, not published yet.",
                found["count"],
            )
            % found
        )
    return {
        "swap": page_("Draft: %(first)s and %(second)s swap places."),
        "drop": page_("The draft of round %(round)s is dropped: nothing was published."),
    }[what] % found


def _sanction_said(found: Details) -> str:
    what = found["sanction"]
    if what == "penalty" and "points" in found:
        return page_("%(name)s: penalty recorded, match points -%(points)s.") % found
    return {
        "penalty": page_("%(name)s: penalty recorded."),
        "warning": page_("%(name)s: warning recorded."),
        "lift-penalty": page_("%(name)s: penalty lifted."),
        "lift-warning": page_("%(name)s: warning lifted."),
    }[what] % found


def _upheld_said(found: Details) -> str:
    return (
        npage_(
            "Table %(table)s: the result is upheld, %(count)s dispute closed.",
            "Table %(table)s: the result is upheld, %(count)s disputes closed.",
            found["count"],
        )
        % found
    )


def _repaired_said(found: Details) -> str:
    return (
        npage_(
            "Round %(round)s is paired again: %(count)s new table open, with a new link.",
            "Round %(round)s is paired again: %(count)s new tables open, with new links.",
            found["count"],
        )
        % found
    )


def _named_said(name: str, found: Details) -> str:
    return {
        "register": page_("%(name)s is registered."),
        "withdraw": page_("%(name)s is withdrawn: never paired again, still in the standings."),
        "remove": page_("%(name)s: registration taken back."),
    }[name] % found


def _table_said(name: str, found: Details) -> str:
    return {
        "forfeit": page_("Table %(table)s: forfeit recorded."),
        "adjudicate": page_("Table %(table)s: adjudicated result recorded."),
        "void": page_("Table %(table)s: match voided."),
        "no-show": page_("Table %(table)s: no-show recorded."),
        "result": page_("Table %(table)s: the result from the paper scoresheet is recorded."),
        "stop": page_("Table %(table)s is stopped by time: its current scores decide."),
        "reissue": page_("Table %(table)s has a new link: its old QR code no longer works."),
        "answer": page_("Table %(table)s: the call is answered."),
    }[name] % found


SAID: dict[str, Callable[[Details], str]] = {
    "pair": _published,
    "repair": _repaired_said,
    "publish": lambda found: page_("The site is published in %(folder)s.") % found,
    "door": _door_said,
    "door-code": lambda found: (
        page_("The door's code is now %(code)s: print the QR poster again.") % found
    ),
    "clock": _clock_said,
    "draft": _draft_said,
    "sanction": _sanction_said,
    "uphold": _upheld_said,
    "remove-round": lambda found: (
        page_("Round %(round)s is removed: the standings are as before it.") % found
    ),
    **{n: partial(_named_said, n) for n in ("register", "withdraw", "remove")},
    **{
        n: partial(_table_said, n)
        for n in ("forfeit", "adjudicate", "void", "no-show", "result", "stop", "reissue", "answer")
    },
}
"""What each action says it did, from its details."""


def said(name: str, found: Details) -> str | None:
    """What action ``name`` did, in the reader's language; None when its details are not
    known (the generic line is said)."""
    words = SAID.get(name)
    try:
        return None if words is None else words(found)
    except (KeyError, TypeError, ValueError):
        return None
