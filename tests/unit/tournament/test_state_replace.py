"""The fold's own `replace` (`state._replace`): the record `dataclasses.replace` makes,
without calling `__init__` (a season's load folds tens of thousands of events)."""

from __future__ import annotations

import dataclasses
import random

import pytest

from tests.factories.simulation import play_round
from tourney.gamekit.stored import HORSE_RACE
from tourney.season.nights import night_of
from tourney.tournament.create import decide_create
from tourney.tournament.events import PlayerRegistered, TournamentCreated, TournamentEvent
from tourney.tournament.matches import MatchRecord, Outcome
from tourney.tournament.result_events import MatchResultRecorded
from tourney.tournament.seating.pairing import decide_pair_round
from tourney.tournament.state import TournamentState, _replace, evolve, fold


def test_a_replaced_state_is_what_dataclasses_replace_makes() -> None:
    created = TournamentCreated("Open", "open", "swiss", 4, 3)
    state = TournamentState(language="it")
    ours = _replace(state, settings=created, removed=frozenset({"p1"}))
    assert ours == dataclasses.replace(state, settings=created, removed=frozenset({"p1"}))
    assert state.settings is None and state.removed == frozenset()  # left as it was
    record = MatchRecord("m", 1, 1, ("a", "b"), ("a", "b"))
    outcome = Outcome((61, 40), (0,))
    assert _replace(record, outcome=outcome) == dataclasses.replace(record, outcome=outcome)
    with pytest.raises(dataclasses.FrozenInstanceError):
        ours.language = "ru"  # type: ignore[misc]


def test_a_field_that_is_not_there_is_refused_as_dataclasses_replace_refuses_it() -> None:
    with pytest.raises(TypeError, match="no field sttings"):
        _replace(TournamentState(), sttings=None)


class _Stored:
    def __init__(self, position: int, type_: str, payload: dict[str, object]) -> None:
        self.position, self.type, self.payload = position, type_, payload


def _played_swiss() -> list[TournamentEvent]:
    """The events of a Swiss of 12 at tables of 4, three rounds paired and played."""
    rng = random.Random(3)
    events: list[TournamentEvent] = [
        *decide_create(
            TournamentState(), "Open", format="swiss", table_size=4, rounds=3, game_name=HORSE_RACE
        )
    ]
    events += [PlayerRegistered(f"p{i}", f"Player {i}") for i in range(12)]
    state = fold(events)
    for _ in range(3):
        paired = decide_pair_round(state)
        state = fold(paired, state)
        state, played = play_round(state, rng, shared_rate=0.2)
        events += [*paired, *played]
    return events


def test_a_night_folds_to_the_state_evolve_gives_event_by_event() -> None:
    events = _played_swiss()
    stored = [_Stored(10 + i, e.type, e.to_payload()) for i, e in enumerate(events)]
    night = night_of("open", stored)
    state = TournamentState()
    for event in events:
        state = evolve(state, event)
    assert night.state == state
    assert night.created_at == 10
    results = [s for s in stored if s.type == MatchResultRecorded.type]
    assert night.recorded and all(
        night.recorded[str(s.payload["match_id"])] <= s.position for s in results
    )
