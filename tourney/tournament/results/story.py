"""How a tournament match came out, in words: the one story every output tells.

`result_text` is the only place that says what a match's result is — the CLI's pairings and
rulings, `show` at a table the director closed, the director's page, the wall display and
every published page ask it — so none can say that Zoë won where the standings say José
did. The result that counts is the tournament's (`MatchRecord.outcome`: the table's own
record, or the director's ruling); when a ruling replaced play recorded at the table, the
story says so and names how far that play went, which stays readable as what was played.
"""

from __future__ import annotations

from tourney.i18n import page_, page_mark
from tourney.tournament.matches import MatchRecord, Outcome, RecordedPlay
from tourney.tournament.records.room_state import TIE_RULE, TIME_RULE_WORDS
from tourney.tournament.results.winners import scores_text
from tourney.tournament.state import TournamentState

REPLACED = page_mark("result replaced by the director")
"""How a ruling over recorded play is introduced, everywhere."""

PLAYED = page_mark("recorded at the table")
"""How a table's own result was recorded, where a sentence must say (a refusal to replace it)."""


def result_text(state: TournamentState, record: MatchRecord) -> str:
    """``"Ann won (61-40)"``, ``"shared win: Ann, Bo (61-61-12)"``, ``"void: …"``, ``"not
    played yet"``; a result's source follows in brackets (``[paper scoresheet]``,
    ``[adjudicated: why]``...). A ruling that replaced play recorded at the table reads
    ``"result replaced by the director: José won (10-61) [paper scoresheet]; play recorded
    at the table: Zoë won (61-26)"``."""
    text = _result(state, record)
    notes = [earlier_note(state, record, outcome) for outcome in reversed(record.earlier)]
    if record.replaced is not None:
        notes.append(replaced_note(state, record))
    if not notes:
        return text
    told = "; ".join([text, *notes])
    if record.outcome is None:  # a forfeit or no-show whose others play on
        return told
    return f"{page_(REPLACED)}: {told}"


def earlier_note(state: TournamentState, record: MatchRecord, outcome: Outcome) -> str:
    """``"replaced: Ann won (61-40) [paper scoresheet]"``: a result the director replaced
    with another (`MatchRecord.earlier`), in the words of the result that counts."""
    return page_("replaced: {result}").format(result=_outcome_text(state, record, outcome))


def ruling_line(state: TournamentState, record: MatchRecord) -> str:
    """What a table the director closed shows above its own play: ``"Result that counts:
    <result_text>"``, or, while the others play on after a forfeit or no-show, ``"The
    director's ruling: <result_text>; the result is entered from their scoresheet"``."""
    if record.outcome is None:
        return page_(
            "The director's ruling: {result}; the result is entered from their scoresheet"
        ).format(result=result_text(state, record))
    return page_("Result that counts: {result}").format(result=result_text(state, record))


def replaced_note(state: TournamentState, record: MatchRecord) -> str:
    """``"play recorded at the table: Zoë won (61-26-24-11)"`` ("" when nothing was
    replaced): in the game's words, never the stream's version (players read it)."""
    if record.replaced is None:
        return ""
    return page_("play recorded at the table: {played}").format(played=played_text(state, record))


def played_note(state: TournamentState, record: MatchRecord) -> str:
    """For a sheet that shows a table's recorded play under the director's result: "" when
    the play is the result, else a sentence saying the play below is only what was played."""
    if record.replaced is None or record.outcome is None:
        return ""
    replaced = page_(REPLACED)
    return page_(
        "{replaced}: the play recorded at this table is shown below as played ({played}); "
        "the result above is the one that counts."
    ).format(
        replaced=replaced[:1].upper() + replaced[1:],
        played=played_text(state, record),
    )


def played_text(state: TournamentState, record: MatchRecord) -> str:
    """Where the play recorded at the table stood when the director's ruling replaced it:
    ``"Zoë won (61-26-24-11)"``, or ``"unfinished at 40-26-24-11"``."""
    play = record.replaced
    if play is None:
        return ""
    return standing_text(state, record, play)


def standing_text(state: TournamentState, record: MatchRecord, play: RecordedPlay) -> str:
    """Where `play` at `record`'s table stands: ``"Zoë won (61-26-24-11)"``, or
    ``"unfinished at 40-26-24-11"``."""
    scores = scores_text(play.scores)
    if not play.finished or not play.winners:
        return page_("unfinished at {scores}").format(scores=scores)
    names = [_name(state, record, side) for side in play.winners]
    return _won(names, scores)


def _won(names: list[str], scores: str) -> str:
    """``"Ann won (61-40)"``, ``"shared win: Ann, Bo (61-61-12)"``."""
    if len(names) == 1:
        return page_("{name} won ({scores})").format(name=names[0], scores=scores)
    return page_("shared win: {names} ({scores})").format(names=", ".join(names), scores=scores)


def _name(state: TournamentState, record: MatchRecord, side: int) -> str:
    if side < len(record.sides):
        return state.entrant_name(record.sides[side])
    return page_("side {side}").format(side=side)


def _absent(state: TournamentState, record: MatchRecord) -> str:
    return ", ".join(state.players[p].name for p in record.no_show if p in state.players)


TIME_NOTES = (
    page_mark("finish the hand in progress, then stop"),
    page_mark("stop at once"),
    page_mark("the higher score wins; level scores share the win"),
)
"""The words a stopped-by-time result shows (its rule and `room.TIE_RULE`), for this catalog."""


def time_note(reason: str) -> str:
    """A stopped-by-time result's reason in the reader's language: its rule's code
    (``stop-now``) said as the rule and how the scores decide; any other note as it was
    recorded, each part tourney once wrote in English said again."""
    if reason in TIME_RULE_WORDS:
        return f"{page_(TIME_RULE_WORDS[reason])}; {page_(TIE_RULE)}"
    return "; ".join(page_(part) if part in TIME_NOTES else part for part in reason.split("; "))


def _result(state: TournamentState, record: MatchRecord) -> str:
    outcome = record.outcome
    if outcome is None and record.forfeited:
        if record.no_show:
            return page_("no-show: {names}; the others play on").format(
                names=_absent(state, record)
            )
        out = ", ".join(_name(state, record, s) for s in record.forfeited)
        return page_("{names} forfeited; the others play on").format(names=out)
    if outcome is None:
        return page_("not played yet")
    return _outcome_text(state, record, outcome)


def _outcome_text(state: TournamentState, record: MatchRecord, outcome: Outcome) -> str:
    if outcome.kind == "void":
        if outcome.reason:
            return page_("void: {reason}").format(reason=outcome.reason)
        return page_("void")
    names = [_name(state, record, s) for s in outcome.winners]
    text = _won(names, scores_text(outcome.scores))
    label = page_(outcome.source) if outcome.source else ""
    if outcome.reason:
        reason = time_note(outcome.reason) if outcome.kind == "time" else outcome.reason
        label += f": {reason}"
    if record.no_show and outcome.kind not in ("no_show", "forfeit") and outcome.forfeited:
        label += "; " + page_("no-show: {names}").format(names=_absent(state, record))
    elif outcome.forfeited:
        out = ", ".join(_name(state, record, s) for s in outcome.forfeited)
        label += "; " + page_("{names} forfeited").format(names=out)
    if label:
        text += f" [{label}]"
    return text
