"""How a tournament match came out, in words and in one-letter marks for the wall chart."""

from __future__ import annotations

from tourney.tournament.matches import MatchRecord
from tourney.tournament.state import TournamentState

KIND_LABELS = {
    "played": "",
    "forfeit": "forfeit",
    "no_show": "no-show",
    "adjudicated": "adjudicated",
    "void": "void",
}


def result_text(state: TournamentState, record: MatchRecord) -> str:
    """``"Ann won (61-40)"``, ``"shared win: Ann, Bo (61-61-12)"``, ``"void: …"`` or
    ``"not played yet"``."""
    outcome = record.outcome
    if outcome is None:
        return "not played yet"
    if outcome.kind == "void":
        return f"void: {outcome.reason}" if outcome.reason else "void"
    names = [state.entrant_name(record.sides[s]) for s in outcome.winners]
    scores = "-".join(str(s) for s in outcome.scores)
    if len(names) == 1:
        text = f"{names[0]} won ({scores})"
    else:
        text = f"shared win: {', '.join(names)} ({scores})"
    label = KIND_LABELS.get(outcome.kind, outcome.kind)
    if label:
        text += f" [{label}{': ' + outcome.reason if outcome.reason else ''}]"
    return text


def result_mark(record: MatchRecord, side: int) -> str:
    """One mark for `side`: W (sole win), W= (shared), L (loss), V (void), '' (unplayed);
    F is appended for a forfeit or no-show, A for an adjudicated result."""
    outcome = record.outcome
    if outcome is None:
        return ""
    if outcome.kind == "void":
        return "V"
    mark = "L"
    if side in outcome.winners:
        mark = "W" if len(outcome.winners) == 1 else "W="
    if outcome.kind in ("forfeit", "no_show"):
        mark += " F"
    elif outcome.kind == "adjudicated":
        mark += " A"
    return mark
