"""Correcting a round: remove the latest round, or pair it again (`tourney round remove`,
`tourney round repair`). Pure: each ``decide_*`` returns the events to append.

* Only the **latest** round is removed or re-paired (a later round was paired on the
  earlier one's results), and not while a draft of the next round is under review.
* A round is **re-paired** only while none of its matches has an event: nothing recorded
  at any of its tables past the match's start (`recorded`, counted by the caller from the
  tables' streams), and no result or ruling on any of them in the tournament stream.
  Re-pairing is `RoundRemoved` then the round's new `RoundPaired`, in one transaction.
* A round is **removed** on the same condition, or, with ``discard_results``, whatever
  its tables recorded: its tables, byes and results then no longer count (the standings
  are those before it was paired), and the next `tourney pair` pairs that round again.

Nothing is deleted: the `RoundPaired` and the tables' streams stay in the log, the
streams closed by the director's desk; a round paired again takes new match ids
(``SLUG-r3-t1-p2``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from tourney.limits import REASON_LENGTH
from tourney.names import clean_optional
from tourney.tournament.events import RoundPaired, RoundRemoved, TournamentEvent
from tourney.tournament.matches import MatchRecord
from tourney.tournament.next_round import decide_next_round
from tourney.tournament.state import TournamentError, TournamentState, evolve


def round_match_ids(state: TournamentState, number: int) -> tuple[str, ...]:
    """Round `number`'s match ids (deciding matches too), by table."""
    matches = sorted(state.round_matches(number), key=lambda m: (m.table, m.match_id))
    return tuple(m.match_id for m in matches)


def match_event(match: MatchRecord, recorded: int) -> str | None:
    """What `match` has on record, in words, or None when it has no event: `recorded`
    events at the table past its start, a result, a ruling, the play a ruling replaced."""
    if match.outcome is not None:
        return f"a result ({match.outcome.kind.replace('_', '-')})"
    if match.forfeited or match.no_show:
        return "a forfeit or no-show ruling"
    if match.replaced is not None:
        return "a ruling on its play"
    if recorded:
        return f"{recorded} event{'' if recorded == 1 else 's'} recorded at the table"
    return None


def _latest(state: TournamentState, number: int | None, doing: str) -> int:
    if not state.rounds:
        raise TournamentError(f"cannot {doing}: no round of {state.title} is paired")
    latest = state.rounds[-1].round
    if number is not None and number != latest:
        raise TournamentError(
            f"cannot {doing} round {number} of {state.title}: only the latest round, "
            f"{latest}, can be"
            + (" (a later round was paired on its results)" if number < latest else "")
        )
    if state.draft is not None:
        raise TournamentError(
            f"cannot {doing} round {latest} of {state.title}: a draft of round "
            f"{state.draft.round} is under review (tourney draft drop first)"
        )
    return latest


def _first_event(
    state: TournamentState, number: int, recorded: Mapping[str, int]
) -> tuple[str, int] | None:
    """The first table of round `number` (by table) with an event, in words, and how
    many of its tables have one."""
    found: list[str] = []
    for match_id in round_match_ids(state, number):
        match = state.matches[match_id]
        what = match_event(match, recorded.get(match_id, 0))
        if what is not None:
            found.append(f"table {match.table} ({match_id}) has {what}")
    return (found[0], len(found)) if found else None


def _more(count: int) -> str:
    return f" (and {count - 1} more table{'' if count == 2 else 's'})" if count > 1 else ""


def decide_remove_round(
    state: TournamentState,
    number: int,
    *,
    recorded: Mapping[str, int],
    reason: str = "",
    discard_results: bool = False,
) -> list[TournamentEvent]:
    """Remove round `number`, the latest; refused if any of its matches has an event,
    unless `discard_results`."""
    latest = _latest(state, number, "remove")
    why = clean_optional(reason, "reason", REASON_LENGTH) or ""
    first = _first_event(state, latest, recorded)
    if first is not None and not discard_results:
        text, count = first
        raise TournamentError(
            f"cannot remove round {latest} of {state.title}: {text}{_more(count)}; "
            "add --discard-results to remove it with what its tables recorded"
        )
    return [RoundRemoved(latest, why, round_match_ids(state, latest))]


def decide_repair_round(
    state: TournamentState,
    *,
    recorded: Mapping[str, int],
    reason: str = "",
    **pairing: Any,
) -> list[TournamentEvent]:
    """Pair the latest round again, in any format (`pairing`: `decide_next_round`'s
    options), refused
    if any of its matches has an event."""
    latest = _latest(state, None, "re-pair")
    why = clean_optional(reason, "reason", REASON_LENGTH) or ""
    first = _first_event(state, latest, recorded)
    if first is not None:
        text, count = first
        raise TournamentError(
            f"cannot re-pair round {latest} of {state.title}: {text}{_more(count)}; a round "
            f"is re-paired only before any of its matches has an event (tourney round "
            f"remove {latest} --discard-results, then tourney pair)"
        )
    removed = RoundRemoved(
        latest, f"re-paired: {why}" if why else "re-paired", round_match_ids(state, latest)
    )
    events = decide_next_round(evolve(state, removed), **pairing)
    note = f"round {latest} paired again" + (f": {why}" if why else "")
    return [
        removed,
        *(replace(e, notes=(note, *e.notes)) if isinstance(e, RoundPaired) else e for e in events),
    ]
