"""Check-in at the door and the entry fee, pure: ``now`` is given.

With check-in required (`tournament create --check-in`), only the players who checked in
are paired (`TournamentState.active_entrants`); those who have not are the no-shows, those
who checked in after a round was paired the late arrivals. The fee is money text, added up
exactly for the treasurer.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal

from tourney import limits
from tourney.errors import quote
from tourney.i18n import _
from tourney.limits import DOOR_CODE_LENGTH
from tourney.tournament.events import TournamentEvent
from tourney.tournament.records.door import CheckInAllowed, DoorCodeSet
from tourney.tournament.records.room import (
    CheckInSet,
    CheckInTakenBack,
    FeeMarked,
    PlayerCheckedIn,
    stamp,
)
from tourney.tournament.state import TournamentError, TournamentState


def money(text: str) -> str:
    """``"5"`` -> ``"5.00"``, ``"4,5"`` -> ``"4.50"``; a LimitError for anything but an
    amount up to 9999.99 (`limits.parse_fee`)."""
    return f"{limits.parse_fee(text):.2f}"


def check_in_settings(
    required: bool, fee: str | None = None, door_code: str | None = None
) -> list[TournamentEvent]:
    """How a new tournament takes check-in and fees (none: no event); with check-in
    required, ``door_code`` (drawn by the caller: `new_door_code`) is the door's code."""
    if not required and fee is None:
        return []
    events: list[TournamentEvent] = [CheckInSet(required, None if fee is None else money(fee))]
    if required and door_code is not None:
        events.append(DoorCodeSet(door_code_of(door_code)))
    return events


DOOR_CODE = re.compile(r"^[0-9A-Za-z]+$")


def door_code_of(text: str) -> str:
    """``text`` as a door's code: 4 to 12 letters and digits (TournamentError otherwise)."""
    low, high = DOOR_CODE_LENGTH
    code = text.strip() if isinstance(text, str) else ""
    if not DOOR_CODE.match(code) or not low <= len(code) <= high:
        raise TournamentError(
            _("door code {text}: {low} to {high} letters and digits, like 4821").format(
                text=quote(str(text)), low=low, high=high
            )
        )
    return code


def new_door_code(draw: int) -> str:
    """A door code of six digits from ``draw`` (any whole number: the caller's randomness)."""
    return f"{draw % 1_000_000:06d}"


def decide_door_code(state: TournamentState, code: str) -> list[TournamentEvent]:
    """The director sets the door's code (the old one no longer checks anyone in)."""
    state.created  # noqa: B018 - a stream without a tournament is refused here
    code = door_code_of(code)
    if state.room.door_code == code:
        return []
    return [DoorCodeSet(code)]


def door_code_matches(state: TournamentState, given: object) -> bool:
    """Whether ``given`` is the door's code (ignoring case and spaces); never with none set."""
    import hmac

    code = state.room.door_code
    if code is None or not isinstance(given, str):
        return False
    return hmac.compare_digest(given.strip().casefold().encode(), code.casefold().encode())


def _player(state: TournamentState, player_id: str) -> str:
    state.created  # noqa: B018 - a stream without a tournament is refused here
    player = state.players.get(player_id)
    if player is None:
        raise TournamentError(
            _("no player {player_id} in {title}").format(
                player_id=quote(player_id), title=state.title
            )
        )
    return player.name


def decide_check_in(
    state: TournamentState, player_id: str, now: datetime, by: str = "player"
) -> list[TournamentEvent]:
    """A player checks in (again: nothing more is recorded)."""
    name = _player(state, player_id)
    if state.players[player_id].withdrawn:
        raise TournamentError(
            _("{name} has withdrawn from {title}: ask the director").format(
                name=name, title=state.title
            )
        )
    if player_id in state.room.checked_in:
        return []
    if by == "player" and player_id in state.room.taken_back:
        raise TournamentError(
            _("the director took {name}'s check-in back: ask the director").format(name=name)
        )
    return [PlayerCheckedIn(player_id, stamp(now), len(state.rounds), by)]


def decide_allow(state: TournamentState, player_id: str) -> list[TournamentEvent]:
    """The director lets a player whose check-in was taken back check in again."""
    _player(state, player_id)
    if player_id not in state.room.taken_back:
        return []
    return [CheckInAllowed(player_id)]


def decide_take_back(state: TournamentState, player_id: str) -> list[TournamentEvent]:
    name = _player(state, player_id)
    if player_id not in state.room.checked_in:
        raise TournamentError(_("{name} has not checked in").format(name=name))
    return [CheckInTakenBack(player_id)]


def decide_fee(state: TournamentState, player_id: str, paid: bool) -> list[TournamentEvent]:
    _player(state, player_id)
    if state.room.fee is None:
        raise TournamentError(_("{title} has no entry fee").format(title=state.title))
    if (player_id in state.room.paid) == paid:
        return []
    return [FeeMarked(player_id, paid)]


@dataclass(frozen=True)
class Door:
    """The door's list: who is in, who is late, who has not come, and the fees."""

    checked_in: tuple[str, ...]
    late: tuple[str, ...]
    """Checked in after a round was paired (player ids)."""
    missing: tuple[str, ...]
    """Registered, not withdrawn, not checked in: the no-shows once the round is paired."""
    paid: tuple[str, ...]
    owed: tuple[str, ...]
    fee: str | None
    paid_total: str
    owed_total: str


def door(state: TournamentState) -> Door:
    """The door's list of a tournament (player ids in registration order)."""
    room = state.room
    ids = [p for p, player in state.players.items() if not player.withdrawn]
    checked = tuple(p for p in ids if p in room.checked_in)
    late = tuple(p for p in checked if room.checked_in[p].round > 0)
    missing = tuple(p for p in ids if p not in room.checked_in)
    paid = tuple(p for p in state.players if p in room.paid)
    owed = tuple(p for p in ids if p not in room.paid) if room.fee is not None else ()
    fee = Decimal(room.fee) if room.fee is not None else Decimal(0)
    return Door(
        checked,
        late,
        missing,
        paid,
        owed,
        room.fee,
        f"{fee * len(paid):.2f}",
        f"{fee * len(owed):.2f}",
    )
