"""A move recorded at a table while the director re-pairs its round (issue 27): the
re-pairing, decided on no play, is decided again against the play and refused; nothing of
it is written."""

from __future__ import annotations

import pytest

from tourney.director.desk import DirectorDesk
from tourney.errors import TourneyError
from tourney.gamekit.stored import HORSE_RACE
from tourney.store.eventstore import EventStore, NewEvent
from tourney.streams.matches import RESULT_CONFIRMED, match_stream
from tourney.tournament.create import decide_create
from tourney.tournament.entries.entries import decide_register
from tourney.tournament.events import TournamentEvent
from tourney.tournament.results.round_corrections import decide_repair_round
from tourney.tournament.seating.pairing import decide_pair_round
from tourney.tournament.state import TournamentState
from tourney.tournament.streams import tournament_stream


def test_a_move_during_a_repair_makes_it_decided_again_and_refused(
    memory_store: EventStore,
) -> None:
    with memory_store as store:
        desk = DirectorDesk(store, recorded_by="test")
        slug = desk.create(
            lambda s: decide_create(
                s, "Race", format="swiss", table_size=2, rounds=3, game_name=HORSE_RACE
            )
        ).slug
        for n in range(4):

            def register(state: TournamentState, n: int = n) -> list[TournamentEvent]:
                return decide_register(state, f"p{n}", f"Player {n}")

            desk.execute(slug, register)
        loaded, _ = desk.pair(slug, decide_pair_round)
        table = match_stream(loaded.state.rounds[0].tables[0].match_id)
        before = store.stream_version(tournament_stream(slug))
        attempts: list[dict[str, int]] = []

        def decide(state: TournamentState) -> list[TournamentEvent]:
            recorded = desk.recorded_in_latest_round(state)
            attempts.append(recorded)
            if len(attempts) == 1:  # a scorer's tap lands after the look, before the write
                store.append(table, [NewEvent(RESULT_CONFIRMED, {"player": "Player 0"})], 1)
            return decide_repair_round(state, recorded=recorded)

        with pytest.raises(TourneyError, match=r"cannot re-pair round 1 of 'Race': table 1 "):
            desk.correct_round(slug, decide)
        assert len(attempts) == 2 and max(attempts[1].values()) == 1
        assert store.stream_version(tournament_stream(slug)) == before
        assert store.stream_version(table) == 2  # the tap, and no close
