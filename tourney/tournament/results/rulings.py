"""Results and the director's decisions: a table's result posted or withdrawn, and
adjudications, forfeits, no-shows, voids and results entered from a paper scoresheet."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from tourney.gamekit import game
from tourney.i18n import N_, _, page_
from tourney.tournament.entries.entries import lookup
from tourney.tournament.events import TournamentEvent
from tourney.tournament.matches import (
    MatchRecord,
    RecordedPlay,
)
from tourney.tournament.result_events import (
    AdjudicatedResult,
    Forfeit,
    MatchResultRecorded,
    MatchResultWithdrawn,
    MatchVoided,
    NoShow,
    Others,
    ResultEntered,
    TablePlayReplaced,
)
from tourney.tournament.results.story import PLAYED, result_text, standing_text
from tourney.tournament.results.winners import (
    check_scores,
    check_winners,
    sheet_totals,
    winning_sides,
)
from tourney.tournament.state import TournamentError, TournamentState, sides_of_players

# -- results and the director's decisions ----------------------------------------------


def _match(state: TournamentState, match_id: str) -> MatchRecord:
    return lookup(state, state.matches, match_id, N_("no match {key!r} in {title}"))


def _where(match: MatchRecord) -> str:
    return _("match {id} (round {round}, table {table})").format(
        id=match.match_id, round=match.round, table=match.table
    )


def _check_shape(match: MatchRecord, scores: Sequence[int], winners: Sequence[int]) -> None:
    if len(scores) != len(match.sides):
        raise TournamentError(
            _("{where} has {count} sides but {count2} scores were given").format(
                where=_where(match), count=len(match.sides), count2=len(scores)
            )
        )
    if not winners:
        raise TournamentError(
            _("{where}: a result needs at least one winning side").format(where=_where(match))
        )
    bad = [w for w in winners if not 0 <= w < len(match.sides)]
    if bad or len(set(winners)) != len(winners):
        raise TournamentError(
            _("{where}: winners {list} must be distinct sides 0-{value}").format(
                where=_where(match), list=list(winners), value=len(match.sides) - 1
            )
        )


def check_replacing(state: TournamentState, match: MatchRecord, replace: bool) -> None:
    """The one rule for a director's result over a result: a table that already has one
    (played, paper, adjudicated, forfeit, no-show, time, void) takes another only when
    ``replace`` says so. The refusal quotes the result that stands, so the director sees
    what would be lost; a replaced result stays in the table's story (`MatchRecord.earlier`)."""
    if match.outcome is None or replace:
        return
    said = result_text(state, match)
    if match.outcome.kind == "played":  # how it was recorded, as the rulings say theirs
        said += f" [{page_(PLAYED)}]"
    raise TournamentError(
        _(
            "{where} already has a result: {result}; to replace it say so with --replace "
            "(the result replaced stays in the table's story)"
        ).format(where=_where(match), result=said)
    )


def result_target(state: TournamentState) -> int | None:
    """The score a side must reach to win, as the tournament's game says (`Game.target`);
    None for a game played for net units (Racehorse), where the highest net wins."""
    created = state.created
    return game(created.game).target({"target": created.target, "deals": created.deals})


def net_units(state: TournamentState) -> bool:
    """Whether a result's scores are each player's net units (Racehorse: they add up to 0),
    as the tournament's game shows them (`Display.net_units`); else points."""
    return game(state.created.game).display.net_units


def decide_record_result(
    state: TournamentState, match_id: str, scores: Sequence[int], winners: Sequence[int]
) -> list[TournamentEvent]:
    """Record a table's finished match as its stream replays to: its scores and winners are
    its game's word (`Game.result`), checked here for their shape only. Who wins is a rule
    of the game, never of the tournament: a club's game may end a match by a concession, or
    with a winner short of its target (Horse Race's and Racehorse's engines hold their own
    rules). A result the table posted before is replaced (the table corrected its record);
    the director's rulings (adjudicated, forfeit, no-show, void) are not: they are changed
    only by the director.
    """
    match = _match(state, match_id)
    if match.outcome is not None and match.outcome.kind != "played":
        raise TournamentError(
            _(
                "{where} has the director's ruling ({kind}); the table's result does not replace it"
            ).format(where=_where(match), kind=match.outcome.kind)
        )
    _check_shape(match, scores, winners)
    return [MatchResultRecorded(match_id, tuple(scores), tuple(winners))]


def decide_withdraw_result(state: TournamentState, match_id: str) -> list[TournamentEvent]:
    """A table's result no longer stands (its stream no longer finishes); nothing to withdraw
    when it posted none or the director ruled."""
    match = _match(state, match_id)
    if match.outcome is None or match.outcome.kind != "played":
        return []
    return [MatchResultWithdrawn(match_id)]


def decide_adjudicate(
    state: TournamentState,
    match_id: str,
    scores: Sequence[int],
    winners: Sequence[int],
    reason: str,
    *,
    replace: bool = False,
) -> list[TournamentEvent]:
    """The director sets a result; a reason is required; a result the match has already is
    replaced only with ``replace`` (`check_replacing`).

    The winners are those the scores make (`winners.winning_sides`): a director may stop a
    match short of the target, never crown a lower score."""
    match = _match(state, match_id)
    if not reason.strip():
        raise TournamentError(
            _("an adjudicated result for {where} needs a reason (--reason)").format(
                where=_where(match)
            )
        )
    check_replacing(state, match, replace)
    _check_shape(match, scores, winners)
    target = result_target(state)
    check_scores(_where(match), scores, net_units(state))
    check_winners(
        _where(match),
        scores,
        winners,
        target,
        lambda side: state.entrant_name(match.sides[side]),
        net_units(state),
    )
    return [AdjudicatedResult(match_id, tuple(scores), tuple(winners), reason.strip())]


