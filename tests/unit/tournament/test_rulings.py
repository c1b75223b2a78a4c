"""Who a director's result makes winner, forfeits with the others playing on, results from
a paper scoresheet, and events stored before these existed (issue 12 items 4 and 5)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from tests.unit.tournament.factory import apply, pair, tournament
from tourney.errors import TourneyError
from tourney.reports.results import result_mark, result_text
from tourney.tournament.events import event_from_payload
from tourney.tournament.results.rulings import (
    decide_adjudicate,
    decide_enter_result,
    decide_forfeit,
)
from tourney.tournament.results.winners import winning_sides
from tourney.tournament.standings.standings import standings_of
from tourney.tournament.state import TournamentState


@pytest.mark.parametrize(
    ("scores", "winners"),
    [
        ((61, 40, 22), (0,)),
        ((40, 61, 64, 10), (1, 2)),  # both reached the target in the same count
        ((50, 20, 22), (0,)),  # stopped short: the top score
        ((50, 50, 22), (0, 1)),
    ],
)
def test_the_scores_make_the_winners(scores: tuple[int, ...], winners: tuple[int, ...]) -> None:
    assert winning_sides(scores, 61) == winners


@pytest.fixture
def night() -> TournamentState:
    return pair(tournament(8, rounds=3))


def _points(state: TournamentState) -> dict[str, Fraction]:
    return {row.entrant_id: row.match_points for row in standings_of(state)}


def test_a_lower_score_is_never_adjudicated_the_winner(night: TournamentState) -> None:
    match = night.rounds[0].tables[0].match_id
    with pytest.raises(TourneyError, match="the winner is side 1"):
        decide_adjudicate(night, match, (61, 40, 22, 0), (1,), "sheet")


def test_a_forfeit_stored_before_the_choice_existed_still_shares_the_win(
    night: TournamentState,
) -> None:
    table = night.rounds[0].tables[0]
    old = event_from_payload(
        "forfeit_declared", {"match_id": table.match_id, "sides": [1], "reason": "left"}
    )
    state = apply(night, [old])
    outcome = state.matches[table.match_id].outcome
    assert outcome is not None and outcome.winners == (0, 2, 3)
    assert _points(state)[table.seats[0]] == Fraction(1, 3)


def test_the_others_play_on_and_the_forfeiting_side_loses(night: TournamentState) -> None:
    table = night.rounds[0].tables[0]
    state = apply(night, decide_forfeit(night, table.match_id, (1,), "left", "play_on"))
    record = state.matches[table.match_id]
    assert record.outcome is None and record.forfeited == (1,)
    with pytest.raises(TourneyError, match="cannot win"):
        decide_enter_result(state, table.match_id, (0, 61, 3, 4))
    state = apply(state, decide_enter_result(state, table.match_id, (20, 7, 61, 64)))
    record = state.matches[table.match_id]
    assert [result_mark(record, side) for side in range(4)] == ["L P", "L F", "W= P", "W= P"]
    assert _points(state)[table.seats[2]] == Fraction(1, 2)
    assert "[paper scoresheet; " in result_text(state, record)
    # A forfeit with one side left is that side's win, whatever was asked.
    two = pair(tournament(2, table_size=2, rounds=1))
    only = two.rounds[0].tables[0].match_id
    assert decide_forfeit(two, only, (0,), "", "play_on")[0].others == "share"  # type: ignore[union-attr]


def test_a_scoresheet_result_stored_without_hands_folds(night: TournamentState) -> None:
    table = night.rounds[0].tables[1]
    old = event_from_payload(
        "result_entered", {"match_id": table.match_id, "scores": [1, 61, 2, 3], "winners": [1]}
    )
    state = apply(night, [old])
    outcome = state.matches[table.match_id].outcome
    assert outcome is not None and (outcome.kind, outcome.source) == ("paper", "paper scoresheet")
    assert _points(state)[table.seats[1]] == 1
