"""The room on the night: the round clock and the calls to the director, as events of the
tournament stream, the clocks and calls they make, and how each changes the room
(`evolve_room`; the room itself, as every state starts with it, is
`tourney.tournament.records.room_state.Room`). Loaded when a stream holds a room event
(`state.evolve`) or a decision makes one.

Every clock action carries the server's time when it was decided (``at``, ISO 8601 UTC):
the time left is a pure function of those times and a ``now`` given by the caller
(`Clock.remaining`), never a phone's clock. A restarted server folds the same events to the
same clock.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any, ClassVar, TypeAlias

from tourney.tournament.records.door import CheckInAllowed, DoorCodeSet
from tourney.tournament.records.room_state import Room, TimeRule


def stamp(moment: datetime) -> str:
    """A moment as the events store it: ISO 8601 with microseconds (UTC when aware)."""
    return moment.isoformat(timespec="microseconds")


def moment(text: str) -> datetime:
    """An event's ``at`` read back."""
    return datetime.fromisoformat(text)


# -- events ----------------------------------------------------------------------------


@dataclass(frozen=True)
class ClockSet:
    """The round's time was set: for every round (``round`` None, as `tournament create
    --round-minutes` does) or for one round; with the end-of-time rule when given."""

    type: ClassVar[str] = "clock_set"
    minutes: int
    round: int | None = None
    rule: TimeRule | None = None

    def to_payload(self) -> dict[str, Any]:
        payload: dict[str, Any] = {"minutes": self.minutes, "round": self.round}
        if self.rule is not None:
            payload["rule"] = self.rule
        return payload

    @classmethod
    def from_payload(cls, payload: dict[str, Any]) -> ClockSet:
        rule = payload.get("rule")
        return cls(
            minutes=int(payload["minutes"]),
            round=None if payload.get("round") is None else int(payload["round"]),
            rule="stop-now" if rule == "stop-now" else "finish-hand" if rule else None,
        )


@dataclass(frozen=True)
class _ClockAction:
    round: int
    at: str

    def to_payload(self) -> dict[str, Any]:
        return {"round": self.round, "at": self.at}


@dataclass(frozen=True)
class ClockStarted(_ClockAction):
    """The director started the round's clock."""

    type: ClassVar[str] = "clock_started"

    @classmethod
    def from_payload(cls, payload: dict[str, Any]) -> ClockStarted:
        return cls(int(payload["round"]), str(payload["at"]))


@dataclass(frozen=True)
class ClockPaused(_ClockAction):
    """The director paused the round's clock."""

    type: ClassVar[str] = "clock_paused"

    @classmethod
    def from_payload(cls, payload: dict[str, Any]) -> ClockPaused:
        return cls(int(payload["round"]), str(payload["at"]))


@dataclass(frozen=True)
class ClockResumed(_ClockAction):
    """The director set the paused clock running again."""

    type: ClassVar[str] = "clock_resumed"

    @classmethod
    def from_payload(cls, payload: dict[str, Any]) -> ClockResumed:
        return cls(int(payload["round"]), str(payload["at"]))


@dataclass(frozen=True)
class ClockExtended:
    """The director gave more time: to every table (``table`` None) or to one."""

    type: ClassVar[str] = "clock_extended"
    round: int
    minutes: int
    at: str
    table: int | None = None

    def to_payload(self) -> dict[str, Any]:
        return {"round": self.round, "minutes": self.minutes, "at": self.at, "table": self.table}

    @classmethod
    def from_payload(cls, payload: dict[str, Any]) -> ClockExtended:
        table = payload.get("table")
        return cls(
            int(payload["round"]),
            int(payload["minutes"]),
            str(payload["at"]),
            None if table is None else int(table),
        )


@dataclass(frozen=True)
class DirectorCalled:
    """A table called the director (the button on its page)."""

    type: ClassVar[str] = "director_called"
    call_id: str
    round: int
    table: int
    at: str

    def to_payload(self) -> dict[str, Any]:
        return {"call_id": self.call_id, "round": self.round, "table": self.table, "at": self.at}

    @classmethod
    def from_payload(cls, payload: dict[str, Any]) -> DirectorCalled:
        call, table = str(payload["call_id"]), int(payload["table"])
        return cls(call, int(payload["round"]), table, str(payload["at"]))


