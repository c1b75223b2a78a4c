"""Check-in at the door (issue 25): only the players checked in are paired; no-shows and
late arrivals listed; the fee added up exactly."""

from __future__ import annotations

import json
from datetime import UTC, datetime

import pytest

from tests.unit.tournament.factory import apply, pair, tournament
from tourney.limits import LimitError
from tourney.tournament.entries.entries import decide_withdraw
from tourney.tournament.events import event_from_payload
from tourney.tournament.records.room import CheckInSet, CheckInTakenBack, FeeMarked, PlayerCheckedIn
from tourney.tournament.room.checkin import (
    check_in_settings,
    decide_check_in,
    decide_fee,
    decide_take_back,
    door,
)
from tourney.tournament.state import TournamentError

NOW = datetime(2026, 12, 1, 18, 30, tzinfo=UTC)


@pytest.mark.parametrize(
    "event",
    [
        CheckInSet(True, "5.00"),
        CheckInSet(False),
        PlayerCheckedIn("p1", "2026-12-01T18:30:00.000000+00:00", 1, "director"),
        CheckInTakenBack("p1"),
        FeeMarked("p2", True),
    ],
    ids=lambda e: e.type,
)
def test_every_check_in_event_survives_a_json_round_trip(event: object) -> None:
    stored = json.loads(json.dumps(event.to_payload()))  # type: ignore[attr-defined]
    assert event_from_payload(event.type, stored) == event  # type: ignore[attr-defined]


def test_only_the_players_checked_in_are_paired_and_the_others_are_listed() -> None:
    state = apply(tournament(10), check_in_settings(True, "5"))
    for n in range(8):
        state = apply(state, decide_check_in(state, f"p{n}", NOW))
    assert decide_check_in(state, "p0", NOW) == []  # checking in twice records nothing
    state = pair(state)
    seated = {p for m in state.matches.values() for p in m.seats}
    assert seated == {f"p{n}" for n in range(8)}
    state = apply(state, decide_check_in(state, "p8", NOW))
    listed = door(state)
    assert listed.late == ("p8",)
    assert listed.missing == ("p9",)
    assert len(listed.checked_in) == 9


def test_without_check_in_everyone_is_paired() -> None:
    state = pair(tournament(8))
    assert len({p for m in state.matches.values() for p in m.seats}) == 8


def test_fees_add_up_to_the_cent() -> None:
    state = apply(tournament(3), check_in_settings(True, "4.5"))
    state = apply(state, decide_fee(state, "p0", True))
    state = apply(state, decide_fee(state, "p1", True))
    assert decide_fee(state, "p1", True) == []
    listed = door(state)
    assert (listed.fee, listed.paid_total, listed.owed_total) == ("4.50", "9.00", "4.50")
    state = apply(state, decide_fee(state, "p1", False))
    assert door(state).paid == ("p0",)


def test_refusals_name_what_and_where() -> None:
    state = apply(tournament(3), check_in_settings(True))
    with pytest.raises(TournamentError, match="no player 'p9'"):
        decide_check_in(state, "p9", NOW)
    with pytest.raises(TournamentError, match="has not checked in"):
        decide_take_back(state, "p0")
    with pytest.raises(TournamentError, match="has no entry fee"):
        decide_fee(state, "p0", True)
    with pytest.raises(LimitError, match=r"an amount like 5 or 4\.50"):
        check_in_settings(True, "five")
    state = apply(state, decide_withdraw(state, "p2"))
    with pytest.raises(TournamentError, match="has withdrawn"):
        decide_check_in(state, "p2", NOW)
    state = apply(state, decide_check_in(state, "p0", NOW))
    state = apply(state, decide_take_back(state, "p0"))
    assert door(state).checked_in == ()
