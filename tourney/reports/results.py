"""How a tournament match came out, in words and in one-letter marks for the wall chart."""

from __future__ import annotations

from tourney.tournament.matches import MatchRecord
from tourney.tournament.state import TournamentState
from tourney.tournament.winners import scores_text


def result_text(state: TournamentState, record: MatchRecord) -> str:
    """``"Ann won (61-40)"``, ``"shared win: Ann, Bo (61-61-12)"``, ``"void: …"``, ``"not
    played yet"``; a result's source follows in brackets (``[paper scoresheet]``,
    ``[adjudicated: why]``...)."""
    outcome = record.outcome
    if outcome is None and record.forfeited:
        out = ", ".join(state.entrant_name(record.sides[s]) for s in record.forfeited)
        return f"{out} forfeited; the others play on"
    if outcome is None:
        return "not played yet"
    if outcome.kind == "void":
        return f"void: {outcome.reason}" if outcome.reason else "void"
    names = [state.entrant_name(record.sides[s]) for s in outcome.winners]
    scores = scores_text(outcome.scores)
    if len(names) == 1:
        text = f"{names[0]} won ({scores})"
    else:
        text = f"shared win: {', '.join(names)} ({scores})"
    label = outcome.source
    if outcome.forfeited:
        out = ", ".join(state.entrant_name(record.sides[s]) for s in outcome.forfeited)
        label += f"; {out} forfeited"
    if label:
        text += f" [{label}{': ' + outcome.reason if outcome.reason else ''}]"
    return text


def result_mark(record: MatchRecord, side: int) -> str:
    """One mark for `side`: W (sole win), W= (shared), L (loss), V (void), '' (unplayed);
    F is appended for a forfeit or no-show (or a side that forfeited while the others played
    on), A for an adjudicated result, P for one entered from a paper scoresheet."""
    outcome = record.outcome
    if outcome is None:
        return ""
    if outcome.kind == "void":
        return "V"
    mark = "L"
    if side in outcome.winners:
        mark = "W" if len(outcome.winners) == 1 else "W="
    if outcome.kind in ("forfeit", "no_show") or side in outcome.forfeited:
        mark += " F"
    elif outcome.kind == "adjudicated":
        mark += " A"
    elif outcome.kind == "paper":
        mark += " P"
    elif outcome.kind == "time":
        mark += " T"
    return mark
