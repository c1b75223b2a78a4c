"""Series standings: each night's points, best N with dropped nights, minimum nights."""

from __future__ import annotations

from fractions import Fraction

import pytest

from tourney.errors import TourneyError
from tourney.season.series import (
    NightAdded,
    SeriesCreated,
    decide_add,
    decide_create,
    fold_series,
    night_lines,
    parse_scoring,
    standings,
)
from tourney.tournament.events import (
    PairedTable,
    PlayerRegistered,
    RoundPaired,
    TournamentCreated,
    TournamentEvent,
)
from tourney.tournament.result_events import MatchResultRecorded
from tourney.tournament.state import TournamentState, fold


def night(slug: str, order: list[str]) -> TournamentState:
    """One table of len(order); the first wins, the others by falling scores."""
    scores = tuple([61, *range(50, 50 - 10 * (len(order) - 1), -10)])
    events: list[TournamentEvent] = [
        TournamentCreated(slug, slug, "swiss", len(order), 1),
        *(PlayerRegistered(p, p) for p in order),
        RoundPaired(1, (PairedTable(1, tuple(order), f"{slug}-t1"),)),
        MatchResultRecorded(f"{slug}-t1", scores, (0,)),
    ]
    return fold(events)


def person(_slug: str, player_id: str) -> str:
    return player_id


STATES = {
    "n1": night_lines(night("n1", ["a", "b", "c", "d"])),
    "n2": night_lines(night("n2", ["b", "a", "d", "c"])),
    "n3": night_lines(night("n3", ["a", "c", "b"])),
}


def test_places_best_n_and_minimum_nights() -> None:
    found = fold_series(
        [
            SeriesCreated("Winter", "places:10,7,5,3", 2, 3),
            NightAdded("Winter", "n1"),
            NightAdded("winter", "n2"),
            NightAdded("WINTER", "n3"),
        ]
    ).find("winter")
    rows = {row.person: row for row in standings(found, STATES, person, str.upper)}
    a = rows["a"]
    assert a.points == (Fraction(10), Fraction(7), Fraction(10))
    assert a.dropped == frozenset({1}) and a.counted == 20 and a.total == 27
    assert rows["b"].points == (Fraction(7), Fraction(10), Fraction(5))
    assert rows["b"].dropped == frozenset({2}) and rows["b"].counted == 17
    assert rows["d"].points == (Fraction(3), Fraction(5), None)
    assert not rows["d"].meets_minimum and rows["d"].nights == 2
    ordered = [row.person for row in standings(found, STATES, person, str.upper)]
    # c: 5 + 3 + 7 -> best two 12 over three nights; d below the minimum comes last
    assert ordered == ["a", "b", "c", "d"]
    assert rows["d"].rank == 4 and rows["a"].name == "A"


def test_equal_nights_keep_the_earlier_and_ties_share_a_place() -> None:
    found = fold_series(
        [
            SeriesCreated("S", "places:1,1,1,1", 1),
            NightAdded("S", "n1"),
            NightAdded("S", "n2"),
        ]
    ).find(None)
    rows = standings(found, STATES, person, str)
    assert all(row.rank == 1 and row.tied for row in rows)
    assert all(row.dropped == frozenset({1}) for row in rows)


def test_match_points_scoring() -> None:
    found = fold_series(
        [SeriesCreated("S", "match-points"), NightAdded("S", "n1"), NightAdded("S", "n3")]
    ).find("s")
    rows = {row.person: row for row in standings(found, STATES, person, str)}
    assert rows["a"].total == 2 and rows["d"].points == (Fraction(0), None)
    assert rows["a"].rank == 1


def test_scoring_and_refusals() -> None:
    assert parse_scoring("Places: 10, 7,5,3") == "places:10,7,5,3"
    assert parse_scoring("match-points") == "match-points"
    for bad in ("places:", "wins"):
        with pytest.raises(TourneyError, match="is not 'match-points'"):
            parse_scoring(bad)
    for bad in ("places:a,b", "places:-1"):  # a place's points, named by its place
        with pytest.raises(TourneyError, match="for place 1: write a number"):
            parse_scoring(bad)
    state = fold_series([SeriesCreated("S", "match-points"), NightAdded("S", "n1")])
    with pytest.raises(TourneyError, match="already exists"):
        decide_create(state, "s", "match-points", None, 0)
    with pytest.raises(TourneyError, match="night of the series 'S' already"):
        decide_add(state, "S", "n1")
    with pytest.raises(TourneyError, match="no series called 'T'"):
        decide_add(state, "T", "n2")


def test_partners_each_score_their_partnerships_points() -> None:
    from tourney.tournament.entry_events import PartnershipFormed

    events: list[TournamentEvent] = [
        TournamentCreated("p", "p", "swiss", 4, 1, partnerships=True),
        *(PlayerRegistered(x, x) for x in "abcd"),
        PartnershipFormed("t1", "AC", ("a", "c")),
        PartnershipFormed("t2", "BD", ("b", "d")),
        RoundPaired(1, (PairedTable(1, ("a", "b", "c", "d"), "p-t1"),)),
        MatchResultRecorded("p-t1", (40, 61), (1,)),
    ]
    found = fold_series([SeriesCreated("S", "places:10,7"), NightAdded("S", "p")]).find("S")
    rows = standings(found, {"p": night_lines(fold(events))}, person, str)
    assert [(row.person, row.total) for row in rows] == [
        ("b", Fraction(10)),
        ("d", Fraction(10)),
        ("a", Fraction(7)),
        ("c", Fraction(7)),
    ]
    assert rows[0].tied and rows[0].rank == rows[1].rank == 1 and rows[2].rank == 3
