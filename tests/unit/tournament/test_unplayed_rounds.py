"""Issue 32 item 3: unplayed rounds in the Buchholz tie-break (FIDE's virtual opponent,
`tourney.tournament.standings.unplayed`), and absent or withdrawn players below everyone level with
them who played."""

from __future__ import annotations

from fractions import Fraction

from tests.unit.tournament.factory import apply, pair, tournament
from tourney.tournament.matches import MatchRecord, Outcome, forfeit_outcome
from tourney.tournament.results.rulings import decide_no_show, decide_record_result
from tourney.tournament.standings.standings import StandingEntrant, compute_standings, standings_of

PEOPLE = [StandingEntrant(e, e.upper()) for e in ("a", "b", "c", "d")]


def _played(match_id: str, number: int, sides: tuple[str, ...], winner: int) -> MatchRecord:
    scores = tuple(61 if s == winner else 20 for s in range(len(sides)))
    return MatchRecord(match_id, number, 1, sides, sides, Outcome(scores, (winner,)))


def _no_show(match_id: str, number: int, sides: tuple[str, ...], absent: int) -> MatchRecord:
    outcome = forfeit_outcome(len(sides), (absent,), "no_show", sides[absent].upper())
    return MatchRecord(
        match_id, number, 1, sides, sides, outcome, forfeited=(absent,), no_show=(sides[absent],)
    )


def _rows(matches: list[MatchRecord], people: list[StandingEntrant] = PEOPLE, **options: object):  # type: ignore[no-untyped-def]
    rows = compute_standings(people, matches, [], round_byes={}, **options)  # type: ignore[arg-type]
    return {row.entrant_id: row for row in rows}


def test_a_no_show_earns_nothing_from_the_table_it_never_sat_at() -> None:
    """d did not turn up against a in round 1: d's average counts a virtual opponent there
    (d's 0 before the round, plus the win d gave away, plus a draw's 1/2 for round 2), not
    a's 2 points; whatever a does later, d's tie-break is the same."""
    first = [_no_show("r1t1", 1, ("a", "d"), 1), _played("r1t2", 1, ("b", "c"), 0)]
    a_wins = _rows([*first, _played("r2t1", 2, ("a", "b"), 0), _played("r2t2", 2, ("c", "d"), 0)])
    a_loses = _rows([*first, _played("r2t1", 2, ("a", "b"), 1), _played("r2t2", 2, ("c", "d"), 0)])
    virtual = Fraction(0) + 1 + Fraction(1, 2) * (2 - 1)
    assert a_wins["d"].buchholz == (virtual + 1) / 2  # c, met in round 2, has 1 point
    assert a_loses["d"].buchholz == a_wins["d"].buchholz
    # the opponents' average the old rule gave d: a's points and c's
    assert a_wins["d"].buchholz != Fraction(2 + 1, 2)


def test_an_opponents_win_by_no_show_counts_as_a_draw_in_everyones_average() -> None:
    """b met a in round 2; a's round-1 win came from d's no-show: in b's average a holds
    1/2 for it (a draw), plus the win of round 2."""
    rows = _rows(
        [
            _no_show("r1t1", 1, ("a", "d"), 1),
            _played("r1t2", 1, ("b", "c"), 0),
            _played("r2t1", 2, ("a", "b"), 0),
            _played("r2t2", 2, ("c", "d"), 0),
        ]
    )
    assert rows["a"].match_points == 2
    # b met c (1 point, all played) and a (2, of which the win by no-show counts 1/2)
    assert rows["b"].buchholz == (1 + (2 - 1 + Fraction(1, 2))) / 2
    assert rows["b"].buchholz != Fraction(1 + 2, 2)  # the old rule


