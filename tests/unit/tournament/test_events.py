from __future__ import annotations

import json
from fractions import Fraction

import pytest

from tourney.errors import TourneyError
from tourney.tournament.entry_events import PartnershipFormed, PlayerWithdrawn
from tourney.tournament.events import (
    PairedTable,
    PlayerRegistered,
    RoundPaired,
    TournamentCreated,
    TournamentEvent,
    event_from_payload,
)
from tourney.tournament.notes.notes import Who, note
from tourney.tournament.result_events import (
    AdjudicatedResult,
    Forfeit,
    MatchResultRecorded,
    MatchVoided,
    NoShow,
    ResultEntered,
)
from tourney.tournament.round_events import DecidingMatchPaired

TABLE = PairedTable(
    1, ("p1", "p2", "p3"), "cn-r1-t1", note("swiss.met", first=Who("p1"), second="Bo")
)
EVENTS: list[TournamentEvent] = [
    TournamentCreated(
        "Club Night", "club-night", "swiss", 4, 5, shared_win="1/3", bye_points=Fraction(1, 2)
    ),
    TournamentCreated("Cup", "cup", "elimination", 4, 0, partnerships=True, seeding="previous"),
    PlayerRegistered("p1", "Ann", "North", 1500, None),
    PlayerRegistered("p2", "Bob"),
    PartnershipFormed("t1", "Ann & Bob", ("p1", "p2")),
    PlayerWithdrawn("p1", "ill"),
    RoundPaired(2, (TABLE,), ("p4",), (note("swiss.seat_swaps", n=2),), overridden=True),
    DecidingMatchPaired(2, "cn-r1-t1", TABLE),
    MatchResultRecorded("cn-r1-t1", (61, 61, 12), (0, 1)),
    Forfeit("cn-r1-t1", (2,), "late"),
    Forfeit("cn-r1-t1", (1,), "left", others="play_on"),
    ResultEntered("cn-r1-t1", (61, 0, 40), (0,), ((30, 0, 20), (31, 0, 20)), "signed"),
    NoShow("cn-r1-t1", ("p3",)),
    AdjudicatedResult("cn-r1-t1", (61, 40, 12), (0,), "scoring slip"),
    MatchVoided("cn-r1-t1", "wrong table"),
]


@pytest.mark.parametrize("event", EVENTS, ids=lambda e: e.type)
def test_every_event_survives_a_json_round_trip(event: TournamentEvent) -> None:
    stored = json.loads(json.dumps(event.to_payload()))
    assert event_from_payload(event.type, stored) == event


def test_an_unknown_event_type_is_refused_by_name() -> None:
    with pytest.raises(TourneyError, match="'GameExploded'"):
        event_from_payload("GameExploded", {})