@dataclass(frozen=True)
class CallAnswered:
    """The director acknowledged a table's call."""

    type: ClassVar[str] = "call_answered"
    call_id: str
    at: str

    def to_payload(self) -> dict[str, Any]:
        return {"call_id": self.call_id, "at": self.at}

    @classmethod
    def from_payload(cls, payload: dict[str, Any]) -> CallAnswered:
        return cls(str(payload["call_id"]), str(payload["at"]))


@dataclass(frozen=True)
class CheckInSet:
    """Check-in at the door is required before a player is paired (or no longer); the
    entry fee, as money text (``"5.00"``), when there is one."""

    type: ClassVar[str] = "check_in_set"
    required: bool
    fee: str | None = None

    def to_payload(self) -> dict[str, Any]:
        return {"required": self.required, "fee": self.fee}

    @classmethod
    def from_payload(cls, payload: dict[str, Any]) -> CheckInSet:
        fee = payload.get("fee")
        return cls(bool(payload["required"]), None if fee is None else str(fee))


@dataclass(frozen=True)
class PlayerCheckedIn:
    """A player checked in (at the door's page, or ticked by the director), when
    ``round`` rounds were paired."""

    type: ClassVar[str] = "player_checked_in"
    player_id: str
    at: str
    round: int = 0
    by: str = "player"

    def to_payload(self) -> dict[str, Any]:
        return {"player_id": self.player_id, "at": self.at, "round": self.round, "by": self.by}

    @classmethod
    def from_payload(cls, payload: dict[str, Any]) -> PlayerCheckedIn:
        return cls(
            str(payload["player_id"]),
            str(payload["at"]),
            int(payload.get("round", 0)),
            str(payload.get("by", "player")),
        )


@dataclass(frozen=True)
class CheckInTakenBack:
    """A check-in made by mistake was taken back by the director."""

    type: ClassVar[str] = "check_in_taken_back"
    player_id: str

    def to_payload(self) -> dict[str, Any]:
        return {"player_id": self.player_id}

    @classmethod
    def from_payload(cls, payload: dict[str, Any]) -> CheckInTakenBack:
        return cls(str(payload["player_id"]))


@dataclass(frozen=True)
class FeeMarked:
    """The director marked a player's entry fee paid (or, a mistake, owed again)."""

    type: ClassVar[str] = "fee_marked"
    player_id: str
    paid: bool

    def to_payload(self) -> dict[str, Any]:
        return {"player_id": self.player_id, "paid": self.paid}

    @classmethod
    def from_payload(cls, payload: dict[str, Any]) -> FeeMarked:
        return cls(str(payload["player_id"]), bool(payload["paid"]))


RoomEvent: TypeAlias = (
    ClockSet
    | ClockStarted
    | ClockPaused
    | ClockResumed
    | ClockExtended
    | DirectorCalled
    | CallAnswered
    | CheckInSet
    | PlayerCheckedIn
    | CheckInTakenBack
    | FeeMarked
    | DoorCodeSet
    | CheckInAllowed
)
ROOM_EVENTS: tuple[type[RoomEvent], ...] = (
    ClockSet,
    ClockStarted,
    ClockPaused,
    ClockResumed,
    ClockExtended,
    DirectorCalled,
    CallAnswered,
    CheckInSet,
    PlayerCheckedIn,
    CheckInTakenBack,
    FeeMarked,
    DoorCodeSet,
    CheckInAllowed,
)
EVENTS_BY_TYPE: dict[str, type[RoomEvent]] = {cls.type: cls for cls in ROOM_EVENTS}
"""Each event of this module by type (`events.EVENT_MODULES` names this module for each)."""


# -- what the events make -------------------------------------------------------------