def test_a_bye_counts_a_virtual_opponent_who_lost() -> None:
    """a bye (1 point) in round 1 of 2: the virtual opponent holds a's 0 before it, nothing
    for the round (a scored the win's 1), and a draw for round 2."""
    three = PEOPLE[:3]
    rows = compute_standings(
        three,
        [_played("r1t1", 1, ("b", "c"), 0), _played("r2t1", 2, ("a", "b"), 0)],
        ["a"],
        round_byes={1: ("a",)},
    )
    a = next(row for row in rows if row.entrant_id == "a")
    virtual = Fraction(0) + 0 + Fraction(1, 2)
    assert a.buchholz == (virtual + 1) / 2  # b: 1 point from a played win


def test_a_no_show_ranks_below_everyone_level_with_it_who_played() -> None:
    """d has 1 point, as b and c; d's opponents are the strongest, yet d ranks last of the
    three: absence is a key before the tie-breaks."""
    rows = _rows(
        [
            _no_show("r1t1", 1, ("a", "d"), 1),
            _played("r1t2", 1, ("b", "c"), 0),
            _played("r2t1", 2, ("a", "d"), 1),
            _played("r2t2", 2, ("b", "c"), 1),
        ]
    )
    level = sorted((r for r in rows.values() if r.match_points == 1), key=lambda r: r.rank)
    assert [r.entrant_id for r in level][-1] == "d"
    assert rows["d"].buchholz >= max(rows["b"].buchholz, rows["c"].buchholz)


def test_a_withdrawn_players_later_rounds_are_unplayed_and_it_ranks_below() -> None:
    """d beat c in round 1, then withdrew: round 2 is unplayed for d (a virtual opponent
    with d's 1 point, plus the win d did not play for); a, c and d have 1 point each, and
    d ranks last of them."""
    people = [*PEOPLE[:3], StandingEntrant("d", "D", withdrawn=True)]
    matches = [
        _played("r1t1", 1, ("a", "b"), 0),
        _played("r1t2", 1, ("c", "d"), 1),
        _played("r2t1", 2, ("a", "c"), 1),
    ]
    rows = _rows(matches, people)
    assert rows["d"].buchholz == (rows["c"].match_points + (1 + 1)) / 2
    level = [r for r in rows.values() if r.match_points == 1]
    assert sorted(r.entrant_id for r in level) == ["a", "c", "d"]
    assert max(level, key=lambda r: r.rank).entrant_id == "d"


def test_at_a_table_of_four_the_virtual_opponent_weighs_as_three() -> None:
    """Through the tournament's own events: a no-show at a table of 4 in round 1 of 3. Its
    average is the virtual opponent's, three times over, then its later opponents."""
    state = pair(tournament(8, table_size=4, rounds=3))
    first, second = state.rounds[0].tables
    absent = first.seats[3]
    state = apply(state, decide_no_show(state, first.match_id, (absent,), "share"))
    state = apply(state, decide_record_result(state, second.match_id, (61, 1, 1, 1), (0,)))
    row = next(r for r in standings_of(state) if r.entrant_id == absent)
    assert row.match_points == 0
    assert row.buchholz == Fraction(0) + 1 + Fraction(1, 4) * 0  # one round so far
    ranked = [r.entrant_id for r in standings_of(state)]
    assert ranked[-1] == absent  # below the three who lost at table 2, who played


def test_the_worked_example_of_the_docs() -> None:
    """docs/standings.md, "Example": the table it prints, value for value."""
    rows = _rows(
        [
            _no_show("r1t1", 1, ("a", "d"), 1),
            _played("r1t2", 1, ("b", "c"), 0),
            _played("r2t1", 2, ("a", "b"), 0),
            _played("r2t2", 2, ("c", "d"), 0),
        ]
    )
    quarter = Fraction(1, 4)
    assert {e: (r.match_points, r.buchholz) for e, r in rows.items()} == {
        "a": (2, 3 * quarter),
        "b": (1, 5 * quarter),
        "c": (1, 3 * quarter),
        "d": (0, 5 * quarter),
    }
    assert rows["b"].rank < rows["c"].rank
