"""The decisions on conduct: a result disputed at a table and the director's answer
(`tourney.tournament.records.disputes`); penalties, warnings and lifting them
(`tourney.tournament.records.penalties`). Each `decide_*` checks its command against the state and
returns the events to append, or raises `TournamentError` with one line naming what and
where (nothing is written)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from fractions import Fraction

from tourney import limits
from tourney.errors import quote
from tourney.i18n import N_, _
from tourney.names import clean_reason
from tourney.tournament.events import TournamentEvent
from tourney.tournament.records.disputes import Dispute, DisputeResolved, ResultDisputed
from tourney.tournament.records.penalties import (
    PenaltyGiven,
    Sanction,
    SanctionLifted,
    WarningGiven,
)
from tourney.tournament.records.penalties_state import SanctionKind
from tourney.tournament.records.room import stamp
from tourney.tournament.state import TournamentError, TournamentState, sides_of_players

# -- disputes --------------------------------------------------------------------------

STATUS_WORDS = {"open": N_("open"), "upheld": N_("upheld"), "replaced": N_("replaced")}
"""A dispute's status in the CLI's words."""


def decide_dispute(
    state: TournamentState,
    match_id: str,
    player_id: str,
    reason: str,
    now: datetime,
    confirmed: Sequence[str] = (),
) -> list[TournamentEvent]:
    """``player_id`` disputes the result of ``match_id``, saying why: refused when the
    table has no result, the player is not at it, the next round is paired already, their
    side disputed this result already, or the player confirmed it (``confirmed``: the names
    who did, from the table's stream)."""
    why = clean_reason(reason)
    record = state.matches.get(match_id)
    if record is None:
        raise TournamentError(
            _("no table {match} in {title}").format(match=quote(match_id), title=state.title)
        )
    name = state.players[player_id].name if player_id in state.players else player_id
    if player_id not in record.seats:
        raise TournamentError(
            _("{name} is not at table {table}: only its players dispute its result").format(
                name=quote(name), table=record.table
            )
        )
    if record.outcome is None:
        raise TournamentError(
            _("table {table} has no result yet: a result is disputed once it is in").format(
                table=record.table
            )
        )
    latest = state.rounds[-1].round if state.rounds else record.round
    if latest > record.round:
        raise TournamentError(
            _(
                "round {paired} is paired: the result of table {table} in round {round} can "
                "no longer be disputed; the director can still correct it"
            ).format(paired=latest, table=record.table, round=record.round)
        )
    if not why:
        raise TournamentError(
            _("say why the result of table {table} is wrong (--reason)").format(table=record.table)
        )
    if name in confirmed:
        raise TournamentError(
            _("{name} confirmed the result of table {table}: ask the director").format(
                name=name, table=record.table
            )
        )
    sides = sides_of_players(state, record, [player_id])
    side = sides[0] if sides else record.seats.index(player_id)
    for held in state.disputes.of_match(match_id):
        if held.side == side and held.status != "replaced":
            raise TournamentError(
                _(
                    "{side} already disputed the result of table {table} ({status}): one "
                    "dispute a side"
                ).format(
                    side=state.entrant_name(record.sides[side])
                    if side < len(record.sides)
                    else name,
                    table=record.table,
                    status=_(STATUS_WORDS[held.status]),
                )
            )
    number = state.disputes.next_number()
    return [ResultDisputed(number, match_id, player_id, side, why, stamp(now))]


def open_disputes(state: TournamentState, match_id: str) -> tuple[Dispute, ...]:
    """The open disputes of ``match_id``; refused when there is none."""
    found = tuple(d for d in state.disputes.of_match(match_id) if d.status == "open")
    if not found:
        record = state.matches.get(match_id)
        table = record.table if record is not None else match_id
        raise TournamentError(
            _("no open dispute at table {table}: tourney disputes lists them").format(table=table)
        )
    return found


def decide_uphold(state: TournamentState, match_id: str, note: str = "") -> list[TournamentEvent]:
    """The director upholds the result of ``match_id``: every open dispute of it is
    resolved, with the director's ``note`` for the players. (To replace the result
    instead, the director enters the right one: that closes the disputes as replaced.)"""
    kept = clean_reason(note, _("note"))
    return [DisputeResolved(d.number, kept) for d in open_disputes(state, match_id)]


# -- penalties and warnings ------------------------------------------------------------


def _player_name(state: TournamentState, player_id: str) -> str:
    player = state.players.get(player_id)
    if player is None:
        raise TournamentError(
            _("no player {who} in {title}").format(who=quote(player_id), title=state.title)
        )
    return player.name


def _reason_for(state: TournamentState, player_id: str, reason: str, kind: SanctionKind) -> str:
    why = clean_reason(reason)
    if not why:
        raise TournamentError(
            (
                _("say why {name} is given a penalty (--reason)")
                if kind == "penalty"
                else _("say why {name} is given a warning (--reason)")
            ).format(name=_player_name(state, player_id))
        )
    return why


def decide_penalty(
    state: TournamentState, player_id: str, points: Fraction, reason: str
) -> list[TournamentEvent]:
    """A penalty of ``points`` match points on ``player_id``, with the director's reason."""
    name = _player_name(state, player_id)
    limits.check_penalty(points, name)
    why = _reason_for(state, player_id, reason, "penalty")
    number = state.sanctions.next_number()
    return [PenaltyGiven(number, player_id, why, len(state.rounds), points=points)]


def decide_warning(state: TournamentState, player_id: str, reason: str) -> list[TournamentEvent]:
    """A warning to ``player_id``, with the director's reason: on record, no points."""
    _player_name(state, player_id)
    why = _reason_for(state, player_id, reason, "warning")
    return [WarningGiven(state.sanctions.next_number(), player_id, why, len(state.rounds))]


def latest_in_force(state: TournamentState, player_id: str, kind: SanctionKind) -> Sanction:
    """``player_id``'s latest penalty (or warning) not lifted; refused when none."""
    name = _player_name(state, player_id)
    held = [s for s in state.sanctions.of_player(player_id) if s.kind == kind and not s.lifted]
    if not held:
        raise TournamentError(
            (
                _("{name} has no penalty to lift")
                if kind == "penalty"
                else _("{name} has no warning to lift")
            ).format(name=name)
        )
    return held[-1]


def decide_lift(
    state: TournamentState,
    player_id: str,
    kind: SanctionKind,
    reason: str = "",
    number: int | None = None,
) -> list[TournamentEvent]:
    """Lift ``player_id``'s penalty (or warning) ``number``, or their latest in force: it
    stays on record, marked lifted, and a lifted penalty costs nothing."""
    if number is None:
        return [
            SanctionLifted(latest_in_force(state, player_id, kind).number, clean_reason(reason))
        ]
    held = state.sanctions.given.get(number)
    if held is None or held.player_id != player_id or held.kind != kind or held.lifted:
        raise TournamentError(
            (
                _("{name} has no penalty #{number} to lift")
                if kind == "penalty"
                else _("{name} has no warning #{number} to lift")
            ).format(name=_player_name(state, player_id), number=number)
        )
    return [SanctionLifted(number, clean_reason(reason))]
