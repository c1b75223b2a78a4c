"""The round clock's decisions and what it shows, pure: ``now`` is always given.

`decide_*` check a clock command against the state and return the events to append (each
clock action stamped with ``now``, the server's time), or raise `TournamentError` with one
line naming what and where. `clock_view` is what every page and the CLI show of the clock:
the same numbers for the same events and ``now``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from tourney import limits
from tourney.errors import quote
from tourney.i18n import _, page_
from tourney.tournament.events import TournamentEvent
from tourney.tournament.records.room import (
    CallAnswered,
    Clock,
    ClockExtended,
    ClockPaused,
    ClockResumed,
    ClockSet,
    ClockStarted,
    DirectorCalled,
    stamp,
)
from tourney.tournament.records.room_state import TIME_RULES, TimeRule
from tourney.tournament.result_events import MatchStoppedByTime
from tourney.tournament.state import TournamentError, TournamentState


def time_rule(text: str) -> TimeRule:
    """``finish-hand`` or ``stop-now``; TournamentError naming both for anything else."""
    for rule in TIME_RULES:
        if text == rule:
            return rule
    raise TournamentError(
        _("time rule {text}: choose finish-hand or stop-now").format(text=quote(text))
    )


def clock_settings(minutes: int | None, rule: str = "finish-hand") -> list[TournamentEvent]:
    """The clock a new tournament is created with (`tournament create --round-minutes
    --time-rule`): no event without minutes (no clock; the rule alone is kept only with
    them)."""
    checked = time_rule(rule)
    if minutes is None:
        return []
    limits.ROUND_MINUTES.check(minutes, "--round-minutes")
    return [ClockSet(minutes, None, checked)]


def _round(state: TournamentState) -> int:
    state.created  # noqa: B018 - a stream without a tournament is refused here
    if not state.rounds:
        raise TournamentError(
            _("no round of {title} is paired yet: pair one first").format(title=state.title)
        )
    return len(state.rounds)


def last_round(state: TournamentState) -> int:
    """The last round ``state`` can reach, as its format counts them with the field as it
    stands (`Format.last_round`), and never fewer than the rounds already paired."""
    from tourney.tournament.format import format_of

    return max(format_of(state).last_round(state), len(state.rounds))


def decide_set(
    state: TournamentState, minutes: int, round_number: int | None = None, rule: str | None = None
) -> list[TournamentEvent]:
    """Set a round's time (``round_number``), or every round's (None), and the rule."""
    state.created  # noqa: B018
    limits.ROUND_MINUTES.check(minutes, "clock set")
    if round_number is not None:
        limits.ROUNDS.check(round_number, "--round")
        last = last_round(state)
        if round_number > last:
            raise TournamentError(
                _("--round {number}: the last round of {title} is round {count}").format(
                    number=round_number, title=state.title, count=last
                )
            )
    checked = time_rule(rule) if rule is not None else None
    return [ClockSet(minutes, round_number, checked)]


def decide_start(state: TournamentState, now: datetime) -> list[TournamentEvent]:
    number = _round(state)
    if state.room.clock(number) is not None:
        raise TournamentError(
            _("round {number}'s clock is already started: pause or extend it").format(number=number)
        )
    if state.room.minutes_of(number) is None:
        raise TournamentError(
            _(
                "round {number} has no time set: tourney clock set MINUTES (or "
                "tournament create --round-minutes)"
            ).format(number=number)
        )
    return [ClockStarted(number, stamp(now))]


def _started(state: TournamentState) -> tuple[int, Clock]:
    number = _round(state)
    clock = state.room.clock(number)
    if clock is None:
        raise TournamentError(
            _("round {number}'s clock is not started: tourney clock start").format(number=number)
        )
    return number, clock


def decide_pause(state: TournamentState, now: datetime) -> list[TournamentEvent]:
    number, clock = _started(state)
    if not clock.running:
        raise TournamentError(_("round {number}'s clock is already paused").format(number=number))
    return [ClockPaused(number, stamp(now))]


def decide_resume(state: TournamentState, now: datetime) -> list[TournamentEvent]:
    number, clock = _started(state)
    if clock.running:
        raise TournamentError(
            _("round {number}'s clock is running, not paused").format(number=number)
        )
    return [ClockResumed(number, stamp(now))]


def decide_extend(
    state: TournamentState, minutes: int, now: datetime, table: int | None = None
) -> list[TournamentEvent]:
    """Give every table (``table`` None) or one table ``minutes`` more."""
    number, _clock = _started(state)
    limits.EXTEND_MINUTES.check(minutes, "clock extend")
    if table is not None and table not in round_tables(state, number):
        raise TournamentError(
            _("round {number} has no table {table}").format(number=number, table=quote(table))
        )
    return [ClockExtended(number, minutes, stamp(now), table)]


def round_tables(state: TournamentState, number: int) -> list[int]:
    """The table numbers of round ``number`` (its deciding matches too)."""
    return sorted({m.table for m in state.matches.values() if m.round == number})


def decide_call(
    state: TournamentState, table: int, call_id: str, now: datetime
) -> list[TournamentEvent]:
    """A table calls the director; a second call while one waits is the same call."""
    number = _round(state)
    if table not in round_tables(state, number):
        raise TournamentError(
            _("round {number} has no table {table}").format(number=number, table=quote(table))
        )
    if any(c.table == table and c.round == number for c in state.room.waiting_calls()):
        return []
    return [DirectorCalled(call_id, number, table, stamp(now))]


def decide_answer(state: TournamentState, call_id: str, now: datetime) -> list[TournamentEvent]:
    """The director acknowledges a call (a call answered already is left as it is)."""
    call = next((c for c in state.room.calls if c.call_id == call_id), None)
    if call is None:
        raise TournamentError(_("no call {call_id} to answer").format(call_id=quote(call_id)))
    if call.answered is not None:
        return []
    return [CallAnswered(call_id, stamp(now))]


def decide_stop_by_time(
    state: TournamentState,
    match_id: str,
    scores: Sequence[int],
    now: datetime,
    mid_hand: bool = False,
) -> list[TournamentEvent]:
    """A match stopped when its time was up, decided by the tournament's rule from its
    ``scores`` as they stand (one per side): the higher score wins, level scores share.
    Under ``finish-hand`` a table still playing a hand (``mid_hand``) finishes it first."""
    record = state.matches.get(match_id)
    if record is None:
        raise TournamentError(
            _("no match {match_id} in {title}").format(match_id=quote(match_id), title=state.title)
        )
    if record.outcome is not None:
        raise TournamentError(
            _(
                "{match_id} already has a result: to change it, tourney director adjudicate "
                "with --replace"
            ).format(match_id=match_id)
        )
    clock = state.room.clock(record.round)
    if clock is None:
        raise TournamentError(
            _("round {round}'s clock was never started: time is not up").format(round=record.round)
        )
    left = clock.remaining(now, record.table)
    if left > 0:
        raise TournamentError(
            _("time is not up at table {table}: {clock_text} left").format(
                table=record.table, clock_text=clock_text(left)
            )
        )
    if mid_hand and state.room.rule == "finish-hand":
        raise TournamentError(
            _(
                "table {table} is still playing its hand: under the finish-hand "
                "rule the hand in progress is finished first"
            ).format(table=record.table)
        )
    if len(scores) != len(record.sides):
        raise TournamentError(
            _("{match_id}: {count} scores for {count2} sides").format(
                match_id=match_id, count=len(scores), count2=len(record.sides)
            )
        )
    best = max(scores)
    winners = tuple(i for i, s in enumerate(scores) if s == best)
    # The rule is recorded as its code: its words (and how the scores decide) come at reading.
    return [MatchStoppedByTime(match_id, tuple(scores), winners, state.room.rule)]


# -- what the clock shows ----------------------------------------------------------------


def clock_text(seconds: float) -> str:
    """``754.2`` -> ``"12:35"`` (whole seconds up, so 0:00 shows only when time is up);
    over an hour ``"1:02:03"``; never negative."""
    whole = max(0, int(-(-seconds // 1)))
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02}:{secs:02}" if hours else f"{minutes}:{secs:02}"


@dataclass(frozen=True)
class ClockView:
    """The clock as a page shows it (at ``now``, for one table or the whole round)."""

    round: int
    state: str
    """``none`` (no time set), ``ready`` (not started), ``running``, ``paused`` or ``over``."""
    minutes: int | None
    remaining: float
    """Seconds left (0 when over; the round's whole time when not started)."""
    rule: str
    table: int | None = None

    @property
    def text(self) -> str:
        return clock_text(self.remaining)

    @property
    def over_words(self) -> str:
        """What a table is told when time is up."""
        return page_("Last hand") if self.rule == "finish-hand" else page_("Time: stop playing")

    @property
    def label(self) -> str:
        if self.state == "over":
            return self.over_words
        if self.state == "paused":
            return self.text + page_(" (paused)")
        if self.state == "ready":
            return self.text + page_(" (not started)")
        return self.text

    def as_dict(self) -> dict[str, Any]:
        return {
            "round": self.round,
            "state": self.state,
            "minutes": self.minutes,
            "remaining": round(self.remaining, 3),
            "text": self.text,
            "label": self.label,
            "rule": self.rule,
            "table": self.table,
        }


def clock_view(state: TournamentState, now: datetime, table: int | None = None) -> ClockView:
    """The latest round's clock at ``now`` for ``table`` (None: the round's own time)."""
    room = state.room
    number = len(state.rounds)
    minutes = room.minutes_of(number) if number else room.minutes
    clock = room.clock(number) if number else None
    if clock is None:
        kind = "none" if minutes is None else "ready"
        whole = float((minutes or 0) * 60)
        return ClockView(number, kind, minutes, whole, room.rule, table)
    left = clock.remaining(now, table)
    kind = "over" if left <= 0 else "running" if clock.running else "paused"
    return ClockView(number, kind, clock.minutes, max(0.0, left), room.rule, table)
