"""Entry-time checks: each refusal is one line naming what and where."""

from __future__ import annotations

import random

import pytest

from tests.unit.tournament.factory import apply, pair, play, tournament
from tourney.errors import TourneyError
from tourney.gamekit.stored import HORSE_RACE
from tourney.tournament.create import decide_create
from tourney.tournament.entries.entries import (
    decide_form_partnership,
    decide_register,
    decide_withdraw,
)
from tourney.tournament.matches import Outcome
from tourney.tournament.result_events import MatchResultRecorded
from tourney.tournament.results.rulings import (
    decide_record_result,
    decide_void,
    decide_withdraw_result,
)
from tourney.tournament.seating.pairing import decide_pair_round
from tourney.tournament.state import TournamentError, TournamentState


def test_tournament_errors_are_tourney_errors() -> None:
    assert issubclass(TournamentError, TourneyError)


def test_pairing_waits_for_missing_results_and_names_the_tables() -> None:
    state = pair(tournament(20, table_size=4))
    tables = state.rounds[-1].tables
    for table in tables:
        if table.number not in (3, 5):
            match = state.matches[table.match_id]
            scores = (61,) + (10,) * (len(match.sides) - 1)
            state = apply(state, decide_record_result(state, table.match_id, scores, (0,)))
    with pytest.raises(TournamentError) as caught:
        decide_pair_round(state)
    message = str(caught.value)
    assert message == (
        "cannot pair round 2 of 'Club Night': results of round 1 are missing at "
        "tables 3 and 5 (add --override to pair it anyway)"
    )
    overridden = pair(state, override=True)
    assert overridden.rounds[-1].overridden


def test_registration_closes_when_the_last_round_is_paired() -> None:
    rng = random.Random(0)
    state = tournament(8, table_size=4, rounds=2)
    state = play(pair(state), rng)
    late = apply(state, decide_register(state, "late", "Latecomer"))
    assert "late" in {s for t in pair(late).rounds[-1].tables for s in t.seats}
    state = pair(state)
    with pytest.raises(TournamentError, match=r"cannot register 'Zed': the last round \(2\)"):
        decide_register(state, "z", "Zed")


def test_a_round_robin_closes_registration_at_round_one() -> None:
    state = pair(tournament(4, format="round_robin", table_size=2, rounds=3))
    with pytest.raises(TournamentError, match=r"round-robin schedule .* was fixed"):
        decide_register(state, "z", "Zed")


def test_a_duplicate_name_is_refused_whatever_its_case_and_spacing() -> None:
    state = tournament(3)
    with pytest.raises(
        TournamentError,
        match=r"^cannot register 'player 1': 'Player 1' is already registered in 'Club Night'",
    ):
        decide_register(state, "x", " player   1")


def test_a_withdrawn_player_cannot_withdraw_twice() -> None:
    state = tournament(3)
    state = apply(state, decide_withdraw(state, "p1"))
    with pytest.raises(TournamentError, match="'Player 1' has already withdrawn"):
        decide_withdraw(state, "p1")


@pytest.mark.parametrize(
    ("scores", "winners", "message"),
    [
        ((61, 10, 10), (0,), "has 4 sides but 3 scores"),
        ((61, 10, 10, 10), (), "needs at least one winning side"),
        ((61, 10, 10, 10), (7,), r"winners \[7\] must be distinct sides 0-3"),
    ],
)
def test_bad_results_are_refused_naming_the_match(
    scores: tuple[int, ...], winners: tuple[int, ...], message: str
) -> None:
    state = pair(tournament(8, table_size=4))
    match_id = state.rounds[-1].tables[0].match_id
    with pytest.raises(TournamentError, match=rf"match {match_id} \(round 1, table 1\).*{message}"):
        decide_record_result(state, match_id, scores, winners)


def test_a_tables_result_is_its_games_word() -> None:
    """Who won is the game's rule: a side that conceded, a winner short of the target (a
    club's game, Morra from its own distribution: its result was left out by the result
    policy, the table "in progress" for ever, the refusal only in `tourney verify`)."""
    state = pair(tournament(8, table_size=4))
    match_id = state.rounds[-1].tables[0].match_id
    for scores, winners in (((50, 10, 10, 10), (0,)), ((61, 61, 10, 10), (0,))):
        recorded = decide_record_result(state, match_id, scores, winners)
        assert recorded == [MatchResultRecorded(match_id, scores, winners)]


def test_a_table_corrects_its_result_but_never_the_director_s_ruling() -> None:
    state = pair(tournament(4, table_size=4))
    match_id = state.rounds[-1].tables[0].match_id
    state = apply(state, decide_record_result(state, match_id, (61, 0, 0, 0), (0,)))
    state = apply(state, decide_withdraw_result(state, match_id))
    assert state.matches[match_id].outcome is None
    state = apply(state, decide_record_result(state, match_id, (10, 65, 0, 0), (1,)))
    state = apply(state, decide_record_result(state, match_id, (62, 0, 0, 0), (0,)))
    assert state.matches[match_id].outcome == Outcome((62, 0, 0, 0), (0,))
    state = apply(state, decide_void(state, match_id, "wrong tiles"))
    with pytest.raises(TournamentError, match="has the director's ruling \\(void\\)"):
        decide_record_result(state, match_id, (61, 0, 0, 0), (0,))
    assert decide_withdraw_result(state, match_id) == []


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"format": "ladder"}, "unknown format 'ladder'"),
        ({"table_size": 5}, "table size 5"),
        ({"table_size": 3, "partnerships": True}, "partnerships need tables of 4"),
        ({"shared_win": "lots"}, "shared-win scoring 'lots'"),
        ({"third_place": True}, "third-place match needs a single-elimination bracket"),
        ({"tie_breaks": ("buchholz", "buchholz")}, "use each of"),
    ],
)
def test_bad_settings_are_refused(options: dict[str, object], message: str) -> None:
    settings: dict[str, object] = {"format": "swiss", "table_size": 4, "rounds": 3, **options}
    with pytest.raises(TourneyError, match=message):
        decide_create(TournamentState(), "Cup", **settings, game_name=HORSE_RACE)  # type: ignore[arg-type]


def test_partnerships_sit_opposite_each_other() -> None:
    state = pair(tournament(8, table_size=4, partnerships=True))
    for table in state.rounds[-1].tables:
        first, second, third, fourth = table.seats
        assert state.players[first].team == state.players[third].team
        assert state.players[second].team == state.players[fourth].team
        assert state.players[first].team != state.players[second].team


def test_a_partnership_needs_two_free_players() -> None:
    state = tournament(4, table_size=4, partnerships=True)
    with pytest.raises(TournamentError, match="'Player 0' already plays in partnership"):
        decide_form_partnership(state, "t9", ("p0", "p3"))
