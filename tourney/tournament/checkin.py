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

from tourney.errors import quote
from tourney.i18n import _
from tourney.tournament.events import TournamentEvent
from tourney.tournament.room import (
    CheckInSet,
    CheckInTakenBack,
    FeeMarked,
    PlayerCheckedIn,
    stamp,
)
from tourney.tournament.state import TournamentError, TournamentState

FEE = re.compile(r"^[0-9]{1,4}(\.[0-9]{1,2})?$")


def money(text: str) -> str:
    """``"5"`` -> ``"5.00"``; TournamentError for anything but an amount up to 9999.99."""
    if not isinstance(text, str) or not FEE.match(text.strip()):
        raise TournamentError(
            _("entry fee {text}: an amount like 5 or 4.50").format(text=quote(text))
        )
    return f"{Decimal(text.strip()):.2f}"


def check_in_settings(required: bool, fee: str | None = None) -> list[TournamentEvent]:
    """How a new tournament takes check-in and fees (none: no event)."""
    if not required and fee is None:
        return []
    return [CheckInSet(required, None if fee is None else money(fee))]


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
    return [PlayerCheckedIn(player_id, stamp(now), len(state.rounds), by)]


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