@dataclass(frozen=True)
class Clock:
    """One round's clock: its length, when it ran, and the time added."""

    round: int
    minutes: int
    started: datetime | None = None
    running_since: datetime | None = None
    """When it last started or resumed; None while paused (or not started)."""
    used: float = 0.0
    """Seconds it ran before `running_since` (the spans between pauses)."""
    extra: int = 0
    """Minutes added for every table."""
    table_extra: Mapping[int, int] = field(default_factory=dict)
    """Minutes added for one table, by table number."""

    @property
    def running(self) -> bool:
        return self.running_since is not None

    def allowed(self, table: int | None = None) -> float:
        """The seconds a table (or every table) is given: the round's time and extensions."""
        added = self.extra + (self.table_extra.get(table, 0) if table is not None else 0)
        return float((self.minutes + added) * 60)

    def elapsed(self, now: datetime) -> float:
        """Seconds the clock has run up to ``now``."""
        if self.running_since is None:
            return self.used
        return self.used + max(0.0, (now - self.running_since).total_seconds())

    def remaining(self, now: datetime, table: int | None = None) -> float:
        """Seconds left at ``now`` for ``table`` (or for the round); negative once over."""
        return self.allowed(table) - self.elapsed(now)


@dataclass(frozen=True)
class Call:
    call_id: str
    round: int
    table: int
    at: datetime
    answered: datetime | None = None


def evolve_room(room: Room, event: RoomEvent) -> Room:
    """The room after ``event``. Pure, never fails (events are facts)."""
    if isinstance(event, CheckInSet):
        return replace(room, check_in=event.required, fee=event.fee)
    if isinstance(event, PlayerCheckedIn):
        if event.player_id in room.checked_in:
            return room
        checked_in = {**room.checked_in, event.player_id: event}
        return replace(room, checked_in=checked_in, taken_back=room.taken_back - {event.player_id})
    if isinstance(event, CheckInTakenBack):
        kept = {k: v for k, v in room.checked_in.items() if k != event.player_id}
        return replace(room, checked_in=kept, taken_back=room.taken_back | {event.player_id})
    if isinstance(event, CheckInAllowed):
        return replace(room, taken_back=room.taken_back - {event.player_id})
    if isinstance(event, DoorCodeSet):
        return replace(room, door_code=event.code)
    if isinstance(event, FeeMarked):
        paid = room.paid | {event.player_id} if event.paid else room.paid - {event.player_id}
        return replace(room, paid=paid)
    if isinstance(event, ClockSet):
        rule = event.rule or room.rule
        if event.round is None:
            return replace(room, minutes=event.minutes, rule=rule)
        clocks = dict(room.clocks)
        if event.round in clocks:
            clocks[event.round] = replace(clocks[event.round], minutes=event.minutes)
        return replace(
            room,
            rule=rule,
            round_minutes={**room.round_minutes, event.round: event.minutes},
            clocks=clocks,
        )
    if isinstance(event, DirectorCalled):
        call = Call(event.call_id, event.round, event.table, moment(event.at))
        return replace(room, calls=(*room.calls, call))
    if isinstance(event, CallAnswered):
        calls = tuple(
            replace(c, answered=moment(event.at))
            if c.call_id == event.call_id and c.answered is None
            else c
            for c in room.calls
        )
        return replace(room, calls=calls)
    at = moment(event.at)
    if isinstance(event, ClockStarted):
        started = Clock(event.round, room.minutes_of(event.round) or 0, at, at)
        return replace(room, clocks={**room.clocks, event.round: started})
    found = room.clocks.get(event.round)
    if found is None:
        return room
    clock = found
    if isinstance(event, ClockPaused) and clock.running_since is not None:
        clock = replace(clock, used=clock.elapsed(at), running_since=None)
    elif isinstance(event, ClockResumed) and clock.running_since is None:
        clock = replace(clock, running_since=at)
    elif isinstance(event, ClockExtended) and event.table is None:
        clock = replace(clock, extra=clock.extra + event.minutes)
    elif isinstance(event, ClockExtended) and event.table is not None:
        added = clock.table_extra.get(event.table, 0) + event.minutes
        clock = replace(clock, table_extra={**clock.table_extra, event.table: added})
    return replace(room, clocks={**room.clocks, event.round: clock})
