from __future__ import annotations

import json
import random
from fractions import Fraction

import pytest

from tests.unit.tournament.factory import apply, pair, play, tournament
from tourney.tournament.entries.entries import decide_withdraw
from tourney.tournament.events import TournamentEvent
from tourney.tournament.matches import MatchRecord, Outcome
from tourney.tournament.results.rulings import (
    decide_adjudicate,
    decide_forfeit,
    decide_no_show,
    decide_record_result,
    decide_void,
)
from tourney.tournament.standings.rows import COLUMNS
from tourney.tournament.standings.standings import (
    StandingEntrant,
    compute_standings,
    standings_of,
)
from tourney.tournament.state import TournamentState, fold

PEOPLE = [StandingEntrant(e, e.upper()) for e in ("a", "b", "c", "d")]


def _match(
    match_id: str, sides: tuple[str, ...], scores: tuple[int, ...], winners: tuple[int, ...]
) -> MatchRecord:
    return MatchRecord(match_id, 1, 1, sides, sides, Outcome(scores, winners))


def _points(rows: object) -> dict[str, Fraction]:
    return {r.entrant_id: r.match_points for r in rows}  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("shared_win", "each"),
    [("split", Fraction(1, 3)), ("full", Fraction(1)), ("1/2", Fraction(1, 2))],
)
def test_a_three_way_shared_win_scores_as_configured(shared_win: str, each: Fraction) -> None:
    match = _match("m", ("a", "b", "c", "d"), (61, 62, 61, 30), (0, 1, 2))
    rows = compute_standings(PEOPLE, [match], [], shared_win=shared_win)
    assert _points(rows) == {"a": each, "b": each, "c": each, "d": Fraction(0)}
    assert [r.shared_wins for r in rows if r.entrant_id != "d"] == [1, 1, 1]


def test_a_bye_is_worth_the_configured_points() -> None:
    rows = compute_standings(PEOPLE, [], ["c"], bye_points=Fraction(1, 2))
    assert rows[0].entrant_id == "c"
    assert rows[0].match_points == Fraction(1, 2)
    assert rows[0].byes == 1


def test_tie_breaks_apply_in_the_configured_order() -> None:
    # a, b and c have 1 point; b scored more than a, but a's opponent (c) did better.
    matches = [
        _match("1", ("a", "c"), (61, 10), (0,)),
        _match("2", ("b", "d"), (70, 60), (0,)),
        _match("3", ("c", "d"), (61, 0), (0,)),
    ]
    by_buchholz = compute_standings(PEOPLE, matches, [], tie_breaks=("buchholz", "scored"))
    by_points = compute_standings(PEOPLE, matches, [], tie_breaks=("scored", "buchholz"))
    order_b = [r.entrant_id for r in by_buchholz]
    order_p = [r.entrant_id for r in by_points]
    assert order_b.index("a") < order_b.index("b")
    assert order_p.index("b") < order_p.index("a")


def test_head_to_head_separates_entrants_level_before_it() -> None:
    # a and b have 1 point each; a beat b, but b scored more over the evening.
    matches = [
        _match("1", ("a", "b"), (61, 50), (0,)),
        _match("2", ("b", "c"), (61, 0), (0,)),
    ]
    three = PEOPLE[:3]
    h2h_first = compute_standings(three, matches, [], tie_breaks=("head_to_head", "scored"))
    points_first = compute_standings(three, matches, [], tie_breaks=("scored", "head_to_head"))
    assert [r.entrant_id for r in h2h_first] == ["a", "b", "c"]
    assert [r.entrant_id for r in points_first] == ["b", "a", "c"]


def test_a_head_to_head_cycle_leaves_a_shared_rank() -> None:
    matches = [
        _match("1", ("a", "b"), (61, 50), (0,)),
        _match("2", ("b", "c"), (61, 50), (0,)),
        _match("3", ("c", "a"), (61, 50), (0,)),
    ]
    rows = compute_standings(PEOPLE[:3], matches, [], tie_breaks=("head_to_head",))
    assert [r.rank_text for r in rows] == ["1=", "1=", "1="]


