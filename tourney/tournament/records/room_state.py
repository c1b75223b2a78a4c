"""The room as `TournamentState.room` holds it (`Room`), and the words of its end-of-time
rules: what every tournament's state starts with. The room's events, the clocks and calls
they make, and how each changes the room (`evolve_room`) are in
`tourney.tournament.records.room`, loaded when a stream holds one (`state.evolve`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal

from tourney.i18n import N_

if TYPE_CHECKING:
    from tourney.tournament.records.room import Call, Clock, PlayerCheckedIn

TimeRule = Literal["finish-hand", "stop-now"]
TIME_RULES: tuple[TimeRule, ...] = ("finish-hand", "stop-now")
TIME_RULE_WORDS: dict[str, str] = {
    "finish-hand": N_("finish the hand in progress, then stop"),
    "stop-now": N_("stop at once"),
}
"""Each end-of-time rule in plain words (msgids: say them with ``_()``)."""
TIE_RULE = N_("the higher score wins; level scores share the win")
"""How a match stopped by time is decided, stated wherever the result shows (a msgid)."""


@dataclass(frozen=True)
class Room:
    """What the room's events say: the default round time and rule, each round's clock,
    the calls to the director."""

    minutes: int | None = None
    """Every round's time, unless set for the round; None: no clock."""
    rule: TimeRule = "finish-hand"
    round_minutes: Mapping[int, int] = field(default_factory=dict)
    clocks: Mapping[int, Clock] = field(default_factory=dict)
    calls: tuple[Call, ...] = ()
    check_in: bool = False
    """Whether players must check in to be paired."""
    fee: str | None = None
    """The entry fee (money text), if any."""
    checked_in: Mapping[str, PlayerCheckedIn] = field(default_factory=dict)
    paid: frozenset[str] = frozenset()
    door_code: str | None = None
    """What a player types (or scans) to check in at the door; None: none set yet."""
    taken_back: frozenset[str] = frozenset()
    """Players whose check-in the director took back: they cannot check themselves in."""

    def minutes_of(self, number: int) -> int | None:
        """Round ``number``'s time in minutes (None: no clock for it)."""
        return self.round_minutes.get(number, self.minutes)

    def clock(self, number: int) -> Clock | None:
        """Round ``number``'s clock once started, else None."""
        return self.clocks.get(number)

    def waiting_calls(self) -> tuple[Call, ...]:
        return tuple(c for c in self.calls if c.answered is None)
