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

from tourney.i18n import _, ngettext
from tourney.limits import REASON_LENGTH
from tourney.names import clean_optional
from tourney.tournament.events import RoundPaired, TournamentEvent
from tourney.tournament.matches import MatchRecord
from tourney.tournament.notes.notes import note
from tourney.tournament.round_events import RoundRemoved
from tourney.tournament.seating.next_round import decide_next_round
from tourney.tournament.state import TournamentError, TournamentState, evolve


def round_match_ids(state: TournamentState, number: int) -> tuple[str, ...]:
    """Round `number`'s match ids (deciding matches too), by table."""
    matches = sorted(state.round_matches(number), key=lambda m: (m.table, m.match_id))
    return tuple(m.match_id for m in matches)


def match_event(match: MatchRecord, recorded: int) -> str | None:
    """What `match` has on record, in words, or None when it has no event: `recorded`
    events at the table past its start, a result, a ruling, the play a ruling replaced."""
    if match.outcome is not None:
        return _("a result ({kind})").format(kind=match.outcome.kind.replace("_", "-"))
    if match.forfeited or match.no_show:
        return _("a forfeit or no-show ruling")
    if match.replaced is not None:
        return _("a ruling on its play")
    if recorded:
        return ngettext(
            "{count} event recorded at the table", "{count} events recorded at the table", recorded
        ).format(count=recorded)
    return None


def _latest(state: TournamentState, number: int | None, doing: str) -> int:
    """The latest round, which only may be removed (``doing="remove"``) or re-paired."""
    removing = doing == "remove"
    if not state.rounds:
        raise TournamentError(
            (
                _("cannot remove: no round of {title} is paired")
                if removing
                else _("cannot re-pair: no round of {title} is paired")
            ).format(title=state.title)
        )
    latest = state.rounds[-1].round
    if number is not None and number != latest:
        raise TournamentError(
            (
                _(
                    "cannot remove round {number} of {title}: only the latest round, {latest}, "
                    "can be"
                )
                if removing
                else _(
                    "cannot re-pair round {number} of {title}: only the latest round, {latest}, "
                    "can be"
                )
            ).format(number=number, title=state.title, latest=latest)
            + (_(" (a later round was paired on its results)") if number < latest else "")
        )
    if state.draft is not None:
        raise TournamentError(
            (
                _(
                    "cannot remove round {latest} of {title}: a draft of round {draft} is under "
                    "review (tourney draft drop first)"
                )
                if removing
                else _(
                    "cannot re-pair round {latest} of {title}: a draft of round {draft} is under "
                    "review (tourney draft drop first)"
                )
            ).format(latest=latest, title=state.title, draft=state.draft.round)
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
            found.append(
                _("table {table} ({match_id}) has {what}").format(
                    table=match.table, match_id=match_id, what=what
                )
            )
    return (found[0], len(found)) if found else None


def _more(count: int) -> str:
    if count < 2:
        return ""
    return ngettext(" (and {count} more table)", " (and {count} more tables)", count - 1).format(
        count=count - 1
    )


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
            _(
                "cannot remove round {latest} of {title}: {text}{more}; add --discard-results "
                "to remove it with what its tables recorded"
            ).format(latest=latest, title=state.title, text=text, more=_more(count))
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
            _(
                "cannot re-pair round {latest} of {title}: {text}{more}; a round is re-paired "
                "only before any of its matches has an event (tourney round remove {latest} "
                "--discard-results, then tourney pair)"
            ).format(latest=latest, title=state.title, text=text, more=_more(count))
        )
    removed = RoundRemoved(latest, why, round_match_ids(state, latest), repaired=True)
    events = decide_next_round(evolve(state, removed), **pairing)
    said = (
        note("round.paired_again_because", round=latest, reason=why)
        if why
        else note("round.paired_again", round=latest)
    )
    return [
        removed,
        *(replace(e, notes=(said, *e.notes)) if isinstance(e, RoundPaired) else e for e in events),
    ]
