"""Disputes, penalties and warnings in the pure core (issue 32, items 6 and 7): a side
disputes its table's result once, while it can still change; the director upholds it or
replaces the result (which closes the dispute as replaced); penalties come off the match
points the standings rank on, and a lifted one costs nothing."""

from __future__ import annotations

from datetime import UTC, datetime
from fractions import Fraction

import pytest

from tests.unit.tournament.factory import apply, pair, tournament
from tourney.limits import LimitError
from tourney.tournament.events import event_from_payload
from tourney.tournament.result_events import MatchResultRecorded
from tourney.tournament.results.conduct import (
    decide_dispute,
    decide_lift,
    decide_penalty,
    decide_uphold,
    decide_warning,
)
from tourney.tournament.results.rulings import decide_adjudicate
from tourney.tournament.standings.standings import standings_of
from tourney.tournament.state import TournamentError, TournamentState, fold

NOW = datetime(2026, 12, 2, 20, 0, tzinfo=UTC)


def played() -> tuple[TournamentState, str, tuple[str, ...]]:
    """Four players at tables of 2, round 1 paired, table 1's result in (seat 1 won)."""
    state = pair(tournament(4, table_size=2, rounds=3))
    record = next(m for m in state.matches.values() if m.table == 1)
    state = apply(state, [MatchResultRecorded(record.match_id, (61, 40), (0,))])
    return state, record.match_id, record.seats


def test_a_side_disputes_once_and_the_director_upholds() -> None:
    state, match, (first, second) = played()
    events = decide_dispute(state, match, second, "the scores are swapped", NOW)
    state = apply(state, events)
    (dispute,) = state.disputes.open()
    assert (dispute.match_id, dispute.player_id, dispute.side) == (match, second, 1)
    assert dispute.reason == "the scores are swapped" and dispute.status == "open"
    # events record codes and values, and come back from their payloads
    assert [event_from_payload(e.type, e.to_payload()) for e in events] == events
    with pytest.raises(TournamentError, match="already disputed"):
        decide_dispute(state, match, second, "again", NOW)
    # the other side may dispute too; upholding closes both
    state = apply(state, decide_dispute(state, match, first, "I won by more", NOW))
    state = apply(state, decide_uphold(state, match, "the sheet agrees"))
    assert {(d.status, d.note) for d in state.disputes.raised.values()} == {
        ("upheld", "the sheet agrees")
    }
    with pytest.raises(TournamentError, match="no open dispute"):
        decide_uphold(state, match)
    with pytest.raises(TournamentError, match="already disputed"):  # upheld: one a side
        decide_dispute(state, match, second, "still wrong", NOW)


def test_a_replaced_result_closes_its_dispute_as_replaced() -> None:
    state, match, (_first, second) = played()
    state = apply(state, decide_dispute(state, match, second, "swapped", NOW))
    same = apply(state, [MatchResultRecorded(match, (61, 40), (0,))])  # the same result again
    assert same.disputes.open()
    with pytest.raises(TournamentError, match="--replace"):  # a result over a result
        decide_adjudicate(state, match, [40, 61], [1], "sheet")
    state = apply(state, decide_adjudicate(state, match, [40, 61], [1], "sheet", replace=True))
    (dispute,) = state.disputes.raised.values()
    assert dispute.status == "replaced"
    # the new result may be disputed again by that side
    assert decide_dispute(state, match, second, "now wrong the other way", NOW)


def test_refused_disputes_write_nothing() -> None:
    state, match, (first, _second) = played()
    other = next(m for m in state.matches.values() if m.match_id != match)
    with pytest.raises(TournamentError, match="is not at table 1"):
        decide_dispute(state, match, other.seats[0], "why not", NOW)
    with pytest.raises(TournamentError, match="has no result yet"):
        decide_dispute(state, other.match_id, other.seats[0], "early", NOW)
    with pytest.raises(TournamentError, match="say why"):
        decide_dispute(state, match, first, "   ", NOW)
    name = state.players[first].name
    with pytest.raises(TournamentError, match="confirmed the result"):
        decide_dispute(state, match, first, "changed my mind", NOW, confirmed=(name,))
    state = apply(state, [MatchResultRecorded(other.match_id, (61, 2), (0,))])
    state = pair(state)  # round 2 paired: round 1's results stand
    with pytest.raises(TournamentError, match="round 2 is paired"):
        decide_dispute(state, match, first, "too late", NOW)


def test_penalties_come_off_the_match_points_and_a_lifted_one_costs_nothing() -> None:
    state, _match, (winner, loser) = played()
    before = {r.entrant_id: r for r in standings_of(state)}
    assert before[winner].rank == 1 and before[winner].match_points == 1
    state = apply(state, decide_penalty(state, winner, Fraction(3, 2), "slow play"))
    state = apply(state, decide_warning(state, loser, "phone at the table"))
    rows = {r.entrant_id: r for r in standings_of(state)}
    assert rows[winner].match_points == Fraction(-1, 2) and rows[winner].penalty == Fraction(3, 2)
    assert rows[winner].to_dict()["penalty"] == "3/2"
    assert rows[winner].rank == 4  # below the two who have not played (0 points)
    assert rows[loser].penalty == 0  # a warning costs nothing
    assert rows[winner].cells()[3:5] == ("-½", "-1½")  # `points_text`, as people read them
    state = apply(state, decide_lift(state, winner, "penalty", "wrong player"))
    assert {r.entrant_id: r for r in standings_of(state)}[winner].match_points == 1
    (lifted, warned) = state.sanctions.given.values()
    assert lifted.lifted and lifted.lifted_reason == "wrong player" and not warned.lifted
    with pytest.raises(TournamentError, match="no penalty to lift"):
        decide_lift(state, winner, "penalty")
    # folded again from the payloads: the same state
    events = [
        *decide_penalty(state, loser, Fraction(1), "x"),
    ]
    again = fold([event_from_payload(e.type, e.to_payload()) for e in events], state)
    assert again.sanctions.penalty((loser,)) == 1


@pytest.mark.parametrize(
    ("points", "message"),
    [
        (Fraction(0), "a warning costs nothing"),
        (Fraction(11), "must be 0 to 10"),
        (Fraction(1, 13), "denominator"),
    ],
)
def test_a_penalty_out_of_bounds_or_without_a_reason_is_refused(
    points: Fraction, message: str
) -> None:
    state, _match, (winner, _loser) = played()
    with pytest.raises(LimitError, match=message):
        decide_penalty(state, winner, points, "why")
    with pytest.raises(TournamentError, match="say why"):
        decide_penalty(state, winner, Fraction(1), "")
    with pytest.raises(TournamentError, match="no player"):
        decide_warning(state, "p99", "who")


def test_a_partnership_pays_for_each_partners_penalty() -> None:
    state = tournament(4, table_size=4, partnerships=True, rounds=2)
    state = apply(state, decide_penalty(state, "p0", Fraction(1), "late"))
    state = apply(state, decide_penalty(state, "p1", Fraction(1, 2), "noise"))
    rows = {r.entrant_id: r for r in standings_of(state)}
    assert rows["t0"].penalty == Fraction(3, 2) and rows["t0"].match_points == Fraction(-3, 2)