def decide_forfeit(
    state: TournamentState,
    match_id: str,
    sides: Sequence[int],
    reason: str = "",
    others: Others = "share",
    *,
    replace: bool = False,
) -> list[TournamentEvent]:
    """The director rules that `sides` forfeit. The other sides win at once (shared if
    several), or with `others` ``"play_on"`` and two or more of them left, finish the match
    without them (its result entered from the scoresheet: `decide_enter_result`). With one
    side left, it wins either way. A result the match has is replaced only with
    ``replace``."""
    match = _match(state, match_id)
    bad = [s for s in sides if not 0 <= s < len(match.sides)]
    if not sides or bad or len(set(sides)) >= len(match.sides):
        raise TournamentError(
            _("{where}: forfeiting sides {list} must be some, not all, of sides 0-{value}").format(
                where=_where(match), list=list(sides), value=len(match.sides) - 1
            )
        )
    check_replacing(state, match, replace)
    forfeiting = tuple(sorted(set(sides)))
    if len(match.sides) - len(forfeiting) < 2:
        others = "share"
    return [Forfeit(match_id, forfeiting, reason, others)]


def decide_enter_result(
    state: TournamentState,
    match_id: str,
    scores: Sequence[int] = (),
    hands: Sequence[Sequence[int]] = (),
    note: str = "",
    *,
    play: RecordedPlay | None = None,
    replace: bool = False,
) -> list[TournamentEvent]:
    """A finished match's result from its paper scoresheet: final scores per side, or the
    points of each hand (which add up to them). The sides that reached the target win
    (`winners.sheet_totals` checks the sheet); a side that forfeited while the others
    played on cannot.

    `play` is the play recorded at the table, still open to its scorers: a paper result
    over it, or over a result the match has already (`check_replacing`), is refused
    (quoting where that play or result stands) unless ``replace`` says so."""
    match = _match(state, match_id)
    where = _where(match)
    if play is not None and not replace:
        raise TournamentError(
            _(
                "{where} has play recorded at the table ({standing_text}): a paper result "
                "would replace it; say so with --replace (the recorded play stays readable "
                "as what was played)"
            ).format(where=where, standing_text=standing_text(state, match, play))
        )
    check_replacing(state, match, replace)

    def name(side: int) -> str:
        return state.entrant_name(match.sides[side])

    target = result_target(state)
    totals = sheet_totals(where, len(match.sides), scores, hands, target, name, net_units(state))
    winners = winning_sides(totals, target)
    # a ruling replaced (`check_replacing`) takes its forfeits with it
    forfeited = match.forfeited if match.outcome is None else ()
    out = [name(side) for side in winners if side in forfeited]
    if out:
        raise TournamentError(
            _("{where}: {out} forfeited while the others played on, and cannot win").format(
                where=where, out=", ".join(out)
            )
        )
    sheet = tuple(tuple(hand) for hand in hands)
    return [ResultEntered(match_id, totals, winners, sheet, note)]


def decide_no_show(
    state: TournamentState,
    match_id: str,
    player_ids: Sequence[str],
    others: Others = "share",
    *,
    replace: bool = False,
) -> list[TournamentEvent]:
    """Players did not turn up: their sides forfeit the match. The sides present share the
    win at once, or with `others` ``"play_on"`` and two or more of them, play the match
    without them (its result entered from the scoresheet), as after a forfeit. A result the
    match has is replaced only with ``replace``."""
    match = _match(state, match_id)
    strangers = [p for p in player_ids if p not in match.seats]
    if not player_ids or strangers:
        raise TournamentError(
            _("{where}: no-show players {value} are not seated there").format(
                where=_where(match), value=", ".join(strangers) or "(none)"
            )
        )
    if len(sides_of_players(state, match, player_ids)) >= len(match.sides):
        raise TournamentError(
            _("{where}: every side is absent; void the match instead").format(where=_where(match))
        )
    check_replacing(state, match, replace)
    absent = sides_of_players(state, match, player_ids)
    if len(match.sides) - len(absent) < 2:
        others = "share"
    return [NoShow(match_id, tuple(player_ids), others)]


def decide_void(state: TournamentState, match_id: str, reason: str = "") -> list[TournamentEvent]:
    """The director voids a match: it scores nothing for anyone."""
    match = _match(state, match_id)
    if match.outcome is not None and not match.outcome.counts:
        raise TournamentError(_("{where} is already void").format(where=_where(match)))
    return [MatchVoided(match_id, reason)]


RULING_EVENTS = (AdjudicatedResult, ResultEntered, Forfeit, NoShow, MatchVoided)
"""The events by which the director rules on a match (each closes its table's stream)."""


def note_replaced_play(
    state: TournamentState,
    events: Sequence[TournamentEvent],
    play_of: Callable[[str], RecordedPlay | None],
) -> list[TournamentEvent]:
    """The ruling `events`, each ruling on a match whose table still holds play of its own
    (``play_of(match_id)``: None when the table recorded nothing, or the director has
    closed it already) preceded by a `TablePlayReplaced` that says how far that play went:
    so that every output can tell that the ruling replaced it, and what was played."""
    out: list[TournamentEvent] = []
    seen: set[str] = set()
    for event in events:
        if isinstance(event, RULING_EVENTS) and event.match_id not in seen:
            seen.add(event.match_id)
            play = play_of(event.match_id)
            if play is not None and event.match_id in state.matches:
                out.append(
                    TablePlayReplaced(
                        event.match_id, play.version, play.scores, play.winners, play.finished
                    )
                )
        out.append(event)
    return out
