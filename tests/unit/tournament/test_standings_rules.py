"""Issue 12 item 9: standings that say what they mean — tie-breaks in plain words, the
game-points tie-break no longer called "points", Buchholz comparable across tables of 3
and 4, decimals for spreadsheets."""

from __future__ import annotations

from fractions import Fraction

from tourney.tournament.events import (
    DEFAULT_TIE_BREAKS,
    TIE_BREAK_WORDS,
    TournamentCreated,
)
from tourney.tournament.matches import MatchRecord, Outcome, placement_points, placement_scale
from tourney.tournament.standings.rows import decimal_text
from tourney.tournament.standings.standings import StandingEntrant, compute_standings


def _match(match_id: str, sides: tuple[str, ...], winner: int) -> MatchRecord:
    scores = tuple(61 if i == winner else 10 for i in range(len(sides)))
    return MatchRecord(match_id, 1, 1, sides, sides, Outcome(scores, (winner,)))


def test_buchholz_is_the_opponents_average_so_tables_of_3_and_4_compare() -> None:
    """``a`` met three opponents at a table of 4 and ``x`` two at a table of 3; every one
    of those opponents has one win. A sum gave ``a`` 3 and ``x`` 2 for the same strength
    of opposition; the average gives both 1."""
    others = ("b", "c", "d", "y", "z")
    people = [StandingEntrant(e, e) for e in ("a", "b", "c", "d", "x", "y", "z")]
    people += [StandingEntrant(f"{e}2", f"{e}2") for e in others]
    round1 = [_match("m1", ("a", "b", "c", "d"), 0), _match("m2", ("x", "y", "z"), 0)]
    round2 = [_match(f"n{e}", (e, f"{e}2"), 0) for e in others]  # a and x sit out
    rows = {r.entrant_id: r for r in compute_standings(people, [*round1, *round2], [])}
    assert rows["a"].buchholz == rows["x"].buchholz == Fraction(1)


def test_the_game_points_tie_break_is_called_scored_and_old_events_still_read() -> None:
    old = {
        "name": "Old Cup",
        "slug": "old-cup",
        "format": "swiss",
        "table_size": 4,
        "rounds": 3,
        "tie_breaks": ["points", "buchholz"],
    }
    assert TournamentCreated.from_payload(old).tie_breaks == ("scored", "buchholz")
    without = {k: v for k, v in old.items() if k != "tie_breaks"}
    assert TournamentCreated.from_payload(without).tie_breaks == DEFAULT_TIE_BREAKS
    assert "points" not in DEFAULT_TIE_BREAKS
    assert all(" " in TIE_BREAK_WORDS[t] or t == "head_to_head" for t in DEFAULT_TIE_BREAKS)


def test_spreadsheet_numbers_are_decimals() -> None:
    assert decimal_text(Fraction(7, 3)) == "2.333"
    assert decimal_text(Fraction(5, 2)) == "2.5"
    assert decimal_text(Fraction(2)) == "2"
    assert decimal_text(Fraction(1, 3)) == "0.333"


SCALES = ((Fraction(3), Fraction(2), Fraction(1), Fraction(0)),)


def _placed(
    scores: tuple[int, ...],
    winners: tuple[int, ...],
    scales: tuple[tuple[Fraction, ...], ...] = SCALES,
) -> list[Fraction]:
    outcome = Outcome(scores, winners)
    return [placement_points(outcome, side, scales) for side in range(len(scores))]


def test_placement_points_score_each_place_and_level_sides_share() -> None:
    assert _placed((61, 40, 22, 50), (0,)) == [3, 1, 0, 2]
    assert _placed((61, 61, 22, 22), (0, 1)) == [Fraction(5, 2)] * 2 + [Fraction(1, 2)] * 2
    forfeit = Outcome((0, 0, 0, 0), (0, 1, 2), "forfeit")
    assert [placement_points(forfeit, s, SCALES) for s in range(4)] == [2, 2, 2, 0]
    assert placement_points(Outcome((0, 0), (), "void"), 0, SCALES) == 0


def test_a_table_of_3_takes_its_own_scale_or_the_longest_scale_s_ends() -> None:
    assert placement_scale(3, SCALES) == tuple(map(Fraction, (3, 2, 0)))
    own = (*SCALES, (Fraction(3), Fraction(3, 2), Fraction(0)))
    assert _placed((61, 30, 40), (0,), own) == [3, 0, Fraction(3, 2)]


def test_placement_scales_are_a_setting_that_old_tournaments_lack() -> None:
    old = {"name": "Old", "slug": "old", "format": "swiss", "table_size": 4, "rounds": 3}
    assert TournamentCreated.from_payload(old).placement_points == ()
    created = TournamentCreated.from_payload({**old, "placement_points": [["7", "5", "3", "1"]]})
    assert TournamentCreated.from_payload(created.to_payload()) == created
    assert created.placement_points == (tuple(map(Fraction, (7, 5, 3, 1))),)