def test_entrants_level_on_every_key_share_a_rank() -> None:
    rows = compute_standings(PEOPLE, [], [])
    assert [r.rank_text for r in rows] == ["1=", "1=", "1=", "1="]
    assert [r.entrant_id for r in rows] == ["a", "b", "c", "d"]


def test_rows_serve_a_table_json_and_csv() -> None:
    match = _match("m", ("a", "b"), (61, 61), (0, 1))
    row = compute_standings(PEOPLE, [match], [])[0]
    assert len(row.cells()) == len(COLUMNS)
    assert row.cells()[3] == "½"  # people read ½; the JSON keeps the exact "1/2"
    data = json.loads(json.dumps(row.to_dict()))
    assert data["match_points"] == "1/2"


def _season(seed: int) -> tuple[TournamentState, list[TournamentEvent]]:
    """A 4-round Swiss at tables of 4 played event by event; returns state and the log."""
    from tourney.tournament.seating.pairing import decide_pair_round

    rng = random.Random(seed)
    state = tournament(10, table_size=4, rounds=4, seed=seed)
    log: list[TournamentEvent] = []
    base = state
    for _ in range(4):
        events = decide_pair_round(state)
        log.extend(events)
        state = apply(state, events)
        before = len(state.matches)
        played = play(state, rng, 0.3)
        for match in played.matches.values():
            old = state.matches[match.match_id].outcome
            if old is None and match.outcome is not None:
                log.extend(
                    decide_record_result(
                        state, match.match_id, match.outcome.scores, match.outcome.winners
                    )
                )
        state = played
        assert len(state.matches) == before
    assert fold(log, base) == state
    return state, log


def test_a_replayed_tournament_gives_the_same_standings() -> None:
    state, log = _season(3)
    assert standings_of(fold(log, tournament(10, table_size=4, rounds=4, seed=3))) == (
        standings_of(state)
    )


@pytest.mark.parametrize("correction", ["adjudicate", "forfeit", "no_show", "void"])
def test_a_director_correction_changes_only_the_players_it_touches(correction: str) -> None:
    state, _ = _season(4)
    match = next(iter(state.matches.values()))
    if correction == "adjudicate":
        winners = tuple(
            s for s in range(len(match.sides)) if match.outcome and s not in match.outcome.winners
        )[:1]
        scores = tuple(61 if s in winners else 20 for s in range(len(match.sides)))
        events = decide_adjudicate(
            state, match.match_id, scores, winners, "slip on the sheet", replace=True
        )
    elif correction == "forfeit":
        events = decide_forfeit(state, match.match_id, (0,), "left early", replace=True)
    elif correction == "no_show":
        events = decide_no_show(state, match.match_id, (match.seats[0],), replace=True)
    else:
        events = decide_void(state, match.match_id, "wrong tiles")
    after = apply(state, events)
    before_rows = {r.entrant_id: r for r in standings_of(state)}
    after_rows = {r.entrant_id: r for r in standings_of(after)}
    changed = {
        e
        for e in before_rows
        if (before_rows[e].match_points, before_rows[e].points_scored)
        != (after_rows[e].match_points, after_rows[e].points_scored)
    }
    assert changed, "the correction changed nothing"
    assert changed <= set(match.sides)
    # Everything outside the standings' reach is untouched: rounds, other matches.
    assert after.rounds == state.rounds
    assert {k: v for k, v in after.matches.items() if k != match.match_id} == {
        k: v for k, v in state.matches.items() if k != match.match_id
    }
    if correction == "void":
        assert after_rows[match.sides[0]].played == before_rows[match.sides[0]].played - 1


def test_withdrawn_players_stay_in_the_standings_marked() -> None:
    rng = random.Random(2)
    state = play(pair(tournament(8, table_size=4, rounds=3)), rng)
    state = apply(state, decide_withdraw(state, "p3", "went home"))
    rows = {r.entrant_id: r for r in standings_of(state)}
    assert rows["p3"].withdrawn and rows["p3"].played == 1
    assert rows["p3"].cells()[COLUMNS.index("status")] == "withdrawn"
